import XCTest

@testable import TideCore

/// `TweenAction.repeating`: passes, yoyo, loops without end, and loops on removed nodes.
final class TweenLoopTests: XCTestCase {
  let dt = 1.0 / 60
  var scene = SceneGraph()

  override func setUp() {
    scene = SceneGraph()
  }

  private func attached(x: Double = 0) -> Node {
    let node = scene.makeNode(.rect)
    node.x = x
    scene.root.add(node)
    return node
  }

  private func step(_ tweens: TweenSystem, seconds: Double) {
    for _ in 0..<Int((seconds * 60).rounded()) { tweens.update(dt) }
  }

  private func moveX(_ node: Node, to: Double, over seconds: Double) -> TweenAction {
    .tween([TweenTrack(node: node, property: .x, to: to)], duration: seconds, easing: .linear)
  }

  func testEachPassStartsAgainFromWhereTheFirstBegan() {
    let node = attached(x: 10)
    let tweens = TweenSystem()
    let handle = tweens.add(.repeating(moveX(node, to: 110, over: 1), times: 3, yoyo: false))
    step(tweens, seconds: 1.5)
    XCTAssertEqual(node.x, 60, accuracy: 1e-9)  // halfway through the second pass, not stuck at 110
    step(tweens, seconds: 1)
    XCTAssertEqual(node.x, 60, accuracy: 1e-9)
    XCTAssertFalse(tweens.isFinished(handle))
    step(tweens, seconds: 0.5)
    XCTAssertEqual(node.x, 110)
    XCTAssertTrue(tweens.isFinished(handle))
  }

  func testYoyoRetracesTheEasedPathBackwards() {
    let node = attached(x: 0)
    let tweens = TweenSystem()
    var ended: Bool?
    let handle = tweens.add(
      .repeating(.tween([TweenTrack(node: node, property: .x, to: 100)], duration: 1, easing: .inQuad), times: 2, yoyo: true))
    tweens.onDone(handle) { ended = $0 }
    step(tweens, seconds: 0.25)
    let outward = node.x
    XCTAssertEqual(outward, 6.25, accuracy: 1e-9)
    step(tweens, seconds: 1.5)  // 0.75 s into the way back: where the way out was at 0.25 s
    XCTAssertEqual(node.x, outward, accuracy: 1e-9)
    step(tweens, seconds: 0.25)
    XCTAssertEqual(node.x, 0)  // exactly home
    XCTAssertEqual(ended, true)
  }

  func testAForeverLoopRunsUntilCancelled() {
    let node = attached(x: 0)
    let tweens = TweenSystem()
    let handle = tweens.add(.repeating(moveX(node, to: 100, over: 0.5), times: TweenAction.forever, yoyo: true))
    step(tweens, seconds: 600)
    XCTAssertEqual(node.x, 0, accuracy: 1e-6)  // 1,200 passes later it is back where it began
    XCTAssertFalse(tweens.isFinished(handle))
    step(tweens, seconds: 0.25)
    XCTAssertEqual(node.x, 50, accuracy: 1e-6)
    var ended: Bool?
    tweens.onDone(handle) { ended = $0 }
    XCTAssertTrue(tweens.cancel(handle))
    XCTAssertEqual(ended, false)
    step(tweens, seconds: 1)
    XCTAssertEqual(node.x, 50, accuracy: 1e-6)  // stopped where it was
    XCTAssertEqual(tweens.count, 0)
  }

  func testALoopEndsOnceEveryNodeItMovesIsRemoved() {
    let a = attached()
    let b = attached()
    let tweens = TweenSystem()
    var ended: Bool?
    let handle = tweens.add(
      .repeating(.parallel([moveX(a, to: 10, over: 1), moveX(b, to: 10, over: 1)]), times: TweenAction.forever, yoyo: false))
    tweens.onDone(handle) { ended = $0 }
    a.removeFromParent()
    step(tweens, seconds: 2)
    XCTAssertFalse(tweens.isFinished(handle), "b is still shown")
    b.removeFromParent()
    tweens.update(dt)
    XCTAssertTrue(tweens.isFinished(handle))
    XCTAssertEqual(ended, false, "ends as cancelled")
  }

  func testASequenceYoyoRunsItsStepsInReverseOrder() {
    let node = attached(x: 0)
    let tweens = TweenSystem()
    var calls = 0
    tweens.add(
      .repeating(
        .sequence([moveX(node, to: 100, over: 1), .call { calls += 1 }, .wait(1), .tween([TweenTrack(node: node, property: .y, to: 50)], duration: 1, easing: .linear)]),
        times: 2, yoyo: true))
    step(tweens, seconds: 3)  // the way back may have begun by a rounding error's worth
    XCTAssertEqual(node.x, 100)
    XCTAssertEqual(node.y, 50, accuracy: 1e-9)
    step(tweens, seconds: 0.5)  // back: y first
    XCTAssertEqual(node.y, 25, accuracy: 1e-9)
    XCTAssertEqual(node.x, 100)
    step(tweens, seconds: 1.5)  // then the wait, then the call again
    XCTAssertEqual(node.y, 0)
    XCTAssertEqual(calls, 2)
    step(tweens, seconds: 1)
    XCTAssertEqual(node.x, 0)
  }

  func testAParallelYoyoBringsEveryBranchHomeTogether() {
    let fast = attached(x: 0)
    let slow = attached(x: 0)
    let tweens = TweenSystem()
    let handle = tweens.add(
      .repeating(.parallel([moveX(fast, to: 100, over: 1), moveX(slow, to: 100, over: 2)]), times: 2, yoyo: true))
    step(tweens, seconds: 2.5)  // back half a second: the short branch has not started back yet
    XCTAssertEqual(fast.x, 100)
    XCTAssertEqual(slow.x, 75, accuracy: 1e-9)
    step(tweens, seconds: 1)
    XCTAssertEqual(fast.x, 50, accuracy: 1e-9)
    step(tweens, seconds: 0.5)
    XCTAssertEqual(fast.x, 0)
    XCTAssertEqual(slow.x, 0)
    XCTAssertTrue(tweens.isFinished(handle))
  }

  func testPassesShorterThanATickAreCutShortInsteadOfStallingTheStep() {
    let node = attached(x: 0)
    let tweens = TweenSystem()
    var passes = 0
    tweens.add(
      .repeating(.sequence([moveX(node, to: 1, over: 1e-12), .call { passes += 1 }]), times: TweenAction.forever, yoyo: false))
    for _ in 0..<60 { tweens.update(dt) }
    // 1e-12 s passes would be 1.7e10 a tick; each tick runs at most 1,000 and moves on.
    XCTAssertEqual(passes, 60 * RepeatRunner.maxPassesPerStep)
    XCTAssertEqual(tweens.count, 1)
  }

  func testDurationOfActions() {
    let node = attached()
    XCTAssertEqual(TweenAction.sequence([moveX(node, to: 1, over: 1), .wait(0.5)]).duration, 1.5)
    XCTAssertEqual(TweenAction.parallel([moveX(node, to: 1, over: 1), .wait(2)]).duration, 2)
    XCTAssertEqual(TweenAction.repeating(.wait(0.5), times: 4, yoyo: false).duration, 2)
    XCTAssertEqual(TweenAction.repeating(.wait(0.5), times: TweenAction.forever, yoyo: false).duration, .infinity)
    XCTAssertEqual(TweenAction.sequence([moveX(node, to: 1, over: 1), .call {}]).nodes.count, 1)
  }
}
