-- Covers rps-match M5 (GAMES.md): Continue shows once the configuration is valid and leads to
-- the game. A child taps Continue twice, quickly; the game screen slides in under the finger,
-- and the second tap must not play the hand button that arrives there (the engine holds
-- presses while a screen slides in, and keeps a quick second tap off what the first brought).

describe("Continue tapped twice (M5)", function()
  local app, helpers
  before_each(function()
    app = tide.test.start{ seed = 7 }
    helpers = require("tests.helpers")
    app:advance(2)
    helpers.fill(app, "name", "Ada")
  end)

  -- Whether a round was played: Next Turn shows once one is.
  local function played()
    return app:find{ name = "next_turn", visible = true } ~= nil
  end

  local function double_tap_continue(pause)
    local continue = app:find{ name = "continue" }
    local x, y, w, h = continue:bounds()
    local spot = { x = x + w / 2, y = y + h / 2 }
    app:tap(spot)
    app:advance(pause)
    app:tap(spot)
    app:advance(1)
    return spot
  end

  it("plays no hand while the game screen slides in", function()
    local spot = double_tap_continue(0.1)
    assert.are.equal("game", app:scene())
    -- The second tap landed on a hand button: this test would mean nothing otherwise.
    local x, y, w, h = app:find{ name = "paper" }:bounds()
    assert.is_true(spot.x > x and spot.x < x + w and spot.y > y and spot.y < y + h, "✋ lies under Continue")
    assert.is_false(played())
  end)

  it("nor just after it has arrived", function()
    double_tap_continue(0.32)
    assert.are.equal("game", app:scene())
    assert.is_false(played())
    -- A tap of its own, once the screen has settled, plays as ever.
    app:tap(app:find{ name = "paper" })
    assert.is_true(played())
  end)
end)
