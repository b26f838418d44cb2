import CSDL2

/// The one pixel layout Tide uses for surfaces, screenshots and golden images.
enum PixelFormat {
  /// 32-bit ARGB, alpha in the top byte (native-endian UInt32 per pixel).
  static let argb8888 = SDL_PIXELFORMAT_ARGB8888.rawValue
}
