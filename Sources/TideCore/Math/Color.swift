/// An RGBA colour with channels in 0...1 (not premultiplied).
public struct Color: Hashable, Sendable, CustomStringConvertible {
  /// Red channel, 0...1.
  public var r: Double
  /// Green channel, 0...1.
  public var g: Double
  /// Blue channel, 0...1.
  public var b: Double
  /// Opacity, 0...1.
  public var a: Double

  /// Creates a colour from channels in 0...1.
  public init(r: Double, g: Double, b: Double, a: Double = 1) {
    self.r = r
    self.g = g
    self.b = b
    self.a = a
  }

  /// Creates a colour from 0...255 byte channels.
  public init(bytes r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
    self.init(r: Double(r) / 255, g: Double(g) / 255, b: Double(b) / 255, a: Double(a) / 255)
  }

  /// Parses `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` (the `#` is required); nil when malformed.
  public init?(hex: String) {
    // The digits packed four bits each into one word, read from the string's bytes where they
    // lie: a colour is parsed for each fill, stroke and tint a script gives, sprite after
    // sprite. (A "#" that a combining mark follows fails on the mark's bytes, as it would fail
    // a test of the string's first character.)
    var text = hex
    guard let (packed, count) = text.withUTF8({ Color.packedHexDigits($0) }) else { return nil }
    func digit(_ i: Int) -> UInt8 { UInt8(truncatingIfNeeded: packed >> (4 * UInt32(count - 1 - i))) & 0xF }
    switch count {
    case 3, 4:
      // Short forms repeat each digit: #f80 == #ff8800.
      self.init(bytes: digit(0) * 17, digit(1) * 17, digit(2) * 17, count == 4 ? digit(3) * 17 : 255)
    case 6, 8:
      func byte(_ i: Int) -> UInt8 { digit(2 * i) * 16 + digit(2 * i + 1) }
      self.init(bytes: byte(0), byte(1), byte(2), count == 8 ? byte(3) : 255)
    default:
      return nil
    }
  }

  /// Looks up a CSS colour name (case-insensitive, from `Color.namedColors`); nil when unknown.
  public init?(name: String) {
    guard let c = Color.namedColors[name.lowercased()] else { return nil }
    self = c
  }

  /// Parses either a hex string (`#...`) or a colour name; nil when neither.
  public init?(string: String) {
    if string.hasPrefix("#") {
      self.init(hex: string)
    } else {
      self.init(name: string)
    }
  }

  /// The channels as bytes 0...255, clamped and rounded (the inverse of `init(bytes:)`).
  @inlinable public var bytes: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    @inline(__always) func byte(_ value: Double) -> UInt8 {
      UInt8(((value > 0 ? min(value, 1) : 0) * 255).rounded())  // NaN: 0, never a trap
    }
    return (byte(r), byte(g), byte(b), byte(a))
  }

  /// `#rrggbb` when opaque, otherwise `#rrggbbaa`; channels are clamped and rounded.
  public var hexString: String {
    func byte(_ v: Double) -> String {
      let n = Int(((v > 0 ? min(v, 1) : 0) * 255).rounded())  // NaN: 0, never a trap
      let s = String(n, radix: 16)
      return n < 16 ? "0" + s : s
    }
    let rgb = "#" + byte(r) + byte(g) + byte(b)
    return a >= 1 ? rgb : rgb + byte(a)
  }

  /// The same colour with a different opacity.
  public func withAlpha(_ alpha: Double) -> Color { Color(r: r, g: g, b: b, a: alpha) }

  /// Linear interpolation per channel; `t` 0 gives `self`, 1 gives `other`.
  public func mix(_ other: Color, _ t: Double) -> Color {
    Color(
      r: r + (other.r - r) * t, g: g + (other.g - g) * t,
      b: b + (other.b - b) * t, a: a + (other.a - a) * t)
  }

  /// The hex form, for logs and test failures.
  public var description: String { hexString }

  /// Opaque white; as a tint it means "no tint".
  public static let white = Color(r: 1, g: 1, b: 1)
  /// Opaque black.
  public static let black = Color(r: 0, g: 0, b: 0)
  /// Fully transparent black.
  public static let clear = Color(r: 0, g: 0, b: 0, a: 0)

  /// CSS colour names accepted by `init(name:)`, with their CSS values.
  public static let namedColors: [String: Color] = [
    "white": Color(bytes: 255, 255, 255), "black": Color(bytes: 0, 0, 0),
    "red": Color(bytes: 255, 0, 0), "green": Color(bytes: 0, 128, 0),
    "lime": Color(bytes: 0, 255, 0), "blue": Color(bytes: 0, 0, 255),
    "gray": Color(bytes: 128, 128, 128), "grey": Color(bytes: 128, 128, 128),
    "lightgray": Color(bytes: 211, 211, 211), "darkgray": Color(bytes: 169, 169, 169),
    "silver": Color(bytes: 192, 192, 192), "yellow": Color(bytes: 255, 255, 0),
    "gold": Color(bytes: 255, 215, 0), "orange": Color(bytes: 255, 165, 0),
    "brown": Color(bytes: 165, 42, 42), "purple": Color(bytes: 128, 0, 128),
    "pink": Color(bytes: 255, 192, 203), "magenta": Color(bytes: 255, 0, 255),
    "cyan": Color(bytes: 0, 255, 255), "teal": Color(bytes: 0, 128, 128),
    "navy": Color(bytes: 0, 0, 128), "maroon": Color(bytes: 128, 0, 0),
    "olive": Color(bytes: 128, 128, 0), "coral": Color(bytes: 255, 127, 80),
    "salmon": Color(bytes: 250, 128, 114), "tomato": Color(bytes: 255, 99, 71),
    "skyblue": Color(bytes: 135, 206, 235), "transparent": Color(bytes: 0, 0, 0, 0),
  ]

  /// The hex digits after a leading "#" packed four bits each, and how many; nil without the
  /// "#", past eight digits or at anything but a digit.
  private static func packedHexDigits(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt32, Int)? {
    guard bytes.first == UInt8(ascii: "#") else { return nil }
    var packed: UInt32 = 0
    var count = 0
    for ch in bytes.dropFirst() {
      guard count < 8, let v = hexValue(ch) else { return nil }
      packed = packed << 4 | UInt32(v)
      count += 1
    }
    return (packed, count)
  }

  private static func hexValue(_ ch: UInt8) -> UInt8? {
    switch ch {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return ch - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return ch - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return ch - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
