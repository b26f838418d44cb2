import XCTest

@testable import TideCore

final class TimerQueueTests: XCTestCase {
  let dt = 1.0 / 60

  private func run(_ timers: TimerQueue, seconds: Double) {
    for _ in 0..<Int((seconds * 60).rounded()) { timers.update(dt) }
  }

  func testAfterFiresOnceAtItsTick() {
    let timers = TimerQueue()
    var fired: [Int] = []
    var tick = 0
    timers.after(0.5) { fired.append(tick) }
    for i in 1...60 {
      tick = i
      timers.update(dt)
    }
    XCTAssertEqual(fired, [30])
    XCTAssertEqual(timers.count, 0)
  }

  func testTimersFireInDueOrderThenCreationOrder() {
    let timers = TimerQueue()
    var log: [String] = []
    timers.after(0.3) { log.append("c") }
    timers.after(0.1) { log.append("a") }
    timers.after(0.2) { log.append("b1") }
    timers.after(0.2) { log.append("b2") }
    timers.update(1)  // one long step fires all of them, still in order
    XCTAssertEqual(log, ["a", "b1", "b2", "c"])
  }

  func testEveryRepeatsKeepsPhaseAndCatchesUp() {
    let timers = TimerQueue()
    var times: [Double] = []
    timers.every(0.25) { times.append(timers.now) }
    timers.update(0.3)
    timers.update(0.3)  // now 0.6: only the 0.5 fire is due
    timers.update(0.5)  // now 1.1: 0.75 and 1.0 both due, fired in this one update
    XCTAssertEqual(times.count, 4)
    XCTAssertEqual(timers.timeRemaining(TimerHandle(slot: 0, generation: 0)) ?? -1, 0.15, accuracy: 1e-9)
  }

  func testEveryWithCountStops() {
    let timers = TimerQueue()
    var fires = 0
    let handle = timers.every(0.1, count: 3) { fires += 1 }
    run(timers, seconds: 1)
    XCTAssertEqual(fires, 3)
    XCTAssertFalse(timers.isActive(handle))
  }

  func testCancelAndStaleHandlesAreHarmless() {
    let timers = TimerQueue()
    var fired = false
    let handle = timers.after(0.1) { fired = true }
    XCTAssertTrue(timers.cancel(handle))
    XCTAssertFalse(timers.cancel(handle))
    // The slot is reused by a new timer; the old handle must not reach it.
    var secondFired = false
    let second = timers.after(0.1) { secondFired = true }
    XCTAssertEqual(second.slot, handle.slot)
    XCTAssertFalse(timers.cancel(handle))
    XCTAssertFalse(timers.isActive(handle))
    run(timers, seconds: 0.2)
    XCTAssertFalse(fired)
    XCTAssertTrue(secondFired)
    XCTAssertFalse(timers.cancel(second))  // finished
  }

  func testTimerAddedInCallbackWaitsForNextUpdate() {
    let timers = TimerQueue()
    var log: [String] = []
    timers.after(0.1) {
      log.append("outer")
      timers.after(0) { log.append("inner") }
    }
    timers.update(0.2)
    XCTAssertEqual(log, ["outer"])
    timers.update(dt)
    XCTAssertEqual(log, ["outer", "inner"])
  }

  func testTimerCancelledInCallbackNeverFires() {
    let timers = TimerQueue()
    var log: [String] = []
    var victim: TimerHandle?
    timers.after(0.1) {
      log.append("first")
      if let victim { timers.cancel(victim) }
    }
    victim = timers.after(0.1) { log.append("victim") }  // due at the same moment, later in order
    timers.update(0.5)
    XCTAssertEqual(log, ["first"])
  }

  func testEveryCanCancelItselfFromItsCallback() {
    let timers = TimerQueue()
    var fires = 0
    var handle: TimerHandle?
    handle = timers.every(0.1) {
      fires += 1
      if fires == 2, let handle { timers.cancel(handle) }
    }
    timers.update(1)  // would be 10 catch-up fires without the cancel
    XCTAssertEqual(fires, 2)
    XCTAssertEqual(timers.count, 0)
  }

  func testCancelAllByOwner() {
    let timers = TimerQueue()
    var log: [String] = []
    timers.after(0.1, owner: 1) { log.append("scene1-a") }
    timers.every(0.1, owner: 1) { log.append("scene1-b") }
    timers.after(0.1, owner: 2) { log.append("scene2") }
    XCTAssertEqual(timers.cancelAll(owner: 1), 2)
    run(timers, seconds: 0.2)
    XCTAssertEqual(log, ["scene2"])
  }

  func testNonPositiveIntervalFiresOncePerUpdate() {
    let timers = TimerQueue()
    var fires = 0
    timers.every(0) { fires += 1 }
    timers.update(dt)
    timers.update(dt)
    timers.update(dt)
    XCTAssertEqual(fires, 3)
  }

  func testManyCancelledTimersDoNotAccumulate() {
    let timers = TimerQueue()
    for _ in 0..<1000 {
      let h = timers.after(1000) {}
      timers.cancel(h)
      timers.update(dt)
    }
    XCTAssertEqual(timers.count, 0)
    XCTAssertLessThanOrEqual(timers.heapCount, 65, "cancelled entries are compacted away")
  }

  /// `every(1e-300)` looped forever inside `update`. Tiny intervals count as
  /// the minimum, and one update fires a timer at most `Limits.timerCatchUp` times.
  func testTinyIntervalsAndLongStepsAreBounded() {
    let timers = TimerQueue()
    var fires = 0
    timers.every(1e-300) { fires += 1 }
    timers.update(dt)
    XCTAssertEqual(fires, 16)  // 1/60 s at the 0.001 s minimum
    fires = 0
    timers.update(1e6)
    XCTAssertEqual(fires, Limits.timerCatchUp)
    fires = 0
    timers.update(0.01)
    XCTAssertTrue((9...11).contains(fires), "after a capped catch-up it keeps its beat: \(fires)")
  }

  /// The phase survives a capped catch-up: a 1 s timer still fires on whole seconds.
  func testCappedCatchUpKeepsPhase() {
    let timers = TimerQueue()
    var times: [Double] = []
    timers.every(1) { times.append(timers.now) }
    timers.update(5000.5)
    XCTAssertEqual(times.count, Limits.timerCatchUp)
    times.removeAll()
    timers.update(0.5)
    XCTAssertEqual(times, [5001])
  }

  /// One update fires at most `Limits.timerFiresPerTick` timers; the rest fire next update.
  func testFiresPerUpdateAreCappedAcrossTimers() {
    let timers = TimerQueue()
    var fires = 0
    for _ in 0..<(Limits.timerFiresPerTick / 10 + 1) {
      timers.every(0.001) { fires += 1 }
    }
    timers.update(0.0105)  // ten beats each: ten calls more than the cap allows
    XCTAssertEqual(fires, Limits.timerFiresPerTick)
    fires = 0
    timers.update(0)
    XCTAssertEqual(fires, 10, "the ten calls past the cap (the last beat of the last timers) come next update")
  }
}
