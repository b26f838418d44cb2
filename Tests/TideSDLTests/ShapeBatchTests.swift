import CSDL2
import Foundation
import TideCore
import XCTest

@testable import TideSDL

/// Shape details too small for the golden pictures to show clearly.
final class ShapeBatchTests: XCTestCase {
  func testSubPixelStrokesAreOnePixelAndFainter() {
    let white = SDL_Color(r: 255, g: 255, b: 255, a: 200)
    let thin = ShapeBatch.visibleStroke(white, pixels: 0.75)
    XCTAssertEqual(thin.width, 1)
    XCTAssertEqual(thin.color.a, 150)
    let wide = ShapeBatch.visibleStroke(white, pixels: 2.5)
    XCTAssertEqual(wide.width, 2.5)
    XCTAssertEqual(wide.color.a, 200)
  }

  /// A 0.75 px outline reads the same on a plain and a rounded rectangle: one pixel at 75 %
  /// (the plain one used to draw it fully opaque).
  func testThinOutlineFadesTheSameOnEveryRectPath() throws {
    let fonts = try FontLibrary()
    let scene = SceneGraph(textMetrics: TTFTextMetrics(fonts: fonts))
    for (index, radius) in [0.0, 6].enumerated() {
      SceneFixtures.add(.rect, to: scene) {
        $0.x = 10 + Double(index) * 50; $0.y = 10; $0.width = 40; $0.height = 40
        $0.cornerRadius = radius; $0.stroke = .white; $0.strokeWidth = 0.75
      }
    }
    let image = try SDLOffscreen(assets: AssetLibrary(directory: nil), fonts: fonts)
      .render(scene: scene, size: Vec2(110, 60), background: .black)
    // The middle of each left edge, where neither corner reaches.
    for x in [10, 60] {
      let green = Int((image[x, 30] >> 8) & 0xFF)
      XCTAssertEqual(green, 191, accuracy: 3, "edge at x = \(x)")
    }
  }

  /// A zigzag of the most points at the widest stroke (both documented maxima) paints the
  /// screen once per segment: it stops where the frame's overdraw budget runs out.
  func testZigzagAtTheMaximaStopsAtTheOverdrawBudget() {
    let target = SafeGeometry.Box(minX: 0, minY: 0, maxX: 1280, maxY: 720)
    let budget = NodeRenderer.overdrawLayers * 1280 * 720
    let zigzag = (0..<Limits.points).map { Vec2(100 + Double($0 % 100) * 10, $0 % 2 == 0 ? 100 : 600) }
    let color = SDL_Color(r: 46, g: 196, b: 182, a: 255)
    var line = ShapeBatch()
    line.addPolyline(
      zigzag, width: Limits.strokeWidth.bounds.upperBound, transform: .identity, color: color, target: target,
      budget: budget)
    // Each segment's six triangles each visit about the screen: a few segments fit the budget.
    XCTAssertGreaterThan(line.pendingTriangles, 0)
    XCTAssertLessThanOrEqual(line.pendingTriangles, 6 * Int(NodeRenderer.overdrawLayers + 1))
    var outline = ShapeBatch()
    outline.addPolygon(
      zigzag + [Vec2(1200, 700), Vec2(50, 700)], triangles: [], transform: .identity, fill: nil, stroke: color,
      strokeWidth: Limits.strokeWidth.bounds.upperBound, target: target, budget: budget)
    XCTAssertGreaterThan(outline.pendingTriangles, 0)
    XCTAssertLessThanOrEqual(outline.pendingTriangles, 6 * Int(NodeRenderer.overdrawLayers + 1))
    // What a frame counts for the line is what it let it paint, so the frame ends there.
    let scene = SceneGraph()
    let node = scene.makeNode(.line)
    node.points = zigzag
    node.strokeWidth = Limits.strokeWidth.bounds.upperBound
    node.stroke = .white
    scene.root.add(node)
    let items = scene.drawList()
    items.withUnsafeBufferPointer { buffer in
      guard let first = buffer.baseAddress else { return XCTFail("no items") }
      let counted = NodeRenderer.strokeCoverage(first, transform: first.pointee.transform, target, budget: budget)
      XCTAssertGreaterThan(counted, budget - ShapeBatch.strokeTriangles * 1280 * 720)
      XCTAssertLessThanOrEqual(counted, budget)
    }
  }

