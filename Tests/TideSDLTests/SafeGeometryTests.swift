import CSDL2
import Foundation
import TideCore
import XCTest

@testable import TideSDL

/// The renderer's side of the number boundary: sprites whose fields are all in range can still land
/// billions of pixels away through nested scales, and SDL's software renderer overflowed its heap
/// on them (`tide shot` under valgrind: invalid writes from `NodeRenderer.drawTexture`). The
/// renderer culls what is off the target and clips what reaches far past it.
final class SafeGeometryTests: XCTestCase {
  let target = SafeGeometry.Box(minX: 0, minY: 0, maxX: 100, maxY: 100)

  func testVerdicts() {
    let near = [SIMD2(-10.0, -10), SIMD2(50, -10), SIMD2(50, 50), SIMD2(-10, 50)]
    XCTAssertEqual(SafeGeometry.verdict(near, target: target), .draw)
    let far = near.map { $0 + SIMD2(-3e9, 0) }
    XCTAssertEqual(SafeGeometry.verdict(far, target: target), .cull)
    let huge = [SIMD2(-3e9, -3e9), SIMD2(3e9, -3e9), SIMD2(3e9, 3e9), SIMD2(-3e9, 3e9)]
    XCTAssertEqual(SafeGeometry.verdict(huge, target: target), .clip)
    XCTAssertEqual(SafeGeometry.verdict([SIMD2(.nan, 0), SIMD2(1, 1), SIMD2(0, 1)], target: target), .cull)
    XCTAssertEqual(SafeGeometry.verdict([SIMD2(-.infinity, 0), SIMD2(1, 1), SIMD2(0, 1)], target: target), .cull)
    // The four-corner form agrees, NaN in any place included.
    for nan in 0..<4 {
      var corners = near
      corners[nan].x = .nan
      XCTAssertEqual(SafeGeometry.verdict(corners[0], corners[1], corners[2], corners[3], target: target), .cull)
    }
    XCTAssertEqual(SafeGeometry.verdict(near[0], near[1], near[2], near[3], target: target), .draw)
    XCTAssertEqual(SafeGeometry.verdict(far[0], far[1], far[2], far[3], target: target), .cull)
    XCTAssertEqual(SafeGeometry.verdict(huge[0], huge[1], huge[2], huge[3], target: target), .clip)
    let outside = near.map { $0 + SIMD2(200, 0) }  // past the right edge, within the margin
    XCTAssertEqual(SafeGeometry.verdict(outside[0], outside[1], outside[2], outside[3], target: target), .cull)
  }

  /// The clipped polygon lies on the target, and its texture coordinates are where the
  /// unclipped box had them.
  func testClipKeepsTextureCoordinates() {
    // A box from x = -3e9 to 100 (u 0 to 1), y = 0 to 100 (v 0 to 1).
    let corners = [SIMD2(-3e9, 0.0), SIMD2(100, 0), SIMD2(100, 100), SIMD2(-3e9, 100)]
    let uvs = [SIMD2(0.0, 0), SIMD2(1, 0), SIMD2(1, 1), SIMD2(0, 1)]
    let polygon = SafeGeometry.clip(
      (0..<4).map { SafeGeometry.Corner(position: corners[$0], uv: uvs[$0]) }, to: target)
    XCTAssertEqual(polygon.count, 4)
    for corner in polygon {
      XCTAssertTrue((0...100).contains(corner.position.x) && (0...100).contains(corner.position.y))
      let expectedU = (corner.position.x + 3e9) / (3e9 + 100)
      XCTAssertEqual(corner.uv.x, expectedU, accuracy: 1e-12)
      XCTAssertEqual(corner.uv.y, corner.position.y / 100, accuracy: 1e-12)
    }
  }

  func testTrianglesFarAwayAreDroppedAndHugeOnesClipped() throws {
    func vertex(_ x: Float, _ y: Float) -> SDL_Vertex {
      SDL_Vertex(position: SDL_FPoint(x: x, y: y), color: SDL_Color(r: 255, g: 0, b: 0, a: 255), tex_coord: SDL_FPoint(x: 0, y: 0))
    }
    let small = [vertex(0, 0), vertex(10, 0), vertex(0, 10)]
    XCTAssertNil(SafeGeometry.safeTriangles(small, [0, 1, 2], target: target), "nothing to do")
    let mixed = small + [vertex(-3e9, -3e9), vertex(-3e9 + 10, -3e9), vertex(-3e9, -3e9 + 10)]
      + [vertex(-3e9, -3e9), vertex(3e9, 50), vertex(-3e9, 3e9)]
    let safe = try XCTUnwrap(SafeGeometry.safeTriangles(mixed, [0, 1, 2, 3, 4, 5, 6, 7, 8], target: target))
    XCTAssertEqual(Array(safe.indices.prefix(3)), [0, 1, 2], "the small one is kept as it was")
    for index in safe.indices.dropFirst(3) {
      let p = safe.vertices[Int(index)].position
      XCTAssertTrue((0...100).contains(p.x) && (0...100).contains(p.y), "\(p)")
    }
    XCTAssertGreaterThan(safe.indices.count, 3, "the huge one covers part of the target")
  }

