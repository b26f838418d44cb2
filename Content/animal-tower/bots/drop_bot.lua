-- A patient Animal Tower player for `tide run --runs` (docs/bots.md): waits until the crane
-- swings near the middle (a little to either side, at random), then drops the block it holds,
-- until the game is over.
--
--   tide run Content/animal-tower --headless --runs 50 --input-bot Content/animal-tower/bots/drop_bot.lua

local aim

return {
  every = 0.05,
  seconds = 600,

  done = function(app)
    return app:scene() == "over"
  end,

  act = function(app, random)
    local held, crane = app:find{ name = "held" }, app:find{ name = "crane" }
    if not held or not crane then return end
    aim = aim or random.float(-25, 25)
    if math.abs(crane.x - (195 + aim)) < 6 then
      app:tap({ x = 195, y = 400 })
      aim = nil
    end
  end,
}
