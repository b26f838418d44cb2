-- No brief in GAMES.md: ui-gallery is the engine's own tide.ui example.
-- The alert: title, message and buttons; modal until a button dismisses it.

describe("an alert", function()
  local app
  before_each(function()
    app = tide.test.start{ options = { start = "alerts" } }
    app:tap(app:find{ name = "show_alert" })
  end)

  it("shows a title, a message and its buttons", function()
    assert.are.equal("Delete the file?", app:find{ name = "alert_title" }.text)
    assert.are.equal("This cannot be undone.", app:find{ name = "alert_message" }.text)
    assert.are.equal("Cancel", app:find{ name = "cancel_label" }.text)
    assert.are.equal("Delete", app:find{ name = "confirm_label" }.text)
  end)

  it("lets nothing beneath it take a tap, a drag or typing", function()
    local beneath = app:find{ name = "beneath" }
    app:tap(beneath)
    app:drag(beneath, { x = 20, y = 20 })
    app:tap({ x = 10, y = 10 })
    assert.are.equal("Beneath: 0", app:find{ name = "beneath_label" }.text)
    local field = tide.ui.text_field{ name = "probe" }
    field:focus()
    app:type("x")
    assert.are.equal("", field:text())
  end)

  it("is removed by a button, which then does its job", function()
    app:tap(app:find{ name = "confirm" })
    assert.is_nil(app:find{ name = "alert" })
    assert.are.equal("Deleted", app:find{ name = "status" }.text)
    app:tap(app:find{ name = "beneath" })
    assert.are.equal("Beneath: 1", app:find{ name = "beneath_label" }.text)
  end)

  it("can be cancelled", function()
    app:tap(app:find{ name = "cancel" })
    assert.is_nil(app:find{ name = "alert" })
    assert.are.equal("Kept", app:find{ name = "status" }.text)
  end)
end)

describe("an alert over a field being typed into", function()
  it("holds the typing back until it is dismissed", function()
    local app = tide.test.start{ options = { start = "alerts" } }
    local field = tide.ui.text_field{ name = "probe" }
    field:focus()
    app:type("a")
    assert.are.equal("a", field:text())
    -- Opened by the game, not by a tap (a tap elsewhere would blur the field by itself).
    tide.ui.alert{ title = "Time's up", buttons = { { text = "OK", name = "ok" } } }
    app:type("x")
    assert.are.equal("a", field:text())
    app:tap(app:find{ name = "ok" })
    app:type("y")
    assert.are.equal("a", field:text(), "focus is not handed back silently")
  end)
end)

describe("an info button", function()
  it("opens what it is for", function()
    local app = tide.test.start{}
    app:tap(app:find{ name = "info" })
    assert.are.equal("Tide UI", app:find{ name = "about_title" }.text)
    app:tap(app:find{ name = "about_1" })
    assert.is_nil(app:find{ name = "about" })
  end)
end)