  /// A sprite scaled through its group to 26,000 × 37,000 pixels, flipped, shows exactly the
  /// part of its image that lies on the target; one three billion pixels away draws nothing
  /// (and, before, wrote past SDL's heap).
  func testHugeAndFarSpritesDrawOnlyTheirVisiblePart() throws {
    let assets = try SceneFixtures.makeAssets()
    let fonts = try FontLibrary()
    func render(flipY: Bool) throws -> RGBAImage {
      let scene = SceneGraph(textMetrics: TTFTextMetrics(fonts: fonts))
      let group = SceneFixtures.add(.group, to: scene) { $0.scale = 1000 }
      // Texel (13, 5) of the 26×37 sprite lands on pixel (50, 50): red on its left, green on its right.
      SceneFixtures.add(.image, to: scene, parent: group) {
        $0.image = "sprite.png"; $0.width = 26; $0.height = 37; $0.x = -12.95; $0.y = -4.95
        $0.flipY = flipY
      }
      SceneFixtures.add(.image, to: scene, parent: group) {
        $0.image = "sprite.png"; $0.width = 26; $0.height = 37; $0.x = -3e6; $0.scale = 57; $0.flipY = true
      }
      SceneFixtures.add(.text, to: scene, parent: group) {
        $0.text = "hi"; $0.x = -3e6; $0.scale = 57; $0.flipY = true
      }
      return try SDLOffscreen(assets: assets, fonts: fonts).render(scene: scene, size: Vec2(100, 100), background: .black)
    }
    let upright = try render(flipY: false)
    XCTAssertEqual(upright[25, 50] & 0xFF_FFFF, 0xE0_3030, "red, top-left quadrant")
    XCTAssertEqual(upright[75, 50] & 0xFF_FFFF, 0x30_C040, "green, top-right quadrant")
    let flipped = try render(flipY: true)
    XCTAssertEqual(flipped[25, 50] & 0xFF_FFFF, 0x30_50E0, "blue, bottom-left quadrant")
    XCTAssertEqual(flipped[75, 50] & 0xFF_FFFF, 0xF0_D020, "yellow, bottom-right quadrant")
  }

  /// At 100 pixels a texel (one strip of texels to SDL, not texel by texel), a flipped sprite
  /// reaching far past the target still shows the right texels where they belong.
  func testMagnifiedSpriteDrawnAsOneStripKeepsItsTexels() throws {
    let assets = try SceneFixtures.makeAssets()
    let fonts = try FontLibrary()
    func render(flipX: Bool) throws -> RGBAImage {
      let scene = SceneGraph(textMetrics: TTFTextMetrics(fonts: fonts))
      let group = SceneFixtures.add(.group, to: scene) { $0.scale = 100 }
      // Texel centres (12.5, 5.5) and (13.5, 5.5) land on pixel centres (20.5, 50.5) and (120.5, 50.5).
      SceneFixtures.add(.image, to: scene, parent: group) {
        $0.image = "sprite.png"; $0.width = 26; $0.height = 37; $0.x = -12.295; $0.y = -4.995; $0.flipX = flipX
        if flipX { $0.x = -12.295 - 0.01 }  // mirrored texels 13.5 and 12.5 take the same places
      }
      return try SDLOffscreen(assets: assets, fonts: fonts).render(scene: scene, size: Vec2(200, 100), background: .black)
    }
    // Smooth scaling rounds a channel by a step or two.
    func assertColor(_ pixel: UInt32, _ rgb: UInt32, _ what: String, line: UInt = #line) {
      for shift: UInt32 in [0, 8, 16] {
        XCTAssertEqual(Int((pixel >> shift) & 0xFF), Int((rgb >> shift) & 0xFF), accuracy: 3, what, line: line)
      }
    }
    let upright = try render(flipX: false)
    assertColor(upright[20, 50], 0xE0_3030, "red, texel 12")
    assertColor(upright[120, 50], 0x30_C040, "green, texel 13")
    let mirrored = try render(flipX: true)
    assertColor(mirrored[20, 50], 0x30_C040, "green, texel 13 mirrored to the left")
    assertColor(mirrored[120, 50], 0xE0_3030, "red, texel 12 mirrored to the right")
  }

