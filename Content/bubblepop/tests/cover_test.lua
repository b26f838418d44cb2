-- Brief numbers (GAMES.md, BubblePop): P8 (a tap pops only what shows).
-- Issue 16: a tap reaches only what the player sees. A bubble drifting under the
-- top bar (the HUD) cannot be popped through the bar, only where it shows.

describe("the top bar", function()
  it("keeps the part of a bubble under it from being popped", function()
    local helpers = require("tests.helpers")
    local app = helpers.play()
    local game = require("data.game")
    local bubble = helpers.bubbles(app)[1]
    assert.is_not_nil(bubble)
    bubble.y = game.hud_height
    local before = helpers.score(app)
    app:tap{ x = bubble.x, y = game.hud_height - 3 }
    assert.are.equal(before, helpers.score(app))
    app:tap{ x = bubble.x, y = game.hud_height + 3 }
    assert.is_true(helpers.score(app) > before)
  end)
end)
