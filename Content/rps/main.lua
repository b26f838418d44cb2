-- Rock-Paper-Scissors against a robot 🤖.
-- Tap a choice; both fists shake to "Rock… Paper… Scissors!", then the player's pick and the
-- robot's face each other, the result reads "You won!", "You lose!" or "Draw!" with a sound, a
-- running score counts the rounds, and the choices hide until you tap Play Again.
-- What beats what lives in data/<variant>.lua, so a variant is data, not code.

local variant_name = tide.options.variant
local variant = require("data." .. variant_name)
-- data/ also holds the look; only a table with rules is a variant.
if type(variant) ~= "table" or type(variant.beats) ~= "table" then
  error(("option variant: data/%s.lua is not a variant (it has no beats table)"):format(variant_name), 0)
end
-- A broken table stops the game at load, naming the file and the field at fault. The duel keeps
-- the choices' display order; emoji_of maps an id to its emoji, looked up on every round.
local duel, emoji_of = require("variant")(variant, "data/" .. variant_name .. ".lua")
local order = duel:choices()

local messages = {
  win = "You won!", lose = "You lose!", tie = "Draw!", start = "Rock, Scissors, Paper!",
  count = { "Rock…", "Paper…", "Scissors!" }, score = "You %d · Robot %d",
}
local look = require("data.look")
local colors, sizes = look.colors, look.sizes
local BEAT = 0.3 -- seconds per word of the count; the picks show after the third

-- Heights come from the 390x844 design, pressed to the screen's height so all of it shows.
local function at(design_y) return design_y * tide.screen.height / look.design_height end

-- A rounded button: the rect takes the taps, the label rides on it.
local function button(text, opts)
  local box = tide.sprite.rect{
    x = opts.x, y = opts.y, w = look.button.w, h = look.button.h, anchor = "center",
    fill = colors.button, radius = look.button.radius, name = opts.name,
  }
  local label = tide.sprite.text(text, { size = sizes.button, color = colors.button_text, anchor = "center" })
  box:add(label)
  label.x, label.y = box.w / 2, box.h / 2
  return box
end

tide.scene.define("play", {
  enter = function(self)
    local w, margin = tide.screen.width, look.margin
    self.panel = tide.sprite.rect{
      x = margin, y = at(look.y.panel), w = w - 2 * margin, h = at(look.panel_height),
      radius = look.panel_radius, fill = colors.idle, name = "panel",
    }
    -- A long variant title shrinks to the screen's width rather than running off it.
    tide.sprite.text(variant.title, {
      x = w / 2, y = at(look.y.title), anchor = "center", size = sizes.title, color = colors.title,
      max_width = w - 2 * margin, fit = "shrink",
    })
    self.score = tide.sprite.text(" ", {
      x = w / 2, y = at(look.y.score), anchor = "center", size = sizes.score, color = colors.score, name = "score",
    })
    local robot_y = at(look.y.robot)
    tide.sprite.circle{ x = w / 2, y = robot_y, radius = sizes.disc, fill = colors.disc, name = "robot_disc" }
    tide.sprite.text("🤖", { x = w / 2, y = robot_y, anchor = "center", size = sizes.robot, name = "robot" })
    -- The two picks face each other: the player's on the left, the robot's on the right.
    self.picks_y = at(look.y.picks)
    self.player_pick = tide.sprite.text("", {
      x = w * 0.3, y = self.picks_y, anchor = "center", size = sizes.pick, name = "player_pick",
    })
    self.robot_pick = tide.sprite.text("❔", {
      x = w * 0.7, y = self.picks_y, anchor = "center", size = sizes.pick, name = "robot_pick",
    })
    self.result = tide.sprite.text(messages.start, {
      x = w / 2, y = at(look.y.result), anchor = "center", size = sizes.result, color = colors.title, name = "result",
    })

    -- The choices share the width; with five on a narrow phone each shrinks to its share.
    self.choices = {}
    local gap = w / (#variant.choices + 1)
    local choices_y = at(look.y.choices)
    for i, choice in ipairs(variant.choices) do
      local sprite = tide.sprite.text(choice.emoji, {
        x = gap * i, y = choices_y, anchor = "center", size = sizes.choice, name = choice.id, tag = "choice",
        max_width = gap - look.choice_gap, fit = "shrink",
      })
      sprite:on("tap", function() self:play_round(choice.id) end)
      self.choices[#self.choices + 1] = sprite
    end

    self.again = button("Play Again", { x = w / 2, y = choices_y, name = "play_again" })
    self.again:on("tap", function() self:reset() end)
    self.won, self.lost = 0, 0
    self:reset()
  end,

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
        local y = self.picks_y
        for _, pick in ipairs({ self.player_pick, self.robot_pick }) do
          tide.sequence{ { pick, BEAT / 2, { y = y - look.shake } }, { pick, BEAT / 2, { y = y } } }
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
