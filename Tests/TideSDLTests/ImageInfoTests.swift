import CSDL2
import Foundation
@testable import TideCore
import XCTest

@testable import TideSDL

/// Image sizes read from headers (headless runs size sprites with them) agree with what
/// SDL_image decodes in the window, for every format a game may use.
final class ImageInfoTests: XCTestCase {
  private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/images")
  private static let rabbitPNG = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Content/bungle/assets/rabbit.png")

  private func decodedSize(_ url: URL) throws -> Vec2 {
    let surface = try XCTUnwrap(SDLImage.load(url.path), "SDL_image cannot read \(url.lastPathComponent): \(String(cString: SDL_GetError()))")
    defer { SDL_FreeSurface(surface) }
    return Vec2(Double(surface.pointee.w), Double(surface.pointee.h))
  }

  func testHeaderSizesMatchSDLImage() throws {
    SDLImage.start()
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path).sorted()
    XCTAssertEqual(
      files, ["rabbit-45x31.jpg", "rabbit-lossless.webp", "rabbit-opaque.webp", "rabbit-progressive.jpg", "rabbit.jpg", "rabbit.webp"])
    for file in files + ["../../../Content/bungle/assets/rabbit.png"] {
      let url = Self.fixtures.appendingPathComponent(file)
      let size = try XCTUnwrap(ImageInfo.size(of: url), file)
      XCTAssertEqual(size, try decodedSize(url), file)
    }
    XCTAssertEqual(ImageInfo.size(of: Self.fixtures.appendingPathComponent("rabbit-45x31.jpg")), Vec2(45, 31))
  }

  func testBrokenHeadersGiveNoSize() throws {
    for file in ["rabbit.jpg", "rabbit.webp", "rabbit-lossless.webp", "rabbit-opaque.webp"] {
      let data = try Data(contentsOf: Self.fixtures.appendingPathComponent(file))
      let cut = FileManager.default.temporaryDirectory.appendingPathComponent("tide-cut-\(getpid())-\(file)")
      defer { try? FileManager.default.removeItem(at: cut) }
      try data.prefix(file.hasSuffix("jpg") ? 100 : 20).write(to: cut)
      XCTAssertNil(ImageInfo.size(of: cut), "\(file) cut short")
    }
    XCTAssertNil(ImageInfo.size(header: Array("RIFF\0\0\0\0WAVEfmt ".utf8) + [UInt8](repeating: 0, count: 20)), "a WAV is no WebP")
    XCTAssertNil(ImageInfo.jpegSize([0xFF, 0xD8, 0xFF, 0xDA, 0, 8, 0, 0, 0, 0, 0, 0]), "image data before any frame")
  }

  /// A lossless WebP is the PNG it was made from, pixel for pixel, once SDL_image decodes it.
  func testLosslessWebPDecodesToThePNGsPixels() throws {
    SDLImage.start()
    func pixels(_ url: URL) throws -> [UInt32] {
      let loaded = try XCTUnwrap(SDLImage.load(url.path))
      defer { SDL_FreeSurface(loaded) }
      let surface = try XCTUnwrap(SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0))
      defer { SDL_FreeSurface(surface) }
      let count = Int(surface.pointee.w * surface.pointee.h)
      return Array(UnsafeBufferPointer(start: surface.pointee.pixels.assumingMemoryBound(to: UInt32.self), count: count))
    }
    let webp = try pixels(Self.fixtures.appendingPathComponent("rabbit-lossless.webp"))
    let png = try pixels(Self.rabbitPNG)
    // Fully transparent pixels may keep any colour; compare what shows.
    let shown = { (p: UInt32) -> UInt32 in p >> 24 == 0 ? 0 : p }
    XCTAssertEqual(webp.map(shown), png.map(shown))
  }
}
