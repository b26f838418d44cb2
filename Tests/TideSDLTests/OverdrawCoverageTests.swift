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
}
