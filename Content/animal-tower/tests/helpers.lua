-- Shared steps of the Animal Tower tests.
local helpers = {}

helpers.game = require("data.game")

-- Starts a game; `opts` as tide.test.start's.
function helpers.start(opts)
  local app = tide.test.start(opts or { seed = 2 })
  return app
end

-- Drops the held block at x (the crane's place is set for the drop), and waits `wait` seconds.
function helpers.drop_at(app, x, wait)
  local held = app:find{ name = "held" }
  assert(held, "the crane holds no block")
  held.x = x
  app:tap({ x = 195, y = 400 })
  app:advance(wait or 0)
  return held
end

-- Waits until the crane holds a block again.
function helpers.wait_for_block(app)
  for _ = 1, 300 do
    if app:find{ name = "held" } then return end
    app:step()
  end
  error("the crane never took a block")
end

return helpers
