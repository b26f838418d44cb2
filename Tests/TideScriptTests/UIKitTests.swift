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
    XCTAssertEqual(report.passed, 4, report.output)
  }
}
