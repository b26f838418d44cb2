import Foundation
import TideCore

/// Turns a frame of the engine (its draw list, background and error overlay) into the compact
/// JSON message the page draws (the `frame` message of docs/serve.md).
///
/// It reads the draw list only through `DrawItem`'s and `NodeLook`'s public accessors and writes
/// every field by hand: the look is being reshaped for speed, and an encoder that names each
/// field it sends keeps compiling, and keeps the wire format stable, whatever the struct becomes.
/// Numbers are written with at most three decimals (a thousandth of a design unit is far
/// below a phone's pixel), but for what the page steps particles with, which must be the
/// engine's doubles to the bit (`exact`, `particles(of:after:into:)`); colours as CSS
/// `#rrggbbaa`, which a canvas takes as it is.
public struct FrameEncoder {
  /// The URL path under which the page asks for the game's images (`assets/<name>`).
  public var imagePrefix = "assets/"
  /// The game's assets folder on disk: a text's font file inside it (`assets/fonts/`) is sent
  /// as its URL path, for the page to draw the text in it too. Nil: fonts are not sent.
  public var assetFolder: String?

  public init() {}

  /// The `frame` message for one tick.
  public func encode(tick: Int, background: Color, items: [DrawItem], overlay: String?) -> String {
    Self.frame(tick: tick, body: body(background: background, items: items, overlay: overlay))
  }

  /// A frame message from its body: the body alone tells whether the picture changed.
  public static func frame(tick: Int, body: String) -> String {
    "{\"t\":\"frame\",\"tick\":\(tick),\(body)}"
  }

  /// What a frame shows: `"bg":...,"overlay":...,"items":[...]`, without the braces.
  public func body(background: Color, items: [DrawItem], overlay: String?) -> String {
    var out = "\"bg\":"
    out.reserveCapacity(64 + items.count * 96)
    Self.color(background, into: &out)
    if let overlay {
      out += ",\"overlay\":"
      Self.string(overlay, into: &out)
    }
    out += ",\"items\":["
    var first = true
    for item in items {
      if !first { out += "," }
      first = false
      encode(item, into: &out)
    }
    out += "]"
    return out
  }

  /// One item of a frame's `items`.
  public func item(_ item: DrawItem) -> String {
    var out = ""
    encode(item, into: &out)
    return out
  }

  /// One item of a frame's `items`, from the parts of a draw item.
  func item(id: Int, look: NodeLook, transform: Affine, alpha: Double, clip: ClipRegion?) -> String {
    var out = ""
    encode(id: id, look: look, transform: transform, alpha: alpha, clip: clip, into: &out)
    return out
  }

  /// One item's fields, `"key":value` each, `id` first: what a `delta` compares field by
  /// field, so a moved sprite sends its position and nothing else.
  public func fields(_ item: DrawItem) -> [String] {
    var out = ""
    encode(item, into: &out)
    return Self.splitFields(out)
  }

