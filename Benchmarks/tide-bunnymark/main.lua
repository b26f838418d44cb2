-- Bunnymark for Tide: the same logic as ../sdl-bunnymark/bunnymark.c and
-- ../love-bunnymark/main.lua. Each bunny is an image sprite moved by Lua every
-- tick (the fixed 60 Hz step: once per frame when the game holds 60 fps).
--
-- The frame rate is real time, which game scripts cannot see (all their time is
-- virtual), so it comes from the engine: `tide.stats()` -> { frames = <frames
-- presented>, real_time = <wall-clock seconds> } since start. Once a second after
-- the warm-up this prints the frame rate over the measured window:
--   BUNNYMARK impl=tide bunnies=N fps=F frames=K seconds=S
-- The harness keeps the last such line.

local WIDTH, HEIGHT = 1280, 720
local BUNNY_W, BUNNY_H = 26, 37
local move = require("move")   -- the tick's work, shared with the plain-tables baseline

-- Park-Miller minimal standard generator (seed 42): the C and LÖVE versions use
-- the same one, so all three place the same bunnies.
local seed = 42
local function rnd()
  seed = (seed * 16807) % 2147483647
  return seed / 2147483647
end

tide.scene.define("main", {
  enter = function(self)
    self.n = math.tointeger(tide.options.bunnies) or 1000
    self.warmup = tide.options.warmup
    self.seconds = tide.options.seconds
    self.sprites, self.vx, self.vy = {}, {}, {}
    for i = 1, self.n do
      self.sprites[i] = tide.sprite.image("bunny.png", {
        x = rnd() * (WIDTH - BUNNY_W),
        y = rnd() * (HEIGHT - BUNNY_H),
      })
      self.vx[i] = rnd() * 10
      self.vy[i] = rnd() * 10 - 5
    end
    -- Sound beside the drawing, for the rows that ask whether voices and music cost frames.
    local voices = math.tointeger(tide.options.voices) or 0
    if voices > 0 then
      tide.audio.generate("tone", { wave = "triangle", frequency = 220, duration = 1, volume = 0.2 })
      for i = 1, voices do tide.audio.play("tone", { loops = -1, volume = 0.02, pan = (i % 3) - 1 }) end
    end
    if tide.options.music then tide.audio.music("music") end
    print(string.format("bunnymark: %d bunnies, %d voices%s", self.n, voices, tide.options.music and ", music" or ""))
    if type(tide.stats) ~= "function" then
      print("bunnymark: tide.stats() is missing, so no fps can be reported")
    end
  end,

  update = function(self)
    move(self.sprites, self.vx, self.vy, self.n, rnd)
    self:report()
  end,

  -- Prints the frame rate over the window that starts after the warm-up, once a second.
  report = function(self)
    if type(tide.stats) ~= "function" then return end
    local s = tide.stats()
    if not self.mark then
      if s.real_time >= self.warmup then self.mark = { frames = s.frames, time = s.real_time, next = 1 } end
      return
    end
    local elapsed = s.real_time - self.mark.time
    if elapsed >= self.mark.next then
      self.mark.next = self.mark.next + 1
      local frames = s.frames - self.mark.frames
      print(string.format("BUNNYMARK impl=tide bunnies=%d fps=%.1f frames=%d seconds=%.3f",
        self.n, frames / elapsed, frames, elapsed))
    end
  end,
})
