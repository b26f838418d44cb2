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

  /// Random scenes of every kind that takes taps or hides them (turned, scaled, nested, clipped,
  /// half transparent), asked at random points near a release: the snapshot kept near it
  /// answers as the whole scene's does, so keeping less never changes what the guard decides.
  func testASnapshotNearTheReleaseAnswersThereAsTheWholeScenesDoes() {
    var random = TideRandom(seed: 28)
    func number(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &random) }
    var kept = 0
    var whole = 0
    for _ in 0..<80 {
      setUp()
      var parents: [Node] = [scene.root]
      for _ in 0..<60 {
        let kinds: [NodeKind] = [.rect, .circle, .polygon, .line, .group, .image, .text, .particles]
        let kind = kinds[Int(number(0...7.99))]
        let node = scene.makeNode(kind)
        node.x = number(-50...650)
        node.y = number(-50...450)
        node.width = number(0...120)
        node.height = number(0...120)
        node.rotation = Bool.random(using: &random) ? number(-180...180) : 0
        node.scaleX = number(0.2...2.5)
        node.scaleY = Bool.random(using: &random) ? node.scaleX : number(0.2...2.5)
        node.anchorX = number(0...1)
        node.anchorY = number(0...1)
        node.cornerRadius = Bool.random(using: &random) ? number(0...30) : 0
        node.strokeWidth = number(0...30)
        node.alpha = Bool.random(using: &random) ? 1 : number(0.2...1)
        if kind == .rect || kind == .circle, Bool.random(using: &random) { node.fill = Color(r: 0, g: 0, b: 0, a: 1) }
        if kind == .polygon || kind == .line {
          node.points = (0..<Int(number(2...7.99))).map { _ in Vec2(x: number(-40...140), y: number(-40...140)) }
        }
        if number(0...1) < 0.15 { node.clipsChildren = true }
        let parent = parents[Int(number(0...Double(parents.count) - 0.01))]
        parent.add(node)
        if kind == .group || node.clipsChildren || number(0...1) < 0.2 { parents.append(node) }
        if number(0...1) < 0.6 { tappable.insert(ObjectIdentifier(node)) }
      }
      let release = Vec2(x: number(0...600), y: number(0...400))
      // Small discs too, where a shape's edge (a stroke's reach past its points) decides more often.
      let radius = Bool.random(using: &random) ? TapGuard.spot : number(0.5...8)
      let near = scene.hitSnapshot(near: release, within: radius) { self.target($0) != nil }
      let all = snapshot()
      kept += near.entries.count
      whole += all.entries.count
      for _ in 0..<200 {
        let angle = number(0...(2 * .pi))
        let distance = number(0...1) < 0.2 ? radius : number(0...radius)
        let p = Vec2(x: release.x + distance * cos(angle), y: release.y + distance * sin(angle))
        XCTAssertTrue(near.hit(p) === all.hit(p), "at \(p), released at \(release)")
      }
    }
    XCTAssertLessThan(kept, whole / 2, "the snapshot near the release keeps less than the whole scene's")

    // Edges a box of the sprite's size would miss: a thick stroke reaching past its points, a
    // polygon whose points lie outside its box, a shrunken sprite (space stretched back).
    setUp()
    let line = scene.makeNode(.line)
    line.points = [Vec2(x: 0, y: 0), Vec2(x: 100, y: 0)]
    line.strokeWidth = 20
    scene.root.add(line)
    tappable.insert(ObjectIdentifier(line))
    let star = scene.makeNode(.polygon)
    star.points = [Vec2(x: 300, y: 0), Vec2(x: 340, y: 0), Vec2(x: 320, y: 40)]
    star.width = 10
    star.height = 10
    scene.root.add(star)
    tappable.insert(ObjectIdentifier(star))
    let small = rect(500, 0, 100, 100)
    small.scaleX = 0.1
    small.scaleY = 0.1
    for (release, p, node) in [
      (Vec2(x: 50, y: -50), Vec2(x: 50, y: -9), line), (Vec2(x: 320, y: -47), Vec2(x: 320, y: 1), star),
      (Vec2(x: 505, y: 58), Vec2(x: 505, y: 10), small),
    ] {
      let near = scene.hitSnapshot(near: release, within: TapGuard.spot) { self.target($0) != nil }
      XCTAssertTrue(near.hit(p) === node, "\(node.kind) at \(p), released at \(release)")
    }
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
