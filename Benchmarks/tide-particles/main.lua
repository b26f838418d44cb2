-- One emitter whose rate times lifetime holds `particles` alive; once a second after the
-- warm-up it prints the frame rate the window reached over the measured span:
--   PARTICLES particles=N live=L fps=F frames=K seconds=S
-- Frame rate is real time, which scripts cannot see, so it comes from tide.stats().
tide.scene.define("main", {
  enter = function(self)
    self.n = math.tointeger(tide.options.particles) or 10000
    self.emitter = tide.particles({
      rate = self.n, lifetime = 1.05, speed = { 40, 300 }, gravity = { 0, 200 },
      colors = { "#ffd500", "#ff5400" }, size = { 10, 2 },
    }, { x = 640, y = 360, keep = true })
    self.start = nil
  end,
  update = function(self)
    local now = tide.stats()
    if not self.start then
      if now.real_time >= tide.options.warmup then self.start, self.last = now, now.real_time end
      return
    end
    if now.real_time - self.last >= 1 then
      self.last = now.real_time
      local frames, seconds = now.frames - self.start.frames, now.real_time - self.start.real_time
      print(string.format("PARTICLES particles=%d live=%d fps=%.1f frames=%d seconds=%.2f",
        self.n, self.emitter:particle_count(), frames / seconds, frames, seconds))
    end
  end,
})
