import XCTest

@testable import TideSDL

/// The window loop's pacing, with made-up clock readings.
final class FramePacerTests: XCTestCase {
  private let frame = 1.0 / 60

  func testWaitsExactlyUntilTheNextDeadline() {
    var pacer = FramePacer(interval: frame, start: 10)
    // Sub-millisecond waits count: nothing is rounded to whole milliseconds.
    XCTAssertEqual(pacer.secondsToWait(now: 10.0023), frame - 0.0023, accuracy: 1e-9)
    // Woke 0.4 ms late: the next wait is that much shorter, so the average stays 60 Hz.
    XCTAssertEqual(pacer.secondsToWait(now: 10 + frame + 0.0004 + 0.003), frame - 0.0034, accuracy: 1e-9)
    XCTAssertEqual(pacer.secondsToWait(now: 10 + 3 * frame - 0.001), 0.001, accuracy: 1e-9)
  }

  func testASlowFrameIsMadeUpButAStallStartsAfresh() {
    var pacer = FramePacer(interval: frame, start: 0)
    // Half a frame late: no wait, and the next frame keeps its original deadline.
    XCTAssertEqual(pacer.secondsToWait(now: 1.5 * frame), 0)
    XCTAssertEqual(pacer.secondsToWait(now: 1.6 * frame), 0.4 * frame, accuracy: 1e-9)
    // A one-second stall: no burst of unpaced frames afterwards.
    XCTAssertEqual(pacer.secondsToWait(now: 1), 0)
    XCTAssertEqual(pacer.secondsToWait(now: 1.001), frame - 0.001, accuracy: 1e-9)
  }
}
