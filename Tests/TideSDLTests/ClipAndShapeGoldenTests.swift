import Foundation
import TideCore
import XCTest

@testable import TideSDL

/// Clipping groups (plain, rounded, turned, nested, an ellipse) over shapes, images and
/// text, and the line and polygon kinds, drawn by the software renderer and compared with
/// committed PNGs in `Golden/` (rewrite them with `TIDE_UPDATE_GOLDEN=1`).
final class ClipAndShapeGoldenTests: XCTestCase {
  private var fonts: FontLibrary!
  private var assets: AssetLibrary!

  override func setUpWithError() throws {
    fonts = try FontLibrary()
    assets = try SceneFixtures.makeAssets()
  }

  private func render(_ scene: SceneGraph, scale: Double = 1) throws -> RGBAImage {
    try SDLOffscreen(assets: assets, fonts: fonts)
      .render(scene: scene, size: Vec2(240, 160), background: .hex("#1d2433"), scale: scale)
  }

  private func assertGolden(_ image: RGBAImage, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
    let report = try GoldenImage.check(
      image, golden: SceneFixtures.goldenDirectory.appendingPathComponent(name + ".png"),
      tolerance: 2, update: GoldenImage.updateRequested, failureDirectory: SceneFixtures.failureDirectory)
    XCTAssertTrue(report.passed, "\(name): \(report)", file: file, line: line)
  }

  /// Four clipping groups, each holding a rect, an image and text that reach past its edges.
  func clipScene() -> SceneGraph {
    let scene = SceneGraph(textMetrics: TTFTextMetrics(fonts: fonts))
    func filled(_ clip: Node) {
      SceneFixtures.add(.rect, to: scene, parent: clip) {
        $0.x = -20; $0.y = 20; $0.width = 140; $0.height = 30; $0.fill = .hex("#e84a5f")
      }
      SceneFixtures.add(.image, to: scene, parent: clip) {
        $0.image = "sprite.png"; $0.x = 30; $0.y = -10; $0.width = 40; $0.height = 40
      }
      SceneFixtures.add(.text, to: scene, parent: clip) {
        $0.text = "Clipped 🐰"; $0.fontSize = 18; $0.textColor = .white; $0.x = -6; $0.y = 44
      }
    }
    let plain = SceneFixtures.add(.group, to: scene) {
      $0.x = 10; $0.y = 10; $0.width = 100; $0.height = 60; $0.clipsChildren = true
    }
    filled(plain)
    let rounded = SceneFixtures.add(.rect, to: scene) {
      $0.x = 130; $0.y = 10; $0.width = 100; $0.height = 60; $0.cornerRadius = 22
      $0.fill = .hex("#2b3a67"); $0.clipsChildren = true
    }
    filled(rounded)
    let turned = SceneFixtures.add(.group, to: scene) {
      $0.x = 60; $0.y = 118; $0.width = 90; $0.height = 54; $0.anchorX = 0.5; $0.anchorY = 0.5
      $0.rotation = -15; $0.clipsChildren = true
    }
    filled(turned)
    // An ellipse inside a rounded box: the children show where both let them.
    let outer = SceneFixtures.add(.rect, to: scene) {
      $0.x = 130; $0.y = 90; $0.width = 100; $0.height = 60; $0.cornerRadius = 10
      $0.fill = .hex("#14213d"); $0.clipsChildren = true
    }
    let oval = SceneFixtures.add(.circle, to: scene, parent: outer) {
      $0.x = 70; $0.y = 30; $0.width = 110; $0.height = 50; $0.anchorX = 0.5; $0.anchorY = 0.5
      $0.fill = .hex("#fca311"); $0.clipsChildren = true
    }
    filled(oval)
    return scene
  }

