import Foundation
import TideCore
import XCTest

@testable import TideSDL

/// Sprite-sheet regions ("sheet#n") drawn by the software renderer: each shows its own cell of
/// the image, at the cell's size, and a frame animation steps through cells.
final class SpriteSheetRenderTests: XCTestCase {
  private static let colours: [UInt32] = [0xFFE0_3030, 0xFF30_C040, 0xFF30_50E0, 0xFFF0_D020]

  /// A 40×20 sheet: four 10×20 cells, red, green, blue and yellow, left to right.
  private func makeGame() throws -> (AssetLibrary, FontLibrary) {
    let game = FileManager.default.temporaryDirectory.appendingPathComponent("tide-sheet-\(UUID().uuidString)")
    addTeardownBlock { try? FileManager.default.removeItem(at: game) }
    var image = RGBAImage(width: 40, height: 20, pixels: [UInt32](repeating: 0, count: 800))
    for y in 0..<20 {
      for x in 0..<40 { image[x, y] = Self.colours[x / 10] }
    }
    try image.writePNG(to: game.appendingPathComponent("assets/sheet.png"))
    return (AssetLibrary(gameDirectory: game), try FontLibrary())
  }

  func testEachRegionDrawsItsOwnCellAtItsSize() throws {
    let (assets, fonts) = try makeGame()
    let scene = SceneGraph(textMetrics: TTFTextMetrics(fonts: fonts))
    scene.sheets["cells"] = SpriteSheet(
      image: "sheet.png",
      regions: SpriteSheet.grid(imageWidth: 40, imageHeight: 20, cellWidth: 10, cellHeight: 20, limit: 100),
      names: ["yellow": 3])
    for (i, name) in ["cells#2", "cells#3", "cells#yellow"].enumerated() {
      let node = scene.makeNode(.image)
      node.image = name
      node.x = Double(10 + i * 30)
      node.y = 10
      XCTAssertEqual(assets.imageSize(named: node.drawnImage ?? ""), Vec2(10, 20))
      scene.root.add(node)
    }
    let shot = try SDLOffscreen(assets: assets, fonts: fonts).render(scene: scene, size: Vec2(100, 40), background: .black)
    XCTAssertEqual(shot[15, 20], Self.colours[1], "cells#2 is the green cell")
    XCTAssertEqual(shot[45, 20], Self.colours[2], "cells#3 is the blue cell")
    XCTAssertEqual(shot[75, 20], Self.colours[3], "cells#yellow is the fourth cell")
    XCTAssertEqual(shot[25, 20], 0xFF00_0000, "a region is as wide as its cell, not its image")
  }

  func testAnAnimationStepsThroughRegions() throws {
    let (assets, fonts) = try makeGame()
    let scene = SceneGraph(textMetrics: TTFTextMetrics(fonts: fonts))
    scene.sheets["cells"] = SpriteSheet(
      image: "sheet.png",
      regions: SpriteSheet.grid(imageWidth: 40, imageHeight: 20, cellWidth: 10, cellHeight: 20, limit: 100))
    let node = scene.makeNode(.image)
    node.width = 10
    node.height = 20
    scene.root.add(node)
    node.play(["cells#1", "cells#2", "cells#3", "cells#4"], fps: 10, loop: true)
    let offscreen = SDLOffscreen(assets: assets, fonts: fonts)
    var seen: [UInt32] = []
    for _ in 0..<4 {
      seen.append(try offscreen.render(scene: scene, size: Vec2(20, 20), background: .black)[5, 10])
      scene.update(0.1)
    }
    XCTAssertEqual(seen, Self.colours)
  }

  func testARegionOutsideItsImageDrawsNothing() throws {
    let (assets, fonts) = try makeGame()
    let scene = SceneGraph(textMetrics: TTFTextMetrics(fonts: fonts))
    // A sheet cut before its image shrank: the renderer must refuse the region, not read past it.
    scene.sheets["stale"] = SpriteSheet(image: "sheet.png", regions: [Rect(x: 35, y: 0, width: 10, height: 20)])
    let node = scene.makeNode(.image)
    node.image = "stale#1"
    node.width = 10
    node.height = 20
    scene.root.add(node)
    let shot = try SDLOffscreen(assets: assets, fonts: fonts).render(scene: scene, size: Vec2(20, 20), background: .black)
    XCTAssertEqual(shot[5, 10], 0xFF00_0000)
  }
}
