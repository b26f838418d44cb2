-- Bunnymark for LÖVE 11.4: the same logic as ../sdl-bunnymark/bunnymark.c and
-- ../tide-bunnymark/main.lua, bunnies in plain Lua tables drawn one draw call each
-- (LÖVE batches consecutive draws of one image on its own).
--
-- love Benchmarks/love-bunnymark <bunnies>      (or env BUNNIES)
-- Env: BENCH_WARMUP (s, default 1), BENCH_SECONDS (s, default 2),
--      BENCH_SCREENSHOT=/abs/path.png  save the first measured frame,
--      BENCH_EXIT_AFTER_FIRST_FRAME=1  quit right after the first frame is shown.
-- Prints: RENDERER <OpenGL name, version, vendor, device> at start, then
--         BUNNYMARK impl=love renderer=<name> bunnies=N fps=F frames=K seconds=S

local WIDTH, HEIGHT = 1280, 720
local BUNNY_W, BUNNY_H = 26, 37
local GRAVITY = 0.5

-- Park-Miller minimal standard generator (seed 42): exact in doubles, the same
-- sequence as the C and Tide versions.
local seed = 42
local function rnd()
  seed = (seed * 16807) % 2147483647
  return seed / 2147483647
end

local n, warmup, seconds, shot, exit_first
local image, bunnies = nil, {}
local start, measure_start, frames, first_frame = 0, nil, 0, true

function love.load(args)
  n = tonumber(args[1] or os.getenv("BUNNIES") or "1000")
  warmup = tonumber(os.getenv("BENCH_WARMUP") or "1")
  seconds = tonumber(os.getenv("BENCH_SECONDS") or "2")
  shot = os.getenv("BENCH_SCREENSHOT")
  exit_first = os.getenv("BENCH_EXIT_AFTER_FIRST_FRAME") == "1"
  image = love.graphics.newImage("bunny.png")
  for i = 1, n do
    bunnies[i] = {
      x = rnd() * (WIDTH - BUNNY_W),
      y = rnd() * (HEIGHT - BUNNY_H),
      vx = rnd() * 10,
      vy = rnd() * 10 - 5,
    }
  end
  love.graphics.setBackgroundColor(40 / 255, 44 / 255, 52 / 255)
  local name, version, vendor, device = love.graphics.getRendererInfo()
  io.write(string.format("RENDERER %s %s, %s, %s\n", name, version, vendor, device))
  start = love.timer.getTime()
end

function love.update()
  local max_x, max_y = WIDTH - BUNNY_W, HEIGHT - BUNNY_H
  for i = 1, n do
    local b = bunnies[i]
    b.x = b.x + b.vx
    b.y = b.y + b.vy
    b.vy = b.vy + GRAVITY
    if b.x > max_x then
      b.vx = -b.vx; b.x = max_x
    elseif b.x < 0 then
      b.vx = -b.vx; b.x = 0
    end
    if b.y > max_y then
      b.vy = b.vy * -0.85
      b.y = max_y
      if rnd() > 0.5 then b.vy = b.vy - rnd() * 6 end
    elseif b.y < 0 then
      b.vy = 0; b.y = 0
    end
  end
end

function love.draw()
  local draw, img = love.graphics.draw, image
  for i = 1, n do
    local b = bunnies[i]
    draw(img, math.floor(b.x), math.floor(b.y))
  end
  -- love.draw runs just before present: a quit requested here lands after the first frame is shown.
  if exit_first and first_frame then love.event.quit() end
  first_frame = false

  local now = love.timer.getTime()
  if not measure_start then
    if now - start >= warmup then
      measure_start = now
      if shot and shot ~= "" then
        love.graphics.captureScreenshot(function(data)
          local f = io.open(shot, "wb")
          if f then f:write(data:encode("png"):getString()); f:close() end
        end)
      end
    end
    return
  end
  frames = frames + 1
  local elapsed = now - measure_start
  if elapsed >= seconds then
    local name = love.graphics.getRendererInfo()
    io.write(string.format("BUNNYMARK impl=love renderer=%s bunnies=%d fps=%.1f frames=%d seconds=%.3f\n",
      name, n, frames / elapsed, frames, elapsed))
    io.flush()
    love.event.quit()
  end
end
