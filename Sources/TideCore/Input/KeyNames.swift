/// The names of keys, as `InputEvent.key`, `tide.input.is_down` and input scripts use them:
/// SDL's key names in lower case. A key that types a character is named by that character
/// ("a", "1", ",", "é" on a keyboard that has it); every other key has a name from `groups`,
/// the table docs/keys.md is made from. Anything else is refused by name, so a misspelt key
/// fails where it is written instead of never being down.
///
/// A scancode (a key's place) is named by the key a US keyboard has there: one of
/// `characterScancodes` or a named key, and nothing else (SDL names no other place).
public enum KeyNames {
  /// Every named key, in the groups docs/keys.md shows them in.
  public static let groups: [(title: String, names: [String])] = [
    (
      "Typing",
      [
        "return", "escape", "backspace", "tab", "space", "delete", "insert", "capslock",
      ]
    ),
    (
      "Arrows and paging",
      [
        "left", "right", "up", "down", "home", "end", "pageup", "pagedown",
      ]
    ),
    (
      "Modifiers",
      [
        "left shift", "right shift", "left ctrl", "right ctrl", "left alt", "right alt", "left gui", "right gui",
        "modeswitch",
      ]
    ),
    (
      "Function keys",
      [
        "f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8", "f9", "f10", "f11", "f12", "f13", "f14", "f15", "f16", "f17",
        "f18", "f19", "f20", "f21", "f22", "f23", "f24",
      ]
    ),
    (
      "Keypad",
      [
        "keypad /", "keypad *", "keypad -", "keypad +", "keypad enter", "keypad 1", "keypad 2", "keypad 3",
        "keypad 4", "keypad 5", "keypad 6", "keypad 7", "keypad 8", "keypad 9", "keypad 0", "keypad .", "keypad =",
        "keypad ,", "keypad = (as400)", "keypad 00", "keypad 000", "keypad (", "keypad )", "keypad {", "keypad }",
        "keypad tab", "keypad backspace", "keypad a", "keypad b", "keypad c", "keypad d", "keypad e", "keypad f",
        "keypad xor", "keypad ^", "keypad %", "keypad <", "keypad >", "keypad &", "keypad &&", "keypad |",
        "keypad ||", "keypad :", "keypad #", "keypad space", "keypad @", "keypad !", "keypad memstore",
        "keypad memrecall", "keypad memclear", "keypad memadd", "keypad memsubtract", "keypad memmultiply",
        "keypad memdivide", "keypad +/-", "keypad clear", "keypad clearentry", "keypad binary", "keypad octal",
        "keypad decimal", "keypad hexadecimal",
      ]
    ),
    (
      "System and media",
      [
        "printscreen", "scrolllock", "pause", "numlock", "application", "power", "execute", "help", "menu", "select",
        "stop", "again", "undo", "cut", "copy", "paste", "find", "mute", "volumeup", "volumedown", "alterase",
        "sysreq", "cancel", "clear", "prior", "separator", "out", "oper", "clear / again", "crsel", "exsel",
        "thousandsseparator", "decimalseparator", "currencyunit", "currencysubunit", "audionext", "audioprev",
        "audiostop", "audioplay", "audiomute", "mediaselect", "www", "mail", "calculator", "computer", "ac search",
        "ac home", "ac back", "ac forward", "ac stop", "ac refresh", "ac bookmarks", "brightnessdown",
        "brightnessup", "displayswitch", "kbdillumtoggle", "kbdillumdown", "kbdillumup", "eject", "sleep", "app1",
        "app2", "audiorewind", "audiofastforward", "softleft", "softright", "call", "endcall",
      ]
    ),
  ]

  /// Every named key.
  public static let named: Set<String> = Set(groups.flatMap(\.names))

  /// The places of a US keyboard's keys that type a character, named by that character (SDL's
  /// scancode names, lower case), in the order of SDL's scancodes.
  public static let characterScancodes: [String] =
    "abcdefghijklmnopqrstuvwxyz1234567890".map(String.init) + ["-", "=", "[", "]", "\\", "#", ";", "'", "`", ",", ".", "/"]

  /// Every scancode name: the character places and the named keys.
  public static let scancodes: Set<String> = named.union(characterScancodes)

  /// Names people reach for that SDL spells otherwise.
  static let suggestions: [String: String] = [
    "enter": "return", "esc": "escape", "del": "delete", "spacebar": "space", "shift": "left shift",
    "ctrl": "left ctrl", "control": "left ctrl", "alt": "left alt", "page up": "pageup", "page down": "pagedown",
    "pgup": "pageup", "pgdn": "pagedown", "arrowleft": "left", "arrowright": "right", "arrowup": "up",
    "arrowdown": "down", "left arrow": "left", "right arrow": "right", "up arrow": "up", "down arrow": "down",
    "cmd": "left gui", "command": "left gui", "super": "left gui", "windows": "left gui",
  ]

  /// Whether `name` names a key: a named one, or one character that is not a control.
  public static func isKey(_ name: String) -> Bool {
    if named.contains(name) { return true }
    guard name.count == 1, let scalar = name.unicodeScalars.first else { return false }
    return !scalar.properties.isWhitespace && scalar.value >= 0x20 && scalar.value != 0x7f
      && name == name.lowercased()
  }

  /// Whether `name` names a key's place.
  public static func isScancode(_ name: String) -> Bool { scancodes.contains(name) }

  /// Why `name` is no scancode, listing the character places; nil when it is one.
  public static func scancodeComplaint(_ name: String) -> String? {
    complaint(name, noun: "scancode", valid: isScancode) {
      "a scancode is the place of a US keyboard's key, named by what it types there "
        + "(\(characterScancodes.joined(separator: " "))) or by a key name (all in docs/keys.md)"
    }
  }

  /// Why `name` is no key, naming the likely one; nil when it is a key.
  public static func complaint(_ name: String) -> String? {
    complaint(name, noun: "key", valid: isKey) {
      "a key is the character it types ('a', '1', ',') or one of its names "
        + "(return, escape, space, backspace, tab, left, right, up, down, left shift, f1... all in docs/keys.md)"
    }
  }

  /// Key names and scancodes are refused alike: a wrong case, a likely misspelling, else what
  /// `listing` says is valid.
  private static func complaint(_ name: String, noun: String, valid: (String) -> Bool, listing: () -> String) -> String? {
    guard !valid(name) else { return nil }
    let lower = name.lowercased()
    if lower != name, valid(lower) { return "unknown \(noun) '\(name)': \(noun) names are lower case ('\(lower)')" }
    if let meant = suggestions[lower] { return "unknown \(noun) '\(name)': did you mean '\(meant)'?" }
    return "unknown \(noun) '\(name)': " + listing()
  }
}
