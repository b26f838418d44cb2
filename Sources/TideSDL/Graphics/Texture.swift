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

  /// Uploads a surface; `exactTwin` (see `needsExactTwin`) adds the nearest-sampled copy.
  static func make(
    renderer: OpaquePointer, surface: UnsafeMutablePointer<SDL_Surface>, exactTwin: Bool
  ) -> Texture? {
    guard let handle = upload(surface, to: renderer, scaleMode: SDL_ScaleModeLinear) else {
      return nil
    }
    let exact = exactTwin ? upload(surface, to: renderer, scaleMode: SDL_ScaleModeNearest) : nil
    return Texture(
      handle: handle, exact: exact, width: Int(surface.pointee.w), height: Int(surface.pointee.h))
  }

  /// Whether textures for `renderer` want an `exact` twin: all but the software renderer's.
  /// Asked once per cache, not per texture.
  static func needsExactTwin(_ renderer: OpaquePointer) -> Bool {
    var info = SDL_RendererInfo()
    guard SDL_GetRendererInfo(renderer, &info) == 0, let name = info.name else { return true }
    return String(cString: name) != "software"
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
