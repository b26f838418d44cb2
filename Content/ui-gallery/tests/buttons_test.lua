-- No brief in GAMES.md: ui-gallery is the engine's own tide.ui example.
-- Labels and buttons: taps, the pressed look, disabled and hidden buttons.

describe("a button", function()
  local app
  before_each(function() app = tide.test.start{ options = { start = "buttons" } } end)

  it("calls on_press when tapped", function()
    app:tap(app:find{ name = "tap_me" })
    app:tap(app:find{ text = "Tap me" })   -- the label is part of the button
    assert.are.equal("Tapped 2 times", app:find{ name = "status" }.text)
  end)

  it("darkens while the finger is down and recovers on release", function()
    local button = app:find{ name = "tap_me" }
    local normal = button.fill
    -- The test API has no press-and-hold, so watch the fill every tick of a drag.
    local seen = {}
    tide.every(1 / 60, function() seen[button.fill] = true end)
    app:drag(button, { x = 195, y = 700 })
    assert.is_true(seen["#b6913b"])
    assert.are.equal(normal, button.fill)
    assert.are.equal("Tapped 0 times", app:find{ name = "status" }.text)   -- a drag away is no tap
  end)

  it("ignores taps while disabled and looks faded", function()
    local disabled = app:find{ name = "disabled" }
    assert.is_true(disabled.alpha < 1)
    app:tap(disabled)
    assert.are.equal("Tapped 0 times", app:find{ name = "status" }.text)
    disabled.data.widget:set_enabled(true)
    assert.are.equal(1, disabled.alpha)
    app:tap(disabled)
    assert.are.equal("the disabled button fired", app:find{ name = "status" }.text)
  end)

  it("can be hidden and shown, taking no taps while hidden", function()
    local hidden = app:find{ name = "hidden" }
    local status = app:find{ name = "status" }
    -- Taps where the hidden button lies, as a player could.
    local function tap_where_hidden_is()
      local x, y, w, h = hidden:bounds()
      app:tap({ x = x + w / 2, y = y + h / 2 })
    end
    assert.is_false(hidden.visible)
    tap_where_hidden_is()
    assert.are.equal("Tapped 0 times", status.text)
    app:tap(app:find{ name = "toggle" })
    assert.is_true(hidden.visible)
    tap_where_hidden_is()
    assert.are.equal("You found the hidden button", status.text)
    status.data.widget:set_text("Tapped 0 times")
    app:tap(app:find{ name = "toggle" })
    assert.is_false(hidden.visible)
    tap_where_hidden_is()   -- where it was shown last, before the layout closed its gap
    assert.are.equal("Tapped 0 times", status.text)
  end)

  it("changes its text and keeps it centred", function()
    local button = app:find{ name = "tap_me" }.data.widget
    button:set_text("Again")
    assert.are.equal("Again", button:text())
    local label = app:find{ name = "tap_me_label" }
    assert.are.equal(button.w / 2, label.x)
  end)
end)

describe("a label", function()
  it("wraps to its width and changes text", function()
    local app = tide.test.start{ options = { start = "buttons" } }
    local paragraph = app:find{ name = "paragraph" }
    assert.matches("\n", paragraph.shown_text)   -- the text as drawn, wrapped by the engine
    assert.is_true(paragraph.w <= 320)
    local label = tide.ui.label{ text = "one" }
    label:set_text("three")
    assert.are.equal("three", label:text())
  end)
end)
