import CSDL2
import Foundation

/// A plain in-memory picture: 32-bit ARGB pixels, row by row, for screenshots and comparisons.
public struct RGBAImage: Equatable, Sendable {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// `width * height` pixels as 0xAARRGGBB, top row first.
  public var pixels: [UInt32]

  /// Creates an image from its pixels (0xAARRGGBB, top row first).
  public init(width: Int, height: Int, pixels: [UInt32]) {
    precondition(pixels.count == width * height, "pixel count must be width * height")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// Loads a PNG (or any format SDL_image reads).
  public init(contentsOf url: URL) throws {
    guard let loaded = SDLImage.load(url.path) else { throw SDLError.last("Loading \(url.path)") }
    defer { SDL_FreeSurface(loaded) }
    try self.init(surface: loaded)
  }

  /// Copies an SDL surface, converting it to ARGB8888.
  init(surface: UnsafeMutablePointer<SDL_Surface>) throws {
    guard let converted = SDL_ConvertSurfaceFormat(surface, PixelFormat.argb8888, 0) else {
      throw SDLError.last("Converting a surface to ARGB8888")
    }
    defer { SDL_FreeSurface(converted) }
    let width = Int(converted.pointee.w)
    let height = Int(converted.pointee.h)
    let pitch = Int(converted.pointee.pitch)
    var pixels = [UInt32](repeating: 0, count: width * height)
    if let base = converted.pointee.pixels {
      // Row by row (a row may be padded to `pitch`), each a memcpy: a per-pixel copy was a
      // visible share of comparing golden screens in debug builds.
      pixels.withUnsafeMutableBytes { out in
        guard let target = out.baseAddress else { return }
        for y in 0..<height {
          memcpy(target + y * width * 4, base + y * pitch, width * 4)
        }
      }
    }
    self.init(width: width, height: height, pixels: pixels)
  }

  /// The pixel at (x, y) as 0xAARRGGBB.
  public subscript(x: Int, y: Int) -> UInt32 {
    get { pixels[y * width + x] }
    set { pixels[y * width + x] = newValue }
  }

  /// Sets every pixel's alpha to 255. Renderer read-backs carry whatever alpha blending left
  /// behind, which would show as holes in a PNG of what was on screen.
  mutating func makeOpaque() {
    // Through a buffer pointer: indexing the array itself, checked per pixel in a debug build,
    // was a visible share of every offscreen frame (tide test draws one per golden screen).
    pixels.withUnsafeMutableBufferPointer { buffer in
      for index in buffer.indices { buffer[index] |= 0xFF00_0000 }
    }
  }

  /// Writes the image as a PNG (through SDL_image; the same pixels give the same bytes).
  public func writePNG(to url: URL) throws {
    var copy = pixels
    try copy.withUnsafeMutableBytes { buffer in
      guard
        let surface = SDL_CreateRGBSurfaceWithFormatFrom(
          buffer.baseAddress, Int32(width), Int32(height), 32, Int32(width * 4),
          PixelFormat.argb8888)
      else { throw SDLError.last("Wrapping pixels for PNG output") }
      defer { SDL_FreeSurface(surface) }
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try SDLImage.savePNG(surface, to: url.path)
    }
  }
}
