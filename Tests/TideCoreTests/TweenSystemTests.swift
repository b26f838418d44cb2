import XCTest

@testable import TideCore

final class TweenSystemTests: XCTestCase {
  let dt = 1.0 / 60
  var scene = SceneGraph()

  override func setUp() {
    scene = SceneGraph()
  }

  private func step(_ tweens: TweenSystem, seconds: Double) {
    for _ in 0..<Int((seconds * 60).rounded()) { tweens.update(dt) }
  }

  func testTweenEndsExactlyOnTargetWithEasing() {
    let node = scene.makeNode(.rect)
    node.x = 10
    let tweens = TweenSystem()
    let handle = tweens.tween(
      [TweenTrack(node: node, property: .x, to: 0.3)], duration: 0.5, easing: .outElastic)
    step(tweens, seconds: 0.25)
    XCTAssertNotEqual(node.x, 0.3)
    XCTAssertFalse(tweens.isFinished(handle))
    step(tweens, seconds: 0.25)
    XCTAssertEqual(node.x, 0.3)  // exact, not approximately
    XCTAssertTrue(tweens.isFinished(handle))
  }

  func testMidwayValueFollowsEasing() {
    let node = scene.makeNode(.rect)
    let tweens = TweenSystem()
    tweens.tween([TweenTrack(node: node, property: .y, to: 100)], duration: 1, easing: .outBounce)
    step(tweens, seconds: 0.5)
    XCTAssertEqual(node.y, 76.5625, accuracy: 1e-9)
  }

  func testEveryNumericPropertyTweensByName() {
    for name in NodeProperty.allNames {
      let node = scene.makeNode(.text)
      let tweens = TweenSystem()
      guard let track = TweenTrack(node: node, propertyName: name, to: 0.75) else {
        return XCTFail("no track for \(name)")
      }
      tweens.tween([track], duration: 0.1)
      step(tweens, seconds: 0.1)
      XCTAssertEqual(node.numericProperty(name), 0.75, name)
    }
    XCTAssertNil(TweenTrack(node: scene.makeNode(.rect), propertyName: "colour", to: 1))
  }

  func testColourTweensPerChannel() {
    let node = scene.makeNode(.rect)
    node.fill = Color(r: 0, g: 0, b: 0)
    let tweens = TweenSystem()
    let target = Color(r: 1, g: 0.5, b: 0.25, a: 0.5)
    tweens.tween(TweenTrack.color(node, .fill, to: target), duration: 1)
    step(tweens, seconds: 0.5)
    XCTAssertEqual(node.fill?.r ?? -1, 0.5, accuracy: 1e-9)
    XCTAssertEqual(node.fill?.a ?? -1, 0.75, accuracy: 1e-9)
    step(tweens, seconds: 0.5)
    XCTAssertEqual(node.fill, target)
  }

  func testDelayReadsStartValueAfterTheDelay() {
    let node = scene.makeNode(.rect)
    let tweens = TweenSystem()
    tweens.tween([TweenTrack(node: node, property: .x, to: 100)], duration: 0.5, delay: 0.5)
    step(tweens, seconds: 0.25)
    node.x = 50  // moved by something else before the tween starts
    step(tweens, seconds: 0.25)
    XCTAssertEqual(node.x, 50)
    step(tweens, seconds: 0.25)
    XCTAssertEqual(node.x, 75, accuracy: 1e-9)
    step(tweens, seconds: 0.25)
    XCTAssertEqual(node.x, 100)
  }

  func testOnDoneAndCancel() {
    let node = scene.makeNode(.rect)
    let tweens = TweenSystem()
    var results: [Bool] = []
    let finishing = tweens.tween([TweenTrack(node: node, property: .x, to: 10)], duration: 0.2)
    tweens.onDone(finishing) { results.append($0) }
    let cancelled = tweens.tween([TweenTrack(node: node, property: .y, to: 10)], duration: 0.2)
    tweens.onDone(cancelled) { results.append($0) }
    step(tweens, seconds: 0.1)
    XCTAssertTrue(tweens.cancel(cancelled))
    XCTAssertFalse(tweens.cancel(cancelled))
    let yWhenCancelled = node.y
    step(tweens, seconds: 0.2)
    XCTAssertEqual(results, [false, true])
    XCTAssertEqual(node.y, yWhenCancelled)  // stays where it was stopped
    XCTAssertFalse(tweens.onDone(finishing) { _ in XCTFail("stale handle") })
    XCTAssertEqual(tweens.count, 0)
  }

