-- One bunnymark tick: every bunny moved, bounced off the edges and pulled down. Its own file so
-- that `tide bench headless` runs this very code over plain Lua tables as the baseline that
-- Tide's sprites are measured against (Sources/TideBench/BunnymarkBenchmark.swift).
-- `bunnies` holds anything with x and y fields; `rnd` is the shared Park-Miller generator.
local WIDTH, HEIGHT = 1280, 720
local BUNNY_W, BUNNY_H = 26, 37
local GRAVITY = 0.5

return function(bunnies, vxs, vys, n, rnd)
  local max_x, max_y = WIDTH - BUNNY_W, HEIGHT - BUNNY_H
  for i = 1, n do
    local b = bunnies[i]
    local x, y, vx, vy = b.x + vxs[i], b.y + vys[i], vxs[i], vys[i] + GRAVITY
    if x > max_x then
      vx = -vx; x = max_x
    elseif x < 0 then
      vx = -vx; x = 0
    end
    if y > max_y then
      vy = vy * -0.85
      y = max_y
      if rnd() > 0.5 then vy = vy - rnd() * 6 end
    elseif y < 0 then
      vy = 0; y = 0
    end
    b.x, b.y, vxs[i], vys[i] = x, y, vx, vy
  end
end
