-- No brief in GAMES.md: ui-gallery is the engine's own tide.ui example.
-- Screens: go to one, back to the one before, with a short transition.

describe("screen navigation", function()
  it("goes to a screen and back to the one before", function()
    local app = tide.test.start{}
    assert.are.equal("home", app:scene())
    assert.is_false(tide.ui.can_go_back())
    app:tap(app:find{ name = "open_fields" })
    assert.are.equal("fields", app:scene())
    assert.is_true(tide.ui.can_go_back())
    app:advance(0.3)   -- taps wait for the screen to slide in
    app:tap(app:find{ name = "back" })
    assert.are.equal("home", app:scene())
    assert.is_false(tide.ui.back())
  end)

  it("slides a curtain off the new screen in a moment", function()
    local app = tide.test.start{}
    app:tap(app:find{ name = "open_choices" })
    local curtain = app:find{ name = "transition" }
    assert.is_not_nil(curtain)
    app:advance(0.1)
    assert.is_true(curtain.x < 0)   -- forward: off to the left
    app:advance(0.3)
    assert.is_nil(app:find{ name = "transition" })
    app:tap(app:find{ name = "back" })
    app:advance(0.1)
    assert.is_true(app:find{ name = "transition" }.x > 0)   -- back: off to the right
  end)

  it("holds taps while the new screen slides in, and takes them once it has", function()
    local app = tide.test.start{}
    app:tap(app:find{ name = "open_buttons" })
    -- What moves under a finger during the slide is not what the player saw there.
    app:tap(app:find{ name = "tap_me" })
    assert.are.equal("Tapped 0 times", app:find{ name = "status" }.text)
    app:advance(0.3)
    app:tap(app:find{ name = "tap_me" })
    assert.are.equal("Tapped 1 time", app:find{ name = "status" }.text)
  end)

  it("remembers several screens", function()
    local app = tide.test.start{}
    tide.ui.go("buttons"); app:step()
    tide.ui.go("alerts"); app:step()
    assert.are.equal("alerts", tide.ui.current())
    tide.ui.back(); app:step()
    assert.are.equal("buttons", app:scene())
    tide.ui.back(); app:step()
    assert.are.equal("home", app:scene())
  end)
end)
