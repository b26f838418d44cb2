-- Music from the start, a hum the game made looping under it, and a button whose taps turn
-- them: the first quietens the hum and pauses the music with the tune once, the second stops
-- the hum and resumes the music, the third stops the music, the fourth starts a drone once,
-- the fifth pauses it and the sixth resumes it.
tide.scene.define("play", {
  enter = function(self)
    self.taps = 0
    tide.audio.generate("hum", { wave = "sine", frequency = 220, duration = 0.25 })
    tide.audio.generate("drone", { wave = "triangle", frequency = 110, duration = 1.5 })
    tide.audio.music("tune", { volume = 0.6 })
    self.hum = tide.audio.play("hum", { loops = -1, volume = 0.4, pan = -0.5 })
    self.label = tide.sprite.text("taps: 0", { x = 100, y = 250, size = 24, name = "label" })
    tide.sprite.rect{ x = 100, y = 100, w = 200, h = 100, fill = "#1e5bd6", name = "button" }
      :on("tap", function()
        self.taps = self.taps + 1
        self.label.text = "taps: " .. self.taps
        if self.taps == 1 then
          self.hum:volume(0.2)
          tide.audio.pause_music()
          tide.audio.play("tune", { volume = 0.5 })
        elseif self.taps == 2 then
          self.hum:stop()
          tide.audio.resume_music()
        elseif self.taps == 3 then
          tide.audio.stop_music()
        elseif self.taps == 4 then
          self.drone = tide.audio.play("drone", { volume = 0.3 })
        elseif self.taps == 5 then
          self.drone:pause()
        else
          self.drone:resume()
        end
      end)
  end,
})
