-- Rock-Paper-Scissors against a robot 🤖.
-- Tap a choice; the robot picks at random and shows its pick; the result reads
-- "You won!", "You lose!" or "Draw!"; the choices hide until you tap Play Again.
-- What beats what lives in data/<variant>.lua, so a variant is data, not code.

local variant_name = tide.options.variant
local variant = require("data." .. variant_name)
-- Display order for the duel, and id -> emoji, looked up on every round.
local order, emoji_of = {}, {}
for i, choice in ipairs(variant.choices) do
  order[i] = choice.id
  emoji_of[choice.id] = choice.emoji
end
-- A broken table stops the game at load, naming the file and the field at fault.
local duel = tide.rules.duel(variant.beats, { order = order, source = "data/" .. variant_name .. ".lua" })

local messages = { win = "You won!", lose = "You lose!", tie = "Draw!" }
local colors = { win = "#3fae5a", lose = "#d2453c", tie = "#8a6d3b", idle = "#2c3547" }

-- A rounded button: the rect takes the taps, the label rides on it.
local function button(text, opts)
  local box = tide.sprite.rect{
    x = opts.x, y = opts.y, w = opts.w or 220, h = opts.h or 64, anchor = "center",
    fill = opts.fill or "#f2c14e", radius = 18, name = opts.name,
  }
  local label = tide.sprite.text(text, { size = opts.size or 28, color = "#1d2433", anchor = "center" })
  box:add(label)
  label.x, label.y = box.w / 2, box.h / 2
  return box
end

tide.scene.define("play", {
  enter = function(self)
    local w = tide.screen.width
    self.panel = tide.sprite.rect{ x = 20, y = 140, w = w - 40, h = 420, radius = 28, fill = colors.idle }
    tide.sprite.text(variant.title, { x = w / 2, y = 80, anchor = "center", size = 26, color = "#ffffff" })
    tide.sprite.text("🤖", { x = w / 2, y = 230, anchor = "center", size = 96, name = "robot" })
    self.robot_pick = tide.sprite.text("❔", {
      x = w / 2, y = 370, anchor = "center", size = 80, name = "robot_pick",
    })
    self.player_pick = tide.sprite.text("", {
      x = w / 2, y = 455, anchor = "center", size = 22, color = "#d8dee9", name = "player_pick",
    })
    self.result = tide.sprite.text("Make your choice", {
      x = w / 2, y = 510, anchor = "center", size = 34, color = "#ffffff", name = "result",
    })

    self.choices = {}
    local gap = w / (#variant.choices + 1)
    for i, choice in ipairs(variant.choices) do
      local sprite = tide.sprite.text(choice.emoji, {
        x = gap * i, y = 680, anchor = "center", size = 60, name = choice.id, tag = "choice",
      })
      sprite:on("tap", function() self:play_round(choice.id) end)
      self.choices[#self.choices + 1] = sprite
    end

    self.again = button("Play Again", { x = w / 2, y = 680, name = "play_again" })
    self.again:on("tap", function() self:reset() end)
    self:reset()
  end,

  play_round = function(self, player)
    local robot = tide.random.pick(duel:choices())
    local outcome = duel:outcome(player, robot)
    self.player_choice, self.robot_choice, self.outcome = player, robot, outcome

    self.robot_pick.text = emoji_of[robot]
    self.player_pick.text = "You chose " .. emoji_of[player]
    self.robot_pick.scale = 0.2
    tide.tween(self.robot_pick, 0.35, { scale = 1 }, { ease = "out_back" })
    self.result.text = messages[outcome]
    tide.tween(self.panel, 0.25, { fill = colors[outcome] })
    for _, sprite in ipairs(self.choices) do sprite.visible = false end
    self.again.visible = true
  end,

  reset = function(self)
    self.player_choice, self.robot_choice, self.outcome = nil, nil, nil
    self.robot_pick.text = "❔"
    self.player_pick.text = ""
    self.result.text = "Make your choice"
    self.panel.fill = colors.idle
    for _, sprite in ipairs(self.choices) do sprite.visible = true end
    self.again.visible = false
  end,
})
