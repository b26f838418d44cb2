-- Shared steps of the BubblePop tests: start a game, get past the name screen and
-- the countdown, step to just after a refresh, and read the bubbles off the screen.
-- (Require it after tide.test.start: `require` is the game's.)

local game = require("data.game")

local helpers = { TICK = 1 / 60 }

--- Starts the game (seed 7 unless given, at `size` when given as { w, h }), with `settings`
--- saved first when given.
function helpers.launch(opts)
  opts = opts or {}
  local app = tide.test.start{ seed = opts.seed or 7, options = opts.options, size = opts.size }
  if opts.settings then
    tide.save.write("settings", opts.settings)
    app = tide.test.start{ seed = opts.seed or 7, options = opts.options, size = opts.size }
  end
  return app
end

--- From the name screen: types `name` and presses Play.
function helpers.enter_name(app, name)
  app:tap(app:find{ name = "name" })
  app:type(name or "Ada")
  app:tap(app:find{ name = "play" })
  app:step()
end

--- Runs the countdown out; returns the game time at which play started (the first refresh).
function helpers.run_countdown(app)
  local countdown = app:find{ name = "countdown" }
  local ticks = 0
  while countdown.visible do
    app:step()
    ticks = ticks + 1
    assert(ticks < 60 * (game.countdown + 1), "the countdown never ended")
  end
  return app:time()
end

--- Launches and plays up to the first refresh; returns the app and the start time.
function helpers.play(opts)
  opts = opts or {}
  local app = helpers.launch(opts)
  helpers.enter_name(app, opts.name)
  return app, helpers.run_countdown(app)
end

function helpers.advance_to(app, t)
  if t > app:time() + 1e-9 then app:advance(t - app:time()) end
end

--- The bubbles still on screen (not popped).
function helpers.bubbles(app) return app:find_all{ tag = "bubble" } end

--- The first bubble of `colour` on screen, or nil.
function helpers.bubble_of(app, colour) return app:find{ tag = "bubble", name = colour } end

--- The newest "+N" / "Combo" label.
function helpers.last_gain(app)
  local labels = app:find_all{ name = "gain" }
  return labels[#labels]
end

function helpers.score(app) return tonumber(app:find{ name = "score" }.text) end

--- Chi-square critical values at p = 0.001, by degrees of freedom.
helpers.CRITICAL = { [4] = 18.47, [5] = 20.52 }

--- The chi-square statistic of `counts` (by colour name) over `n` against the
--- probabilities of `colours`.
function helpers.chi_square(colours, counts, n)
  local x2 = 0
  for _, c in ipairs(colours) do
    local expected = n * c.probability / 100
    x2 = x2 + ((counts[c.colour] or 0) - expected) ^ 2 / expected
  end
  return x2
end

--- Draws `n` colours as the game does; returns the count of each, by colour name.
function helpers.draw_counts(n)
  local bubbles, counts = require("bubbles"), {}
  for _ = 1, n do
    local c = bubbles.pick_colour().colour
    counts[c] = (counts[c] or 0) + 1
  end
  return counts
end

--- Plays a whole game of `seconds` (saved as the game time), popping `pops` bubbles
--- early on; ends on the board. Returns the final score.
function helpers.play_game(opts)
  local app, start = helpers.play{ name = opts.name, seed = opts.seed,
    settings = { game_time = opts.seconds or 5, max_bubbles = 15 } }
  app:advance(game.bubble.appear + helpers.TICK)
  for _ = 1, opts.pops or 0 do
    local bubble = helpers.bubbles(app)[1]
    if bubble then app:tap(bubble) end
  end
  local score = helpers.score(app)
  helpers.advance_to(app, start + (opts.seconds or 5) + game.end_pause + 0.5)
  return app, score
end

return helpers
