import XCTest

@testable import TideCore

final class FixedStepClockTests: XCTestCase {
  func testSixtyHertzSteps() {
    var clock = FixedStepClock()
    XCTAssertEqual(clock.dt, 1.0 / 60)
    var steps = 0
    for _ in 0..<60 { steps += clock.accumulate(real: 1.0 / 60) }
    XCTAssertEqual(steps, 60)
    XCTAssertEqual(clock.tick, 60)
    XCTAssertEqual(clock.time, 1, accuracy: 1e-12)
  }

  func testSlowAndFastFramesAverageOut() {
    var clock = FixedStepClock()
    // A 144 Hz display: about 0.4 steps a frame.
    var steps = 0
    for _ in 0..<144 { steps += clock.accumulate(real: 1.0 / 144) }
    XCTAssertEqual(steps, 60)
    // A 30 Hz display: two steps a frame.
    XCTAssertEqual(clock.accumulate(real: 1.0 / 30), 2)
  }

  func testLongStallIsCapped() {
    var clock = FixedStepClock(hz: 60, maxStepsPerFrame: 8)
    XCTAssertEqual(clock.accumulate(real: 5), 8)
    XCTAssertEqual(clock.backlog, 0)
    XCTAssertEqual(clock.accumulate(real: .nan), 0)
    XCTAssertEqual(clock.accumulate(real: -1), 0)
  }
}