  /// The top-level `"key":value` parts of one encoded item object.
  static func splitFields(_ object: String) -> [String] {
    var fields: [String] = []
    var depth = 0
    var inString = false
    var escaped = false
    var start = object.utf8.index(after: object.utf8.startIndex)
    var index = start
    let end = object.utf8.index(before: object.utf8.endIndex)
    while index < end {
      let byte = object.utf8[index]
      if inString {
        if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
      } else if byte == UInt8(ascii: "\"") {
        inString = true
      } else if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
        depth += 1
      } else if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
        depth -= 1
      } else if byte == UInt8(ascii: ","), depth == 0 {
        fields.append(String(object[start..<index]))
        start = object.utf8.index(after: index)
      }
      index = object.utf8.index(after: index)
    }
    if start < end { fields.append(String(object[start..<end])) }
    return fields
  }

  private func encode(_ item: DrawItem, into out: inout String) {
    encode(id: item.id, look: item.look, transform: item.transform, alpha: item.alpha, clip: item.clip, into: &out)
  }

  private func encode(id: Int, look: NodeLook, transform: Affine, alpha: Double, clip: ClipRegion?, into out: inout String) {
    out += "{\"id\":\(id),\"k\":\"\(look.kind.rawValue)\",\"m\":["
    Self.matrix(transform, into: &out)
    out += "],\"w\":"
    Self.number(look.width, into: &out)
    out += ",\"h\":"
    Self.number(look.height, into: &out)
    if alpha != 1 {
      out += ",\"a\":"
      Self.number(alpha, into: &out)
    }
    if look.tint != .white {
      out += ",\"tint\":"
      Self.color(look.tint, into: &out)
    }
    if let clip {
      out += ",\"clip\":["
      Self.numbers(clip.outline.flatMap { [$0.x, $0.y] }, into: &out)
      out += "]"
    }
    if look.flipX { out += ",\"fx\":1" }
    if look.flipY { out += ",\"fy\":1" }
    if let keyboard = look.keyboard { out += ",\"kb\":\"\(keyboard.rawValue)\"" }
    switch look.kind {
    case .rect, .circle, .polygon, .line:
      if let fill = look.fill, look.kind != .line {
        out += ",\"fill\":"
        Self.color(fill, into: &out)
      }
      if let stroke = look.stroke, look.strokeWidth > 0 {
        out += ",\"stroke\":"
        Self.color(stroke, into: &out)
        out += ",\"sw\":"
        Self.number(look.strokeWidth, into: &out)
      }
      if look.kind == .rect, look.cornerRadius > 0 {
        out += ",\"r\":"
        Self.number(look.cornerRadius, into: &out)
      }
      if look.kind == .polygon || look.kind == .line {
        out += ",\"pts\":["
        Self.numbers(look.points.flatMap { [$0.x, $0.y] }, into: &out)
        out += "]"
      }
    case .image:
      if let image = look.image {
        // A sprite sheet's region is its sheet's image and the rectangle to draw from it.
        let region = SpriteSheet.parseRegionKey(image)
        out += ",\"img\":"
        Self.string(imagePrefix + Self.pathEscaped(region?.image ?? image), into: &out)
        if let rect = region?.region {
          out += ",\"src\":["
          Self.numbers([rect.x, rect.y, rect.width, rect.height], into: &out)
          out += "]"
        }
      }
    case .text:
      // The lines the engine fitted (wrapped, shrunk, cut), not what the script set: the page
      // draws them as they are, so its layout is the engine's.
      out += ",\"text\":"
      Self.string(look.text, into: &out)
      out += ",\"fs\":"
      Self.number(look.fontSize, into: &out)
      out += ",\"tc\":"
      Self.color(look.textColor, into: &out)
      out += ",\"al\":\"\(look.align.rawValue)\""
      if let font = fontPath(look.font) {
        out += ",\"font\":"
        Self.string(font, into: &out)
      }
    case .particles:
      // The look alone: the particles go apart from it (`pt`, `particles(of:after:into:)`),
      // whole once, then only what the page cannot work out for itself. Their size and colour
      // follow from their life and the emitter's stops, sent once with the item, as the engine
      // makes them; gravity and drag go exact, for the page to step them as the engine does.
      let spec = look.particleSpec ?? EmitterSpec()
      switch look.particleShape {
      case .circle:
        out += ",\"shape\":\"circle\""
      case .square:
        out += ",\"shape\":\"square\""
      case .image(let name):
        out += ",\"shape\":\"image\",\"pimg\":"
        Self.string(imagePrefix + Self.pathEscaped(name), into: &out)
      }
      out += ",\"blend\":\"\(look.particleBlend.rawValue)\",\"pc\":["
      Self.colors(spec.colors, into: &out)
      out += "],\"pa\":["
      Self.numbers(spec.alpha, into: &out)
      out += "],\"pz\":["
      Self.numbers(spec.size, into: &out)
      out += "]"
      if !spec.palette.isEmpty {
        out += ",\"pp\":["
        Self.colors(spec.palette, into: &out)
        out += "]"
      }
      if spec.gravity != Vec2(0, 0) {
        out += ",\"pg\":[" + Self.exact(spec.gravity.x) + "," + Self.exact(spec.gravity.y) + "]"
      }
      if spec.drag > 0 { out += ",\"pd\":" + Self.exact(spec.drag) }
    case .group:
      break
    }
    out += "}"
  }

  /// Each of `emitter`'s particles numbered past `mark` (0: all of them) whole, as the page
  /// keeps them, as a JSON string: nine doubles each (`x, y, vx, vy, turn, spin, age, life,
  /// pick`), their little-endian bytes in base64. The page's steps of them are then the
  /// engine's to the last bit, and a double takes under 11 characters, where its shortest
  /// decimal takes up to 24 and costs far more to write.
  static func particles(of emitter: ParticleEmitter, after mark: UInt64, into out: ByteWriter) {
    var bytes: [UInt8] = []
    func add(_ value: Double) {
      withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }
    emitter.forEachState(after: mark) { p in
      add(p.x)
      add(p.y)
      add(p.vx)
      add(p.vy)
      add(p.rotation)
      add(p.spin)
      add(p.age)
      add(p.life)
      add(Double(p.paletteIndex))
    }
    out.append(UInt8(ascii: "\""))
    Data(bytes).base64EncodedData().withUnsafeBytes { out.append($0) }
    out.append(UInt8(ascii: "\""))
  }

  /// `value` as JSON that reads back as the same double: a whole number as one, any other in
  /// Swift's shortest form that does (JavaScript's parse of it is the same number). JSON has
  /// no NaN or infinity: those go as 0.
  static func exact(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return value.description
  }

  /// `exact` as UTF-8.
  static func exact(_ value: Double, into out: ByteWriter) {
    out.append(utf8: exact(value))
  }

  /// The URL path of a game's font file (`look.font`), when it is in the assets folder.
  private func fontPath(_ file: String) -> String? {
    guard !file.isEmpty, let folder = assetFolder, file.hasPrefix(folder + "/") else { return nil }
    return imagePrefix + Self.pathEscaped(String(file.dropFirst(folder.count + 1)))
  }

  /// `#rrggbbaa`, each channel clamped to 0...1 first.
  static func color(_ color: Color, into out: inout String) {
    out += "\"#"
    for channel in [color.r, color.g, color.b, color.a] {
      let byte = Int((min(max(channel.isFinite ? channel : 0, 0), 1) * 255).rounded())
      out += byte < 16 ? "0" + String(byte, radix: 16) : String(byte, radix: 16)
    }
    out += "\""
  }

  /// A number with at most three decimals and no trailing zeros; JSON has no NaN or infinity,
  /// so those go as 0 (a node the engine let through with one draws nothing sensible anyway).
  static func number(_ value: Double, into out: inout String) {
    number(value, decimals: 3, into: &out)
  }

  /// A number with at most `decimals` (1 to 3) decimals. Written with integer arithmetic: a
  /// frame in play writes thousands of numbers, which makes this the encoder's hot path.
  static func number(_ value: Double, decimals: Int, into out: inout String) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: numberRoom) { buffer in
      guard let start = buffer.baseAddress, let count = written(value, decimals: decimals, to: start) else {
        out += String(value)
        return
      }
      out += String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    }
  }

  /// `number` as UTF-8, for messages written as bytes.
  static func number(_ value: Double, into out: ByteWriter) {
    if let count = written(value, decimals: 3, to: out.room(numberRoom)) {
      out.advance(by: count)
    } else {
      out.append(utf8: String(value))
    }
  }

  /// A whole number as UTF-8.
  static func integer(_ value: Int, into out: ByteWriter) {
    out.advance(by: digits(value, to: out.room(20)))
  }

  /// The most bytes `written(_:decimals:to:)` writes.
  private static let numberRoom = 24

  /// Writes `value` as `number(_:decimals:into:)` writes it at `out` (room for `numberRoom`
  /// bytes); returns how many bytes, or nil for a number too large for integer arithmetic,
  /// which goes as Swift writes it.
  @inline(__always)
  private static func written(_ value: Double, decimals: Int, to out: UnsafeMutablePointer<UInt8>) -> Int? {
    let unit = decimals == 1 ? 10 : decimals == 2 ? 100 : 1000
    let scaled = value.isFinite ? (value * Double(unit)).rounded() : 0
    guard abs(scaled) < 9e15 else { return nil }
    let whole = Int(scaled)
    let magnitude = abs(whole)
    var count = 0
    if whole < 0 {
      out[0] = UInt8(ascii: "-")
      count = 1
    }
    count += digits(magnitude / unit, to: out + count)
    var fraction = magnitude % unit
    if fraction != 0 {
      var places = decimals == 1 ? 1 : decimals == 2 ? 2 : 3
      while fraction % 10 == 0 {
        fraction /= 10
        places -= 1
      }
      out[count] = UInt8(ascii: ".")
      // The fraction's digits, leading zeros included, written from the last.
      for place in stride(from: places, to: 0, by: -1) {
        out[count + place] = UInt8(ascii: "0") + UInt8(fraction % 10)
        fraction /= 10
      }
      count += places + 1
    }
    return count
  }

  /// Writes `value`'s decimal digits (and its sign) at `out`, which has room for 20 bytes;
  /// returns how many.
  @inline(__always)
  private static func digits(_ value: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
    var sign = 0
    if value < 0 {
      out[0] = UInt8(ascii: "-")
      sign = 1
    }
    var rest = value.magnitude
    // Most numbers of a message in play are moves and particles of one or two digits.
    let zero = UInt8(ascii: "0")
    if rest < 10 {
      out[sign] = zero + UInt8(truncatingIfNeeded: rest)
      return sign + 1
    }
    if rest < 100 {
      out[sign] = zero + UInt8(truncatingIfNeeded: rest / 10)
      out[sign + 1] = zero + UInt8(truncatingIfNeeded: rest % 10)
      return sign + 2
    }
    // Counted first, so each digit goes straight to its place, the last first.
    var length = 1
    var probe = rest
    while probe >= 10 {
      probe /= 10
      length += 1
    }
    var at = sign + length
    repeat {
      at -= 1
      out[at] = zero + UInt8(truncatingIfNeeded: rest % 10)
      rest /= 10
    } while rest != 0
    return sign + length
  }

  static func colors(_ colors: [Color], into out: inout String) {
    var first = true
    for color in colors {
      if !first { out += "," }
      first = false
      Self.color(color, into: &out)
    }
  }

  /// Whether `number` writes `x` and `y` the same, found without writing them.
  static func writtenAlike(_ x: Double, _ y: Double) -> Bool {
    func scaled(_ value: Double) -> Double? {
      guard value.isFinite else { return 0 }
      let scaled = (value * 1000).rounded()
      return abs(scaled) < 9e15 ? scaled : nil
    }
    guard let a = scaled(x), let b = scaled(y) else { return x == y }
    return a == b
  }

  /// A transform as `m` holds it, `a,b,c,d,tx,ty`, without the brackets.
  static func matrix(_ m: Affine, into out: inout String) {
    number(m.a, into: &out)
    for value in [m.b, m.c, m.d, m.tx, m.ty] {
      out += ","
      number(value, into: &out)
    }
  }

  /// `matrix` as UTF-8.
  static func matrix(_ m: Affine, into out: ByteWriter) {
    number(m.a, into: out)
    out.append(UInt8(ascii: ","))
    number(m.b, into: out)
    out.append(UInt8(ascii: ","))
    number(m.c, into: out)
    out.append(UInt8(ascii: ","))
    number(m.d, into: out)
    out.append(UInt8(ascii: ","))
    number(m.tx, into: out)
    out.append(UInt8(ascii: ","))
    number(m.ty, into: out)
  }

  static func numbers(_ values: [Double], into out: inout String) {
    var first = true
    for value in values {
      if !first { out += "," }
      first = false
      number(value, into: &out)
    }
  }

  /// A JSON string literal of `text`.
  static func string(_ text: String, into out: inout String) {
    out += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      // U+2028 and U+2029 are valid JSON but end a line in older JavaScript.
      case "\u{2028}": out += "\\u2028"
      case "\u{2029}": out += "\\u2029"
      default: out.unicodeScalars.append(scalar)
      }
    }
    out += "\""
  }

  /// An asset name as a URL path: each segment percent-encoded, the slashes kept.
  static func pathEscaped(_ name: String) -> String {
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: "?#%;")
    return name.split(separator: "/", omittingEmptySubsequences: false)
      .map { String($0).addingPercentEncoding(withAllowedCharacters: allowed) ?? String($0) }
      .joined(separator: "/")
  }
}
