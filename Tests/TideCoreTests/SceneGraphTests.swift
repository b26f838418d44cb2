import XCTest

@testable import TideCore

final class SceneGraphTests: XCTestCase {
  var scene = SceneGraph()

  override func setUp() {
    scene = SceneGraph()
  }

  private func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, in parent: Node? = nil) -> Node {
    let node = scene.makeNode(.rect)
    node.x = x
    node.y = y
    node.width = w
    node.height = h
    (parent ?? scene.root).add(node)
    return node
  }

  func testIdsAreUniqueAndDeterministic() {
    let a = scene.makeNode(.rect)
    let b = scene.makeNode(.circle)
    XCTAssertEqual(scene.root.id, 0)
    XCTAssertEqual([a.id, b.id], [1, 2])
    XCTAssertEqual(SceneGraph().makeNode(.rect).id, 1)
  }

  /// `parent` is not a weak reference: a parent that goes away first must clear the links of
  /// children that live on, and a child moved elsewhere keeps its new parent.
  func testChildOutlivingItsParentHasNoParent() {
    let child = scene.makeNode(.rect)
    let moved = scene.makeNode(.rect)
    let keeper = scene.makeNode(.group)
    scene.root.add(keeper)
    do {
      let group = scene.makeNode(.group)
      group.add(child)
      group.add(moved)
      keeper.add(moved)
      XCTAssertTrue(child.parent === group)
    }
    XCTAssertNil(child.parent)
    XCTAssertFalse(child.isAttached)
    XCTAssertTrue(moved.parent === keeper)
    XCTAssertTrue(moved.isAttached)
  }

  func testCircleDefaultsToCentreAnchor() {
    let c = scene.makeNode(.circle)
    c.radius = 10
    c.x = 50
    c.y = 50
    scene.root.add(c)
    XCTAssertEqual(c.width, 20)
    XCTAssertTrue(c.contains(Vec2(50, 59)))
    XCTAssertFalse(c.contains(Vec2(58, 58)))  // inside the box, outside the circle
  }

  func testRoundedCornersAreNotHit() {
    let r = rect(0, 0, 100, 100)
    r.cornerRadius = 20
    XCTAssertFalse(r.contains(Vec2(1, 1)))
    XCTAssertTrue(r.contains(Vec2(20, 1)))
    XCTAssertTrue(r.contains(Vec2(50, 50)))
  }

  func testHitTestRespectsAnchorScaleRotationAndParents() {
    let group = scene.makeNode(.group)
    group.x = 100
    group.y = 100
    group.scale = 2
    scene.root.add(group)
    let child = rect(0, 0, 10, 10, in: group)
    child.anchorX = 0.5
    child.anchorY = 0.5
    // In scene space the child is a 20x20 square centred on (100, 100).
    XCTAssertTrue(scene.hitTest(Vec2(109, 109)) === child)
    XCTAssertNil(scene.hitTest(Vec2(111, 100)))
    child.rotation = 45
    // Rotated 45°: the diamond reaches 10·√2 ≈ 14.1 along the axes but not into the corners.
    XCTAssertTrue(scene.hitTest(Vec2(113, 100)) === child)
    XCTAssertNil(scene.hitTest(Vec2(109, 109)))
    group.rotation = 90
    child.rotation = 0
    child.anchorX = 0
    child.anchorY = 0
    // Group turned 90° clockwise: the child's box now extends left and down from (100, 100).
    XCTAssertTrue(scene.hitTest(Vec2(95, 105)) === child)
    XCTAssertNil(scene.hitTest(Vec2(105, 105)))
  }

  func testHitTestPicksTopmostByZThenInsertion() {
    let low = rect(0, 0, 50, 50)
    let high = rect(0, 0, 50, 50)
    XCTAssertTrue(scene.hitTest(Vec2(10, 10)) === high)
    low.z = 1
    XCTAssertTrue(scene.hitTest(Vec2(10, 10)) === low)
    low.visible = false
    XCTAssertTrue(scene.hitTest(Vec2(10, 10)) === high)
    high.alpha = 0
    XCTAssertNil(scene.hitTest(Vec2(10, 10)))
    XCTAssertNil(scene.hitTest(Vec2(10, 10)) { $0 !== high })
  }

  func testHiddenParentHidesChildren() {
    let group = scene.makeNode(.group)
    scene.root.add(group)
    let child = rect(0, 0, 10, 10, in: group)
    XCTAssertTrue(scene.hitTest(Vec2(5, 5)) === child)
    group.visible = false
    XCTAssertNil(scene.hitTest(Vec2(5, 5)))
    XCTAssertTrue(scene.drawList().isEmpty)
  }

  func testHitTestPredicateSkipsToTheNodeBelow() {
    let button = rect(0, 0, 50, 50)
    button.tag = "button"
    let label = scene.makeNode(.text)
    label.text = "Go"
    button.add(label)
    XCTAssertTrue(scene.hitTest(Vec2(5, 5)) === label)
    XCTAssertTrue(scene.hitTest(Vec2(5, 5)) { $0.tag == "button" } === button)
  }

  /// A gesture goes to the nearest node that takes input, itself or above it.
  func testInputGoesToTheNearestNodeThatTakesIt() {
    let card = rect(0, 0, 100, 100)
    let face = rect(10, 10, 50, 50, in: card)
    let label = scene.makeNode(.text)
    face.add(label)
    XCTAssertNil(label.inputTarget)
    XCTAssertFalse(label.answersInput)
    card.takesInput = true
    XCTAssertTrue(label.inputTarget === card)
    XCTAssertTrue(face.inputTarget === card)
    XCTAssertTrue(label.answersInput)
    face.takesInput = true
    XCTAssertTrue(label.inputTarget === face)
    XCTAssertTrue(card.inputTarget === card)
    label.removeFromParent()
    XCTAssertNil(label.inputTarget)
  }

  /// A hit test and a tap guard's snapshot pass over a label that takes no input without
  /// measuring it (a score changed every tick costs nothing until it is drawn), and still find
  /// what lies under it and stop at an opaque shape, as before.
  func testHitTestsPassLabelsThatTakeNoInputWithoutMeasuringThem() {
    let metrics = AskedMetrics()
    scene = SceneGraph(textMetrics: metrics)
    let button = rect(0, 0, 100, 100)
    button.takesInput = true
    let caption = scene.makeNode(.text)
    caption.text = "Play"
    button.add(caption)
    let score = scene.makeNode(.text)
    score.anchorX = 1  // placed by its width, as a right-aligned score is
    scene.root.add(score)
    for points in 0..<50 {
      score.text = String(points * 10)
      metrics.asked = []
      XCTAssertTrue(scene.hitTest(Vec2(5, 5)) { $0.answersInput } === caption)
      let snapshot = scene.hitSnapshot(near: Vec2(5, 5), within: 40) { $0.answersInput }
      XCTAssertTrue(snapshot.hit(Vec2(5, 5)) === caption)
      XCTAssertFalse(metrics.asked.contains { $0.hasPrefix(score.text + "@") }, "the score was measured for a tap")
    }
    // Once something reads it, it is measured, once.
    metrics.asked = []
    XCTAssertGreaterThan(score.width, 0)
    XCTAssertEqual(metrics.asked, [score.text + "@24.0"])
    // A label that takes input is hit where its box is.
    score.takesInput = true
    score.x = 300
    score.y = 300
    XCTAssertTrue(scene.hitTest(Vec2(300 - score.width / 2, 305)) { $0.answersInput } === score)
  }

  func testHitTestDetailNamesTheOpaqueShapeThatStopsTheSearch() {
    let button = rect(0, 0, 50, 50)
    button.tag = "button"
    let bar = rect(0, 0, 100, 20)
    bar.fill = .black
    let tappable: (Node) -> Bool = { $0.tag == "button" }
    XCTAssertTrue(scene.hitTestDetail(Vec2(5, 5), where: tappable).coveredBy === bar)
    XCTAssertNil(scene.hitTestDetail(Vec2(5, 5), where: tappable).hit)
    XCTAssertTrue(scene.hitTestDetail(Vec2(5, 30), where: tappable).hit === button)
    // A translucent bar shows what is under it, so the tap goes through.
    bar.fill = Color(r: 0, g: 0, b: 0, a: 0.5)
    XCTAssertTrue(scene.hitTestDetail(Vec2(5, 5), where: tappable).hit === button)
    XCTAssertNil(scene.hitTestDetail(Vec2(5, 5), where: tappable).coveredBy)
    XCTAssertNil(scene.hitTestDetail(Vec2(200, 200), where: tappable).coveredBy)
  }

  func testDrawListPainterOrderAndEffectiveAlpha() {
    let a = rect(0, 0, 10, 10)
    let b = rect(0, 0, 10, 10)
    let c = rect(0, 0, 10, 10)
    a.z = 5
    let group = scene.makeNode(.group)
    group.alpha = 0.5
    group.x = 7
    scene.root.add(group)
    let d = rect(1, 0, 10, 10, in: group)
    d.alpha = 0.5
    let items = scene.drawList()
    XCTAssertEqual(items.map(\.id), [b, c, d, a].map(\.id))
    XCTAssertEqual(items[2].alpha, 0.25)
    XCTAssertEqual(items[2].transform.tx, 8)
    // Equal z keeps insertion order, whatever the sort.
    for node in [a, b, c] { node.z = 2 }
    XCTAssertEqual(scene.drawList().map(\.id), [d, a, b, c].map(\.id))
  }

  /// The painter's order is kept as children come and go rather than sorted again: after any
  /// mix of adds (new, moved from another parent, re-added), removals, clears and z changes,
  /// it is what sorting by z with ties in insertion order gives.
  func testPainterOrderKeptThroughAddsAndRemovalsIsTheSortedOrder() {
    let parents = [scene.root, scene.makeNode(.group)]
    scene.root.add(parents[1])
    var random = TideRandom(seed: 7)
    var pool: [Node] = []
    for step in 0..<600 {
      let roll = random.int(0...9)
      let parent = parents[random.int(0...1)]
      if roll < 4 || pool.isEmpty {
        let node = scene.makeNode(.rect)
        node.z = Double(random.int(0...3))
        parent.add(node)
        pool.append(node)
      } else if roll < 6 {
        parent.add(pool[random.int(0...pool.count - 1)])
      } else if roll < 8 {
        pool[random.int(0...pool.count - 1)].removeFromParent()
      } else if roll < 9 {
        pool[random.int(0...pool.count - 1)].z = Double(random.int(0...3))
      } else if step % 7 == 0 {
        parents[1].removeAllChildren()
      }
      // Read only now and then, so that several edits (a child taken out and put back among
      // them) meet the kept order at once.
      guard step % 3 == 2 else { continue }
      for checked in parents {
        let expected = checked.children.enumerated().sorted {
          $0.element.z < $1.element.z || ($0.element.z == $1.element.z && $0.offset < $1.offset)
        }.map { $0.element.id }
        XCTAssertEqual(checked.drawOrderedChildren.map(\.id), expected, "step \(step)")
      }
    }
  }

  func testContainsWhollyWithRotatedChild() {
    let zone = rect(0, 0, 100, 100)
    let piece = rect(50, 50, 40, 10)
    piece.anchorX = 0.5
    piece.anchorY = 0.5
    XCTAssertTrue(zone.containsWholly(piece))
    piece.rotation = 90  // now 10 wide, 40 tall: still inside
    XCTAssertTrue(zone.containsWholly(piece))
    piece.x = 95  // sticks out by 0, since it is now only 10 wide: 90...100
    XCTAssertTrue(zone.containsWholly(piece))
    piece.rotation = 0  // 40 wide again: 75...115 sticks out
    XCTAssertFalse(zone.containsWholly(piece))
    piece.rotation = 45
    piece.x = 50
    XCTAssertTrue(zone.containsWholly(piece))
    // A circle zone checks its round edge, not its box.
    let round = scene.makeNode(.circle)
    round.radius = 30
    round.x = 50
    round.y = 50
    scene.root.add(round)
    let square = rect(50, 50, 40, 40)
    square.anchorX = 0.5
    square.anchorY = 0.5
    XCTAssertTrue(round.containsWholly(square))  // half-diagonal 28.3 < 30
    square.width = 44
    square.height = 44  // half-diagonal 31.1 > 30
    XCTAssertFalse(round.containsWholly(square))
  }

  func testNodeCountFollowsEveryEditAfterBeingAsked() {
    let parent = rect(0, 0, 10, 10)
    XCTAssertEqual(scene.nodeCount, 1)
    _ = rect(0, 0, 5, 5, in: parent)
    XCTAssertEqual(scene.nodeCount, 2, "a child added under an attached node")
    parent.removeAllChildren()
    XCTAssertEqual(scene.nodeCount, 1, "children cleared")
    let loose = scene.makeNode(.group)
    loose.add(scene.makeNode(.rect))
    XCTAssertEqual(scene.nodeCount, 1, "a subtree not yet attached")
    parent.add(loose)
    XCTAssertEqual(scene.nodeCount, 3, "the subtree attached")
  }

  func testTreeEditing() {
    let parent = rect(0, 0, 10, 10)
    let child = rect(0, 0, 5, 5, in: parent)
    XCTAssertEqual(scene.nodeCount, 2)
    XCTAssertFalse(child.add(parent))  // would make a cycle
    XCTAssertFalse(child.add(child))
    XCTAssertFalse(parent.add(SceneGraph().makeNode(.rect)))  // another graph's node
    parent.removeFromParent()
    XCTAssertTrue(parent.isRemoved)
    XCTAssertFalse(child.isRemoved)
    XCTAssertFalse(child.isAttached)
    XCTAssertEqual(scene.nodeCount, 0)
    scene.root.add(parent)
    XCTAssertFalse(parent.isRemoved)
    XCTAssertTrue(child.isAttached)
    child.name = "kid"
    XCTAssertTrue(scene.find { $0.name == "kid" } === child)
    XCTAssertEqual(scene.findAll { $0.kind == .rect }.count, 2)
  }

  func testTextNodesFollowTheirText() {
    let label = scene.makeNode(.text)
    label.fontSize = 10
    label.text = "Hello"
    XCTAssertEqual(label.width, 30, accuracy: 1e-9)  // 5 × 0.6 × 10
    XCTAssertEqual(label.height, 12, accuracy: 1e-9)
    label.text = "Hi\nthere"
    XCTAssertEqual(label.width, 30, accuracy: 1e-9)
    XCTAssertEqual(label.height, 24, accuracy: 1e-9)
    scene.root.add(label)
    scene.textMetrics = FixedMetrics()
    XCTAssertEqual(label.width, 7)
    label.setNumericProperty("font_size", 20)
    XCTAssertEqual(label.height, 20)
  }

  func testNumericPropertiesByName() {
    let node = rect(0, 0, 10, 10)
    XCTAssertTrue(node.setNumericProperty("scale", 2))
    XCTAssertEqual(node.scaleY, 2)
    XCTAssertEqual(node.numericProperty("scale_x"), 2)
    XCTAssertFalse(node.setNumericProperty("bogus", 1))
    XCTAssertNil(node.numericProperty("bogus"))
    XCTAssertTrue(NodeProperty.allNames.contains("corner_radius"))
    XCTAssertEqual(node.numericProperty("fill_a"), 0)  // no fill reads as transparent
    node.setNumericProperty("fill_r", 1)
    XCTAssertEqual(node.fill, Color(r: 1, g: 0, b: 0, a: 0))
    node.setNumericProperty("tint_g", 0.5)
    XCTAssertEqual(node.tint, Color(r: 1, g: 0.5, b: 1))
    XCTAssertEqual(NodeColorProperty.allNames, ["fill", "stroke", "tint", "text_color"])
    for name in NodeProperty.allNames {
      XCTAssertTrue(node.setNumericProperty(name, 0.25), name)
      XCTAssertEqual(node.numericProperty(name), 0.25, name)
    }
  }

  func testFrameAnimation() {
    let lion = scene.makeNode(.image)
    scene.root.add(lion)
    lion.play(["l0", "l1", "l2", "l3"], fps: 8, loop: true)
    XCTAssertEqual(lion.image, "l0")
    var shown: [String] = []
    for _ in 0..<60 {
      scene.update(1.0 / 60)
      if shown.last != lion.image { shown.append(lion.image ?? "") }
    }
    // 8 fps for a second: every frame twice, and at exactly 1 s the ninth frame begins.
    XCTAssertEqual(shown, ["l0", "l1", "l2", "l3", "l0", "l1", "l2", "l3", "l0"])
    lion.stop(frame: 2)
    scene.update(1)
    XCTAssertEqual(lion.image, "l2")

    var finished = 0
    lion.play(["a", "b"], fps: 4, loop: false) { finished += 1 }
    for _ in 0..<60 { scene.update(1.0 / 60) }
    XCTAssertEqual(lion.image, "b")
    XCTAssertFalse(lion.isPlaying)
    XCTAssertEqual(finished, 1)
  }

  func testADrawListKeepsHowNodesLookedWhenItWasBuilt() {
    let box = rect(0, 0, 10, 10)
    box.fill = Color(r: 1, g: 0, b: 0)
    let sprite = scene.makeNode(.image)
    sprite.frames = ["a", "b"]
    scene.root.add(sprite)
    let items = scene.drawList()
    // The game goes on while another thread draws the list.
    box.width = 99
    box.fill = nil
    box.tint = Color(r: 0, g: 0, b: 1)
    sprite.frameIndex = 1
    sprite.flipX = true
    XCTAssertEqual(items[0].look.width, 10)
    XCTAssertEqual(items[0].look.fill, Color(r: 1, g: 0, b: 0))
    XCTAssertEqual(items[0].look.tint, .white)
    XCTAssertEqual(items[1].look.image, "a")
    XCTAssertFalse(items[1].look.flipX)
    XCTAssertEqual(scene.drawList()[1].look.image, "b")
  }

  func testDrawListReusesStorage() {
    for i in 0..<100 { _ = rect(Double(i), 0, 1, 1) }
    let first = scene.drawList().withUnsafeBufferPointer { $0.baseAddress }
    let second = scene.drawList().withUnsafeBufferPointer { $0.baseAddress }
    XCTAssertEqual(first, second)
  }
}