  func shapeScene() -> SceneGraph {
    let scene = SceneGraph(textMetrics: TTFTextMetrics(fonts: fonts))
    SceneFixtures.add(.circle, to: scene) {
      $0.x = 50; $0.y = 40; $0.width = 80; $0.height = 40; $0.anchorX = 0.5; $0.anchorY = 0.5
      $0.fill = .hex("#ff9f1c"); $0.stroke = .white; $0.strokeWidth = 2
    }
    SceneFixtures.add(.polygon, to: scene) {
      $0.x = 150; $0.y = 45
      $0.points = [(0, -35), (9, -11), (34, -11), (14, 5), (21, 29), (0, 15), (-21, 29), (-14, 5), (-34, -11), (-9, -11)]
        .map { Vec2($0.0, $0.1) }
      $0.fill = .hex("#ffd500"); $0.stroke = .hex("#1d2433"); $0.strokeWidth = 2
    }
    SceneFixtures.add(.polygon, to: scene) {
      $0.x = 210; $0.y = 20; $0.rotation = 20; $0.alpha = 0.6
      $0.points = [Vec2(0, 0), Vec2(20, 0), Vec2(20, 40), Vec2(0, 40)]
      $0.fill = .hex("#2ec4b6")
    }
    SceneFixtures.add(.line, to: scene) {
      $0.x = 15; $0.y = 100; $0.points = [Vec2(0, 0), Vec2(50, 40), Vec2(100, 0), Vec2(150, 40), Vec2(210, 5)]
      $0.stroke = .hex("#2ec4b6"); $0.strokeWidth = 8
    }
    SceneFixtures.add(.line, to: scene) {
      $0.x = 15; $0.y = 150; $0.points = [Vec2(0, 0), Vec2(210, -10)]
      $0.stroke = .white; $0.strokeWidth = 1
    }
    return scene
  }

  func testClipping() throws { try assertGolden(render(clipScene()), "clips") }
  func testShapes() throws { try assertGolden(render(shapeScene()), "shapes") }

  /// Drawn at twice the size, clips stay where the design puts them.
  func testClippingAtTwiceTheScale() throws { try assertGolden(render(clipScene(), scale: 2), "clips@2x") }

  /// Nothing leaks: with every child cut away, the frame equals one with no children at all.
  func testAClipOfNoSizeShowsNothing() throws {
    let scene = clipScene()
    // The clipping rects draw nothing at zero width either, so only the children could show.
    for node in scene.root.children { node.width = 0 }
    let empty = SceneGraph(textMetrics: TTFTextMetrics(fonts: fonts))
    XCTAssertEqual(try render(scene).pixels, try render(empty).pixels)
  }

  /// A frame paints the screen at most 64 times over, then draws no more, so a
  /// script cannot make one frame take minutes with screen-sized sprites by the thousand.
  func testRunawayOverdrawStopsAFrame() throws {
    let scene = SceneGraph(textMetrics: TTFTextMetrics(fonts: fonts))
    for i in 0..<200 {
      SceneFixtures.add(.rect, to: scene) {
        $0.x = -10; $0.y = -10; $0.width = 300; $0.height = 200
        $0.fill = i < 100 ? .hex("#ff0000") : .hex("#0000ff")
      }
    }
    // Off-screen sprites cost nothing: a wide world is not cut short.
    for _ in 0..<1000 {
      SceneFixtures.add(.rect, to: scene) { $0.x = 5000; $0.width = 300; $0.height = 200 }
    }
    let image = try render(scene)
    XCTAssertEqual(image.pixels[image.width * 80 + 120] & 0x00FF_FFFF, 0xFF0000, "drawing went on past 64 layers")
    let few = SceneGraph(textMetrics: TTFTextMetrics(fonts: fonts))
    for _ in 0..<1000 { SceneFixtures.add(.rect, to: few) { $0.x = 5000; $0.width = 300; $0.height = 200 } }
    SceneFixtures.add(.rect, to: few) { $0.width = 240; $0.height = 160; $0.fill = .hex("#0000ff") }
    let shown = try render(few)
    XCTAssertEqual(shown.pixels[shown.width * 80 + 120] & 0x00FF_FFFF, 0x0000FF, "off-screen sprites were counted")
  }
}
