import XCTest

@testable import TideCore

final class GestureRecognizerTests: XCTestCase {
  var scene = SceneGraph()
  var card: Node?

  override func setUp() {
    scene = SceneGraph()
    let node = scene.makeNode(.rect)
    node.width = 100
    node.height = 100
    scene.root.add(node)
    card = node
  }

  private func feed(_ recognizer: inout GestureRecognizer, _ events: [InputEvent]) -> [GestureEvent] {
    events.flatMap { recognizer.handle($0) { p in self.scene.hitTest(p) } }
  }

  private func describe(_ events: [GestureEvent]) -> [String] {
    events.map { event in
      switch event {
      case .press(let node, _, let id): return "press \(node?.id ?? -1)" + finger(id)
      case .release(let node, _, let id): return "release \(node?.id ?? -1)" + finger(id)
      case .tap(let node, let p, let id): return "tap \(node?.id ?? -1) \(p)" + finger(id)
      case .drag(let node, let phase, let position, let start, let delta, let id):
        return "drag \(phase.rawValue) \(node?.id ?? -1) at \(position) from \(start) by \(delta)" + finger(id)
      case .pinch(let node, let pinch):
        return "pinch \(pinch.phase.rawValue) \(node?.id ?? -1) scale \(pinch.scale) angle \(pinch.angle) at \(pinch.center)"
      case .mouseButton(let node, let button, let p, let down): return "\(button.rawValue) \(down ? "down" : "up") \(node?.id ?? -1) \(p)"
      case .wheel(let node, let delta, let p): return "wheel \(delta) over \(node?.id ?? -1) at \(p)"
      case .key(let name, let down, _): return "key \(name) \(down)"
      case .text(let text): return "text \(text)"
      }
    }
  }

  /// Nothing for the mouse, so the single-pointer expectations read as before.
  private func finger(_ id: PointerID) -> String { id == .mouse ? "" : " \(id)" }

  func testSmallMovementIsATap() {
    var recognizer = GestureRecognizer(threshold: 10)
    let events = feed(&recognizer, [.pointerDown(Vec2(10, 10)), .pointerMove(Vec2(15, 12)), .pointerUp(Vec2(16, 12))])
    XCTAssertEqual(describe(events), ["press 1", "tap 1 (16.0, 12.0)", "release 1"])
  }

  func testMovementPastThresholdIsADragOfThePressedNode() {
    var recognizer = GestureRecognizer(threshold: 10)
    let events = feed(
      &recognizer,
      [
        .pointerDown(Vec2(10, 10)), .pointerMove(Vec2(15, 10)), .pointerMove(Vec2(30, 10)),
        .pointerMove(Vec2(200, 50)),  // off the card: still the card's drag
        .pointerUp(Vec2(210, 50)),
      ])
    XCTAssertEqual(
      describe(events),
      [
        "press 1",
        "drag began 1 at (30.0, 10.0) from (10.0, 10.0) by (20.0, 0.0)",
        "drag moved 1 at (200.0, 50.0) from (10.0, 10.0) by (170.0, 40.0)",
        "drag ended 1 at (210.0, 50.0) from (10.0, 10.0) by (10.0, 0.0)",
        "release 1",
      ])
  }

  func testPressOnNothingGivesNilNode() {
    var recognizer = GestureRecognizer()
    let events = feed(&recognizer, [.pointerDown(Vec2(500, 500)), .pointerUp(Vec2(500, 500))])
    XCTAssertEqual(describe(events), ["press -1", "tap -1 (500.0, 500.0)", "release -1"])
  }

  func testJumpWithoutMovesIsStillADrag() {
    var recognizer = GestureRecognizer()
    let events = feed(&recognizer, [.pointerDown(Vec2(10, 10)), .pointerUp(Vec2(90, 10))])
    XCTAssertEqual(
      describe(events),
      [
        "press 1", "drag began 1 at (90.0, 10.0) from (10.0, 10.0) by (80.0, 0.0)",
        "drag ended 1 at (90.0, 10.0) from (10.0, 10.0) by (0.0, 0.0)", "release 1",
      ])
  }

  func testKeysAndTextPassThroughAndHoverIsIgnored() {
    var recognizer = GestureRecognizer()
    let events = feed(
      &recognizer, [.pointerMove(Vec2(1, 1)), .pointerUp(Vec2(1, 1)), .key("return", down: true), .text("Ada")])
    XCTAssertEqual(describe(events), ["key return true", "text Ada"])
  }

