import XCTest

@testable import TideCore

/// Triangulation of big and crafted outlines: exact cover, bounded work, the same answer every
/// time, and a polygon sprite cutting its outline once, not every frame.
final class PolygonTriangulationTests: XCTestCase {
  /// A band wound `turns` times round the centre, `corners` corners in all: the outline that
  /// ear clipping took cubic time on (every ear test scans the whole band).
  static func spiral(corners: Int, turns: Double = 40) -> [Vec2] {
    let half = corners / 2
    var outer: [Vec2] = []
    var inner: [Vec2] = []
    for i in 0..<half {
      let angle = Double(i) / Double(half) * turns * 2 * .pi
      let radius = 20 + Double(i) / Double(half) * turns * 12
      outer.append(Vec2(cos(angle) * radius, sin(angle) * radius))
      inner.append(Vec2(cos(angle) * (radius - 6), sin(angle) * (radius - 6)))
    }
    return outer + inner.reversed()
  }

  /// Teeth along a spine, each with a notch at another depth: thousands of edges cross one
  /// sweep line at once, and every notch is a merge corner.
  static func comb(teeth: Int) -> [Vec2] {
    var outline: [Vec2] = []
    for i in 0..<teeth {
      let x = Double(i) * 4
      outline += [Vec2(x, 0), Vec2(x + 1, 1000), Vec2(x + 2, 1 + Double(i % 7) * 50), Vec2(x + 3, 1000)]
    }
    return outline + [Vec2(Double(teeth) * 4, -10), Vec2(0, -10)]
  }

  /// The triangles cover the outline exactly once: n - 2 of them, each wound as the outline,
  /// their areas adding up to its area.
  func assertCovers(_ outline: [Vec2], _ triangles: [Int], file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(triangles.count, (outline.count - 2) * 3, file: file, line: line)
    let whole = Polygon.signedArea2(outline)
    var sum = 0.0
    var againstWinding = 0
    for t in stride(from: 0, to: triangles.count - 2, by: 3) {
      let area = Polygon.signedArea2([outline[triangles[t]], outline[triangles[t + 1]], outline[triangles[t + 2]]])
      if area * whole < 0 { againstWinding += 1 }
      sum += abs(area)
    }
    XCTAssertEqual(againstWinding, 0, "triangles wound against the outline", file: file, line: line)
    XCTAssertEqual(sum, abs(whole), accuracy: 1e-9 * abs(whole), file: file, line: line)
  }

  func testBigOutlinesAreCutInBoundedWork() {
    for outline in [Self.spiral(corners: Limits.points), Self.comb(teeth: (Limits.points - 2) / 4)] {
      for winding in [outline, Array(outline.reversed())] {
        let (triangles, steps) = Polygon.sweepTriangulation(winding)
        assertCovers(winding, triangles)
        XCTAssertEqual(Polygon.triangulate(winding), triangles)
        // O(n log n): a few steps per corner per level of the edge tree.
        let n = Double(winding.count)
        XCTAssertLessThan(Double(steps), 4 * n * log2(n), "\(winding.count) corners")
      }
    }
  }

  func testSweepCoversRandomSimpleOutlinesLikeEarClipping() {
    var random = TideRandom(seed: 29)
    var checked = 0
    for trial in 0..<300 {
      // Corners at increasing angles round a point: always simple. Every third on whole
      // numbers, so corners share heights (the sweep's ties).
      let count = random.int(3...60)
      let angles = (0..<count).map { _ in random.float(0, 2 * .pi) }.sorted()
      var outline = angles.map { angle -> Vec2 in
        let radius = random.float(20, 100)
        let p = Vec2(cos(angle) * radius, sin(angle) * radius)
        return trial % 3 == 0 ? Vec2(p.x.rounded(), p.y.rounded()) : p
      }
      if trial % 2 == 1 { outline.reverse() }
      guard abs(Polygon.signedArea2(outline)) > 1, Self.isSimple(outline) else { continue }
      checked += 1
      assertCovers(outline, Polygon.sweepTriangulation(outline).triangles)
      XCTAssertEqual(Polygon.triangulate(outline).count, Polygon.earClip(outline).count)
    }
    XCTAssertGreaterThan(checked, 100)
  }

