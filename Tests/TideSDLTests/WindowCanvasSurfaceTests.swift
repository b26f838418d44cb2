import CSDL2
import Foundation
import XCTest

@testable import TideSDL

/// The software renderer's bands draw into the window surface's own pixels. SDL makes a new
/// surface when the window changes size (a fullscreen switch) and frees the old one's pixels:
/// the bands must follow, even when the new surface comes back at the old one's address and
/// size, or they draw into, and a screenshot reads from, freed memory. The API fuzzer's window
/// pass crashed so in `SDL_RenderReadPixels`, after a fullscreen switch there and back.
final class WindowCanvasSurfaceTests: XCTestCase {
  /// The case the fuzzer met, which no test can make SDL's allocator repeat on demand: the same
  /// surface address and size over new pixels is a new surface.
  func testASurfaceAtTheOldAddressAndSizeOverNewPixelsIsANewOne() throws {
    let surface = try XCTUnwrap(SDL_CreateRGBSurfaceWithFormat(0, 4, 4, 32, PixelFormat.argb8888))
    defer { SDL_FreeSurface(surface) }
    let made = WindowCanvas.SurfaceFacts(surface)
    XCTAssertEqual(WindowCanvas.SurfaceFacts(surface), made)
    var other: [UInt32] = Array(repeating: 0, count: 16)
    other.withUnsafeMutableBytes { bytes in
      let moved = WindowCanvas.SurfaceFacts(
        surface: surface, width: made.width, height: made.height, pixels: bytes.baseAddress, pitch: made.pitch)
      XCTAssertNotEqual(moved, made)
    }
  }

  /// Fullscreen and back, each followed by a refresh before X has moved the window (the window's
  /// own order of things): after each, the bands draw into the surface the window shows, and a
  /// screenshot reads it.
  func testTheBandsFollowTheWindowSurfaceThroughFullscreenSwitches() throws {
    guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else {
      throw XCTSkip("no display; run under xvfb-run to open a real window")
    }
    try SDLLibrary.startVideo()
    let window = try XCTUnwrap(SDL_CreateWindow("surface", 0, 0, 320, 240, SDL_WINDOW_SHOWN.rawValue))
    defer { SDL_DestroyWindow(window) }
    let canvas = try WindowCanvas(
      window: window, rendererName: "software", vsync: false, threads: 1, fonts: try FontLibrary(),
      assets: AssetLibrary(gameDirectory: FileManager.default.temporaryDirectory))
    func bandPixels() -> UnsafeMutableRawPointer? { canvas.bands.first?.target?.pointee.pixels }
    XCTAssertEqual(bandPixels(), SDL_GetWindowSurface(window)?.pointee.pixels)
    for _ in 0..<5 {
      for fullscreen in [true, false] {
        SDL_SetWindowFullscreen(window, fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue : 0)
        try canvas.refresh()
        XCTAssertEqual(bandPixels(), SDL_GetWindowSurface(window)?.pointee.pixels)
        XCTAssertGreaterThan(try canvas.readPixels().width, 0)
        SDL_PumpEvents()
      }
    }
  }
}