  /// A circle 100,000 pixels across whose edge crosses the middle of the target fills the top
  /// half only; one at three billion pixels draws nothing.
  func testHugeCircleIsClippedNotLost() throws {
    let fonts = try FontLibrary()
    let scene = SceneGraph(textMetrics: TTFTextMetrics(fonts: fonts))
    let group = SceneFixtures.add(.group, to: scene) { $0.scale = 1000 }
    SceneFixtures.add(.circle, to: scene, parent: group) {
      $0.radius = 100; $0.anchorX = 0.5; $0.anchorY = 0.5; $0.x = 0.05; $0.y = -99.95; $0.fill = .white
    }
    SceneFixtures.add(.circle, to: scene, parent: group) {
      $0.radius = 100; $0.x = -3e6; $0.fill = .white
    }
    let image = try SDLOffscreen(assets: AssetLibrary(directory: nil), fonts: fonts)
      .render(scene: scene, size: Vec2(100, 100), background: .black)
    XCTAssertEqual(image[50, 25] & 0xFF_FFFF, 0xFF_FFFF)
    XCTAssertEqual(image[50, 75] & 0xFF_FFFF, 0)
    XCTAssertEqual(image[5, 90] & 0xFF_FFFF, 0)
  }
}

/// A 1 MB label took 3.1 GB in a window. Text textures are
/// at most `Limits.textTextureSide` a side, and a renderer's text textures stay within
/// `Limits.textTextureBytes`.
final class TextTextureCapTests: XCTestCase {
  func testLongTextRendersAtMostTheCapPerSide() throws {
    let fonts = try FontLibrary()
    let text = String(repeating: "Wide text ", count: 2000) + "\n" + String(repeating: "line\n", count: 2000)
    let layout = fonts.layout(text, pixelSize: 48)
    XCTAssertGreaterThan(layout.width, 100_000)
    XCTAssertGreaterThan(layout.height, 10_000)
    let surface = try XCTUnwrap(
      fonts.renderSurface(layout, pixelSize: 48, color: SDL_Color(r: 255, g: 255, b: 255, a: 255), align: 0))
    defer { SDL_FreeSurface(surface) }
    XCTAssertEqual(Int(surface.pointee.w), Limits.textTextureSide)
    XCTAssertEqual(Int(surface.pointee.h), Limits.textTextureSide)
  }

  /// Every size of every emoji would be gigabytes of glyphs, and every size a font: the
  /// caches empty themselves before they pass their limits.
  func testFontAndEmojiCachesStayBounded() throws {
    let limit = 200_000  // a few small glyphs; the default is Limits.emojiCacheBytes
    let fonts = try FontLibrary(emojiCacheBytes: limit)
    let white = SDL_Color(r: 255, g: 255, b: 255, a: 255)
    var sawEmoji = false
    for size in 10..<(12 + Limits.openFontSizes) {
      let layout = fonts.layout("a🦁✊🎉", pixelSize: size)
      if let surface = fonts.renderSurface(layout, pixelSize: size, color: white, align: 0) { SDL_FreeSurface(surface) }
      let sizes = fonts.cacheSizes
      sawEmoji = sawEmoji || sizes.scaledBytes > 0
      XCTAssertLessThanOrEqual(sizes.fonts, Limits.openFontSizes)
      XCTAssertLessThanOrEqual(sizes.strikeBytes, limit)
      XCTAssertLessThanOrEqual(sizes.scaledBytes, limit)
    }
    XCTAssertTrue(sawEmoji, "the emoji font draws these")
  }

