/// A value a game can save: the JSON subset of Lua values.
///
/// Integers and floats stay distinct so a saved `3` reads back as the integer `3`.
public indirect enum SaveValue: Equatable, Sendable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([SaveValue])
  /// Keys are kept sorted when written, so a save file does not churn between runs.
  case object([String: SaveValue])
}

/// A save file that is not valid JSON; carries the byte offset so the warning can point at it.
public struct SaveDecodingError: Error, CustomStringConvertible, Sendable {
  /// Byte offset of the first character that could not be read.
  public let offset: Int
  /// What was expected there.
  public let reason: String
  /// A one-line description, e.g. `invalid JSON at byte 17: expected ',' or '}'`.
  public var description: String { "invalid JSON at byte \(offset): \(reason)" }
}

extension SaveValue {
  /// Encodes the value as pretty-printed JSON with sorted keys.
  public func jsonText() -> String {
    var out = ""
    write(to: &out, indent: 0)
    out.append("\n")
    return out
  }

  private func write(to out: inout String, indent: Int) {
    switch self {
    case .null: out.append("null")
    case .bool(let b): out.append(b ? "true" : "false")
    case .int(let i): out.append(String(i))
    case .double(let d):
      // JSON has no inf/nan; a game that saves one gets null rather than a file nothing can read.
      if d.isFinite {
        var text = String(d)
        if !text.contains(".") && !text.contains("e") { text += ".0" }
        out.append(text)
      } else {
        out.append("null")
      }
    case .string(let s): SaveValue.writeString(s, to: &out)
    case .array(let items):
      if items.isEmpty { out.append("[]"); return }
      out.append("[\n")
      for (i, item) in items.enumerated() {
        out.append(String(repeating: "  ", count: indent + 1))
        item.write(to: &out, indent: indent + 1)
        out.append(i == items.count - 1 ? "\n" : ",\n")
      }
      out.append(String(repeating: "  ", count: indent) + "]")
    case .object(let fields):
      if fields.isEmpty { out.append("{}"); return }
      out.append("{\n")
      let keys = fields.keys.sorted()
      for (i, key) in keys.enumerated() {
        out.append(String(repeating: "  ", count: indent + 1))
        SaveValue.writeString(key, to: &out)
        out.append(": ")
        fields[key]?.write(to: &out, indent: indent + 1)
        out.append(i == keys.count - 1 ? "\n" : ",\n")
      }
      out.append(String(repeating: "  ", count: indent) + "}")
    }
  }

  private static func writeString(_ s: String, to out: inout String) {
    out.append("\"")
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out.append("\\\"")
      case "\\": out.append("\\\\")
      case "\n": out.append("\\n")
      case "\r": out.append("\\r")
      case "\t": out.append("\\t")
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          out.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    out.append("\"")
  }

  /// Parses JSON text; integers without fraction or exponent become `.int`.
  public init(jsonText text: String) throws(SaveDecodingError) {
    var parser = JSONParser(bytes: Array(text.utf8))
    self = try parser.parseDocument()
  }
}

/// A small strict JSON parser: saves are our own output, so anything odd means damage.
private struct JSONParser {
  let bytes: [UInt8]
  var pos = 0

  init(bytes: [UInt8]) { self.bytes = bytes }

  mutating func parseDocument() throws(SaveDecodingError) -> SaveValue {
    let value = try parseValue(depth: 0)
    skipSpace()
    if pos != bytes.count { throw fail("unexpected text after the value") }
    return value
  }

  func fail(_ reason: String) -> SaveDecodingError { SaveDecodingError(offset: pos, reason: reason) }

