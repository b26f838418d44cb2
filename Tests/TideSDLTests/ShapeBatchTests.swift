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
}