private struct FixedMetrics: TextMetrics {
  func measure(_ text: String, size: Double) -> (width: Double, height: Double) { (7, size) }
}

final class SceneAnimationLifetimeTests: XCTestCase {
  /// A looping animation on a node that leaves the tree is no longer stepped nor kept alive;
  /// put back, it carries on.
  func testRemovedAnimatingNodesAreDroppedAndResumeWhenReadded() {
    let graph = SceneGraph()
    weak var gone: Node?
    do {
      let node = graph.makeNode(.image)
      graph.root.add(node)
      node.play(["a.png", "b.png"], fps: 10)
      gone = node
      node.removeFromParent()
    }
    graph.update(1.0 / 60)
    XCTAssertEqual(graph.animatingCount, 0)
    XCTAssertNil(gone, "a removed looping sprite is freed")

    let group = graph.makeNode(.group)
    let node = graph.makeNode(.image)
    group.add(node)
    graph.root.add(group)
    node.play(["a.png", "b.png"], fps: 10)
    group.removeFromParent()
    graph.update(0.1)
    XCTAssertEqual(graph.animatingCount, 0)
    graph.root.add(group)
    XCTAssertEqual(graph.animatingCount, 1)
    graph.update(0.1)
    XCTAssertEqual(node.frameIndex, 1, "re-added, the animation carries on")
  }
}

