import CSDL2
import TideCore

/// Key names for `InputEvent.key`: SDL's names in lower case ("return", "backspace",
/// "escape", "left", "a", "space", "left shift"), which `KeyNames` lists for games.
enum SDLKeyNames {
  /// The name of an SDL keycode, or nil for keys SDL cannot name or that `KeyNames` does not
  /// list (a game could not ask for them, and a recording of them would not read back).
  static func name(_ keycode: SDL_Keycode) -> String? {
    guard let raw = SDL_GetKeyName(keycode) else { return nil }
    let name = String(cString: raw).lowercased()
    return KeyNames.isKey(name) ? name : nil
  }

  /// The name of a key's place: what a US keyboard has there (SDL's scancode names, lower
  /// case), or nil when `KeyNames` has no such name.
  static func name(scancode: SDL_Scancode) -> String? {
    guard let raw = SDL_GetScancodeName(scancode) else { return nil }
    let name = String(cString: raw).lowercased()
    return KeyNames.isScancode(name) ? name : nil
  }
}
