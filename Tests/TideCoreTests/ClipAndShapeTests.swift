import XCTest

@testable import TideCore

/// Polygon geometry, the true-shape hit test of lines, polygons and ellipses, and
/// clipping groups in draw lists and hit tests.
final class ClipAndShapeTests: XCTestCase {
  let star = [(0.0, -50.0), (12, -15), (48, -15), (19, 7), (30, 42), (0, 20), (-30, 42), (-19, 7), (-48, -15), (-12, -15)]
    .map { Vec2($0.0, $0.1) }

  func testPointInConcavePolygon() {
    XCTAssertTrue(Polygon.contains(star, Vec2(0, 0)))
    XCTAssertFalse(Polygon.contains(star, Vec2(-40, 30)), "between two arms")
    XCTAssertFalse(Polygon.contains(star, Vec2(0, 35)), "in the notch under the centre")
    XCTAssertTrue(Polygon.contains(star, Vec2(28, 38)), "near the tip of an arm")
  }

  func testEarClippingCoversAConcavePolygonExactly() {
    for outline in [star, Array(star.reversed())] {
      let triangles = Polygon.triangulate(outline)
      XCTAssertEqual(triangles.count, (outline.count - 2) * 3)
      var area = 0.0
      for t in stride(from: 0, to: triangles.count, by: 3) {
        area += abs(Polygon.signedArea2([outline[triangles[t]], outline[triangles[t + 1]], outline[triangles[t + 2]]]))
      }
      XCTAssertEqual(area, abs(Polygon.signedArea2(outline)), accuracy: 1e-6)
    }
  }

  func testConvexClipIntersects() {
    let square = Rect(x: 0, y: 0, width: 10, height: 10).corners
    let shifted = Rect(x: 5, y: 5, width: 10, height: 10).corners
    let cut = Polygon.clip(square, toConvex: shifted)
    XCTAssertEqual(abs(Polygon.signedArea2(cut)) / 2, 25, accuracy: 1e-9)
    XCTAssertTrue(Polygon.clip(square, toConvex: Rect(x: 20, y: 0, width: 5, height: 5).corners).isEmpty)
  }

  func testLinesAndPolygonsHitOnTheirTrueShape() {
    let scene = SceneGraph()
    let polygon = scene.makeNode(.polygon)
    polygon.x = 100
    polygon.y = 100
    polygon.points = star
    scene.root.add(polygon)
    XCTAssertEqual(polygon.width, 96)
    XCTAssertEqual(polygon.height, 92)
    XCTAssertTrue(scene.hitTest(Vec2(100, 100)) === polygon)
    XCTAssertNil(scene.hitTest(Vec2(60, 130)), "inside the box, outside the star")

    let line = scene.makeNode(.line)
    line.points = [Vec2(0, 0), Vec2(100, 0)]
    line.strokeWidth = 10
    line.y = 300
    scene.root.add(line)
    XCTAssertTrue(scene.hitTest(Vec2(50, 304)) === line)
    XCTAssertNil(scene.hitTest(Vec2(50, 306)))

    let ellipse = scene.makeNode(.circle)
    ellipse.width = 100
    ellipse.height = 40
    ellipse.x = 300
    ellipse.y = 300
    scene.root.add(ellipse)
    XCTAssertTrue(scene.hitTest(Vec2(300, 300)) === ellipse)
    XCTAssertNil(scene.hitTest(Vec2(255, 285)), "the corner of the ellipse's box")
  }

  func testAClippedAwayPartTakesNoTapsAndNestedClipsIntersect() {
    let scene = SceneGraph()
    let outer = scene.makeNode(.group)
    outer.width = 100
    outer.height = 100
    outer.clipsChildren = true
    scene.root.add(outer)
    let inner = scene.makeNode(.group)
    inner.x = 50
    inner.width = 100
    inner.height = 50
    inner.clipsChildren = true
    outer.add(inner)
    let child = scene.makeNode(.rect)
    child.x = -100
    child.width = 300
    child.height = 300
    inner.add(child)
    XCTAssertTrue(scene.hitTest(Vec2(75, 25)) === child, "inside both clips")
    // A sized group takes taps on its own box; the child must not.
    XCTAssertFalse(scene.hitTest(Vec2(125, 25)) === child, "inside the inner clip only")
    XCTAssertTrue(scene.hitTest(Vec2(25, 25)) === outer, "inside the outer clip only")
    XCTAssertTrue(scene.hitTest(Vec2(75, 75)) === outer, "below the inner clip")
    outer.clipsChildren = false
    XCTAssertTrue(scene.hitTest(Vec2(125, 25)) === child)

    let items = scene.drawList()
    XCTAssertEqual(items.count, 1)  // groups draw nothing
    let region = items.last?.clip
    XCTAssertEqual(region.map { Rect.bounding($0.outline) }, Rect(x: 50, y: 0, width: 100, height: 50))
    outer.clipsChildren = true
    let nested = scene.drawList().last?.clip
    XCTAssertEqual(nested?.isAlignedRect, true)
    XCTAssertEqual(nested.map { Rect.bounding($0.outline) }, Rect(x: 50, y: 0, width: 50, height: 50))
  }

  func testRoundedClipsCutTheCorners() {
    let scene = SceneGraph()
    let clip = scene.makeNode(.rect)
    clip.width = 100
    clip.height = 100
    clip.cornerRadius = 40
    clip.fill = nil
    clip.clipsChildren = true
    scene.root.add(clip)
    let child = scene.makeNode(.rect)
    child.width = 100
    child.height = 100
    clip.add(child)
    XCTAssertTrue(scene.hitTest(Vec2(50, 50)) === child)
    XCTAssertTrue(scene.hitTest(Vec2(3, 3)) === nil || scene.hitTest(Vec2(3, 3)) === clip, "the cut corner")
    XCTAssertFalse(scene.hitTest(Vec2(3, 3)) === child)
    XCTAssertEqual(scene.drawList().last?.clip?.isAlignedRect, false)
  }
}
