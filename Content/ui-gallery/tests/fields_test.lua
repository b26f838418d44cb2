-- No brief in GAMES.md: ui-gallery is the engine's own tide.ui example.
-- Text fields: focus by tapping, the blinking caret, typing and backspace,
-- the placeholder, maximum length, numbers only, and validation that marks
-- the field and says why.

describe("a text field", function()
  local app
  before_each(function() app = tide.test.start{ options = { start = "fields" } } end)

  it("takes the focus when tapped and shows a blinking caret", function()
    local caret = app:find{ name = "name_caret" }
    assert.is_false(caret.visible)
    app:tap(app:find{ name = "name" })
    assert.are.equal("name", tide.ui.focused().name)
    assert.is_true(caret.visible)
    app:advance(0.5)
    assert.is_false(caret.visible)
    app:advance(0.5)
    assert.is_true(caret.visible)
  end)

  it("types into the focused field only, and backspace removes the last character", function()
    app:type("Ada")   -- nothing has the focus yet
    assert.are.equal("", app:find{ name = "name_text" }.text)
    app:tap(app:find{ name = "name" })
    app:type("Zoë")
    assert.are.equal("Zoë", app:find{ name = "name_text" }.text)
    app:key("backspace")
    assert.are.equal("Zo", app:find{ name = "name_text" }.text)
    assert.are.equal("", app:find{ name = "age_text" }.text)
  end)

  it("moves the caret to the end of the text", function()
    app:tap(app:find{ name = "name" })
    local caret, text = app:find{ name = "name_caret" }, app:find{ name = "name_text" }
    app:type("Ada")
    assert.is_true(caret.x >= text.x + text.w)
  end)

  it("shows the placeholder only while empty", function()
    local placeholder = app:find{ name = "name_placeholder" }
    assert.are.equal("Your name", placeholder.text)
    assert.is_true(placeholder.visible)
    app:tap(app:find{ name = "name" })
    app:type("A")
    assert.is_false(placeholder.visible)
    app:key("backspace")
    assert.is_true(placeholder.visible)
  end)

  it("stops at its maximum length", function()
    app:tap(app:find{ name = "name" })
    app:type("Bartholomew Jr.")
    assert.are.equal("Bartholomew ", app:find{ name = "name_text" }.text)
  end)

  it("takes only digits when numeric", function()
    app:tap(app:find{ name = "age" })
    app:type("4a2!")
    assert.are.equal("42", app:find{ name = "age_text" }.text)
    assert.are.equal(42, app:find{ name = "age" }.data.widget:number())
  end)

  it("marks itself invalid and says why, once edited", function()
    local age = app:find{ name = "age" }
    assert.are.equal("", app:find{ name = "age_error" }.text)   -- untouched: no complaint yet
    assert.is_false(age.data.widget:is_valid())
    app:tap(age)
    app:type("200")
    assert.are.equal("From 1 to 120", app:find{ name = "age_error" }.text)
    assert.are.equal(tide.ui.theme.danger, age.stroke)
    app:key("backspace")
    assert.are.equal("", app:find{ name = "age_error" }.text)
    assert.is_true(age.data.widget:is_valid())
  end)

  it("says a required field is required once it is emptied", function()
    app:tap(app:find{ name = "name" })
    app:type("A")
    app:key("backspace")
    assert.are.equal("Required", app:find{ name = "name_error" }.text)
  end)

  it("loses the focus on a tap elsewhere or on return", function()
    app:tap(app:find{ name = "name" })
    app:tap({ x = 195, y = 700 })
    assert.is_nil(tide.ui.focused())
    assert.is_false(app:find{ name = "name_caret" }.visible)
    app:tap(app:find{ name = "name" })
    app:key("return")
    assert.is_nil(tide.ui.focused())
  end)

  it("hands the focus from one field to another", function()
    app:tap(app:find{ name = "name" })
    app:type("Ada")
    app:tap(app:find{ name = "age" })
    app:type("36")
    assert.are.equal("Ada", app:find{ name = "name_text" }.text)
    assert.are.equal("36", app:find{ name = "age_text" }.text)
    assert.are.equal("Hello Ada, 36", app:find{ name = "status" }.text)
  end)
end)