  func testSequenceCarriesLeftoverTime() {
    let node = scene.makeNode(.rect)
    let tweens = TweenSystem()
    var log: [String] = []
    tweens.add(
      .sequence([
        .tween([TweenTrack(node: node, property: .x, to: 100)], duration: 0.5, easing: .linear),
        .call { log.append("mid x=\(node.x)") },
        .wait(0.25),
        .tween([TweenTrack(node: node, property: .y, to: 100)], duration: 0.25, easing: .linear),
        .call { log.append("end") },
      ]))
    tweens.update(0.6)  // 0.1 s past the first tween's end
    XCTAssertEqual(log, ["mid x=100.0"])
    tweens.update(0.25)  // 0.1 s into the y tween
    XCTAssertEqual(node.y, 40, accuracy: 1e-9)
    tweens.update(0.15)
    XCTAssertEqual(log, ["mid x=100.0", "end"])
    XCTAssertEqual(node.y, 100)
  }

  func testParallelEndsWithItsLongestBranch() {
    let node = scene.makeNode(.rect)
    let tweens = TweenSystem()
    var done = false
    let handle = tweens.add(
      .parallel([
        .tween([TweenTrack(node: node, property: .x, to: 10)], duration: 0.25, easing: .linear),
        .tween([TweenTrack(node: node, property: .alpha, to: 0)], duration: 0.5, easing: .inQuad),
      ]))
    tweens.onDone(handle) { done = $0 }
    step(tweens, seconds: 0.25)
    XCTAssertEqual(node.x, 10)
    XCTAssertFalse(done)
    step(tweens, seconds: 0.25)
    XCTAssertEqual(node.alpha, 0)
    XCTAssertTrue(done)
  }

  func testCancelAllByOwnerAndCancelFromCallback() {
    let node = scene.makeNode(.rect)
    let tweens = TweenSystem()
    tweens.tween([TweenTrack(node: node, property: .x, to: 10)], duration: 1, owner: 7)
    tweens.tween([TweenTrack(node: node, property: .y, to: 10)], duration: 1, owner: 7)
    let other = tweens.tween([TweenTrack(node: node, property: .z, to: 10)], duration: 1, owner: 8)
    XCTAssertEqual(tweens.cancelAll(owner: 7), 2)
    step(tweens, seconds: 1)
    XCTAssertEqual(node.x, 0)
    XCTAssertEqual(node.z, 10)
    XCTAssertTrue(tweens.isFinished(other))

    // A call inside a sequence cancels a sibling that runs later in the same update,
    // and the action it belongs to.
    var selfHandle: TweenHandle?
    var victim: TweenHandle?
    selfHandle = tweens.add(
      .sequence([
        .call {
          if let victim { tweens.cancel(victim) }
          if let selfHandle { tweens.cancel(selfHandle) }
        },
        .tween([TweenTrack(node: node, property: .width, to: 10)], duration: 0.1, easing: .linear),
      ]))
    // A composite, so it steps after the sequence above (plain tweens step before composites).
    victim = tweens.add(
      .sequence([.tween([TweenTrack(node: node, property: .height, to: 10)], duration: 0.1, easing: .linear)]))
    step(tweens, seconds: 0.5)
    XCTAssertEqual(node.width, 0)
    XCTAssertEqual(node.height, 0)
    XCTAssertEqual(tweens.count, 0)
  }

  func testPlainTweenCancelledByAnEarlierOnesCallbackNeverSteps() {
    let node = scene.makeNode(.rect)
    let tweens = TweenSystem()
    let first = tweens.tween([TweenTrack(node: node, property: .x, to: 1)], duration: 0.1)
    let second = tweens.tween(TweenTrack.color(node, .tint, to: .black), duration: 1)
    tweens.onDone(first) { _ in tweens.cancel(second) }
    step(tweens, seconds: 0.1)
    let tintAtCancel = node.tint
    step(tweens, seconds: 0.5)
    XCTAssertEqual(node.tint, tintAtCancel)
    XCTAssertTrue(tweens.isFinished(second))
    XCTAssertEqual(tweens.count, 0)
  }

