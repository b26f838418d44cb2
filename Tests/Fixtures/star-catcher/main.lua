-- Star Catcher: stars fall through the night-sky field; drag the basket under them. A caught star
-- scores, and a "+1" floats up from the basket and fades.
--
-- The play field clips what it holds (`clip = true`), so a star above it, still entering, draws
-- nothing, and one past its floor is gone. What moves by design is marked `moving`: the layout
-- check leaves it out of its overlap checks, since a star passing the basket is the game.

local FALL = 260         -- units a second
local EVERY = 0.6        -- seconds between stars
local GROW = 0.3         -- seconds a star takes to grow in
local STAR = 44          -- points

tide.scene.define("play", {
  enter = function(self)
    local w, h = tide.screen.width, tide.screen.height
    self.score = 0
    self.score_label = tide.sprite.text("Score: 0", { x = 20, y = 24, size = 28, color = "#ffffff", name = "score" })
    tide.sprite.text("Best: 12", { x = w - 20, y = 24, anchor = "top_right", size = 28, color = "#c9d1e8", name = "best" })
    self.field = tide.sprite.rect{
      x = 16, y = 80, w = w - 32, h = h - 160, radius = 18, fill = "#16204a", clip = true, name = "field",
    }
    local fw, fh = self.field.w, self.field.h
    self.basket = tide.sprite.rect{
      parent = self.field, x = fw / 2, y = fh - 40, w = 120, h = 48, anchor = "center", radius = 12,
      fill = "#c07a3a", name = "basket",
    }
    self.basket:on("drag", function(e)
      self.basket.x = math.max(60, math.min(fw - 60, self.basket.x + e.dx))
    end)
    tide.sprite.text("Drag the basket under the stars", {
      x = w / 2, y = h - 40, anchor = "center", size = 20, color = "#c9d1e8", name = "hint",
    })
    self.stars = {}
    self.spawned = 0
    tide.every(EVERY, function() self:spawn() end)
    self:spawn()
  end,

  spawn = function(self)
    local fw = self.field.w
    self.spawned = self.spawned + 1
    -- The first star falls straight into the basket; the rest anywhere.
    local x = self.spawned == 1 and fw / 2 or tide.random.int(STAR, math.floor(fw - STAR))
    local star = tide.sprite.text("⭐", {
      parent = self.field, x = x, y = -STAR, anchor = "center", size = STAR, scale = 0.2, name = "star", tag = "star",
    })
    star.moving = true
    star:on("tap", function() self:catch(star) end)
    tide.tween(star, GROW, { scale = 1 }, { ease = "out_back" })
    self.stars[#self.stars + 1] = star
  end,

  update = function(self, dt)
    local floor = self.field.h + STAR
    for i = #self.stars, 1, -1 do
      local star = self.stars[i]
      star.y = star.y + FALL * dt
      if math.abs(star.y - self.basket.y) < 10 and math.abs(star.x - self.basket.x) < 60 then
        self:catch(star)
      elseif star.y > floor then
        star:remove()
      end
      if star.removed then table.remove(self.stars, i) end
    end
  end,

  catch = function(self, star)
    if star.removed then return end
    self.score = self.score + 1
    self.score_label.text = "Score: " .. self.score
    local plus = tide.sprite.text("+1", {
      parent = self.field, x = star.x, y = star.y - 30, anchor = "center", size = 32, color = "#ffe066", name = "plus",
    })
    plus.moving = true
    tide.tween(plus, 0.8, { y = plus.y - 80, alpha = 0 }, { on_done = function() plus:remove() end })
    star:remove()
  end,
})