  func testHitTestHappensAtThePress() {
    var recognizer = GestureRecognizer()
    var events = feed(&recognizer, [.pointerDown(Vec2(10, 10))])
    card?.removeFromParent()  // the node disappears mid-press; the gesture still names it
    events += feed(&recognizer, [.pointerUp(Vec2(10, 10))])
    XCTAssertEqual(describe(events), ["press 1", "tap 1 (10.0, 10.0)", "release 1"])
  }

  /// Each finger is its own press: two fingers drag two nodes at once, and lifting one leaves
  /// the other's drag going.
  func testTwoFingersDragTwoNodesAtOnce() throws {
    let other = scene.makeNode(.rect)
    other.x = 200
    other.width = 100
    other.height = 100
    scene.root.add(other)
    var recognizer = GestureRecognizer(threshold: 10)
    let events = feed(
      &recognizer,
      [
        .pointerDown(Vec2(10, 10), pointer: .finger(1)), .pointerDown(Vec2(210, 10), pointer: .finger(2)),
        .pointerMove(Vec2(40, 10), pointer: .finger(1)), .pointerMove(Vec2(240, 10), pointer: .finger(2)),
        .pointerUp(Vec2(40, 10), pointer: .finger(1)), .pointerMove(Vec2(260, 10), pointer: .finger(2)),
        .pointerUp(Vec2(260, 10), pointer: .finger(2)),
      ])
    XCTAssertEqual(
      describe(events).filter { !$0.hasPrefix("pinch") },
      [
        "press 1 finger 1", "press 2 finger 2",
        "drag began 1 at (40.0, 10.0) from (10.0, 10.0) by (30.0, 0.0) finger 1",
        "drag began 2 at (240.0, 10.0) from (210.0, 10.0) by (30.0, 0.0) finger 2",
        "drag ended 1 at (40.0, 10.0) from (10.0, 10.0) by (0.0, 0.0) finger 1", "release 1 finger 1",
        "drag moved 2 at (260.0, 10.0) from (210.0, 10.0) by (20.0, 0.0) finger 2",
        "drag ended 2 at (260.0, 10.0) from (210.0, 10.0) by (0.0, 0.0) finger 2", "release 2 finger 2",
      ])
    XCTAssertFalse(recognizer.isPressed)
  }

  /// A pinch reports scale and turn against its start; turning past half a circle keeps
  /// counting, and a third finger joins no pinch.
  func testPinchScaleAndAngleFromTheFirstTwoPointers() {
    var recognizer = GestureRecognizer()
    let events = feed(
      &recognizer,
      [
        .pointerDown(Vec2(0, 0), pointer: .finger(1)), .pointerDown(Vec2(10, 0), pointer: .finger(2)),
        .pointerDown(Vec2(500, 500), pointer: .finger(3)), .pointerMove(Vec2(600, 500), pointer: .finger(3)),
        .pointerMove(Vec2(0, 20), pointer: .finger(2)), .pointerMove(Vec2(-10, 0), pointer: .finger(2)),
        .pointerMove(Vec2(0, -30), pointer: .finger(2)), .pointerUp(Vec2(0, -30), pointer: .finger(2)),
      ])
    let pinches = events.compactMap { event -> String? in
      guard case .pinch(let node, let pinch) = event else { return nil }
      return String(format: "%@ %d %.2f %.4f", pinch.phase.rawValue, node?.id ?? -1, pinch.scale, pinch.angle)
    }
    XCTAssertEqual(pinches, ["began 1 1.00 0.0000", "moved 1 2.00 1.5708", "moved 1 1.00 3.1416", "moved 1 3.00 4.7124", "ended 1 3.00 4.7124"])
  }

  func testWheelAndButtonsFindTheNodeUnderTheMouse() {
    var recognizer = GestureRecognizer()
    let events = feed(
      &recognizer,
      [.pointerMove(Vec2(50, 50)), .wheel(Vec2(0, 1)), .mouseButton(.right, Vec2(500, 500), down: true), .wheel(Vec2(1, 0))])
    XCTAssertEqual(
      describe(events),
      [
        "wheel (0.0, 1.0) over 1 at (50.0, 50.0)", "right down -1 (500.0, 500.0)",
        "wheel (1.0, 0.0) over -1 at (500.0, 500.0)",
      ])
  }
}
