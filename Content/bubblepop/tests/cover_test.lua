-- Brief numbers (GAMES.md, BubblePop): P8 (a tap pops only what shows).
-- A tap reaches only what the player sees. A bubble never goes under the top
-- bar (the HUD): one that rises to it floats away there and can no longer be popped.

describe("the top bar", function()
  it("lets a bubble that reaches it float away, no longer to be popped", function()
    local helpers = require("tests.helpers")
    local app = helpers.play()
    local game = require("data.game")
    app:advance(game.bubble.appear + helpers.TICK)
    local list = helpers.bubbles(app)
    local bubble, other = list[1], list[2]
    assert.is_not_nil(other)
    -- Just below the bar it still pops; at the bar it floats away.
    bubble.y = game.hud_height + bubble.radius + 20
    other.y = game.hud_height + 1
    app:step()
    assert.are.equal("leaving", other.tag)
    local before = helpers.score(app)
    app:tap{ x = other.x, y = game.hud_height + 3 }
    assert.are.equal(before, helpers.score(app))
    app:tap{ x = bubble.x, y = bubble.y }
    assert.is_true(helpers.score(app) > before)
    app:advance(game.bubble.leave + helpers.TICK)
    for _, s in ipairs(app:find_all{ tag = "leaving" }) do assert.are_not.equal(other, s, "still floating away") end
  end)
end)
