-- Covers rps-match M2 M3 M4 M5 M6 (GAMES.md). The configuration screen: the name (required,
-- not only spaces, limit stated), the mode, the rounds slider, the three points fields (whole
-- numbers in a range, anything else refused with the range said), Continue hidden until all is
-- valid, Info, and tap targets of 48 points or more.

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
    assert.are.equal("Whole numbers from 1 to 999", app:find{ name = "target_error" }.text)
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
    assert.are.equal("Whole numbers from 1 to 100", app:find{ name = "win_points_error" }.text)
    assert.are.equal("", app:find{ name = "loss_points_error" }.text)
    assert.is_false(app:find{ name = "continue" }.visible)
  end)

  -- M4, M5: a points field takes whole numbers in its range. A decimal, a minus or a value past
  -- the range is refused and the range said; it is never rewritten ("1.5" into 15, "1000" into
  -- 100), so a match never starts on a number the player did not type.
  it("refuses a decimal, a minus and a value past the range in the points fields, saying the range (M4)", function()
    helpers.fill(app, "name", "Ada")
    app:tap(app:find{ name = "mode_points" })
    local ranges = { win_points = { 1, 100 }, loss_points = { 0, 100 }, target = { 1, 999 } }
    local fine = { win_points = "3", loss_points = "1", target = "10" }
    local cases = {
      { "win_points", "1.5", "15" }, { "win_points", "-5", "5" }, { "win_points", "1000", "100" },
      { "loss_points", "0.5", "05" }, { "loss_points", "-1", "1" }, { "loss_points", "250", "25" },
      { "target", "2.5", "25" }, { "target", "-10", "10" }, { "target", "1000", "100" },
    }
    for _, case in ipairs(cases) do
      local key, typed, rewritten = case[1], case[2], case[3]
      for other, text in pairs(fine) do
        if other ~= key then
          app:tap(app:find{ name = other })
          for _ = 1, 4 do app:key("backspace") end
          app:type(text)
        end
      end
      app:tap(app:find{ name = key })
      for _ = 1, 4 do app:key("backspace") end
      app:type(typed)
      local what = key .. " given " .. typed
      local field = app:find{ name = key }.data.widget
      assert.are_not.equal(rewritten, field:text(), what .. ": not rewritten")
      assert.is_false(field:is_valid(), what .. ": refused")
      assert.is_false(app:find{ name = "continue" }.visible, what .. ": Continue stays hidden")
      app:tap(app:find{ name = "title" })   -- leaves the field, as a player moving on would
      local said = {}
      for n in app:find{ name = key .. "_error" }.text:gmatch("%d+") do said[tonumber(n)] = true end
      assert.is_true(said[ranges[key][1]] and said[ranges[key][2]],
        what .. ": says the range, not \"" .. app:find{ name = key .. "_error" }.text .. "\"")
    end
  end)

  it("takes taps on the rounds slider over 48 points, though it is drawn 44 tall", function()
    local x, y, w, h = app:find{ name = "rounds_touch" }:bounds()
    assert.is_true(h >= 48, ("the slider takes taps over %.0f points"):format(h))
    -- Just inside the strip's top and bottom edges, outside the drawn slider.
    app:tap({ x = x + 2, y = y + 1 })
    local low = app:find{ name = "rounds_value" }.text
    app:tap({ x = x + w - 2, y = y + h - 1 })
    assert.are_not.equal(low, app:find{ name = "rounds_value" }.text)
  end)

  it("gives Info, the mode, the fields and Continue 48 points or more to tap, at each size", function()
    for _, size in ipairs({ { 390, 844 }, { 375, 667 }, { 834, 1112 } }) do
      local at_size = tide.test.start{ seed = 7, size = size }
      at_size:advance(2)
      helpers.fill(at_size, "name", "Ada")
      for _, name in ipairs({ "info", "mode_rounds", "mode_points", "name", "continue" }) do
        local _, _, w, h = at_size:find{ name = name }:bounds()
        assert.is_true(w >= 48 and h >= 48, ("%s is %.0fx%.0f at %dx%d"):format(name, w, h, size[1], size[2]))
      end
      at_size:tap(at_size:find{ name = "info" })
      at_size:advance(1)
      local _, _, w, h = at_size:find{ name = "back" }:bounds()
      assert.is_true(w >= 48 and h >= 48, ("back is %.0fx%.0f"):format(w, h))
    end
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
