import CSDL2
import Foundation
import TideCore
import XCTest

@testable import TideSDL

/// The overdraw cap's accounting (`NodeRenderer.coverage`) reads each item in place with no
/// array of corners; it must give what the first version, which built one, gave.
final class OverdrawCoverageTests: XCTestCase {
  /// The accounting as first written: the box's corners mapped into an array, their bounding
  /// `Rect`, clipped to the target.
  private func reference(_ item: DrawItem, view: Affine, _ target: SafeGeometry.Box) -> Double {
    guard item.look.kind != .particles else { return 0 }
    let t = view * item.transform
    let look = item.look
    let box = look.kind == .line || look.kind == .polygon
      ? look.pointBounds : Rect(x: 0, y: 0, width: look.width, height: look.height)
    guard let bounds = Rect.bounding(box.corners.map { t.apply($0) }) else { return 0 }
    let width = min(bounds.maxX, target.maxX) - max(bounds.minX, target.minX)
    let height = min(bounds.maxY, target.maxY) - max(bounds.minY, target.minY)
    guard width > 0, height > 0, width.isFinite, height.isFinite else { return 0 }
    return width * height
  }

  func testCoverageMatchesTheCornerArrayOnTurnedAndScaledItems() {
    let scene = SceneGraph(textMetrics: ApproximateTextMetrics())
    // A seeded generator, so a failure can be run again.
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ low: Double, _ high: Double) -> Double {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return low + (high - low) * Double(seed >> 11) / Double(1 << 53)
    }
    // Turned and scaled parents, so the items' transforms are not just their own.
    var parents: [Node] = []
    for _ in 0..<4 {
      parents.append(
        SceneFixtures.add(.group, to: scene) {
          $0.x = next(-200, 600); $0.y = next(-200, 400); $0.rotation = next(-180, 180)
          $0.scaleX = next(-2, 3); $0.scaleY = next(0.2, 2)
        })
    }
    let kinds: [NodeKind] = [.rect, .circle, .image, .polygon, .line]
    for index in 0..<400 {
      SceneFixtures.add(kinds[index % kinds.count], to: scene, parent: parents[index % parents.count]) {
        $0.x = next(-300, 700); $0.y = next(-300, 500)
        $0.width = next(0, 400); $0.height = next(0, 300)
        $0.anchorX = next(0, 1); $0.anchorY = next(0, 1)
        $0.rotation = next(-360, 360)
        $0.scaleX = next(-3, 3); $0.scaleY = next(-3, 3)
        if $0.kind == .polygon || $0.kind == .line {
          $0.points = (0..<5).map { _ in Vec2(next(-80, 120), next(-60, 90)) }
        }
      }
    }
    let items = scene.drawList()
    XCTAssertEqual(items.count, 400)
    let target = SafeGeometry.Box(minX: 0, minY: 0, maxX: 1280, maxY: 720)
    let views: [Affine] = [.identity, .translate(40, 0) * .scale(1.5, 1.5), .scale(0.5, 0.5)]
    var counted = 0
    items.withUnsafeBufferPointer { buffer in
      guard let first = buffer.baseAddress else { return }
      for view in views {
        for index in buffer.indices {
          let expected = reference(buffer[index], view: view, target)
          let found = NodeRenderer.coverage(first + index, transform: view * buffer[index].transform, target)
          XCTAssertEqual(found, expected, accuracy: 1e-9 * max(expected, 1), "item \(index)")
          if expected > 0 { counted += 1 }
        }
      }
    }
    // Most items reach onto the target, and some lie off it.
    XCTAssertGreaterThan(counted, items.count)
    XCTAssertLessThan(counted, items.count * views.count)
  }

  /// Draws `scene` on a 240×160 software renderer in four bands of rows, as the window does,
  /// each band counting the overdraw cap itself or, with `shared`, told the list's
  /// `coverageBound` worked out once, and with `surveyed` also each item's reach from
  /// `BandSplit` (whose bound must be the same).
  private func drawInBands(
    _ scene: SceneGraph, shared: Bool, surveyed: Bool = false
  ) throws -> (image: RGBAImage, bound: Double) {
    let fonts = try FontLibrary()
    let assets = try SceneFixtures.makeAssets()
    let (width, height) = (Int32(240), Int32(160))
    let surface = try XCTUnwrap(SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, PixelFormat.argb8888))
    defer { SDL_FreeSurface(surface) }
    let renderer = try XCTUnwrap(SDL_CreateSoftwareRenderer(surface))
    defer { SDL_DestroyRenderer(renderer) }
    let items = scene.drawList()
    let bound = NodeRenderer.coverageBound(items, view: .identity, width: width, height: height)
    var survey = BandSplit.Survey()
    if surveyed {
      _ = BandSplit.bands(
        for: items, view: .identity, width: Int(width), height: Int(height), count: 4,
        imageSize: { assets.imageSize(named: $0) }, survey: &survey)
      XCTAssertEqual(survey.reach.count, items.count)
      XCTAssertEqual(survey.bound?.pixels, bound.pixels)
      XCTAssertEqual(survey.bound?.points, bound.points)
    }
    do {
      let nodes = NodeRenderer(renderer: renderer, fonts: fonts, assets: assets)
      SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
      SDL_RenderClear(renderer)
      for band in 0..<4 {
        let rows = Int(height) * band / 4..<Int(height) * (band + 1) / 4
        var clip = SDL_Rect(x: 0, y: Int32(rows.lowerBound), w: width, h: Int32(rows.count))
        SDL_RenderSetClipRect(renderer, &clip)
        nodes.draw(items, rows: rows, bound: shared ? bound : nil, reach: survey.reach)
      }
      SDL_RenderSetClipRect(renderer, nil)
      SDL_RenderPresent(renderer)
    }
    return (try RGBAImage(surface: surface), bound.pixels)
  }

  /// A scene covering the output `layers` times over with screen-sized rects (the last ones
  /// green), a clip group that some bands lie outside, and a burst of particles.
  private func layeredScene(layers: Int) -> SceneGraph {
    let scene = SceneGraph(textMetrics: ApproximateTextMetrics())
    for index in 0..<layers {
      SceneFixtures.add(.rect, to: scene) {
        $0.width = 240; $0.height = 160; $0.fill = index < layers - 3 ? .hex("#ff0000") : .hex("#00ff00")
      }
    }
    let clip = SceneFixtures.add(.group, to: scene) {
      $0.x = 20; $0.y = 10; $0.width = 100; $0.height = 30; $0.clipsChildren = true
    }
    SceneFixtures.add(.rect, to: scene, parent: clip) { $0.width = 240; $0.height = 160; $0.fill = .hex("#0000ff") }
    let burst = SceneFixtures.add(.particles, to: scene) { $0.x = 120; $0.y = 80 }
    var spec = EmitterSpec()
    spec.burst = 40
    spec.size = [30]
    spec.colors = [.hex("#ffff00")]
    burst.emitter = ParticleEmitter(spec: spec, seed: 3, budget: scene.particleBudget)
    scene.update(0.05)
    return scene
  }

  /// Bands that pass over the items outside their rows by their reach draw what bands reading
  /// every item draw: sprites across band edges, shapes queued around images outside a band
  /// (which flush them), stroked shapes whose margin reaches into a band, clipped items, text,
  /// lines and sprites at their file's size (always read).
  func testBandsSkippingByReachDrawWhatReadingBandsDraw() throws {
    let scene = SceneGraph(textMetrics: ApproximateTextMetrics())
    for index in 0..<60 {
      SceneFixtures.add(.image, to: scene) {
        $0.image = "sprite.png"; $0.width = 26; $0.height = 37
        $0.x = Double(index * 37 % 220); $0.y = Double(index * 23 % 150) - 10
        $0.alpha = index % 3 == 0 ? 0.5 : 1
      }
      SceneFixtures.add(index % 2 == 0 ? .rect : .circle, to: scene) {
        $0.width = 18; $0.height = 12; $0.x = Double(index * 53 % 230); $0.y = Double(index * 31 % 170) - 5
        $0.fill = .hex(index % 2 == 0 ? "#3080ff" : "#ff8030"); $0.stroke = .hex("#ffffff"); $0.strokeWidth = Double(index % 4)
      }
    }
    // Rows 39/40 and 79/80 are band edges: a stroke reaching one row over each.
    SceneFixtures.add(.rect, to: scene) {
      $0.x = 10; $0.y = 41; $0.width = 60; $0.height = 37; $0.fill = .hex("#00ff0080"); $0.stroke = .hex("#ff00ff"); $0.strokeWidth = 4
    }
    let clip = SceneFixtures.add(.group, to: scene) {
      $0.x = 100; $0.y = 30; $0.width = 90; $0.height = 90; $0.clipsChildren = true; $0.cornerRadius = 30
    }
    for index in 0..<6 {
      SceneFixtures.add(.image, to: scene, parent: clip) { $0.image = "sprite.png"; $0.x = Double(index * 15); $0.y = Double(index * 14) }
    }
    SceneFixtures.add(.text, to: scene) { $0.text = "band"; $0.x = 30; $0.y = 70 }
    SceneFixtures.add(.line, to: scene) { $0.points = [Vec2(0, 0), Vec2(200, 120)]; $0.stroke = .white; $0.strokeWidth = 3; $0.x = 5; $0.y = 20 }
    var survey = BandSplit.Survey()
    _ = BandSplit.bands(
      for: scene.drawList(), view: .identity, width: 240, height: 160, count: 4, imageSize: { _ in Vec2(26, 37) },
      survey: &survey)
    XCTAssertGreaterThan(survey.reach.filter { $0.top >= 40 }.count, 40, "the first band passes over most items")
    let read = try drawInBands(scene, shared: true)
    let skipped = try drawInBands(scene, shared: true, surveyed: true)
    let differing = zip(skipped.image.pixels, read.image.pixels).filter { $0 != $1 }.count
    XCTAssertEqual(differing, 0, "pixels that differ")
    XCTAssertNotEqual(Set(read.image.pixels).count, 1, "the scene draws something")
  }

  /// Under the cap no band can stop, so counting once a frame draws what counting in every band
  /// draws; over it, every band counts as before.
  func testBandsToldTheBoundDrawWhatCountingBandsDraw() throws {
    let limit = NodeRenderer.overdrawLayers * 240 * 160
    for layers in [20, 62, 63, 64, 90] {
      let scene = layeredScene(layers: layers)
      XCTAssertEqual(scene.drawList().last?.look.particles.count, 40)
      let counted = try drawInBands(scene, shared: false)
      let told = try drawInBands(scene, shared: true)
      XCTAssertEqual(told.image.pixels, counted.image.pixels, "\(layers) layers")
      XCTAssertEqual(told.bound, counted.bound)
      if layers <= 62 { XCTAssertLessThanOrEqual(told.bound, limit, "\(layers) layers take the shared path") }
      if layers >= 64 { XCTAssertGreaterThan(told.bound, limit, "\(layers) layers are counted") }
    }
  }
}
