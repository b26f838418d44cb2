-- Drift: bubbles spawn at random places and drift on random easings; tapping the
-- field spawns one, tapping a bubble pops it (big ones split in two). It touches
-- random, timers, tweens (numbers and colours), a task, taps and scene update, so
-- two runs with one seed and one input must end in the very same scene.

local colours = {
  { fill = "#e84a5f", weight = 50 },
  { fill = "#2a9d8f", weight = 30 },
  { fill = "#f4a261", weight = 20 },
}
local eases = { "linear", "out_quad", "in_out_sine", "out_back", "out_bounce", "in_out_elastic" }

tide.scene.define("play", {
  enter = function(self)
    local w, h = tide.screen.width, tide.screen.height
    self.score = 0
    self.time = 0
    self.field = tide.sprite.rect{ w = w, h = h, fill = "#101820", z = -1, name = "field" }
    self.field:on("tap", function(e) self:spawn(e.x, e.y, 20) end)
    self.label = tide.sprite.text("0", { x = 20, y = 20, size = 32, name = "score", z = 10 })
    tide.every(0.25, function()
      self:spawn(tide.random.float(20, w - 20), tide.random.float(80, h - 20), tide.random.int(12, 30))
    end)
    tide.task(function()
      while true do
        tide.wait(1)
        tide.tween(self.label, 0.3, { scale = 1.5, color = "#ffd500" }, { ease = "out_back" }):await()
        tide.tween(self.label, 0.3, { scale = 1, color = "#ffffff" }):await()
      end
    end)
  end,

  spawn = function(self, x, y, r)
    local colour = tide.random.weighted(colours, "weight")
    local bubble = tide.sprite.circle{ x = x, y = y, radius = r, fill = colour.fill, tag = "bubble", alpha = 0 }
    local to = { x = tide.random.float(0, tide.screen.width), y = tide.random.float(80, tide.screen.height), alpha = 1 }
    tide.tween(bubble, tide.random.float(0.5, 2), to, { ease = tide.random.pick(eases) })
    bubble:on("tap", function() self:pop(bubble) end)
  end,

  pop = function(self, bubble)
    self.score = self.score + 1
    self.label.text = tostring(self.score)
    if bubble.radius > 14 then
      for _ = 1, 2 do self:spawn(bubble.x, bubble.y, bubble.radius / 2) end
    end
    bubble:remove()
  end,

  update = function(self, dt)
    self.time = self.time + dt
    self.label.rotation = math.sin(self.time * 3) * 8
  end,
})
