import Foundation
import TideCore
import XCTest

@testable import TideSDL

/// Asset lookups and what a hot reload forgets.
final class AssetLibraryTests: XCTestCase {
  private var game: URL!

  override func setUpWithError() throws {
    game = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("tide-asset-library-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: game.appendingPathComponent("assets"), withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: game)
  }

  private func writeImage(_ name: String, width: Int, height: Int) throws {
    let image = RGBAImage(
      width: width, height: height,
      pixels: [UInt32](repeating: 0xFFFF_FFFF, count: width * height))
    try image.writePNG(to: game.appendingPathComponent("assets").appendingPathComponent(name))
  }

  func testChangedImageIsResizedUnderEitherName() throws {
    try writeImage("lion0.png", width: 3, height: 2)
    let assets = AssetLibrary(gameDirectory: game)
    XCTAssertEqual(assets.imageSize(named: "lion0.png"), Vec2(3, 2))
    XCTAssertEqual(assets.imageSize(named: "lion0"), Vec2(3, 2))
    try writeImage("lion0.png", width: 5, height: 7)
    assets.markChanged(path: "assets/lion0.png")
    XCTAssertEqual(assets.imageSize(named: "lion0.png"), Vec2(5, 7))
    XCTAssertEqual(assets.imageSize(named: "lion0"), Vec2(5, 7), "the extension-less name too")
  }
}
