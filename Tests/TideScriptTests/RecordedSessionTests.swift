import Foundation
import TideCore
import XCTest

@testable import TideScript

/// "A second test records a headless session with random taps and checks that its
/// replay ends in the same state". The session is played straight into the engine (no input
/// script), recorded, and the recording replayed in a fresh engine; both end states are compared
/// node for node (`DeterminismTests.dump`, every field of every node) with the sounds played.
final class RecordedSessionTests: XCTestCase {
  func testARecordedSessionOfRandomTapsReplaysToTheSameScene() throws {
    var generator = SystemRandomNumberGenerator()
    let seed = UInt64.random(in: 1...1_000_000, using: &generator)
    let played = try DeterminismTests.makeEngine(seed: seed)
    played.startRecording()
    // Random taps and drags at random ticks over 20 s, as a player would give them.
    let ticks = 20 * 60
    for tick in 0..<ticks {
      if Int.random(in: 0..<9, using: &generator) == 0 {
        let p = Vec2(x: Double.random(in: 0..<390, using: &generator), y: Double.random(in: 0..<844, using: &generator))
        played.enqueue(Bool.random(using: &generator) ? InputEvent.pointerDown(p) : InputEvent.pointerUp(p))
      } else if tick % 97 == 0 {
        played.enqueue(InputEvent.pointerMove(Vec2(x: Double(tick % 390), y: Double(tick % 844))))
      }
      played.step()
    }
    let text = try XCTUnwrap(played.recordedScript())
    let script = try InputScript(text: text)
    XCTAssertEqual(script.seed, seed)
    XCTAssertGreaterThan(script.entries.count, 50, "the session made events to replay")

    let replayed = try DeterminismTests.makeEngine(seed: try XCTUnwrap(script.seed))
    replayed.replay(script, until: Double(ticks) / 60)
    XCTAssertEqual(replayed.tick, played.tick)
    XCTAssertEqual(
      DeterminismTests.dump(replayed) + "sounds=\(replayed.soundLog)",
      DeterminismTests.dump(played) + "sounds=\(played.soundLog)")
    XCTAssertEqual(replayed.errors.failureCount, 0)
  }

  /// Fingers, other mouse buttons, the wheel and gamepads are recorded and replay to the same
  /// state too: a game that counts them ends with the same counts and the same sprites.
  func testFingersButtonsWheelAndPadsReplayToTheSameState() throws {
    let fixture = try GameFixture(
      main: #"""
      local counts = tide.sprite.text("", { name = "counts" })
      local seen = {}
      local function count(what) seen[what] = (seen[what] or 0) + 1 end
      for _, event in ipairs({ "pointer_down", "pointer_up", "mouse_down" }) do
        tide.input.on(event, function(_, _, which) count(event .. ":" .. tostring(which)) end)
      end
      tide.input.on("wheel", function(_, dy) count("wheel:" .. dy) end)
      tide.input.on("pinch", function(e) count("pinch:" .. e.phase) end)
      tide.input.on("gamepad_down", function(button, pad) count("pad:" .. pad .. button) end)
      tide.input.on("gamepad_axis", function(axis, value) count("axis:" .. axis .. value) end)
      local ball = tide.sprite.circle{ x = 100, y = 100, radius = 60, name = "ball" }
      ball:on("drag", function(e) ball.x, ball.y = ball.x + e.dx, ball.y + e.dy; count("drag:" .. tostring(e.pointer)) end)
      tide.scene.define("play", { update = function()
        local keys = {}
        for k, n in pairs(seen) do keys[#keys + 1] = k .. "=" .. n end
        table.sort(keys)
        counts.text = table.concat(keys, " ") .. " pad=" .. tide.input.gamepad_axis("leftx")
      end })
      tide.scene.go("play")
      """#)
    var generator = SystemRandomNumberGenerator()
    let played = try fixture.engine()
    played.startRecording()
    for tick in 0..<600 {
      let r = Int.random(in: 0..<12, using: &generator)
      let p = Vec2(x: Double.random(in: 0..<390, using: &generator), y: Double.random(in: 0..<844, using: &generator))
      let finger = PointerID.finger(Int.random(in: 1...3, using: &generator))
      switch r {
      case 0: played.enqueue(.pointerDown(p, pointer: finger))
      case 1: played.enqueue(.pointerMove(p, pointer: finger))
      case 2: played.enqueue(.pointerUp(p, pointer: finger))
      case 3: played.enqueue(.mouseButton(.right, p, down: Bool.random(using: &generator)))
      case 4: played.enqueue(.wheel(Vec2(x: 0, y: Double.random(in: -3...3, using: &generator))))
      case 5: played.enqueue(.gamepad(.button(pad: 1, .a, down: Bool.random(using: &generator))))
      case 6: played.enqueue(.gamepad(.axis(pad: 1, .leftx, Double.random(in: -1...1, using: &generator))))
      default: break
      }
      if tick == 3 { played.enqueue(.gamepad(.added(pad: 1, name: "Pad #1"))) }
      played.step()
    }
    let text = try XCTUnwrap(played.recordedScript())
    let script = try InputScript(text: text)
    let replayed = try fixture.engine()
    replayed.replay(script, until: 10)
    XCTAssertEqual(replayed.text(of: "counts"), played.text(of: "counts"))
    XCTAssertTrue(played.text(of: "counts")?.contains("pointer_down:") ?? false, played.text(of: "counts") ?? "")
    XCTAssertEqual(DeterminismTests.dump(replayed), DeterminismTests.dump(played))
    XCTAssertEqual(played.errorMessages, [])
  }
}
