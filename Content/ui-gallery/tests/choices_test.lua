-- No brief in GAMES.md: ui-gallery is the engine's own tide.ui example.
-- The slider (whole-number steps, drag, tap-to-set, shows its value) and the
-- segmented choice.

describe("a slider", function()
  local app, slider, track_left, track_right, y
  before_each(function()
    app = tide.test.start{ options = { start = "choices" } }
    slider = app:find{ name = "rounds" }
    local left, top, _, h = slider.data.widget:bounds()
    track_left, track_right, y = left + 14, left + 14 + slider.data.widget.track_w, top + h / 2
  end)

  it("starts at its value and shows it", function()
    assert.are.equal(3, slider.data.widget:value())
    assert.are.equal("3", app:find{ name = "rounds_value" }.text)
  end)

  it("follows a drag, in whole steps, kept between min and max", function()
    app:drag(app:find{ name = "rounds_thumb" }, { x = track_right + 80, y = y })
    assert.are.equal(5, slider.data.widget:value())
    assert.are.equal("5", app:find{ name = "rounds_value" }.text)
    app:drag(app:find{ name = "rounds_thumb" }, { x = track_left - 80, y = y })
    assert.are.equal(1, slider.data.widget:value())
    app:drag(app:find{ name = "rounds_thumb" }, { x = track_left + (track_right - track_left) * 0.7, y = y })
    assert.are.equal(4, slider.data.widget:value())   -- 1 + 0.7 * 4 = 3.8, to the nearest step
    assert.are.equal(math.type(4), math.type(slider.data.widget:value()))
  end)

  it("jumps to where the track is tapped", function()
    app:tap({ x = track_left + 2, y = y })
    assert.are.equal(1, slider.data.widget:value())
    assert.are.equal("1 rounds, medium", app:find{ name = "status" }.text)
    app:tap({ x = track_right - 2, y = y })
    assert.are.equal(5, slider.data.widget:value())
  end)

  it("snaps values set from code", function()
    slider.data.widget:set_value(2.4)
    assert.are.equal(2, slider.data.widget:value())
    slider.data.widget:set_value(99)
    assert.are.equal(5, slider.data.widget:value())
  end)
end)

describe("a segmented choice", function()
  it("chooses the tapped segment and highlights it alone", function()
    local app = tide.test.start{ options = { start = "choices" } }
    local level = app:find{ name = "level" }.data.widget
    assert.are.equal("medium", level:value())
    app:tap(app:find{ name = "level_hard" })
    assert.are.equal("hard", level:value())
    assert.are.equal("3 rounds, hard", app:find{ name = "status" }.text)
    assert.are.equal("#f2c14e", app:find{ name = "level_hard" }.fill)
    assert.are_not.equal("#f2c14e", app:find{ name = "level_medium" }.fill)
  end)
end)
