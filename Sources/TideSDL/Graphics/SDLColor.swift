import CSDL2
import TideCore

extension SDL_Color {
  /// A Tide colour as SDL's bytes.
  init(_ color: Color) {
    let bytes = color.bytes
    self.init(r: bytes.r, g: bytes.g, b: bytes.b, a: bytes.a)
  }
}
