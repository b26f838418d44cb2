import CSDL2
import Foundation
import TideCore
import XCTest

@testable import TideSDL

/// Shapes drawn through `SoftwareTriangles` must give SDL's own pixels, bit for bit: on the
/// window's kind of surface (no alpha) and on tide shot's (ARGB), in bands of rows.
final class SoftwareTrianglesTests: XCTestCase {
  func testLayersGiveSDLsOwnPixels() throws {
    for format in [SDL_PIXELFORMAT_RGB888.rawValue, PixelFormat.argb8888] {
      let plain = try draw(format: format, layered: false)
      let layered = try draw(format: format, layered: true)
      XCTAssertGreaterThan(layered.layers, 40, "the shapes went through layers")
      XCTAssertEqual(plain.image.pixels.count, layered.image.pixels.count)
      let differing = zip(plain.image.pixels, layered.image.pixels).filter { $0 != $1 }.count
      XCTAssertEqual(differing, 0, "pixels differing on format \(format)")
    }
  }

  /// Many overlapping shapes of every kind ShapeBatch makes (turned, scaled, translucent,
  /// outlined, some reaching past the edges) over a striped background, drawn in four bands.
  private func draw(format: UInt32, layered: Bool) throws -> (image: RGBAImage, layers: Int) {
    let (width, height) = (Int32(320), Int32(240))
    let surface = try XCTUnwrap(SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, format))
    defer { SDL_FreeSurface(surface) }
    let renderer = try XCTUnwrap(SDL_CreateSoftwareRenderer(surface))
    defer { SDL_DestroyRenderer(renderer) }
    SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
    for stripe in 0..<Int32(16) {
      SDL_SetRenderDrawColor(renderer, UInt8(stripe * 15), UInt8(200 - stripe * 9), 90, 255)
      var rect = SDL_Rect(x: stripe * 20, y: 0, w: 20, h: height)
      SDL_RenderFillRect(renderer, &rect)
    }
    SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    let target = SafeGeometry.Box(minX: 0, minY: 0, maxX: Double(width), maxY: Double(height))
    var layers = 0
    do {
      let software = layered ? SoftwareTriangles(renderer: renderer, format: format) : nil
      if layered { XCTAssertNotNil(software) }
      for band in 0..<4 {
        var clip = SDL_Rect(x: 0, y: height * Int32(band) / 4, w: width, h: height / 4)
        SDL_RenderSetClipRect(renderer, &clip)
        var batch = ShapeBatch()
        batch.software = software
        var random = SplitMix(seed: 7)
        for index in 0..<120 {
          let size = 2 + random.next() * (index % 10 == 0 ? 90 : 24)
          let transform =
            .translate(-20 + random.next() * 360, -20 + random.next() * 280)
            * .rotate(degrees: random.next() * 360) * .scale(0.5 + random.next(), 0.5 + random.next())
          let fill = SDL_Color(
            r: UInt8(random.next() * 255), g: UInt8(random.next() * 255), b: UInt8(random.next() * 255),
            a: UInt8(index % 3 == 0 ? 255 : 40 + random.next() * 215))
          let stroke: SDL_Color? = index % 4 == 0 ? SDL_Color(r: 20, g: 20, b: 20, a: 220) : nil
          let strokeWidth = 0.5 + random.next() * 3
          switch index % 5 {
          case 0, 1:
            batch.addEllipse(width: size, height: size, transform: transform, fill: fill, stroke: stroke, strokeWidth: strokeWidth)
          case 2:
            batch.addRect(
              width: size, height: size * 0.6, cornerRadius: index % 2 == 0 ? size / 5 : 0, transform: transform,
              fill: fill, stroke: stroke, strokeWidth: strokeWidth)
          case 3:
            let corners = [Vec2(0, 0), Vec2(size, size / 3), Vec2(size / 2, size), Vec2(size / 4, size / 2)]
            batch.addPolygon(
              corners, triangles: [], transform: transform, fill: fill, stroke: stroke, strokeWidth: strokeWidth, target: target)
          default:
            let points = [Vec2(0, 0), Vec2(size, size / 2), Vec2(0, size), Vec2(size, size * 1.5)]
            batch.addPolyline(points, width: strokeWidth, transform: transform, color: fill, target: target)
          }
          // Some shapes alone, some in runs, as a frame flushes between images.
          if index % 7 == 0 { batch.flush(renderer, target: target) }
        }
        batch.flush(renderer, target: target)
      }
      layers = software?.layersDrawn ?? 0
    }
    SDL_RenderSetClipRect(renderer, nil)
    return (try RGBAImage(surface: surface), layers)
  }
}

/// A small seeded generator, so both drawings see the same shapes.
private struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  /// A number in 0..<1.
  mutating func next() -> Double {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    z ^= z >> 31
    return Double(z >> 11) / Double(1 << 53)
  }
}
