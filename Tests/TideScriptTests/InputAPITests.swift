import Foundation
import TideCore
import TideScript
import XCTest

/// `tide.input`: key, text and pointer listeners, `is_down` and `pointer()`.
final class InputAPITests: XCTestCase {
  func testListeners() throws {
    let report = try runLuaTests(
      #"""
      describe("tide.input", function()
        local app, log
        before_each(function()
          app = tide.test.start()
          log = {}
        end)

        it("hears keys down and up by name", function()
          tide.input.on("key", function(name) log[#log + 1] = "down " .. name end)
          tide.input.on("key_up", function(name) log[#log + 1] = "up " .. name end)
          app:key("return")
          app:key("a")
          assert.are.same({ "down return", "up return", "down a", "up a" }, log)
        end)

        it("hears typed text", function()
          tide.input.on("text", function(s) log[#log + 1] = s end)
          app:type("Ada")
          app:type("🦁")
          assert.are.same({ "Ada", "🦁" }, log)
        end)

        it("hears the raw pointer wherever it goes", function()
          for _, event in ipairs({ "pointer_down", "pointer_move", "pointer_up" }) do
            tide.input.on(event, function(x, y) log[#log + 1] = ("%s %d %d"):format(event, x, y) end)
          end
          app:drag({ x = 10, y = 20 }, { x = 110, y = 20 }, { steps = 2 })
          assert.are.same({ "pointer_down 10 20", "pointer_move 60 20", "pointer_move 110 20", "pointer_up 110 20" }, log)
          local x, y, down = tide.input.pointer()
          assert.are.same({ 110, 20, false }, { x, y, down })
        end)

        it("calls every listener of an event, in order", function()
          tide.input.on("key", function() log[#log + 1] = 1 end)
          tide.input.on("key", function() log[#log + 1] = 2 end)
          app:key("x")
          assert.are.same({ 1, 2 }, log)
        end)

        it("knows no key is down after a press and release", function()
          app:key("space")
          assert.is_false(tide.input.is_down("space"))
        end)

        it("refuses unknown events, listing the valid ones", function()
          assert.error_matches(function() tide.input.on("mouse", print) end,
            "bad argument #1 to 'on' (invalid option 'mouse'", nil, true)
          assert.error_matches(function() tide.input.on("mouse", print) end,
            "key, key_up, text, pointer_down, pointer_move, pointer_up", nil, true)
          assert.has_error(function() tide.input.on("key", "print") end,
            "bad argument #2 to 'on' (function expected, got string)")
          assert.has_error(function() tide.input.is_down(nil) end,
            "bad argument #1 to 'is_down' (string expected, got nil)")
        end)
      end)
      """#)
    assertAllPassed(report, count: 6)
  }

  /// Holding a key: `is_down` is true between the down and up events, and `pointer()` tracks presses.
  func testIsDownAndPointerWhileHeld() throws {
    let fixture = try GameFixture(
      main: #"""
      local state = tide.sprite.text("", { name = "state" })
      tide.scene.define("play", {
        update = function()
          local x, y, down = tide.input.pointer()
          state.text = ("%s %s %d %d %s"):format(tostring(tide.input.is_down("left")),
            tostring(tide.input.is_down("right")), x, y, tostring(down))
        end,
      })
      tide.scene.go("play")
      """#)
    let engine = try fixture.engine()
    engine.step()
    XCTAssertEqual(engine.text(of: "state"), "false false 0 0 false")
    engine.enqueue(.key("left", down: true))
    engine.enqueue(.pointerDown(Vec2(x: 30, y: 40)))
    engine.step(3)
    XCTAssertEqual(engine.text(of: "state"), "true false 30 40 true")
    engine.enqueue(.key("right", down: true))
    engine.enqueue(.key("left", down: false))
    engine.enqueue(.pointerMove(Vec2(x: 31, y: 41)))
    engine.step()
    XCTAssertEqual(engine.text(of: "state"), "false true 31 41 true")
    engine.enqueue(.pointerUp(Vec2(x: 31, y: 41)))
    engine.step()
    XCTAssertEqual(engine.text(of: "state"), "false true 31 41 false")
    XCTAssertEqual(engine.errorMessages, [])
  }
  /// A key's place: `is_scancode_down` goes by where the key is, `is_down` by what it types,
  /// and key listeners and scenes get both.
  func testScancodesNameAKeysPlace() throws {
    let fixture = try GameFixture(
      main: #"""
      local state = tide.sprite.text("", { name = "state" })
      local heard = tide.sprite.text("", { name = "heard" })
      tide.input.on("key", function(name, place) heard.text = name .. "@" .. place end)
      tide.scene.define("play", {
        update = function()
          state.text = ("%s %s %s"):format(tostring(tide.input.is_down("a")),
            tostring(tide.input.is_scancode_down("q")), tostring(tide.input.is_scancode_down("a")))
        end,
      })
      tide.scene.go("play")
      """#)
    let engine = try fixture.engine()
    engine.enqueue(.key("a", down: true, scancode: "q"))
    engine.step()
    XCTAssertEqual(engine.text(of: "state"), "true true false")
    XCTAssertEqual(engine.text(of: "heard"), "a@q")
    engine.enqueue(.key("a", down: false, scancode: "q"))
    engine.enqueue(.key("z", down: true))
    engine.step()
    XCTAssertEqual(engine.text(of: "state"), "false false false")
    XCTAssertEqual(engine.text(of: "heard"), "z@z", "a key at its own place reports its own name")
    XCTAssertEqual(engine.errorMessages, [])
  }

  /// The layout check's record of presses nothing took: off a sprite with a handler and with no
  /// pointer listener; a listener takes every press.
  func testMissedPressesAreThoseNothingTook() throws {
    let game = try GameFixture(
      main: """
        local button = tide.sprite.rect{ x = 0, y = 0, w = 50, h = 50 }
        button:on("tap", function() end)
        if tide.options.listen then tide.input.on("pointer_down", function() end) end
        """,
      conf: "return { options = { listen = false } }\n")
    let script = try InputScript(text: "0.5 tap 20 20\n1 tap 200 200\n")
    for listen in [false, true] {
      var options = game.options()
      options.options = ["listen": listen ? "true" : "false"]
      let engine = try game.engine(options: options)
      engine.tracksMissedPresses = true
      engine.replay(script, until: 2)
      XCTAssertEqual(engine.missedPresses, listen ? [] : [MissedPress(tick: 60, point: Vec2(x: 200, y: 200))], "listen = \(listen)")
    }
  }
}