/// A frame animation at 1e308 fps trapped converting its frame number to Int.
final class AnimationBoundsTests: XCTestCase {
  func testHugeFPSNeverTraps() {
    let graph = SceneGraph()
    let node = graph.makeNode(.image)
    graph.root.add(node)
    node.play(["a", "b"], fps: 1e308)
    graph.update(1)
    graph.update(1e300)
    node.play(["a", "b"], fps: .infinity)
    graph.update(1)
    XCTAssertTrue(node.frameIndex == 0 || node.frameIndex == 1)
  }
}

/// Trees stop at `Limits.nestingDepth`, counting the subtree being added.
final class NestingDepthCoreTests: XCTestCase {
  func testAddRefusesTooDeepSubtrees() {
    let graph = SceneGraph()
    var chain = graph.root
    for _ in 0..<Limits.nestingDepth {
      let node = graph.makeNode(.group)
      XCTAssertTrue(chain.add(node))
      chain = node
    }
    XCTAssertEqual(chain.refusal(toAdd: graph.makeNode(.rect)), .tooDeep)
    let subtree = graph.makeNode(.group)
    subtree.add(graph.makeNode(.group))
    let parent = chain.parent  // 199 deep: a leaf fits under it, a subtree of two levels does not
    XCTAssertEqual(parent?.refusal(toAdd: subtree), .tooDeep, "the subtree's own depth counts")
    XCTAssertNil(parent?.refusal(toAdd: graph.makeNode(.rect)))
    XCTAssertEqual(chain.refusal(toAdd: graph.root), .cycle)
    XCTAssertEqual(graph.root.refusal(toAdd: SceneGraph().makeNode(.rect)), .otherGraph)
  }
}

/// Alpha is drawn clamped to 0...1 at every level, as `docs/api.md` says.
final class AlphaClampTests: XCTestCase {
  func testAlphaAboveOneCountsAsOne() {
    let graph = SceneGraph()
    let parent = graph.makeNode(.group)
    parent.alpha = 4
    graph.root.add(parent)
    let child = graph.makeNode(.rect)
    child.alpha = 0.5
    child.width = 1
    child.height = 1
    parent.add(child)
    XCTAssertEqual(graph.drawList().first?.alpha, 0.5)
    parent.alpha = -2
    XCTAssertTrue(graph.drawList().isEmpty)
  }
}
