import Foundation
import XCTest

/// The layout check looks at what the player sees: clips, fades through groups, motion, tap
/// targets a finger can hit, and the longest text a sprite may show. Star Catcher
/// (Tests/Fixtures/star-catcher) is an action game as a newcomer writes it: stars fall through
/// a clipped field and grow in, a "+1" fades as a sprite with `alpha`; it must pass as drawn.
final class LayoutSeesWhatThePlayerSeesTests: XCTestCase {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  func fixture(_ name: String, _ file: String) throws -> String {
    try String(contentsOf: Self.fixtures.appendingPathComponent("\(name)/\(file)"), encoding: .utf8)
  }

  func testAnActionGamePassesAsDrawnAtEveryFrame() throws {
    let report = try runLuaTests(
      #"""
      local function problems(app) return table.concat(app:layout_problems(), "\n") end

      for _, size in ipairs({ { 390, 844 }, { 375, 667 } }) do
        it(("passes every tenth of a second of play at %dx%d"):format(size[1], size[2]), function()
          local app = tide.test.start{ seed = 3, size = size }
          local seen_plus, seen_clipped = false, false
          for _ = 1, 60 do
            app:advance(0.1)
            assert.are.equal("", problems(app))
            local plus = app:find{ name = "plus" }
            if plus and plus.alpha > 0.5 and plus.alpha < 1 then seen_plus = true end
            for _, star in ipairs(app:find_all{ tag = "star" }) do
              if star.y < 0 then seen_clipped = true end
            end
          end
          assert.is_true(seen_plus, "a +1 was checked mid-fade")
          assert.is_true(seen_clipped, "a star was checked while still above the field")
        end)
      end

      it("leaves out what the field's clip hides, which it would report unclipped", function()
        local app = tide.test.start{ seed = 3 }
        local field = app:find{ name = "field" }
        -- Two stars still above the field: one over the score, one past the screen's top.
        tide.sprite.text("⭐", { parent = field, x = 60, y = -40, anchor = "center", size = 44, name = "entering" })
        tide.sprite.text("⭐", { parent = field, x = 250, y = -90, anchor = "center", size = 44, name = "above" })
        assert.are.equal("", problems(app))
        field.clip = false
        local found = problems(app)
        assert.matches("text overlaps text: Node%(text #%d+ 'score'%) 'Score: 0' and Node%(text #%d+ 'entering'%)", found)
        assert.matches("text outside the screen: Node%(text #%d+ 'above'%)", found)
      end)

      it("leaves a sprite marked moving, or in a group marked moving, out of overlap checks", function()
        local app = tide.test.start{ seed = 3 }
        local a = tide.sprite.text("Falling", { x = 100, y = 300, size = 24, color = "#ffffff" })
        local group = tide.sprite.group{}
        local b = tide.sprite.text("Falling", { parent = group, x = 110, y = 305, size = 24, color = "#ffffff" })
        assert.matches("text overlaps text", problems(app))
        group.moving = true
        assert.are.equal("", problems(app))
        group.moving, a.moving = false, true
        assert.are.equal("", problems(app))
        assert.is_true(a.moving and not b.moving)
      end)
      """#,
      main: try fixture("star-catcher", "main.lua"), conf: try fixture("star-catcher", "conf.lua"))
    assertAllPassed(report, count: 4)
  }

  func testFadesTapTargetsAndLongestText() throws {
    let report = try runLuaTests(
      #"""
      local function problems(app) return table.concat(app:layout_problems(), "\n") end

      it("counts a text's own alpha as it counts its group's", function()
        local app = tide.test.start{}
        local own = tide.sprite.text("Faint", { x = 20, y = 100, size = 20, color = "#555555" })
        local group = tide.sprite.group{}
        local held = tide.sprite.text("Faint", { parent = group, x = 20, y = 200, size = 20, color = "#555555" })
        for _, alpha in ipairs({ 0.2, 0.5, 0.8, 1 }) do
          own.alpha, group.alpha = alpha, 1
          local by_own = select(2, problems(app):gsub("low contrast", ""))
          own.alpha, group.alpha = 1, alpha
          local by_group = select(2, problems(app):gsub("low contrast", ""))
          assert.are.equal(by_own, by_group, "alpha " .. alpha)
        end
        own.alpha, group.alpha = 0.2, 1
        held.visible = false
        assert.are.equal("", problems(app), "faded to a fifth: on its way in or out")
      end)

      it("reports a tap target smaller than 44 by 44 points, whatever widens it", function()
        local app = tide.test.start{}
        local close = tide.sprite.rect{ x = 20, y = 20, w = 30, h = 30, fill = "#ffffff", name = "close" }
        close:on("tap", function() end)
        assert.matches("tap target too small: Node%(rect #%d+ 'close'%) is 30x30, less than 44x44", problems(app))
        -- An empty group around it widens what takes its taps without changing how it looks.
        tide.sprite.group{ parent = close, x = -9, y = -9, w = 48, h = 48 }
        assert.are.equal("", problems(app))
        close.visible = false
        local wide = tide.sprite.rect{ x = 20, y = 200, w = 300, h = 40, fill = "#ffffff", name = "wide" }
        wide:on("drag", function() end)
        assert.matches("'wide'%) is 300x40", problems(app))
      end)

      it("checks a text with its layout_text while it shows any", function()
        local app = tide.test.start{}
        local name = tide.sprite.text("Ada", { x = 200, y = 100, size = 24, color = "#ffffff", name = "leader" })
        assert.is_nil(name.layout_text)
        name.layout_text = string.rep("W", 16)
        assert.matches("text outside the screen: Node%(text #%d+ 'leader'%) 'WWWW", problems(app))
        assert.are.equal("Ada", name.text, "given its own text back")
        name.text = ""
        assert.are.equal("", problems(app))
        name.text, name.layout_text = "Ada", nil
        assert.are.equal("", problems(app))
      end)
      """#,
      main: #"""
      tide.scene.define("a", {})
      tide.scene.go("a")
      """#,
      conf: ##"return { width = 320, height = 480, background = "#202020" }"##)
    assertAllPassed(report, count: 3)
  }

  func testConfMayRaiseTheLeastTapTarget() throws {
    let report = try runLuaTests(
      #"""
      it("reports a 44-point target under min_tap_size = 48", function()
        local app = tide.test.start{}
        tide.sprite.rect{ x = 20, y = 20, w = 44, h = 44, fill = "#ffffff", name = "info" }:on("tap", function() end)
        assert.matches("'info'%) is 44x44, less than 48x48", table.concat(app:layout_problems()))
      end)
      """#,
      main: #"""
      tide.scene.define("a", {})
      tide.scene.go("a")
      """#,
      conf: #"return { width = 320, height = 480, min_tap_size = 48 }"#)
    assertAllPassed(report, count: 1)
  }
}
