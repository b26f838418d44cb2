import Foundation
import XCTest

@testable import TideSDL

/// The threads that draw a frame's bands while the main thread steps the game.
final class BandCrewTests: XCTestCase {
  /// Counts calls per band from any thread.
  private final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [Int]
    private var threads: Set<String> = []

    init(bands: Int) { counts = Array(repeating: 0, count: bands) }

    func record(_ index: Int) {
      let name = Thread.isMainThread ? "main" : (Thread.current.name ?? "?")
      lock.withLock {
        counts[index] += 1
        threads.insert(name)
      }
    }

    var snapshot: (counts: [Int], threads: Set<String>) { lock.withLock { (counts, threads) } }
  }

  func testEveryBandOfEveryFrameIsDrawnOnceBeforeFinishReturns() throws {
    let crew = try BandCrew(threads: 2)
    defer { crew.stop() }
    // Many short frames back to back: a thread still claiming from the last frame must not
    // take a band of the next one.
    for frame in 0..<2000 {
      let bands = 1 + frame % 9
      let tally = Tally(bands: bands)
      crew.post(count: bands) { tally.record($0) }
      crew.finish()
      XCTAssertEqual(tally.snapshot.counts, Array(repeating: 1, count: bands), "frame \(frame)")
    }
  }

  func testThreadsDrawWhileTheMainThreadIsBusyAndItTakesWhatIsLeft() throws {
    let crew = try BandCrew(threads: 1)
    defer { crew.stop() }
    let tally = Tally(bands: 40)
    crew.post(count: 40) { index in
      tally.record(index)
      // Long enough for the main thread to arrive while bands are left.
      Thread.sleep(forTimeInterval: 0.002)
    }
    // The game's step: the crew starts drawing meanwhile.
    let deadline = Date().addingTimeInterval(2)
    while tally.snapshot.counts.allSatisfy({ $0 == 0 }) && Date() < deadline {
      Thread.sleep(forTimeInterval: 0.001)
    }
    XCTAssertGreaterThan(tally.snapshot.counts.reduce(0, +), 0, "the crew starts on its own")
    crew.finish()
    let (counts, threads) = tally.snapshot
    XCTAssertEqual(counts, Array(repeating: 1, count: 40))
    XCTAssertEqual(threads, ["main", "tide-band-0"])
  }

  func testPostingFinishesTheFrameBefore() throws {
    let crew = try BandCrew(threads: 1)
    defer { crew.stop() }
    let first = Tally(bands: 5)
    crew.post(count: 5) { index in
      Thread.sleep(forTimeInterval: 0.001)
      first.record(index)
    }
    let second = Tally(bands: 3)
    crew.post(count: 3) { second.record($0) }
    XCTAssertEqual(first.snapshot.counts, Array(repeating: 1, count: 5))
    crew.finish()
    XCTAssertEqual(second.snapshot.counts, Array(repeating: 1, count: 3))
  }

  func testStopEndsTheThreadsAndLetsGoOfTheCrew() throws {
    weak var gone: BandCrew?
    try {
      let crew = try BandCrew(threads: 3)
      gone = crew
      let tally = Tally(bands: 4)
      crew.post(count: 4) { tally.record($0) }
      crew.stop()
      XCTAssertEqual(tally.snapshot.counts, [1, 1, 1, 1], "stop finishes the frame in flight")
    }()
    // The threads hold the crew until they end, a moment after `stop` returns.
    let deadline = Date().addingTimeInterval(2)
    while gone != nil && Date() < deadline { Thread.sleep(forTimeInterval: 0.001) }
    XCTAssertNil(gone)
  }
}
