-- Covers rps R4 (GAMES.md): Play Again restores the start state, and only that. A child taps
-- Play Again twice, quickly; the ✋ that the first tap brings back sits right under the finger,
-- and the second tap must not play it (the engine's tap guard: a press reaches only what was
-- under the finger when the previous tap ended).

describe("Play Again tapped twice (R4)", function()
  it("does not play the ✋ that appears under the finger", function()
    local app = tide.test.start{ seed = 7 }
    app:tap(app:find{ name = "rock" })
    app:advance(1)
    local again = app:find{ name = "play_again" }
    assert.is_true(again.visible)
    local spot = { x = 195, y = 680 }
    local x, y, w, h = app:find{ name = "paper" }:bounds()
    assert.is_true(spot.x > x and spot.x < x + w and spot.y > y and spot.y < y + h, "✋ lies under Play Again")
    local sounds = #app:sounds()

    app:tap(spot)
    app:advance(0.15)
    app:tap(spot)
    app:advance(1)
    assert.are.equal("", app:find{ name = "player_pick" }.text)
    assert.are.equal(sounds, #app:sounds())
    for _, sprite in ipairs(app:find_all{ tag = "choice" }) do assert.is_true(sprite.visible) end
    assert.is_false(again.visible)

    -- A tap of its own, once the double tap is over, plays ✋ as ever.
    app:tap(spot)
    app:advance(1)
    assert.are.equal("✋", app:find{ name = "player_pick" }.text)
  end)
end)
