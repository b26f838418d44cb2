import CSDL2

/// An SDL texture with its pixel size, owned by one of the renderer's caches.
struct Texture {
  /// The `SDL_Texture*`.
  let handle: OpaquePointer
  /// Width in pixels.
  let width: Int
  /// Height in pixels.
  let height: Int

  /// Uploads a surface as a linearly filtered texture (smooth when scaled or rotated).
  static func make(renderer: OpaquePointer, surface: UnsafeMutablePointer<SDL_Surface>) -> Texture? {
    guard let handle = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
    SDL_SetTextureBlendMode(handle, SDL_BLENDMODE_BLEND)
    SDL_SetTextureScaleMode(handle, SDL_ScaleModeLinear)
    return Texture(handle: handle, width: Int(surface.pointee.w), height: Int(surface.pointee.h))
  }
}
