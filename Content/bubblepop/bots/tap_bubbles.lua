-- A careless BubblePop player for `tide run --runs` (docs/bots.md): types a name, presses
-- Play, then every 0.3 s taps one of the bubbles on screen at random, until the high-score
-- board shows the game is over.
--
--   tide run Content/bubblepop --headless --runs 200 --input-bot Content/bubblepop/bots/tap_bubbles.lua

return {
  every = 0.3,
  -- The name screen, a 3 s countdown, 60 s of play and the 2 s "Time's up!" fit in 70 s.
  seconds = 70,

  done = function(app)
    return app:scene() == "board"
  end,

  act = function(app, random)
    if app:scene() == "name" then
      app:tap(app:find{ name = "name" })
      app:type("Bot")
      app:tap(app:find{ name = "play" })
      return
    end
    local bubbles = app:find_all{ tag = "bubble", visible = true }
    if #bubbles > 0 then app:tap(random.pick(bubbles)) end
  end,
}
