import CSDL2
import Foundation
import TideCore

/// Renders a scene to pixels with no display at all: SDL's software renderer drawing into an
/// ARGB8888 surface. The same scene gives the same bytes, so it serves `tide shot` and golden
/// image tests.
public final class SDLOffscreen {
  /// Fonts used for text (share them with the `TTFTextMetrics` the scene was measured with).
  let fonts: FontLibrary
  /// Where image nodes find their files.
  let assets: AssetLibrary
  private let errorPainter = ErrorOverlayPainter()

  /// Creates an offscreen renderer over a game's assets and fonts.
  public init(assets: AssetLibrary, fonts: FontLibrary) {
    self.assets = assets
    self.fonts = fonts
    SDLImage.start()
  }

  /// Draws `scene` (design size `size`, `scale` pixels per design unit) over `background`,
  /// then `overlay` when given, and returns the pixels (alpha forced opaque).
  public func render(
    scene: SceneGraph, size: Vec2, background: Color, overlay: Overlay? = nil, scale: Double = 1
  ) throws -> RGBAImage {
    let width = Int((size.x * scale).rounded())
    let height = Int((size.y * scale).rounded())
    guard width > 0, height > 0, width <= 16384, height <= 16384 else {
      throw SDLError("Offscreen size \(width)x\(height) is out of range")
    }
    guard
      let surface = SDL_CreateRGBSurfaceWithFormat(
        0, Int32(width), Int32(height), 32, PixelFormat.argb8888)
    else { throw SDLError.last("Creating a \(width)x\(height) surface") }
    defer { SDL_FreeSurface(surface) }
    guard let renderer = SDL_CreateSoftwareRenderer(surface) else {
      throw SDLError.last("Creating the software renderer")
    }
    defer { SDL_DestroyRenderer(renderer) }
    // The node renderer owns textures of this renderer, so it must go first.
    do {
      let nodes = NodeRenderer(renderer: renderer, fonts: fonts, assets: assets, surfaceFormat: PixelFormat.argb8888)
      let clear = SDL_Color(background)
      SDL_SetRenderDrawColor(renderer, clear.r, clear.g, clear.b, 255)
      SDL_RenderClear(renderer)
      nodes.draw(scene, view: .scale(scale, scale), pixelScale: scale)
      if let overlay {
        errorPainter.draw(
          overlay, x: 0, y: 0, width: Double(width), height: Double(height), scale: scale,
          with: nodes)
      }
      SDL_RenderPresent(renderer)
    }
    var image = try RGBAImage(surface: surface)
    image.makeOpaque()
    return image
  }

  /// Renders like `render(scene:size:background:overlay:scale:)` and writes a PNG to `url`.
  public func renderPNG(
    scene: SceneGraph, size: Vec2, background: Color, overlay: Overlay? = nil, scale: Double = 1,
    to url: URL
  ) throws {
    let image = try render(
      scene: scene, size: size, background: background, overlay: overlay, scale: scale)
    try image.writePNG(to: url)
  }
}