  /// Whether no two edges of `outline` meet but neighbours at their shared corner (a wide gap
  /// between two angles can make the outline above cross itself).
  static func isSimple(_ outline: [Vec2]) -> Bool {
    func cross(_ o: Vec2, _ a: Vec2, _ b: Vec2) -> Double { (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x) }
    func touches(_ p: Vec2, _ a: Vec2, _ b: Vec2) -> Bool {
      cross(a, b, p) == 0 && min(a.x, b.x) <= p.x && p.x <= max(a.x, b.x) && min(a.y, b.y) <= p.y && p.y <= max(a.y, b.y)
    }
    let n = outline.count
    guard Set(outline).count == n else { return false }
    for i in 0..<n {
      for j in 0..<n where j != i && j != (i + 1) % n && i != (j + 1) % n {
        let (a, b, c, d) = (outline[i], outline[(i + 1) % n], outline[j], outline[(j + 1) % n])
        let (d1, d2, d3, d4) = (cross(a, b, c), cross(a, b, d), cross(c, d, a), cross(c, d, b))
        if d1 * d2 < 0 && d3 * d4 < 0 { return false }
        if touches(c, a, b) || touches(d, a, b) { return false }
      }
    }
    return true
  }

  func testCrossingAndDegenerateOutlinesGiveValidIndicesInBoundedWork() {
    var random = TideRandom(seed: 7)
    for trial in 0..<500 {
      let count = random.int(0...40)
      let grid = trial % 2 == 0 ? 4 : 1000
      let outline = (0..<count).map { _ in Vec2(Double(random.int(0...grid)), Double(random.int(0...grid))) }
      let (triangles, steps) = Polygon.sweepTriangulation(outline)
      XCTAssertEqual(triangles.count % 3, 0)
      XCTAssertTrue(triangles.allSatisfy { outline.indices.contains($0) })
      XCTAssertLessThan(steps, 100 * max(count, 1))
    }
    XCTAssertEqual(Polygon.triangulate([Vec2(0, 0), Vec2(1, 1), Vec2(2, 2)] + (0..<20).map { Vec2(Double($0), Double($0)) }), [])
  }

  func testPolygonSpriteCutsItsOutlineOnceUntilItChanges() {
    let scene = SceneGraph()
    let polygon = scene.makeNode(.polygon)
    polygon.points = Self.spiral(corners: 400, turns: 3)
    scene.root.add(polygon)
    let first = scene.drawList()[0].look.fillTriangles
    let second = scene.drawList()[0].look.fillTriangles
    assertCovers(polygon.points, first.map { Int($0) })
    XCTAssertEqual(
      first.withUnsafeBufferPointer { $0.baseAddress }, second.withUnsafeBufferPointer { $0.baseAddress },
      "the second frame shares the first frame's triangles")
    polygon.points = Self.comb(teeth: 30)
    assertCovers(polygon.points, scene.drawList()[0].look.fillTriangles.map { Int($0) })
    // Small outlines are left to the renderer, which ear-clips them in pixels.
    polygon.points = [Vec2(0, 0), Vec2(10, 0), Vec2(0, 10)]
    XCTAssertEqual(scene.drawList()[0].look.fillTriangles, [])
  }

  /// Circles clipping inside each other, each turned a little: every level adds corners to the
  /// region, which stays under the cap, so the levels below and every item clip in bounded work.
  func testNestedClipsKeepABoundedOutline() {
    let scene = SceneGraph()
    var parent = scene.root
    for level in 0..<150 {
      let circle = scene.makeNode(.circle)
      circle.width = 400
      circle.height = 400
      circle.anchorX = 0.5
      circle.anchorY = 0.5
      circle.x = level == 0 ? 500 : 200
      circle.y = level == 0 ? 400 : 200
      circle.rotation = 360.0 / 48 / 150
      circle.clipsChildren = true
      parent.add(circle)
      parent = circle
    }
    let dot = scene.makeNode(.rect)
    dot.width = 4
    dot.height = 4
    dot.x = 198
    dot.y = 198
    parent.add(dot)
    guard let region = scene.drawList().last?.clip else { return XCTFail("no clip region") }
    XCTAssertGreaterThan(region.outline.count, 48)
    XCTAssertLessThanOrEqual(region.outline.count, Limits.clipCorners)
    XCTAssertTrue(region.contains(Vec2(500, 400)), "the middle still shows")
    XCTAssertTrue(region.contains(Vec2(690, 400)), "almost out to the radius")
    XCTAssertFalse(region.contains(Vec2(702, 400)))
  }
}
