-- `tide bench physics`: 1,000 circles falling into a box and settling, stepped by the engine
-- (sprites following bodies, the tick's Lua); Sources/CLuaBench/physics.c builds the same world
-- on Chipmunk directly, shape for shape in the same order, as the floor it is compared with.
-- In a window (`Scripts/bench physics`), `--option bodies=500 --option window=1` keeps every
-- body awake (none sleeps, the dearest case) and, once a second after `warmup`, prints the frame
-- rate the window reached over the measured span:
--   PHYSICS bodies=N fps=F frames=K seconds=S
-- Frame rate is real time, which scripts cannot see, so it comes from tide.stats().
-- `--option look=image` draws each body as the bunnymark's image instead of a vector circle.
-- Either way the bodies turn: SDL's software renderer rasterises a circle as triangles and
-- copies a turned image through a rotated copy of it, each dearer a frame than the step.
local count = tonumber(tide.options.bodies)
local window = tide.options.window == "1"

local settle = {
  enter = function(self)
    if window then tide.physics.world({ sleep_time = math.huge }) end
    for _, w in ipairs({ { 320, 620, 640, 40 }, { -20, 300, 40, 640 }, { 660, 300, 40, 640 } }) do
      local wall = tide.sprite.rect({ x = w[1], y = w[2], w = w[3], h = w[4], anchor = "center", fill = "#555555" })
      tide.physics.body(wall, { type = "static" })
    end
    for i = 0, count - 1 do
      local x, y = 20 + (i % 40) * 15, 20 + (i // 40) * 15
      if tide.options.look == "image" then
        tide.physics.body(tide.sprite.image("bunny.png", { x = x, y = y, anchor = "center" }), { shape = { shape = "circle", radius = 8 } })
      else
        tide.physics.body(tide.sprite.circle({ x = x, y = y, radius = 8, fill = "#e84a5f" }))
      end
    end
  end,
}

-- Only in a window: a scene update runs Lua every tick, which the headless bench leaves out.
if window then
  settle.update = function(self)
    local now = tide.stats()
    if not self.start then
      if now.real_time >= (tonumber(tide.options.warmup) or 0.5) then self.start, self.last = now, now.real_time end
      return
    end
    if now.real_time - self.last >= 1 then
      self.last = now.real_time
      local frames, seconds = now.frames - self.start.frames, now.real_time - self.start.real_time
      print(string.format("PHYSICS bodies=%d fps=%.1f frames=%d seconds=%.2f", count, frames / seconds, frames, seconds))
    end
  end
end

tide.scene.define("settle", settle)
