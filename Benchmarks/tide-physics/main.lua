-- `tide bench physics`: 1,000 circles falling into a box and settling, stepped by the engine
-- (sprites following bodies, the tick's Lua); Sources/CLuaBench/physics.c builds the same world
-- on Chipmunk directly, shape for shape in the same order, as the floor it is compared with.
local count = tonumber(tide.options.bodies)

tide.scene.define("settle", {
  enter = function()
    for _, w in ipairs({ { 320, 620, 640, 40 }, { -20, 300, 40, 640 }, { 660, 300, 40, 640 } }) do
      local wall = tide.sprite.rect({ x = w[1], y = w[2], w = w[3], h = w[4], anchor = "center", fill = "#555555" })
      tide.physics.body(wall, { type = "static" })
    end
    for i = 0, count - 1 do
      local ball = tide.sprite.circle({ x = 20 + (i % 40) * 15, y = 20 + (i // 40) * 15, radius = 8, fill = "#e84a5f" })
      tide.physics.body(ball)
    end
  end,
})
