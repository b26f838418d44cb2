import Foundation
import TideCore
import TideScript
import XCTest

/// `app:layout_problems()`: the layout check from a game's own tests, headless (approximate text
/// metrics; the colour behind text from the filled shapes under it). The game is the CLI check's
/// fixture, Tests/Fixtures/layout, which holds one problem per `problem` option.
final class LayoutProblemsTests: XCTestCase {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/layout")

  func testEachProblemIsReportedAndAbsentWhenFixed() throws {
    let main = try String(contentsOf: Self.folder.appendingPathComponent("main.lua"), encoding: .utf8)
    let conf = try String(contentsOf: Self.folder.appendingPathComponent("conf.lua"), encoding: .utf8)
    let report = try runLuaTests(
      #"""
      local function problems(problem, size)
        local app = tide.test.start{ options = { problem = problem }, size = size }
        return app:layout_problems()
      end

      describe("app:layout_problems", function()
        it("is empty for a clean screen, at every size", function()
          assert.are.same({}, problems("none"))
          assert.are.same({}, problems("none", { 320, 240 }))
          assert.are.same({}, problems("modal"))
        end)

        it("names each problem and the sprite", function()
          local expected = {
            offscreen = "text outside the screen: Node(text # 'title') 'Title' spans",
            widget = "text outside its widget: Node(text # 'label') 'A label far too long' spans",
            overlap = "text overlaps text: Node(text # 'title') 'Title' and Node(text # 'hint') 'Hint' overlap by",
            covered = "tappable sprite covered: Node(rect # 'button') at (120, 160) is under Node(rect # 'bar'), which takes its taps",
            contrast = "low contrast: Node(text # 'hint') 'Hint' is #333333 on #202020, 1.29:1 (needs 4.5:1)",
          }
          for problem, line in pairs(expected) do
            local found = problems(problem)
            assert.are.equal(1, #found, problem .. ": " .. table.concat(found, " | "))
            -- Sprite ids grow with each start: compare without them.
            local without_ids = found[1]:gsub("(Node%(%a+ )#%d+", "%1#")
            assert.are.equal(line, without_ids:sub(1, #line), problem)
          end
        end)

        it("sees what the screen shows now", function()
          local app = tide.test.start{ options = { problem = "contrast" } }
          assert.are.equal(1, #app:layout_problems())
          app:find{ name = "hint" }.color = "#ffffff"
          assert.are.same({}, app:layout_problems())
          app:find{ name = "hint" }.visible = false
          app:find{ name = "hint" }.color = "#333333"
          assert.are.same({}, app:layout_problems())
        end)

        it("does not count text a moved camera scrolled off the screen", function()
          local app = tide.test.start{ options = { problem = "offscreen" } }
          assert.are.equal(1, #app:layout_problems())
          tide.camera.x = tide.camera.x + 40
          assert.are.same({}, app:layout_problems())
          tide.camera.x = tide.camera.x - 40
          assert.are.equal(1, #app:layout_problems())
        end)

        it("holds no faded (disabled) widget's text to a contrast, as WCAG exempts inactive controls", function()
          local app = tide.test.start{ options = { problem = "contrast" } }
          local hint = app:find{ name = "hint" }
          local x, y = hint:bounds()
          local disabled = tide.sprite.group{ alpha = 0.4 }
          disabled:add(hint)
          hint.x, hint.y = x, y
          assert.are.same({}, app:layout_problems())
          disabled.alpha = 0.8
          assert.are.equal(1, #app:layout_problems())
        end)
      end)
      """#, main: main, conf: conf)
    assertAllPassed(report, count: 5)
  }
}

/// The contrast arithmetic, against WCAG's own figures.
final class LayoutContrastTests: XCTestCase {
  func testContrastMatchesWCAG() {
    XCTAssertEqual(LayoutCheck.contrast(.white, .black), 21, accuracy: 1e-9)
    XCTAssertEqual(LayoutCheck.contrast(.black, .black), 1, accuracy: 1e-9)
    // #767676 on white is the classic smallest grey that passes AA: 4.54:1.
    let grey = Color(bytes: 0x76, 0x76, 0x76)
    XCTAssertEqual(LayoutCheck.contrast(grey, .white), 4.54, accuracy: 0.01)
  }
}
