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

  func testImageSizesComeFromThePNGHeaderOnly() throws {
    try writeImage("wide.png", width: 300, height: 2)
    let assets = game.appendingPathComponent("assets")
    try Data("not a png at all, but long enough".utf8).write(to: assets.appendingPathComponent("bad.png"))
    try Data([0x89, 0x50, 0x4E, 0x47]).write(to: assets.appendingPathComponent("short.png"))
    XCTAssertEqual(ImageInfo.size(of: assets.appendingPathComponent("wide.png")), Vec2(300, 2))
    XCTAssertNil(ImageInfo.size(of: assets.appendingPathComponent("bad.png")))
    XCTAssertNil(ImageInfo.size(of: assets.appendingPathComponent("short.png")))
    XCTAssertNil(ImageInfo.size(of: assets.appendingPathComponent("missing.png")))
    XCTAssertNil(ImageInfo.size(of: assets), "a folder is not a PNG")
    let library = AssetLibrary(gameDirectory: game)
    XCTAssertEqual(library.imageSize(named: "wide"), Vec2(300, 2))
    XCTAssertNil(library.imageSize(named: "bad.png"))
  }

  /// The folder wall: a symlink leading out of the game folder loads nothing,
  /// whether it is one file (`x.wav -> /etc/passwd`) or the whole `assets` folder.
  func testSymlinksLeadingOutsideTheGameLoadNothing() throws {
    let outside = game.deletingLastPathComponent().appendingPathComponent("tide-outside-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: outside) }
    let image = RGBAImage(width: 2, height: 2, pixels: [UInt32](repeating: 0xFFFF_FFFF, count: 4))
    try image.writePNG(to: outside.appendingPathComponent("far.png"))
    let assets = game.appendingPathComponent("assets")
    try image.writePNG(to: assets.appendingPathComponent("near.png"))
    XCTAssertEqual(symlink(outside.appendingPathComponent("far.png").path, assets.appendingPathComponent("far.png").path), 0)
    XCTAssertEqual(symlink("/etc/passwd", assets.appendingPathComponent("x.wav").path), 0)
    XCTAssertEqual(symlink("near.png", assets.appendingPathComponent("alias.png").path), 0)
    let library = AssetLibrary(gameDirectory: game)
    XCTAssertNil(library.imageURL(named: "far.png"))
    XCTAssertNil(library.soundURL(named: "x"))
    XCTAssertNil(library.soundURL(named: "x.wav"))
    XCTAssertNotNil(library.imageURL(named: "alias.png"), "a link that stays inside is fine")
    XCTAssertEqual(library.imageSize(named: "near"), Vec2(2, 2))

    try FileManager.default.removeItem(at: assets)
    XCTAssertEqual(symlink(outside.path, assets.path), 0)
    XCTAssertNil(AssetLibrary(gameDirectory: game).imageURL(named: "far.png"), "assets -> /outside")
  }
}
