-- A button that counts taps (kept in a save, so a device's count outlives its session), a
-- label per finger that has touched, an image, a roll of the seeded random, and a greeting from
-- data/greeting.lua, shown again when a saved edit reloads the game.
local greeting = require("data.greeting")

tide.scene.define("play", {
  enter = function(self)
    self.taps = tide.save.read("taps", 0)
    tide.sprite.rect{ x = 100, y = 100, w = 200, h = 100, fill = "#1e5bd6", radius = 12, name = "button" }
      :on("tap", function()
        self.taps = self.taps + 1
        tide.save.write("taps", self.taps)
        tide.audio.play("click", { volume = 0.5 })
        self.label.text = "taps: " .. self.taps
      end)
    self.label = tide.sprite.text("taps: " .. self.taps, { x = 100, y = 250, size = 24, color = "#ffd500", name = "label" })
    self.fingers = tide.sprite.text("fingers:", { x = 20, y = 500, size = 16, name = "fingers" })
    tide.sprite.image("rabbit.jpg", { x = 20, y = 20, name = "rabbit" })
    tide.sprite.text("roll " .. tide.random.int(1, 1000000), { x = 20, y = 400, size = 16, name = "roll" })
    tide.input.on("pointer_down", function(_, _, pointer)
      self.fingers.text = self.fingers.text .. " " .. tostring(pointer)
    end)
    tide.input.on("text", function(typed) self.label.text = "typed " .. typed end)
    self.greeting = tide.sprite.text(greeting.text, { x = 20, y = 540, size = 16, color = greeting.color, name = "greeting" })
  end,

  reload = function(self)
    self.label.text = "reloaded at " .. self.taps
    self.greeting.text, self.greeting.color = greeting.text, greeting.color
  end,
})
