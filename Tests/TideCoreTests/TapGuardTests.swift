import XCTest

@testable import TideCore

/// `HitSnapshot` answers as the hit test did when it was taken; `TapGuard` lets a quick second
/// press at the same spot reach only what was there then.
final class TapGuardTests: XCTestCase {
  var scene = SceneGraph()
  /// Every node with `tappable` set takes taps, as sprites with handlers do.
  var tappable: Set<ObjectIdentifier> = []

  override func setUp() {
    scene = SceneGraph()
    tappable = []
  }

  private func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, in parent: Node? = nil, taps: Bool = true) -> Node {
    let node = scene.makeNode(.rect)
    node.x = x
    node.y = y
    node.width = w
    node.height = h
    (parent ?? scene.root).add(node)
    if taps { tappable.insert(ObjectIdentifier(node)) }
    return node
  }

  private func takesTaps(_ node: Node) -> Bool { tappable.contains(ObjectIdentifier(node)) }

  private func target(_ node: Node) -> Node? {
    var current: Node? = node
    while let n = current {
      if takesTaps(n) { return n }
      current = n.parent
    }
    return nil
  }

  private func snapshot() -> HitSnapshot { scene.hitSnapshot { self.target($0) != nil } }

  /// Whether a press at `p` and `time` reaches what the live hit test finds there.
  private func admits(_ guardian: TapGuard, _ p: Vec2, time: Double) -> Bool? {
    guard let hit = scene.hitTest(p, where: { self.target($0) != nil }), let target = target(hit) else { return nil }
    return guardian.admits(hit, target: target, at: p, time: time) { self.target($0) }
  }

  func testSnapshotAnswersAsTheSceneWasThen() {
    let button = rect(0, 0, 100, 50)
    let label = rect(10, 10, 20, 20, in: button, taps: false)
    let sign = rect(0, 0, 100, 50)
    sign.visible = false
    let then = snapshot()
    sign.visible = true
    button.x = 500
    XCTAssertTrue(scene.hitTest(Vec2(x: 50, y: 25)) { self.target($0) != nil } === sign)
    XCTAssertTrue(then.hit(Vec2(x: 50, y: 25)) === button)
    XCTAssertTrue(then.hit(Vec2(x: 15, y: 15)) === label, "children first, as the hit test asks them")
    XCTAssertNil(then.hit(Vec2(x: 150, y: 25)))
  }

  func testSnapshotKeepsClipsAndOpaqueCovers() {
    let window = rect(0, 0, 50, 50, taps: false)
    window.clipsChildren = true
    let inside = rect(0, 0, 100, 100, in: window)
    let cover = rect(200, 0, 50, 50, taps: false)
    cover.fill = Color(r: 0, g: 0, b: 0, a: 1)
    let under = rect(200, 0, 50, 50)
    scene.root.add(cover)  // back on top of `under`
    let then = snapshot()
    XCTAssertTrue(then.hit(Vec2(x: 25, y: 25)) === inside)
    XCTAssertNil(then.hit(Vec2(x: 75, y: 75)), "clipped away, as the hit test has it")
    XCTAssertNil(then.hit(Vec2(x: 225, y: 25)), "an opaque shape hides what is under it")
    cover.removeFromParent()
    XCTAssertTrue(scene.hitTest(Vec2(x: 225, y: 25)) { self.target($0) != nil } === under)
    XCTAssertNil(then.hit(Vec2(x: 225, y: 25)))
  }

  func testAQuickSecondPressReachesOnlyWhatWasThere() {
    let again = rect(0, 0, 100, 50)
    let sign = rect(0, 0, 100, 50)
    let far = rect(300, 0, 100, 50)
    sign.visible = false
    far.visible = false
    var guardian = TapGuard()
    guardian.released(at: Vec2(x: 50, y: 25), time: 1, snapshot: snapshot())
    // The tap's handler swaps the button for the sign under the finger, and shows another far off.
    again.visible = false
    sign.visible = true
    far.visible = true
    XCTAssertEqual(admits(guardian, Vec2(x: 50, y: 25), time: 1.1), false)
    XCTAssertEqual(admits(guardian, Vec2(x: 80, y: 30), time: 1 + TapGuard.defaultInterval - 0.01), false)
    XCTAssertEqual(admits(guardian, Vec2(x: 50, y: 25), time: 1 + TapGuard.defaultInterval), true, "a tap of its own")
    XCTAssertEqual(admits(guardian, Vec2(x: 350, y: 25), time: 1.1), true, "somewhere else: not the same finger again")
    sign.instantTap = true
    XCTAssertEqual(admits(guardian, Vec2(x: 50, y: 25), time: 1.1), true, "a sprite may opt out")
  }

  func testTheSameButtonTappedFastStillTakesEveryTap() {
    let plus = rect(0, 0, 100, 50)
    var guardian = TapGuard()
    guardian.released(at: Vec2(x: 50, y: 25), time: 1, snapshot: snapshot())
    plus.x = 10  // it may move a little and grow: it was there
    XCTAssertEqual(admits(guardian, Vec2(x: 55, y: 25), time: 1.05), true)
  }

  func testAGuardOfZeroIsOff() {
    _ = rect(0, 0, 100, 50)
    var guardian = TapGuard(interval: 0)
    XCTAssertFalse(guardian.isOn)
    let empty = HitSnapshot()
    guardian.released(at: Vec2(x: 50, y: 25), time: 1, snapshot: empty)
    XCTAssertEqual(admits(guardian, Vec2(x: 50, y: 25), time: 1.05), true)
  }

  func testAHoldKeepsEveryPressBackUntilItEndsOrIsEnded() {
    _ = rect(0, 0, 100, 50)
    var guardian = TapGuard()
    guardian.hold(until: 2)
    guardian.hold(until: 1.5)  // a later, shorter hold does not cut it short
    XCTAssertEqual(admits(guardian, Vec2(x: 50, y: 25), time: 1.9), false)
    XCTAssertEqual(admits(guardian, Vec2(x: 50, y: 25), time: 2), true)
    guardian.hold(until: 3)
    guardian.endHold()
    XCTAssertEqual(admits(guardian, Vec2(x: 50, y: 25), time: 2.5), true)
  }
}
