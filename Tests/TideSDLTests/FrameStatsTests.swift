import XCTest

@testable import TideSDL

/// The F3 panel's numbers, fed with made-up frame times.
final class FrameStatsTests: XCTestCase {
  /// Records `count` frames of `frameTime` seconds from `start`; returns the time after them.
  private func feed(
    _ stats: inout FrameStats, from start: Double, count: Int, frameTime: Double = 1.0 / 60,
    nodes: Int = 5
  ) -> Double {
    var now = start
    for _ in 0..<count {
      now += frameTime
      stats.record(frameTime: frameTime, workTime: 0.002, now: now, nodes: nodes)
    }
    return now
  }

  func testSummarisesHalfASecondOfFrames() {
    var stats = FrameStats()
    stats.record(frameTime: 0.5, workTime: 0.4, now: 0, nodes: 5)
    XCTAssertEqual(stats.summary, "measuring…", "the start-up frame is not counted")
    _ = feed(&stats, from: 0, count: 29)
    XCTAssertEqual(stats.summary, "measuring…")
    _ = feed(&stats, from: 29.0 / 60, count: 1)
    XCTAssertEqual(stats.summary, "60 fps  16.7 ms  work 2.0 ms  5 nodes")
  }

  func testCountsNodesOnlyWhenTheSummaryChanges() {
    var stats = FrameStats()
    var counted = 0
    func nodes() -> Int {
      counted += 1
      return 5
    }
    for frame in 0...31 {
      stats.record(frameTime: 1.0 / 60, workTime: 0, now: Double(frame) / 60, nodes: nodes())
    }
    XCTAssertEqual(counted, 1, "one summary in half a second, one walk of the scene")
  }

  func testTurningThePanelBackOnMeasuresAfresh() {
    var stats = FrameStats(shown: true)
    stats.record(frameTime: 0, workTime: 0, now: 0, nodes: 5)
    var now = feed(&stats, from: 0, count: 31)
    XCTAssertEqual(stats.summary, "60 fps  16.7 ms  work 2.0 ms  5 nodes")
    stats.toggle()
    XCTAssertFalse(stats.isShown)
    // Ten seconds hidden: nothing is recorded, then F3 again.
    now += 10
    stats.toggle()
    XCTAssertTrue(stats.isShown)
    XCTAssertEqual(stats.summary, "measuring…", "no numbers left over from before")
    stats.record(frameTime: 10, workTime: 0.002, now: now, nodes: 5)
    XCTAssertEqual(stats.summary, "measuring…", "the hidden ten seconds are not one slow frame")
    now = feed(&stats, from: now, count: 31)
    XCTAssertEqual(stats.summary, "60 fps  16.7 ms  work 2.0 ms  5 nodes")
  }
}
