import CSDL2

/// An SDL texture with its pixel size, owned by one of the renderer's caches.
struct Texture {
  /// The `SDL_Texture*`, linearly filtered (smooth when scaled or rotated).
  let handle: OpaquePointer
  /// The same pixels sampled nearest, for drawing at exactly the texture's size: as sharp as
  /// the software renderer's plain copies, and where sampling runs on the CPU (OpenGL on
  /// llvmpipe) far cheaper than filtering, which cost a bunnymark a third of its sprites. Nil
  /// on the software renderer, whose unscaled copies never filter. Both are drawn from, so
  /// `SDL_SetTextureScaleMode` never changes between draws (with batching it would reach
  /// back to draws already queued).
  let exact: OpaquePointer?
  /// Width in pixels.
  let width: Int
  /// Height in pixels.
  let height: Int

  /// Uploads a surface.
  static func make(renderer: OpaquePointer, surface: UnsafeMutablePointer<SDL_Surface>)
    -> Texture?
  {
    guard let handle = upload(surface, to: renderer, scaleMode: SDL_ScaleModeLinear) else {
      return nil
    }
    var info = SDL_RendererInfo()
    let software =
      SDL_GetRendererInfo(renderer, &info) == 0
      && info.name.map { String(cString: $0) } == "software"
    let exact = software ? nil : upload(surface, to: renderer, scaleMode: SDL_ScaleModeNearest)
    return Texture(
      handle: handle, exact: exact, width: Int(surface.pointee.w), height: Int(surface.pointee.h))
  }

  private static func upload(
    _ surface: UnsafeMutablePointer<SDL_Surface>, to renderer: OpaquePointer,
    scaleMode: SDL_ScaleMode
  ) -> OpaquePointer? {
    guard let handle = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
    SDL_SetTextureBlendMode(handle, SDL_BLENDMODE_BLEND)
    SDL_SetTextureScaleMode(handle, scaleMode)
    return handle
  }

  /// Frees the texture's SDL textures.
  func destroy() {
    SDL_DestroyTexture(handle)
    if let exact { SDL_DestroyTexture(exact) }
  }
}