  mutating func skipSpace() {
    while pos < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[pos]) { pos += 1 }
  }

  mutating func expect(_ literal: String, _ value: SaveValue) throws(SaveDecodingError) -> SaveValue {
    let lit = Array(literal.utf8)
    guard pos + lit.count <= bytes.count, Array(bytes[pos..<pos + lit.count]) == lit else {
      throw fail("expected '\(literal)'")
    }
    pos += lit.count
    return value
  }

  mutating func parseValue(depth: Int) throws(SaveDecodingError) -> SaveValue {
    // tide.save.write nests at most 64 deep; anything deeper is damage, refused rather than overflowing.
    if depth > 64 { throw fail("nesting deeper than 64") }
    skipSpace()
    guard pos < bytes.count else { throw fail("unexpected end of file") }
    switch bytes[pos] {
    case UInt8(ascii: "{"): return try parseObject(depth: depth)
    case UInt8(ascii: "["): return try parseArray(depth: depth)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try expect("true", .bool(true))
    case UInt8(ascii: "f"): return try expect("false", .bool(false))
    case UInt8(ascii: "n"): return try expect("null", .null)
    default: return try parseNumber()
    }
  }

  mutating func parseObject(depth: Int) throws(SaveDecodingError) -> SaveValue {
    pos += 1
    var fields: [String: SaveValue] = [:]
    skipSpace()
    if pos < bytes.count, bytes[pos] == UInt8(ascii: "}") { pos += 1; return .object(fields) }
    while true {
      skipSpace()
      guard pos < bytes.count, bytes[pos] == UInt8(ascii: "\"") else { throw fail("expected a key") }
      let key = try parseString()
      skipSpace()
      guard pos < bytes.count, bytes[pos] == UInt8(ascii: ":") else { throw fail("expected ':'") }
      pos += 1
      fields[key] = try parseValue(depth: depth + 1)
      skipSpace()
      guard pos < bytes.count else { throw fail("unexpected end of file") }
      if bytes[pos] == UInt8(ascii: ",") { pos += 1; continue }
      if bytes[pos] == UInt8(ascii: "}") { pos += 1; return .object(fields) }
      throw fail("expected ',' or '}'")
    }
  }

  mutating func parseArray(depth: Int) throws(SaveDecodingError) -> SaveValue {
    pos += 1
    var items: [SaveValue] = []
    skipSpace()
    if pos < bytes.count, bytes[pos] == UInt8(ascii: "]") { pos += 1; return .array(items) }
    while true {
      items.append(try parseValue(depth: depth + 1))
      skipSpace()
      guard pos < bytes.count else { throw fail("unexpected end of file") }
      if bytes[pos] == UInt8(ascii: ",") { pos += 1; continue }
      if bytes[pos] == UInt8(ascii: "]") { pos += 1; return .array(items) }
      throw fail("expected ',' or ']'")
    }
  }

  mutating func parseString() throws(SaveDecodingError) -> String {
    pos += 1
    var scalars = String.UnicodeScalarView()
    var raw: [UInt8] = []
    func flush() {
      if !raw.isEmpty { scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars); raw.removeAll() }
    }
    while pos < bytes.count {
      let b = bytes[pos]
      if b == UInt8(ascii: "\"") { pos += 1; flush(); return String(scalars) }
      if b < 0x20 { throw fail("control character in a string") }
      if b == UInt8(ascii: "\\") {
        flush()
        pos += 1
        guard pos < bytes.count else { break }
        let e = bytes[pos]
        pos += 1
        switch e {
        case UInt8(ascii: "\""): scalars.append("\"")
        case UInt8(ascii: "\\"): scalars.append("\\")
        case UInt8(ascii: "/"): scalars.append("/")
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "b"): scalars.append("\u{08}")
        case UInt8(ascii: "f"): scalars.append("\u{0C}")
        case UInt8(ascii: "u"):
          var code = try hex4()
          if (0xD800..<0xDC00).contains(code), pos + 1 < bytes.count,
            bytes[pos] == UInt8(ascii: "\\"), bytes[pos + 1] == UInt8(ascii: "u")
          {
            pos += 2
            let low = try hex4()
            // A high surrogate must be followed by a low one; anything else is damage, not a crash.
            guard (0xDC00...0xDFFF).contains(low) else { throw fail("unpaired surrogate in \\u escape") }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let scalar = Unicode.Scalar(code) else { throw fail("invalid \\u escape") }
          scalars.append(scalar)
        default: throw fail("invalid escape")
        }
        continue
      }
      raw.append(b)
      pos += 1
    }
    throw fail("unterminated string")
  }

  mutating func hex4() throws(SaveDecodingError) -> UInt32 {
    // Exactly four hex digits: UInt32(_:radix:) alone would also take a sign.
    guard pos + 4 <= bytes.count, bytes[pos..<pos + 4].allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
      let v = UInt32(String(decoding: bytes[pos..<pos + 4], as: UTF8.self), radix: 16)
    else { throw fail("invalid \\u escape") }
    pos += 4
    return v
  }

  /// A number by JSON's grammar: `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`.
  mutating func parseNumber() throws(SaveDecodingError) -> SaveValue {
    let start = pos
    func digits() -> Int {
      let first = pos
      while pos < bytes.count, bytes[pos] >= UInt8(ascii: "0"), bytes[pos] <= UInt8(ascii: "9") { pos += 1 }
      return pos - first
    }
    func take(_ c: Character) -> Bool {
      guard pos < bytes.count, bytes[pos] == c.asciiValue else { return false }
      pos += 1
      return true
    }
    _ = take("-")
    let intStart = pos
    let intDigits = digits()
    guard intDigits > 0 else { pos = start; throw fail("expected a value") }
    if intDigits > 1, bytes[intStart] == UInt8(ascii: "0") { pos = start; throw fail("a number cannot start with 0") }
    var isInteger = true
    if take(".") {
      isInteger = false
      guard digits() > 0 else { throw fail("expected digits after '.'") }
    }
    if take("e") || take("E") {
      isInteger = false
      _ = take("+") || take("-")
      guard digits() > 0 else { throw fail("expected digits in the exponent") }
    }
    let text = String(decoding: bytes[start..<pos], as: UTF8.self)
    if isInteger, let i = Int(text) { return .int(i) }
    guard let d = Double(text) else { pos = start; throw fail("invalid number '\(text)'") }
    return .double(d)
  }

}
