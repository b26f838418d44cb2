-- Covers rps-match M2 M3 M4 M5 M6 (GAMES.md). The configuration screen: the name (required,
-- not only spaces, limit stated), the mode, the rounds slider,
-- the three points fields, Continue hidden until all is valid, and Info.

describe("the configuration screen", function()
  local app, helpers
  before_each(function()
    app = tide.test.start{ seed = 7 }
    helpers = require("tests.helpers")
    app:advance(2)   -- past the launch picture
  end)

  it("requires the player's name", function()
    local continue = app:find{ name = "continue" }
    assert.is_false(continue.visible)
    local x, y, w, h = continue.data.widget:bounds()
    app:tap({ x = x + w / 2, y = y + h / 2 })   -- hidden, it takes no tap
    assert.are.equal("config", app:scene())
    helpers.fill(app, "name", "A")
    assert.is_true(app:find{ name = "continue" }.visible)
    app:key("backspace")
    assert.are.equal("Enter your name", app:find{ name = "name_error" }.text)
    assert.is_false(app:find{ name = "continue" }.visible)
  end)

  it("chooses by rounds (with the slider) or by points (with three fields)", function()
    assert.are.equal("rounds", app:find{ name = "mode" }.data.widget:value())
    assert.is_true(app:find{ name = "rounds_section" }.visible)
    assert.is_false(app:find{ name = "points_section" }.visible)
    app:tap(app:find{ name = "mode_points" })
    assert.is_false(app:find{ name = "rounds_section" }.visible)
    assert.is_true(app:find{ name = "points_section" }.visible)
    assert.is_not_nil(app:find{ name = "win_points" })
    assert.is_not_nil(app:find{ name = "loss_points" })
    assert.is_not_nil(app:find{ name = "target" })
    app:tap(app:find{ name = "mode_rounds" })
    assert.is_true(app:find{ name = "rounds_section" }.visible)
  end)

  it("has a rounds slider from 1 to 5 in whole numbers", function()
    local slider = app:find{ name = "rounds" }.data.widget
    assert.are.equal(1, slider.min)
    assert.are.equal(5, slider.max)
    for value = 1, 5 do
      helpers.set_rounds(app, value)
      assert.are.equal(value, slider:value())
      assert.are.equal(tostring(value), app:find{ name = "rounds_value" }.text)
    end
    -- Dropped where 1.8 lies on the track, the thumb snaps to the whole number 2.
    local x, y, _, h = slider:bounds()
    app:drag(app:find{ name = "rounds_thumb" }, { x = x + 14 + 0.2 * slider.track_w, y = y + h / 2 })
    assert.are.equal(2, slider:value())
    assert.are.equal("integer", math.type(slider:value()))
    assert.are.equal("2", app:find{ name = "rounds_value" }.text)
  end)

  it("takes numbers only in the points fields, and shows Continue when all three are valid", function()
    helpers.fill(app, "name", "Ada")
    app:tap(app:find{ name = "mode_points" })
    assert.is_false(app:find{ name = "continue" }.visible)
    helpers.fill(app, "win_points", "3x")
    assert.are.equal("3", app:find{ name = "win_points_text" }.text)
    helpers.fill(app, "loss_points", "1")
    assert.is_false(app:find{ name = "continue" }.visible)
    helpers.fill(app, "target", "0")
    assert.are.equal("At least 1", app:find{ name = "target_error" }.text)
    assert.is_false(app:find{ name = "continue" }.visible)
    app:key("backspace")
    app:type("10")
    assert.is_true(app:find{ name = "continue" }.visible)
    app:tap(app:find{ name = "continue" })
    assert.are.equal("game", app:scene())
  end)

  it("needs a win worth at least 1 point; a loss may cost 0", function()
    helpers.fill(app, "name", "Ada")
    app:tap(app:find{ name = "mode_points" })
    helpers.fill(app, "win_points", "0")
    helpers.fill(app, "loss_points", "0")
    helpers.fill(app, "target", "5")
    assert.are.equal("At least 1", app:find{ name = "win_points_error" }.text)
    assert.are.equal("", app:find{ name = "loss_points_error" }.text)
    assert.is_false(app:find{ name = "continue" }.visible)
  end)

  it("refuses a name of only spaces (M2)", function()
    helpers.fill(app, "name", "   ")
    assert.is_false(app:find{ name = "continue" }.visible)
    app:type("Bo")
    assert.is_true(app:find{ name = "continue" }.visible)
  end)

  it("opens the rules with acknowledgments from Info, and comes back with the options kept", function()
    helpers.fill(app, "name", "Ada")
    helpers.set_rounds(app, 4)
    app:tap(app:find{ name = "info" })
    assert.are.equal("info", app:scene())
    app:advance(0.3)   -- taps wait for the screen to slide in
    assert.matches("Rock crushes scissors", app:find{ name = "rules" }.text)
    assert.matches("Paper covers rock", app:find{ name = "rules" }.text)
    assert.matches("Scissors cuts paper", app:find{ name = "rules" }.text)
    assert.are.equal("Acknowledgments", app:find{ name = "acknowledgments" }.text)
    assert.matches("Noto Color Emoji", app:find{ name = "credits" }.text)
    -- M6: the acknowledgments name the author, from conf.lua's author field.
    assert.are.equal("Made by the Tide project.", app:find{ name = "author" }.text)
    app:tap(app:find{ name = "back" })
    assert.are.equal("config", app:scene())
    assert.are.equal("Ada", app:find{ name = "name_text" }.text)
    assert.are.equal(4, app:find{ name = "rounds" }.data.widget:value())
    assert.is_true(app:find{ name = "continue" }.visible)
  end)
end)
