-- Animal Tower: a crane swings an animal block left and right over the ground; tap anywhere
-- to drop it. Build the tallest tower that stands: the height of its top over the ground is
-- the score (a block counts once it has landed and is still), and the best is saved. A block
-- that falls off the ground costs a heart; at no hearts the game ends. Landing blocks wobble
-- and thump; a lost one makes a sad sound.
--
-- Shows: tide.physics (bodies from data checked at load, a static ground, contacts that
-- start the wobble), tide.random for the order of blocks, tweens, generated sounds,
-- tide.save and tide.report (bots/drop_bot.lua plays it many times over:
-- `tide run Content/animal-tower --headless --runs 50 --input-bot Content/animal-tower/bots/drop_bot.lua`).

local game = require("data.game")
local blocks = require("blocks")

tide.audio.generate("drop", { wave = "triangle", frequency = 520, duration = 0.12, release = 0.08 })
tide.audio.generate("land", { wave = "sine", frequency = 160, duration = 0.15, release = 0.1 })
tide.audio.generate("lost", { wave = "square", frequency = 220, duration = 0.35, release = 0.2, volume = 0.5 })

local function hearts_text(n)
  return n > 0 and string.rep("❤️", n) or "💔"
end

tide.scene.define("play", {
  enter = function(self)
    local w, h = tide.screen.width, tide.screen.height
    self.ground_top = math.floor(h * game.ground_top)
    self.hearts = game.hearts
    self.height = 0
    self.best = tide.save.read("best", 0)
    self.placed = {}
    self.time = 0
    tide.physics.world({ gravity = { 0, 900 }, iterations = 20 })

    tide.sprite.rect({ name = "water", x = 0, y = self.ground_top + 20, w = w, h = h - self.ground_top - 20, fill = "#8ecae6", z = -2 })
    local ground = tide.sprite.rect({ name = "ground", x = w / 2, y = self.ground_top, w = game.ground_width, h = 40,
      anchor = "top", fill = "#6c584c", radius = 6, z = -1 })
    tide.physics.body(ground, { type = "static", shape = { shape = "box", w = game.ground_width, h = 40, x = 0, y = 20 }, friction = 1 })

    tide.sprite.rect({ name = "rail", x = 0, y = 70, w = w, h = 8, fill = "#495057" })
    self.crane = tide.sprite.rect({ name = "crane", x = w / 2, y = 74, w = 56, h = 24, anchor = "center", fill = "#ffb703", radius = 5 })
    self.rope = tide.sprite.line({ name = "rope", x = w / 2, y = 86, points = { 0, 0, 0, game.crane_y - 110 }, stroke = "#343a40", stroke_width = 3 })

    self.hearts_label = tide.sprite.text(hearts_text(self.hearts), { name = "hearts", x = 16, y = 16, size = 28 })
    self.height_label = tide.sprite.text("Height 0", { name = "height", x = w - 16, y = 14, anchor = "top_right", size = 26, color = "#023047" })
    tide.sprite.text("Best " .. self.best, { name = "best", x = w - 16, y = 44, anchor = "top_right", size = 18, color = "#023047" })

    tide.physics.on("begin", function(e) self:touched(e.a); self:touched(e.b) end)
    tide.input.on("pointer_down", function() self:drop() end)
    self:hold_next()
  end,

  -- The crane takes the next block, drawn at random from the set's order.
  hold_next = function(self)
    local name = tide.random.pick(blocks.order)
    self.held = blocks.make(name, self.crane.x, game.crane_y)
    self.held.name = "held"
  end,

  drop = function(self)
    local block = self.held
    if not block or self.over then return end
    self.held = nil
    block.name = "block_" .. block.data.kind
    blocks.drop(block)
    self.placed[#self.placed + 1] = block
    tide.audio.play("drop")
    tide.after(game.drop_delay, function() if not self.over then self:hold_next() end end)
  end,

  -- A dropped block's first touch: it lands, wobbles and thumps.
  touched = function(_, s)
    if s.tag ~= "block" or s.data.landed then return end
    s.data.landed = true
    s.scale = 1.15
    tide.tween(s, 0.5, { scale = 1 }, { ease = "out_elastic" })
    tide.audio.play("land", { volume = 0.7 })
  end,

  update = function(self, dt)
    self.time = self.time + dt
    local x = tide.screen.width / 2 + game.swing_width * math.sin(self.time * game.swing_speed * 2 * math.pi)
    self.crane.x = x
    self.rope.x = x
    if self.held then self.held.x = x end
    self:check_blocks()
  end,

  -- Blocks lost off the ground cost a heart; the rest make the tower, whose height counts
  -- once its blocks have come to rest.
  check_blocks = function(self)
    local top, settled = self.ground_top, true
    for i = #self.placed, 1, -1 do
      local b = self.placed[i]
      if b.y > tide.screen.height + game.lost_below then
        table.remove(self.placed, i)
        b:remove()
        self:lose_heart()
      elseif b.data.landed and b.y < self.ground_top then
        local vx, vy = b:velocity()
        if math.abs(vx) + math.abs(vy) > 5 then settled = false end
        top = math.min(top, blocks.top(b))
      end
    end
    if settled and not self.over then
      local height = math.max(0, math.floor((self.ground_top - top) / 10 + 0.5))
      -- Only a new height is set: setting a text lays it out again, every tick the tower stands.
      if height ~= self.height then
        self.height = height
        self.height_label.text = "Height " .. height
      end
    end
  end,

  lose_heart = function(self)
    if self.over then return end
    self.hearts = self.hearts - 1
    self.hearts_label.text = hearts_text(self.hearts)
    tide.audio.play("lost")
    if self.hearts <= 0 then
      self.over = true
      -- The score is the height when the last heart goes; the tower may still settle after.
      local height, best = self.height, math.max(self.best, self.height)
      tide.save.write("best", best)
      tide.report({ height = height, blocks = #self.placed })
      tide.after(1, function()
        tide.scene.go("over", { height = height, best = best, new_best = height > self.best })
      end)
    end
  end,
})

tide.scene.define("over", {
  enter = function(_, params)
    local w, h = tide.screen.width, tide.screen.height
    tide.sprite.text("🏗️", { x = w / 2, y = h * 0.2, anchor = "center", size = 72 })
    tide.sprite.text("Your tower", { x = w / 2, y = h * 0.32, anchor = "center", size = 30, color = "#023047" })
    tide.sprite.text(tostring(params.height), { name = "final_height", x = w / 2, y = h * 0.42, anchor = "center", size = 72, color = "#9a3412" })
    tide.sprite.text(params.new_best and "A new best! 🎉" or ("Best " .. params.best), { name = "final_best",
      x = w / 2, y = h * 0.52, anchor = "center", size = 26, color = "#023047" })
    local again = tide.sprite.rect({ name = "again", x = w / 2, y = h * 0.68, w = 220, h = 72, anchor = "center", radius = 36, fill = "#219ebc" })
    tide.sprite.text("Play again", { parent = again, x = 110, y = 36, anchor = "center", size = 28, color = "#ffffff" })
    again:on("tap", function() tide.scene.go("play") end)
  end,
})