  /// A star of 5,000 long spikes: each fill triangle is thin, but the rasterizer visits its
  /// whole box, so the fill too stops where the frame's budget runs out.
  func testLongThinFillTrianglesStopAtTheOverdrawBudget() {
    let target = SafeGeometry.Box(minX: 0, minY: 0, maxX: 1280, maxY: 720)
    let budget = NodeRenderer.overdrawLayers * 1280 * 720
    let star = (0..<Limits.points).map { i -> Vec2 in
      let angle = Double(i) / Double(Limits.points) * 2 * .pi
      let radius = i % 2 == 0 ? 2000.0 : 1
      return Vec2(cos(angle) * radius, sin(angle) * radius)
    }
    let triangles = Polygon.triangulate(star).map { Int32($0) }
    var batch = ShapeBatch()
    batch.addPolygon(
      star, triangles: triangles, transform: .translate(640, 360), fill: SDL_Color(r: 255, g: 213, b: 0, a: 255),
      stroke: nil, strokeWidth: 0, target: target, budget: budget)
    let ring = 2 * star.count
    XCTAssertGreaterThan(batch.pendingTriangles, 0)
    XCTAssertLessThan(batch.pendingTriangles, ring + triangles.count / 3, "not every fill triangle")
    let drawn = ShapeBatch.fillCost(triangles, target: target, budget: budget) { SIMD2(star[$0].x + 640, star[$0].y + 360) }
    XCTAssertLessThan(drawn.triangles, triangles.count / 3)
    XCTAssertLessThanOrEqual(drawn.cost, budget)
  }

  /// Ordinary lines and outlines are drawn whole: six triangles a segment, or an edge.
  func testOrdinaryLinesAreDrawnWhole() {
    let target = SafeGeometry.Box(minX: 0, minY: 0, maxX: 1280, maxY: 720)
    let budget = NodeRenderer.overdrawLayers * 1280 * 720
    let color = SDL_Color(r: 255, g: 255, b: 255, a: 255)
    var batch = ShapeBatch()
    let zigzag = [Vec2(0, 0), Vec2(80, 70), Vec2(160, 0), Vec2(240, 70), Vec2(310, 10)]
    batch.addPolyline(zigzag, width: 10, transform: .translate(40, 420), color: color, target: target, budget: budget)
    XCTAssertEqual(batch.pendingTriangles, 4 * 6)
    var star = ShapeBatch()
    let corners = [(0.0, -70.0), (17, -22), (67, -22), (27, 10), (42, 58), (0, 29), (-42, 58), (-27, 10), (-67, -22), (-17, -22)]
      .map { Vec2($0.0, $0.1) }
    star.addPolygon(
      corners, triangles: [], transform: .translate(285, 265), fill: nil, stroke: color, strokeWidth: 3,
      target: target, budget: budget)
    XCTAssertEqual(star.pendingTriangles, 10 * 6)
  }

  /// Lines too small to cover a pixel still cost their corners: a frame stops drawing once it
  /// has drawn its cap of them (`Limits.framePoints`; a lower cap here, the same count).
  func testAFrameDrawsAtMostTheFramePointsCap() throws {
    let fonts = try FontLibrary()
    let assets = AssetLibrary(directory: nil)
    let scribble = (0..<Limits.points).map { Vec2(Double($0 % 2), Double($0 / 2 % 2)) }
    let cap = 3 * Limits.points
    func frame(lines: Int) throws -> RGBAImage {
      let scene = SceneGraph(textMetrics: TTFTextMetrics(fonts: fonts))
      for _ in 0..<lines {
        SceneFixtures.add(.line, to: scene) {
          $0.x = 5; $0.y = 5; $0.points = scribble; $0.stroke = .white; $0.strokeWidth = 1
        }
      }
      SceneFixtures.add(.rect, to: scene) { $0.x = 20; $0.y = 0; $0.width = 20; $0.height = 20; $0.fill = .white }
      let surface = try XCTUnwrap(SDL_CreateRGBSurfaceWithFormat(0, 64, 32, 32, PixelFormat.argb8888))
      defer { SDL_FreeSurface(surface) }
      let renderer = try XCTUnwrap(SDL_CreateSoftwareRenderer(surface))
      defer { SDL_DestroyRenderer(renderer) }
      do {
        let nodes = NodeRenderer(renderer: renderer, fonts: fonts, assets: assets, framePoints: cap)
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
        SDL_RenderClear(renderer)
        nodes.draw(scene)
        SDL_RenderPresent(renderer)
      }
      return try RGBAImage(surface: surface)
    }
    let within = cap / Limits.points
    XCTAssertEqual(try frame(lines: within)[30, 10] & 0xFF00, 0xFF00, "the rect after as many corners as a frame draws")
    XCTAssertEqual(try frame(lines: within + 1)[30, 10] & 0xFF00, 0, "the rect past them")
  }

}
