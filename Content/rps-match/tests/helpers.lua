-- Shared steps of the rps-match tests: fill in the configuration and read the
-- round's outcome off the screen. (A test file can require it only once a game
-- has started: `require` is the game's.)

local helpers = {}
local classic = require("rps.data.classic")
helpers.duel = tide.rules.duel(classic.beats)
helpers.emoji = {}
for _, choice in ipairs(classic.choices) do helpers.emoji[choice.id] = choice.emoji end

function helpers.fill(app, field, text)
  app:tap(app:find{ name = field })
  app:type(text)
end

-- Sets the rounds slider by tapping its track where `value` lies.
function helpers.set_rounds(app, value)
  local slider = app:find{ name = "rounds" }.data.widget
  local x, y, _, h = slider:bounds()
  local t = (value - slider.min) / (slider.max - slider.min)
  app:tap({ x = x + 14 + t * slider.track_w, y = y + h / 2 })
end

-- From the configuration screen, starts a match: by rounds (`rounds`) or by
-- points (`win`, `loss`, `target`).
function helpers.start_match(app, opts)
  helpers.fill(app, "name", opts.name or "Ada")
  if opts.mode == "points" then
    app:tap(app:find{ name = "mode_points" })
    helpers.fill(app, "win_points", tostring(opts.win))
    helpers.fill(app, "loss_points", tostring(opts.loss))
    helpers.fill(app, "target", tostring(opts.target))
  elseif opts.rounds then
    helpers.set_rounds(app, opts.rounds)
  end
  app:tap(app:find{ name = "continue" })
  app:advance(0.5)
end

-- Plays `id` and returns the outcome, worked out from the computer's pick shown.
function helpers.play(app, id)
  app:tap(app:find{ name = id })
  local shown = app:find{ name = "computer_pick" }.text
  for other, emoji in pairs(helpers.emoji) do
    if shown == "🤖 " .. emoji then return helpers.duel:outcome(id, other), other end
  end
  error("no computer pick shown: " .. shown)
end

return helpers
