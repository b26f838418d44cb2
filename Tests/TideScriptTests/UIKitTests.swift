import TideScript
import XCTest

/// `tide.ui` state across scene visits: alerts, focus and navigation.
final class UIKitTests: XCTestCase {
  func testAlertsFocusAndNavigationAcrossVisits() throws {
    let report = try runLuaTests(
      #"""
      -- tide.ui, like the game, is loaded afresh by each tide.test.start: read it after starting.
      it("gives each visit of a scene its own instance number", function()
        local app = tide.test.start()
        local name, first = tide.scene.current()
        assert.are.equal("a", name)
        tide.scene.go("b"); app:step()
        tide.scene.go("a"); app:step()
        local _, again = tide.scene.current()
        assert.is_true(again > first)
      end)

      it("does not let an alert of an earlier visit block this one", function()
        local app = tide.test.start()
        local ui = tide.ui
        ui.alert{ title = "Left open" }
        assert.is_true(require("tide.ui.core").modal_open())
        tide.scene.go("b"); app:step()
        tide.scene.go("a"); app:step()
        assert.is_false(require("tide.ui.core").modal_open())
        local field = ui.text_field{ name = "field" }
        field:focus()
        app:type("Ada")
        assert.are.equal("Ada", field:text())
      end)

      it("stops typing into a focused field once it is hidden or removed", function()
        local app = tide.test.start()
        local ui = tide.ui
        local field = ui.text_field{ name = "field" }
        field:focus()
        field:hide()
        assert.is_nil(ui.focused())
        app:type("x")
        assert.are.equal("", field:text())
        local other = ui.text_field{ name = "other" }
        other:focus()
        other:remove()
        assert.is_nil(ui.focused())
      end)

      it("marks a field's box for a touch screen's keyboard, digits for a number", function()
        tide.test.start()
        local ui = tide.ui
        local name = ui.text_field{ name = "who" }
        local age = ui.text_field{ name = "age", numeric = true, min = 1, max = 99 }
        assert.are.equal("text", name.sprite.keyboard)
        assert.are.equal("number", age.sprite.keyboard)
        age:set_enabled(false)
        assert.is_nil(age.sprite.keyboard, "a disabled field takes no typing")
        age:set_enabled(true)
        assert.are.equal("number", age.sprite.keyboard)
        local box = tide.sprite.rect{ w = 10, h = 10, keyboard = "text" }
        assert.are.equal("text", box.keyboard)
        box.keyboard = nil
        assert.is_nil(box.keyboard)
        assert.error_matches(function() box.keyboard = "emoji" end,
          "invalid keyboard 'emoji' (expected one of: text, number, or nil)", nil, true)
      end)

      it("keeps the history when asked to go to an unknown screen", function()
        tide.test.start()
        local ui = tide.ui
        assert.error_matches(function() ui.go("nowhere") end, "unknown scene 'nowhere'", nil, true)
        assert.is_false(ui.can_go_back())
      end)
      """#,
      main: #"""
      tide.scene.define("a", {})
      tide.scene.define("b", {})
      tide.scene.go("a")
      """#)
    XCTAssertEqual(report.failed, 0, report.output)
    XCTAssertEqual(report.passed, 5, report.output)
  }

  /// A number field refuses what it cannot take, saying the range, and never rewrites it into
  /// another number ("1.5" is not 15).
  func testNumberFieldsRefuseWhatTheyCannotTakeAndSayTheRange() throws {
    let report = try runLuaTests(
      #"""
      local function typed(text, opts)
        local app = tide.test.start()
        opts = opts or { numeric = true, min = 5, max = 100, max_length = 3 }
        opts.name = "field"
        local field = tide.ui.text_field(opts)
        field:focus()
        app:type(text)
        return field, app:find{ name = "field_error" }.text
      end

      it("refuses a decimal, a minus and a value past the range, and says the range", function()
        for _, text in ipairs({ "1.5", "4,5", "-5", "1000", "2", "101" }) do
          local field, said = typed(text)
          assert.are.equal(text, field:text(), "kept as typed")
          assert.is_false(field:is_valid(), text)
          assert.is_nil(field:number(), text)
          assert.are.equal("Whole numbers from 5 to 100", said, text)
        end
      end)

      it("takes a whole number in the range, and drops other characters as typos", function()
        local field, said = typed("4a2!")
        assert.are.equal("42", field:text())
        assert.are.equal(42, field:number())
        assert.is_true(field:is_valid())
        assert.are.equal("", said)
      end)

      it("says what it takes with only one end of a range, or none", function()
        local _, said = typed("-1", { numeric = true, min = 0 })
        assert.are.equal("Whole numbers from 0 up", said)
        _, said = typed("1.5", { numeric = true })
        assert.are.equal("Whole numbers only", said)
        _, said = typed("99", { numeric = true, max = 10 })
        assert.are.equal("Whole numbers up to 10", said)
      end)

      it("goes on to the game's own check once the number is one it takes", function()
        local _, said = typed("7", { numeric = true, min = 5, max = 100,
          validate = function(text) return text ~= "10" and "Try 10" or nil end })
        assert.are.equal("Try 10", said)
      end)

      it("gives the layout check its longest text", function()
        local field = typed("", { numeric = true, max_length = 3 })
        assert.are.equal("000", field:longest_text())
        assert.are.equal("000", field.shown.layout_text)
        local name = typed("", { max_length = 4 })
        assert.are.equal("WWWW", name:longest_text())
        assert.is_nil(typed("", {}):longest_text())
      end)
      """#,
      main: #"""
      tide.scene.define("a", {})
      tide.scene.go("a")
      """#)
    assertAllPassed(report, count: 5)
  }

  /// No widget's text leaves its widget, whatever its length; a text sprite takes a box
  /// and a fit mode, reads back what was set, and shows what fitting made of it.
  func testWidgetTextStaysInsideItsWidget() throws {
    let report = try runLuaTests(
      #"""
      local long = "A name far too long for any button on a phone 🦁🐍🐰"

      local function inside(sprite, widget)
        local x, y, w, h = sprite:bounds()
        local wx, wy, ww, wh = widget.sprite:bounds()
        return x >= wx - 0.01 and y >= wy - 0.01 and x + w <= wx + ww + 0.01 and y + h <= wy + wh + 0.01
      end

      it("shrinks, then cuts, a button's label to its width", function()
        tide.test.start()
        local button = tide.ui.button{ text = long, width = 200, name = "b" }
        local label = button.label
        assert.is_true(inside(label, button))
        assert.is_true(label.shown_size < label.size)
        assert.matches("…$", label.shown_text)
        assert.are.equal(long, button:text())
        button:set_text("OK")
        assert.are.equal("OK", label.shown_text)
        assert.are.equal(label.size, label.shown_size)
      end)

      it("keeps a long typed name and a long placeholder inside a text field", function()
        local app = tide.test.start()
        local field = tide.ui.text_field{ placeholder = long, width = 220, name = "f" }
        assert.is_true(inside(app:find{ name = "f_placeholder" }, field))
        field:focus()
        app:type(long)
        assert.is_true(inside(app:find{ name = "f_text" }, field))
        assert.are.equal(long, field:text())
      end)

      it("wraps or shrinks a label given a width, and cuts at a height", function()
        tide.test.start()
        local wrapped = tide.ui.label{ text = long, width = 200, wrap = true }
        assert.is_true(inside(wrapped.text_sprite, wrapped))
        assert.matches("\n", wrapped.text_sprite.shown_text)
        local shrunk = tide.ui.label{ text = long, width = 200 }
        assert.is_true(shrunk.text_sprite.shown_size < shrunk.text_sprite.size)
        local cut = tide.ui.label{ text = long, width = 200, height = 30, fit = "wrap" }
        assert.is_nil(cut.text_sprite.shown_text:find("\n"), "one line of 26 units fits a height of 30")
        assert.matches("…$", cut.text_sprite.shown_text)
        assert.has_error(function() tide.ui.label{ text = "x", fit = "squeeze" } end)
      end)

      it("fits a segmented control's labels to their segments", function()
        tide.test.start()
        local choice = tide.ui.segmented{ options = { "Extraordinarily long", "Short" }, width = 200, name = "s" }
        for _, segment in ipairs(choice.segments) do
          local x, _, w = segment.label:bounds()
          local bx, _, bw = segment.box:bounds()
          assert.is_true(x >= bx and x + w <= bx + bw + 0.01)
        end
      end)

      it("gives text sprites a box and a fit mode", function()
        tide.test.start()
        local s = tide.sprite.text("one two three four", { size = 10, max_width = 60 })
        assert.are.equal("wrap", s.fit)
        assert.are.equal("one two three four", s.text)
        assert.are.equal("one two\nthree four", s.shown_text)
        s.fit = "ellipsis"
        assert.matches("…$", s.shown_text)
        s.fit = nil
        assert.are.equal("wrap", s.fit)
        s.max_width = 0
        assert.are.equal("none", s.fit)
        assert.has_error(function() s.fit = "squash" end,
          "bad argument #3 to 'newindex' (fit: invalid fit 'squash' (expected one of: none, wrap, shrink, ellipsis))")
        assert.has_error(function() s.shown_text = "x" end)
        assert.are.equal(6, s.min_size)   -- half of 10, but never below 6
        s.min_size = 7
        assert.are.equal(7, s.min_size)
      end)
      """#,
      main: #"""
      tide.scene.define("a", {})
      tide.scene.go("a")
      """#)
    XCTAssertEqual(report.failed, 0, report.output)
    XCTAssertEqual(report.passed, 5, report.output)
  }
}
