import TideCore
import TideScript
import XCTest

/// What surprised an outside author: `anchor` reads back as set, unknown tween and sequence options are
/// refused with the valid ones, an optional field is cleared by nil and every field error names
/// the field.
final class AuthorSurpriseTests: XCTestCase {
  func testTheSurprisesAreGone() throws {
    let report = try runLuaTests(
      luaFailsWith + #"""

      describe("author surprises", function()
        local app
        before_each(function() app = tide.test.start() end)

        it("reads anchor back as it was set", function()
          local r = tide.sprite.rect{}
          assert.are.equal("top_left", r.anchor)
          r.anchor = "center"
          assert.are.equal("center", r.anchor)
          r.anchor = { 0.25, 0.75 }
          assert.are.same({ 0.25, 0.75 }, r.anchor)
          assert.are.equal("center", tide.sprite.circle{}.anchor)
        end)

        it("refuses unknown tween, sequence and step options, listing the valid ones", function()
          local r = tide.sprite.rect{}
          fails_with(function() tide.tween(r, 1, { x = 5 }, { eese = "out_back" }) end,
            "unknown tween option 'eese' (options: ease, delay, on_done, loops, yoyo)")
          fails_with(function() tide.sequence({ { r, 1, { x = 5 } } }, { dealy = 1 }) end,
            "unknown option 'dealy' (options: delay, on_done, loops, yoyo)")
          fails_with(function() tide.parallel({ { r, 1, { x = 5 }, { easing = "linear" } } }) end,
            "unknown step 1 option 'easing' (options: ease, loops, yoyo)")
        end)

        it("clears an optional field with nil, and names the field otherwise", function()
          local r = tide.sprite.rect{ tag = "t", name = "n" }
          r.tag = nil
          r.name = nil
          assert.are.same({ "", "" }, { r.tag, r.name })
          fails_with(function() r.visible = nil end, "visible: boolean expected, got nil")
          fails_with(function() r.image = nil end, "image: string expected, got nil")
          -- x and y are plain fields of the sprite's table: a bad one is named at the end of the tick.
          fails_with(function() r.x = "left"; app:step() end, 'x must be a number, got string "left"; it stays at x = 0')
        end)
      end)
      """#)
    assertAllPassed(report, count: 3)
  }
}