  func testPlainAndCompositeTweensSurviveCompaction() {
    let tweens = TweenSystem()
    var nodes: [Node] = []
    var handles: [TweenHandle] = []
    for i in 0..<30 {
      let node = scene.makeNode(.rect)
      nodes.append(node)
      let tracks = [TweenTrack(node: node, property: .x, to: 100), TweenTrack(node: node, property: .y, to: 50)]
      handles.append(
        i % 3 == 0
          ? tweens.add(.sequence([.tween(tracks, duration: 1, easing: .linear)]))
          : tweens.tween(tracks, duration: Double(i % 5 + 1) * 0.2, delay: 0.1))
    }
    for (i, handle) in handles.enumerated() where i % 4 == 1 { tweens.cancel(handle) }
    step(tweens, seconds: 1.5)
    for (i, node) in nodes.enumerated() {
      if i % 4 == 1 {
        XCTAssertEqual(node.x, 0, "cancelled before it started")
      } else {
        XCTAssertEqual(node.x, 100, "\(i)")
        XCTAssertEqual(node.y, 50, "\(i)")
      }
    }
    XCTAssertEqual(tweens.count, 0)
  }

  func testTweenAddedDuringUpdateStartsNextUpdateAndSlotsAreNotDoubled() {
    let node = scene.makeNode(.rect)
    let tweens = TweenSystem()
    var steps = 0
    let counter = TweenTrack(read: { 0 }, write: { _ in steps += 1 }, to: 1)
    let first = tweens.tween([TweenTrack(node: node, property: .x, to: 1)], duration: 0.1)
    tweens.onDone(first) { _ in
      tweens.tween([counter], duration: 1)
    }
    step(tweens, seconds: 0.1)
    XCTAssertEqual(steps, 0)
    tweens.update(dt)
    XCTAssertEqual(steps, 1)
    // Cancel and immediately add: the reused slot must not step twice per update.
    let h = tweens.tween([TweenTrack(node: node, property: .y, to: 1)], duration: 1)
    tweens.cancel(h)
    var fresh = 0
    tweens.tween([TweenTrack(read: { 0 }, write: { _ in fresh += 1 }, to: 1)], duration: 1)
    tweens.update(dt)
    XCTAssertEqual(fresh, 1)
  }

  func testZeroDurationTweenSnapsOnFirstUpdate() {
    let node = scene.makeNode(.circle)
    let tweens = TweenSystem()
    tweens.tween([TweenTrack(node: node, property: .radius, to: 5)], duration: 0)
    XCTAssertEqual(node.radius, 0)
    tweens.update(dt)
    XCTAssertEqual(node.radius, 5)
    XCTAssertEqual(node.width, 10)
  }
}

final class TweenCompactionTests: XCTestCase {
  /// Ended tweens are dropped lazily; until then each one is still finished exactly once, at
  /// its target, and tweens added amid the ended ones run normally.
  func testStaggeredEndsFinishOnceAndNewTweensStillRun() {
    let graph = SceneGraph()
    let system = TweenSystem()
    var done = [Int](repeating: 0, count: 200)
    var nodes: [Node] = []
    for i in 0..<200 {
      let node = graph.makeNode(.rect)
      nodes.append(node)
      let handle = system.tween([TweenTrack(node: node, property: .x, to: Double(i))], duration: Double(i + 1) / 60)
      system.onDone(handle) { completed in
        XCTAssertTrue(completed)
        done[i] += 1
      }
    }
    for frame in 1...100 {
      system.update(1.0 / 60)
      XCTAssertEqual(done[frame - 1], 1, "tween \(frame - 1) finished on its frame")
      XCTAssertEqual(nodes[frame - 1].x, Double(frame - 1))
    }
    let late = graph.makeNode(.rect)
    let handle = system.tween([TweenTrack(node: late, property: .y, to: 10)], duration: 10.0 / 60)
    for _ in 0..<100 { system.update(1.0 / 60) }
    XCTAssertEqual(done, [Int](repeating: 1, count: 200))
    XCTAssertEqual(late.y, 10)
    XCTAssertTrue(system.isFinished(handle))
    XCTAssertEqual(system.count, 0)
  }
}
