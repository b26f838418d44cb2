-- Rock-Paper-Scissors against a robot 🤖.
-- Tap a choice; both fists shake to "Rock… Paper… Scissors!", then the player's pick and the
-- robot's face each other, the result reads "You won!", "You lose!" or "Draw!" with a sound, a
-- running score counts the rounds, and the choices hide until you tap Play Again.
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

local messages = {
  win = "You won!", lose = "You lose!", tie = "Draw!", start = "Rock, Scissors, Paper!",
  count = { "Rock…", "Paper…", "Scissors!" }, score = "You %d · Robot %d",
}
-- The robot sits on a pale disc so its red ears show on every panel colour.
local colors = { win = "#3fae5a", lose = "#d2453c", tie = "#3f6fb5", idle = "#2c3547", disc = "#e8ecf3" }
local BEAT = 0.3 -- seconds per word of the count; the picks show after the third

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
    self.panel = tide.sprite.rect{ x = 20, y = 140, w = w - 40, h = 420, radius = 28, fill = colors.idle, name = "panel" }
    tide.sprite.text(variant.title, { x = w / 2, y = 80, anchor = "center", size = 26, color = "#ffffff" })
    self.score = tide.sprite.text(" ", { x = w / 2, y = 116, anchor = "center", size = 20, color = "#d8dee9", name = "score" })
    tide.sprite.circle{ x = w / 2, y = 230, radius = 62, fill = colors.disc, name = "robot_disc" }
    tide.sprite.text("🤖", { x = w / 2, y = 230, anchor = "center", size = 96, name = "robot" })
    -- The two picks face each other: the player's on the left, the robot's on the right.
    self.player_pick = tide.sprite.text("", {
      x = w * 0.3, y = 380, anchor = "center", size = 80, name = "player_pick",
    })
    self.robot_pick = tide.sprite.text("❔", {
      x = w * 0.7, y = 380, anchor = "center", size = 80, name = "robot_pick",
    })
    self.result = tide.sprite.text(messages.start, {
      x = w / 2, y = 510, anchor = "center", size = 30, color = "#ffffff", name = "result",
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
    self.won, self.lost = 0, 0
    self:reset()
  end,

  -- The robot picks at once; the count shakes both fists, then the picks and the result show.
  play_round = function(self, player)
    local robot = tide.random.pick(duel:choices())
    local outcome = duel:outcome(player, robot)
    self.player_choice, self.robot_choice, self.outcome = player, robot, outcome
    for _, sprite in ipairs(self.choices) do sprite.visible = false end
    tide.audio.play("tap")
    local fist = emoji_of[order[1]]
    self.player_pick.text, self.robot_pick.text = fist, fist
    self.robot_pick.flip_x = true -- mirrored, so it faces the player's
    self.reveal = tide.task(function()
      for _, word in ipairs(messages.count) do
        self.result.text = word
        for _, pick in ipairs({ self.player_pick, self.robot_pick }) do
          tide.sequence{ { pick, BEAT / 2, { y = 350 } }, { pick, BEAT / 2, { y = 380 } } }
        end
        tide.wait(BEAT)
      end
      self:show_result()
    end)
  end,

  show_result = function(self)
    local outcome = self.outcome
    self.player_pick.text = emoji_of[self.player_choice]
    self.robot_pick.text = emoji_of[self.robot_choice]
    for _, pick in ipairs({ self.player_pick, self.robot_pick }) do
      pick.scale = 0.2
      tide.tween(pick, 0.35, { scale = 1 }, { ease = "out_back" })
    end
    self.result.text = messages[outcome]
    if outcome == "win" then self.won = self.won + 1 elseif outcome == "lose" then self.lost = self.lost + 1 end
    self.score.text = messages.score:format(self.won, self.lost)
    tide.audio.play(outcome)
    tide.tween(self.panel, 0.25, { fill = colors[outcome] })
    self.again.visible = true
  end,

  reset = function(self)
    if self.reveal then self.reveal:cancel() end
    self.player_choice, self.robot_choice, self.outcome = nil, nil, nil
    self.robot_pick.text, self.robot_pick.flip_x = "❔", false
    self.player_pick.text = ""
    self.result.text = messages.start
    self.score.text = messages.score:format(self.won, self.lost)
    self.panel.fill = colors.idle
    for _, sprite in ipairs(self.choices) do sprite.visible = true end
    self.again.visible = false
  end,
})
