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
}