  func testTextTexturesStayWithinTheByteBudget() throws {
    let fonts = try FontLibrary()
    let target = try XCTUnwrap(SDL_CreateRGBSurfaceWithFormat(0, 64, 64, 32, SDL_PIXELFORMAT_ARGB8888.rawValue))
    defer { SDL_FreeSurface(target) }
    let renderer = try XCTUnwrap(SDL_CreateSoftwareRenderer(target))
    defer { SDL_DestroyRenderer(renderer) }
    let cache = TextTextureCache(renderer: renderer, fonts: fonts)
    let white = SDL_Color(r: 255, g: 255, b: 255, a: 255)
    // Each label is a 4096-pixel-wide texture of about 20 MB.
    func label(_ i: Int) -> String { "\(i) " + String(repeating: "M", count: 400) }
    var drawn = 0
    for i in 0..<40 {
      cache.beginFrame()
      if cache.texture(label(i), pixelSize: 1000, color: white, align: 0) != nil { drawn += 1 }
      XCTAssertLessThanOrEqual(cache.bytes, Limits.textTextureBytes)
    }
    XCTAssertEqual(drawn, 40, "older labels make room for new ones")
    // Within one frame nothing is evicted: past the budget, labels are not drawn.
    cache.beginFrame()
    var sameFrame = 0
    for i in 40..<80 where cache.texture(label(i), pixelSize: 1000, color: white, align: 0) != nil { sameFrame += 1 }
    XCTAssertLessThan(sameFrame, 40)
    XCTAssertLessThanOrEqual(cache.bytes, Limits.textTextureBytes)
  }

  /// The renderer never decodes an image past `Limits.imageSide` a side, even when a sprite
  /// names it without the script boundary (a core test, a hot-reloaded asset).
  func testOversizedImagesAreNotLoaded() throws {
    let game = FileManager.default.temporaryDirectory.appendingPathComponent("tide-big-image-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: game) }
    let assetsFolder = game.appendingPathComponent("assets", isDirectory: true)
    try RGBAImage(width: Limits.imageSide + 1, height: 1, pixels: [UInt32](repeating: 0xFFFF_FFFF, count: Limits.imageSide + 1))
      .writePNG(to: assetsFolder.appendingPathComponent("wide.png"))
    try RGBAImage(width: 4, height: 4, pixels: [UInt32](repeating: 0xFFFF_FFFF, count: 16))
      .writePNG(to: assetsFolder.appendingPathComponent("small.png"))
    let fonts = try FontLibrary()
    let scene = SceneGraph(textMetrics: TTFTextMetrics(fonts: fonts))
    for (index, name) in ["wide.png", "small.png"].enumerated() {
      SceneFixtures.add(.image, to: scene) { $0.image = name; $0.x = Double(index) * 10; $0.width = 10; $0.height = 10 }
    }
    let image = try SDLOffscreen(assets: AssetLibrary(gameDirectory: game), fonts: fonts)
      .render(scene: scene, size: Vec2(20, 10), background: .black)
    XCTAssertEqual(image[5, 5] & 0xFF_FFFF, 0, "the wide image is not drawn")
    XCTAssertEqual(image[15, 5] & 0xFF_FFFF, 0xFF_FFFF, "the small one is")
  }

  /// Image textures stay within their budget: images drawn in turn evict the least recently
  /// used; within one frame, one past the budget is not drawn.
  func testImageTexturesStayWithinTheByteBudget() throws {
    let game = FileManager.default.temporaryDirectory.appendingPathComponent("tide-image-budget-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: game) }
    for name in ["a", "b", "c"] {
      try RGBAImage(width: 100, height: 100, pixels: [UInt32](repeating: 0xFFFF_FFFF, count: 10_000))
        .writePNG(to: game.appendingPathComponent("assets/\(name).png"))
    }
    let target = try XCTUnwrap(SDL_CreateRGBSurfaceWithFormat(0, 64, 64, 32, SDL_PIXELFORMAT_ARGB8888.rawValue))
    defer { SDL_FreeSurface(target) }
    let renderer = try XCTUnwrap(SDL_CreateSoftwareRenderer(target))
    defer { SDL_DestroyRenderer(renderer) }
    let cache = ImageTextureCache(renderer: renderer, assets: AssetLibrary(gameDirectory: game), byteBudget: 100_000)
    for name in ["a.png", "b.png", "c.png", "a.png"] {
      cache.beginFrame()
      XCTAssertNotNil(cache.texture(named: name), name)
      XCTAssertLessThanOrEqual(cache.bytes, cache.byteBudget)
    }
    cache.beginFrame()
    let drawn = ["a.png", "b.png", "c.png"].filter { cache.texture(named: $0) != nil }
    XCTAssertEqual(drawn.count, 2, "two 40 kB textures fit in 100 kB, the third waits")
    XCTAssertLessThanOrEqual(cache.bytes, cache.byteBudget)
  }
}
