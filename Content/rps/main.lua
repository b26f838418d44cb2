-- Rock-Paper-Scissors against a robot 🤖.
-- The start reads the variant's call ("Rock, Scissors, Paper!") on a gray background. Tap a
-- choice; both hands shake to the variant's count, then the robot's pick takes the robot's
-- place, the player's shows large, the whole background turns the result's colour, the result
-- reads "You won!", "You lose!" or "Draw!" with a sound, a running score counts the rounds, and
-- the choices hide until you tap Play Again. What beats what, the call and the count live in
-- data/<variant>.lua, so a variant is data, not code.

local variant_name = tide.options.variant
local variant = require("data." .. variant_name)
-- data/ also holds the look; only a table with rules is a variant.
if type(variant) ~= "table" or type(variant.beats) ~= "table" then
  error(("option variant: data/%s.lua is not a variant (it has no beats table)"):format(variant_name), 0)
end
-- A broken table stops the game at load, naming the file and the field at fault. emoji_of maps
-- an id to its emoji, looked up on every round.
local duel, emoji_of = require("variant")(variant, "data/" .. variant_name .. ".lua")

-- The result wording is the brief's; what the start reads and the count are the variant's.
local messages = { win = "You won!", lose = "You lose!", tie = "Draw!", score = "You %d · Robot %d" }
local look = require("data.look")
local colors, sizes = look.colors, look.sizes
local BEAT = 0.3 -- seconds per word of the count; the picks show after the last

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

-- Where each choice's pad stands: one row, or two (the second centred) when there are more
-- than look.per_row; the rows sit around `y`. Pads shrink only if a row is wider than the screen.
local function choice_spots(count, y)
  local rows = count > look.per_row and 2 or 1
  local per_row = math.ceil(count / rows)
  local gap = look.choice_gap
  local side = math.min(look.choice_pad, (tide.screen.width - 2 * look.margin - gap * (per_row - 1)) / per_row)
  local spots = {}
  for i = 1, count do
    local row = (i - 1) // per_row
    local in_row = math.min(per_row, count - row * per_row)
    local column = (i - 1) % per_row
    local x = tide.screen.width / 2 + (column - (in_row - 1) / 2) * (side + gap)
    spots[i] = { x = x, y = y + (row - (rows - 1) / 2) * (side + gap) }
  end
  return spots, side
end

tide.scene.define("play", {
  enter = function(self)
    local w, margin = tide.screen.width, look.margin
    -- The whole screen's colour: gray at the start, the result's colour after a round.
    self.background = tide.sprite.rect{
      w = w, h = tide.screen.height, fill = colors.idle, z = -1000, name = "background",
    }
    -- A long variant title shrinks to the screen's width rather than running off it.
    tide.sprite.text(variant.title, {
      x = w / 2, y = at(look.y.title), anchor = "center", size = sizes.title, color = colors.title,
      max_width = w - 2 * margin, fit = "shrink",
    })
    self.score = tide.sprite.text(" ", {
      x = w / 2, y = at(look.y.score), anchor = "center", size = sizes.score, color = colors.score, name = "score",
    })
    -- The robot's pick takes the robot's own place on its disc: the robot hides while it shows.
    local robot_y = at(look.y.robot)
    tide.sprite.circle{ x = w / 2, y = robot_y, radius = sizes.disc, fill = colors.disc, name = "robot_disc" }
    self.robot = tide.sprite.text("🤖", { x = w / 2, y = robot_y, anchor = "center", size = sizes.robot, name = "robot" })
    self.robot_pick = tide.sprite.text("", {
      x = w / 2, y = robot_y, anchor = "center", size = sizes.robot, name = "robot_pick",
    })
    self.player_pick = tide.sprite.text("", {
      x = w / 2, y = at(look.y.pick), anchor = "center", size = sizes.pick, name = "player_pick",
    })
    self.result = tide.sprite.text(variant.start, {
      x = w / 2, y = at(look.y.result), anchor = "center", size = sizes.result, color = colors.title, name = "result",
      max_width = w - 2 * margin, fit = "shrink",
    })

    -- Each choice is a pad a finger can find, its emoji on it; the pad takes the tap.
    self.choices = {}
    local spots, side = choice_spots(#variant.choices, at(look.y.choices))
    for i, choice in ipairs(variant.choices) do
      local pad = tide.sprite.rect{
        x = spots[i].x, y = spots[i].y, w = side, h = side, anchor = "center", radius = side / 5,
        fill = colors.pad, name = choice.id, tag = "choice",
      }
      tide.sprite.text(choice.emoji, {
        parent = pad, x = side / 2, y = side / 2, anchor = "center", size = sizes.choice, name = choice.id .. "_sign",
        max_width = side - look.choice_gap, fit = "shrink",
      })
      pad:on("tap", function() self:play_round(choice.id) end)
      self.choices[#self.choices + 1] = pad
    end

    self.again = button("Play Again", { x = w / 2, y = at(look.y.choices), name = "play_again" })
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
    self.robot.visible = false
    local rest_y = { [self.player_pick] = at(look.y.pick), [self.robot_pick] = at(look.y.robot) }
    self.reveal = tide.task(function()
      -- Both hands (or animals) shake on each word of the variant's count.
      for _, beat in ipairs(variant.count) do
        self.result.text = beat.say
        local hand = emoji_of[beat.show]
        self.player_pick.text, self.robot_pick.text = hand, hand
        for _, pick in ipairs({ self.player_pick, self.robot_pick }) do
          local y = rest_y[pick]
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
    self.fade = tide.tween(self.background, 0.25, { fill = colors[outcome] })
    self.again.visible = true
  end,

  reset = function(self)
    if self.reveal then self.reveal:cancel() end
    if self.fade then self.fade:cancel() end
    self.player_choice, self.robot_choice, self.outcome = nil, nil, nil
    self.robot.visible = true
    self.robot_pick.text, self.player_pick.text = "", ""
    self.result.text = variant.start
    self.score.text = messages.score:format(self.won, self.lost)
    self.background.fill = colors.idle
    for _, sprite in ipairs(self.choices) do sprite.visible = true end
    self.again.visible = false
  end,
})
