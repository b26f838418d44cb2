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
      case .press(let node, _): return "press \(node?.id ?? -1)"
      case .release(let node, _): return "release \(node?.id ?? -1)"
      case .tap(let node, let p): return "tap \(node?.id ?? -1) \(p)"
      case .drag(let node, let phase, let position, let start, let delta):
        return "drag \(phase.rawValue) \(node?.id ?? -1) at \(position) from \(start) by \(delta)"
      case .key(let name, let down): return "key \(name) \(down)"
      case .text(let text): return "text \(text)"
      }
    }
  }

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
}
