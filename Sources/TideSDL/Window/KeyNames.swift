import CSDL2

/// Key names for `InputEvent.key`: SDL's names in lower case ("return", "backspace",
/// "escape", "left", "a", "space", "left shift").
enum KeyNames {
  /// The name of an SDL keycode, or nil for keys SDL cannot name.
  static func name(_ keycode: SDL_Keycode) -> String? {
    guard let raw = SDL_GetKeyName(keycode) else { return nil }
    let name = String(cString: raw).lowercased()
    return name.isEmpty ? nil : name
  }
}
