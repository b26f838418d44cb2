import Foundation
import TideCore
import TideScript
import XCTest

/// Gamepads: plugged in and out, buttons and axes by SDL GameController's names, the dead zone,
/// several pads, and what a test injects.
final class GamepadTests: XCTestCase {
  func testPadsButtonsAxesAndUnplugging() throws {
    let report = try runLuaTests(
      #"""
      describe("gamepads", function()
        local app, log
        before_each(function()
          app = tide.test.start()
          log = {}
          for _, event in ipairs({ "gamepad_added", "gamepad_removed", "gamepad_down", "gamepad_up", "gamepad_axis" }) do
            tide.input.on(event, function(...)
              local parts = { event }
              for _, v in ipairs({ ... }) do parts[#parts + 1] = tostring(v) end
              log[#log + 1] = table.concat(parts, " ")
            end)
          end
        end)

        it("numbers pads as they are plugged in and lists them", function()
          assert.are.equal(1, app:plug_gamepad("Red pad"))
          assert.are.equal(2, app:plug_gamepad("Blue pad"))
          app:unplug_gamepad(1)
          assert.are.equal(1, app:plug_gamepad("Green pad"))
          assert.are.same({ { id = 1, name = "Green pad" }, { id = 2, name = "Blue pad" } }, tide.input.gamepads())
          assert.are.same({ "gamepad_added 1 Red pad", "gamepad_added 2 Blue pad", "gamepad_removed 1",
            "gamepad_added 1 Green pad" }, log)
        end)

        it("holds buttons per pad, and lets them go when the pad is unplugged", function()
          app:plug_gamepad()
          app:plug_gamepad()
          app:gamepad("a", { pad = 2, down = true })
          assert.is_true(tide.input.gamepad_down("a", 2))
          assert.is_false(tide.input.gamepad_down("a", 1))
          assert.is_true(tide.input.gamepad_down("a"))
          app:unplug_gamepad(2)
          assert.is_false(tide.input.gamepad_down("a"))
          app:gamepad("start")
          assert.are.same({ "gamepad_added 1 Test pad", "gamepad_added 2 Test pad", "gamepad_down a 2", "gamepad_up a 2",
            "gamepad_removed 2", "gamepad_down start 1", "gamepad_up start 1" }, log)
        end)

        it("takes the dead zone out of axes and stretches the rest", function()
          app:plug_gamepad()
          app:gamepad("leftx", { value = 0.1 })
          assert.are.equal(0, tide.input.gamepad_axis("leftx"))
          app:gamepad("leftx", { value = -1 })
          assert.are.equal(-1, tide.input.gamepad_axis("leftx"))
          app:gamepad("leftx", { value = 0.575 })
          assert.near(0.5, tide.input.gamepad_axis("leftx"), 1e-9)
          app:gamepad("lefttrigger", { value = -0.5 }) -- a trigger never reads below rest
          assert.are.equal(0, tide.input.gamepad_axis("lefttrigger"))
          assert.are.equal(0, tide.input.gamepad_axis("rightx", 3))
          assert.are.same({ "gamepad_added 1 Test pad", "gamepad_axis leftx -1.0 1", "gamepad_axis leftx 0.5 1" },
            { log[1], log[2], (log[3]:gsub("0%.5%d+", "0.5")) })
        end)

        it("refuses names that are no button or axis, and pads not plugged in", function()
          assert.has_error(function() tide.input.gamepad_down("jump") end,
            "bad argument #1 to 'gamepad_down' (unknown gamepad button 'jump' (expected a, b, x, y, back, guide, start, leftstick, rightstick, leftshoulder, rightshoulder, dpup, dpdown, dpleft, dpright, misc1, paddle1, paddle2, paddle3, paddle4, touchpad))")
          assert.has_error(function() tide.input.gamepad_axis("leftz") end)
          assert.has_error(function() tide.input.gamepad_down("a", 9) end)
          assert.has_error(function() app:gamepad("a") end, "no gamepad 1 is plugged in: call app:plug_gamepad() first")
          app:plug_gamepad()
          assert.has_error(function() app:gamepad("leftx") end)
          assert.has_error(function() app:gamepad("jump") end)
        end)
      end)
      """#)
    assertAllPassed(report, count: 4)
  }

  func testGamepadLinesRoundTripThroughARecording() throws {
    let script = try InputScript(text: """
      0.5 gamepad 1 added Pad \\u{23}1
      1.0 gamepad 1 down a
      1.0 gamepad 1 axis leftx -0.75
      1.5 gamepad 1 up a
      2.0 gamepad 1 removed
      """)
    XCTAssertEqual(script.events(at: 30), [.gamepad(.added(pad: 1, name: "Pad #1"))])
    XCTAssertEqual(script.events(at: 60), [.gamepad(.button(pad: 1, .a, down: true)), .gamepad(.axis(pad: 1, .leftx, -0.75))])
    var recording = InputRecording(seed: 1, size: nil, options: [:], engineVersion: "0", gameVersion: "0")
    for entry in script.entries { recording.append(entry.event, tick: entry.tick) }
    XCTAssertEqual(try InputScript(text: recording.text(endTick: 200)).entries.map(\.event), script.entries.map(\.event))
    for (text, message) in [
      "0 gamepad 9 down a": "line 1: gamepad takes a pad (1 to 8), then 'added NAME', 'removed', 'down BUTTON', 'up BUTTON' or 'axis AXIS VALUE'",
      "0 gamepad 1 down jump": "line 1: unknown gamepad button 'jump' (buttons: a, b, x, y, back, guide, start, leftstick, rightstick, leftshoulder, rightshoulder, dpup, dpdown, dpleft, dpright, misc1, paddle1, paddle2, paddle3, paddle4, touchpad)",
      "0 gamepad 1 axis leftx 2": "line 1: a gamepad axis is a number from -1 to 1, got '2'",
    ] {
      XCTAssertThrowsError(try InputScript(text: text), text) { error in
        XCTAssertEqual((error as? InputScript.ParseError)?.description, message)
      }
    }
  }
}
