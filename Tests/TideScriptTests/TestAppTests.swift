import TideCore
import TideScript
import XCTest

/// The test app's held gestures, `sprite:bounds()`, and `find{ visible = }` meaning "shows".
final class TestAppTests: XCTestCase {
  func testHeldGesturesBoundsAndVisibility() throws {
    let report = try runLuaTests(
      #"""
      describe("a held gesture", function()
        it("can be checked while the finger is down, then finished", function()
          local app = tide.test.start()
          local card = app:find{ name = "card" }
          app:press(card)
          assert.are.same({ "press" }, card.data.log)
          app:move({ x = 150, y = 120 }, { steps = 4 })
          assert.are.same({ "press", "began", "moved", "moved", "moved" }, card.data.log)
          app:release()
          assert.are.same({ "press", "began", "moved", "moved", "moved", "ended", "release" }, card.data.log)
        end)

        it("refuses move and release without a press", function()
          local app = tide.test.start()
          assert.has_error(function() app:move({ x = 1, y = 1 }) end, "app:move needs a finger down first: call app:press")
          assert.has_error(function() app:release() end, "app:release needs a finger down first: call app:press")
        end)
      end)

      describe("sprite:bounds", function()
        it("is the on-screen box after the parent's move and the sprite's scale", function()
          local app = tide.test.start()
          local x, y, w, h = app:find{ name = "badge" }:bounds()
          assert.are.same({ 110, 70, 20, 10 }, { x, y, w, h })
        end)
      end)

      describe("find with visible", function()
        it("means the sprite shows: a hidden parent hides its children", function()
          local app = tide.test.start()
          assert.is_nil(app:find{ name = "inside", visible = true })
          assert.are.equal("inside", app:find{ name = "inside", visible = false }.name)
          app:find{ name = "box" }.visible = true
          assert.are.equal("inside", app:find{ name = "inside", visible = true }.name)
        end)
      end)
      """#,
      main: #"""
      local card = tide.sprite.rect{ name = "card", x = 50, y = 50, w = 100, h = 100 }
      card.data.log = {}
      local function log(entry) card.data.log[#card.data.log + 1] = entry end
      card:on("press", function() log("press") end)
      card:on("release", function() log("release") end)
      card:on("drag", function(e) log(e.phase) end)
      local group = tide.sprite.group{ x = 100, y = 60 }
      group:add(tide.sprite.rect{ name = "badge", x = 10, y = 10, w = 10, h = 5, scale = 2 })
      local box = tide.sprite.group{ name = "box", visible = false }
      box:add(tide.sprite.rect{ name = "inside", w = 5, h = 5 })
      """#)
    assertAllPassed(report, count: 4)
  }

  /// The outside author's report: conf.lua, --size and @size take "WxH", and tide.test.start
  /// refused it. It takes "WxH" too, read and checked as the others read it.
  /// A game under `tide test` could see and call `tide.test.start` from its own callbacks; the
  /// harness is now the tests' alone, while the tests still reach the game's `tide`.
  func testTheHarnessIsNotReachableFromTheGame() throws {
    let report = try runLuaTests(
      #"""
      describe("the harness", function()
        it("is not in the game's tide", function()
          local app = tide.test.start()
          assert.are.equal("nil", app:find{ name = "seen" }.text)
          app:advance(0.5)
          assert.are.equal("attempt to index a nil value (field 'test')", app:find{ name = "seen" }.text:match("attempt.*$"))
          assert.are.equal("function", type(tide.sprite.text))
        end)
      end)
      """#,
      main: #"""
      local seen = tide.sprite.text(tostring(tide.test), { name = "seen", x = 50, y = 50 })
      tide.after(0.1, function()
        local _, err = pcall(function() return tide.test.start() end)
        seen.text = tostring(err)
      end)
      """#)
    assertAllPassed(report, count: 1)
  }

  func testStartTakesASizeWrittenWxH() throws {
    let report = try runLuaTests(
      #"""
      describe("tide.test.start's size", function()
        it("takes WxH as conf.lua and --size write it", function()
          tide.test.start{ size = "844x390" }
          assert.are.same({ 844, 390 }, { tide.screen.width, tide.screen.height })
          tide.test.start{ size = "375X667" }
          assert.are.same({ 375, 667 }, { tide.screen.width, tide.screen.height })
        end)

        it("still takes { w, h }", function()
          tide.test.start{ size = { 834, 1112 } }
          assert.are.same({ 834, 1112 }, { tide.screen.width, tide.screen.height })
        end)

        it("refuses what --size refuses, naming the size", function()
          assert.error_matches(function() tide.test.start{ size = "844by390" } end,
            [[size must look like "375x667" (width x height, each a finite number from 16 to 8192), got '844by390']], nil, true)
          assert.error_matches(function() tide.test.start{ size = "10x390" } end, "got '10x390'", nil, true)
          assert.error_matches(function() tide.test.start{ size = 844 } end,
            [[size must be "WxH" or { width, height }, got number]], nil, true)
        end)
      end)
      """#)
    assertAllPassed(report, count: 3)
  }
}
