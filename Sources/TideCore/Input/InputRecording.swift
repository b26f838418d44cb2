import Foundation

/// A play session being written down as an input script (`tide run --record`, crash capsules).
///
/// Each event is kept at the tick that handled it, as a single edge (`down`, `move`, `up`,
/// `keydown`, `keyup`, `text`), so `InputScript` reads it back to the same events at the same
/// ticks. Times are written with four decimals: each rounds back to its exact 1/60 s tick.
public struct InputRecording: Sendable {
  /// Seed of the run.
  public var seed: UInt64
  /// Design size the game ran at.
  public var size: Vec2?
  /// Option overrides the game ran with.
  public var options: [String: String]
  /// Engine version (`@engine`).
  public var engineVersion: String
  /// Game version (`@game`).
  public var gameVersion: String
  /// The version the game gives itself in conf.lua (`@version`), if any.
  public var release: String?
  /// Ticks per second of the fixed step.
  public var hz: Int
  /// The events, in the order the engine handled them.
  public private(set) var entries: [InputScript.Entry] = []
  /// The tick of the first event left out because the recording was full (`maxBytes` or
  /// `Limits.inputScriptEvents`), if one was: nothing from it on is recorded, and the text ends there.
  public private(set) var cappedAtTick: Int?
  /// The most bytes of event lines a recording keeps: what `--input` accepts, less room for the
  /// header and comments, so that every recording and crash capsule replays.
  public static let maxBytes = Limits.inputScriptBytes - (1 << 20)
  /// The most bytes of event lines this recording keeps (`maxBytes` unless a test asks for less).
  public var byteLimit = InputRecording.maxBytes
  /// The longest comment line kept (an error message may be long; the rest is cut).
  static let maxCommentCharacters = 4096
  /// Bytes of event lines so far (each line's event, time and separators).
  private var bytes = 0

  /// A recording with nothing in it yet.
  public init(seed: UInt64, size: Vec2?, options: [String: String], engineVersion: String, gameVersion: String, hz: Int = 60) {
    self.seed = seed
    self.size = size
    self.options = options
    self.engineVersion = engineVersion
    self.gameVersion = gameVersion
    self.hz = hz
  }

  /// Notes `event`, handled in the step that started at `tick`.
  /// Once the recording is full, that event and every later one are left out.
  public mutating func append(_ event: InputEvent, tick: Int) {
    guard cappedAtTick == nil else { return }
    // A time of at most "100000.0000", a space and a newline.
    let size = Self.lineBound(event) + 13
    guard bytes + size <= byteLimit, entries.count < Limits.inputScriptEvents else {
      cappedAtTick = tick
      return
    }
    bytes += size
    entries.append(InputScript.Entry(tick: tick, event: event))
  }

  /// The script text: header, then one event a line, then `@end` at `endTick`.
  /// `comments` go at the top, each after `# `.
  /// A recording that was full ends at the tick it filled up, and says so in a comment.
  public func text(endTick: Int, comments: [String] = []) -> String {
    var notes = comments
    var endTick = endTick
    if let cappedAtTick, cappedAtTick < endTick {
      endTick = cappedAtTick
      notes.append(
        "Recording capped at \(Self.time(cappedAtTick, hz: hz)) s: the session's input went past what an input script may "
          + "hold (\(byteLimit >> 20) MB of events or \(Limits.inputScriptEvents) events), so later events are not "
          + "recorded and the replay ends there.")
    }
    var lines = notes.map { comment in
      let line = comment.replacingOccurrences(of: "\n", with: " ")
      guard line.count > Self.maxCommentCharacters else { return "# " + line }
      return "# " + line.prefix(Self.maxCommentCharacters) + " [cut]"
    }
    lines.append("@seed \(seed)")
    if let size { lines.append("@size \(Self.number(size.x))x\(Self.number(size.y))") }
    for key in options.keys.sorted() {
      // Escaped like text: a value with `#`, a backslash or edge spaces must read back the same.
      if let value = options[key] { lines.append("@option \(key)=\(Self.escape(value))") }
    }
    lines.append("@engine \(engineVersion)")
    lines.append("@game \(gameVersion)")
    if let release { lines.append("@version \(release)") }
    for entry in entries where entry.tick < endTick {
      lines.append(Self.time(entry.tick, hz: hz) + " " + Self.describe(entry.event))
    }
    lines.append("@end " + Self.time(endTick, hz: hz))
    return lines.joined(separator: "\n") + "\n"
  }

  /// A tick as script seconds, `%.4f` as recordings write them; messages about a script's
  /// times use it too, so they name a time as the file does.
  public static func time(_ tick: Int, hz: Int = 60) -> String {
    String(format: "%.4f", Double(tick) / Double(hz))
  }

  static func describe(_ event: InputEvent) -> String {
    switch event {
    case .pointerDown(let p, let id): return "down " + point(p) + pointer(id)
    case .pointerMove(let p, let id): return "move " + point(p) + pointer(id)
    case .pointerUp(let p, let id): return "up " + point(p) + pointer(id)
    case .mouseButton(let button, let p, let down): return (down ? "down " : "up ") + point(p) + " " + button.rawValue
    case .wheel(let delta): return "wheel " + point(delta)
    case .gamepad(.added(let pad, let name)): return "gamepad \(pad) added " + escape(name)
    case .gamepad(.removed(let pad)): return "gamepad \(pad) removed"
    case .gamepad(.button(let pad, let button, let down)): return "gamepad \(pad) \(down ? "down" : "up") \(button.rawValue)"
    case .gamepad(.axis(let pad, let axis, let value)): return "gamepad \(pad) axis \(axis.rawValue) \(number(value))"
    case .key(let name, let down, let scancode):
      // The place is written only when it is not the key's own: most recordings stay as they were.
      let place = scancode.map { $0 == name ? "" : " scancode " + escape($0) } ?? ""
      return (down ? "keydown " : "keyup ") + escape(name) + place
    case .text(let text): return "text " + escape(text)
    }
  }

  private static func point(_ p: Vec2) -> String { "\(number(p.x)) \(number(p.y))" }

  /// Nothing for the mouse, which recordings from before fingers name no pointer for.
  private static func pointer(_ id: PointerID) -> String { id == .mouse ? "" : " \(id)" }

  /// At least the bytes `describe(event)` writes, found without writing them: a bot types
  /// megabytes a tick, and escaping them all as they are recorded made each such tick seconds long.
  static func lineBound(_ event: InputEvent) -> Int {
    switch event {
    case .text(let text): return "text ".utf8.count + escapedBound(text)
    case .key(let name, _, let scancode): return "keydown ".utf8.count + escapedBound(name) + (scancode.map { 10 + escapedBound($0) } ?? 0)
    case .gamepad(.added(_, let name)): return "gamepad 8 added ".utf8.count + escapedBound(name)
    // A few words and at most two numbers, each at most as long as "-1.2345678901234567e-300".
    case .pointerDown, .pointerMove, .pointerUp, .mouseButton, .wheel, .gamepad: return 80
    }
  }

  /// At least the bytes `escape(text)` writes: each byte it escapes grows by at most five
  /// (`#` is `\u{23}`), and the spaces at each end by at most twelve together.
  static func escapedBound(_ text: String) -> Int {
    var text = text
    return text.withUTF8 { bytes in
      var size = bytes.count + 24
      for byte in bytes where byte == 0x23 || byte == 0x5C || byte < 0x20 || byte == 0x7F { size += 5 }
      return size
    }
  }

  /// The shortest text that reads back as exactly `value`.
  static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
  }

  /// Escapes what the line format would lose: `#` (a comment), `\`, controls and edge spaces.
  static func escape(_ text: String) -> String {
    // Most text needs nothing escaped: said by one pass over its bytes, it is kept as it is
    // (a capsule of a bot that typed megabytes took longer to write than the stuck-tick guard allows).
    let edges = [text.unicodeScalars.first, text.unicodeScalars.last].contains { $0?.properties.isWhitespace == true }
    if !edges, escapedBound(text) == text.utf8.count + 24 { return text }
    var out = ""
    let scalars = Array(text.unicodeScalars)
    for (i, scalar) in scalars.enumerated() {
      let edgeSpace = scalar.properties.isWhitespace && (i == 0 || i == scalars.count - 1)
      if scalar == "#" || scalar == "\\" || scalar.value < 0x20 || scalar.value == 0x7f || edgeSpace {
        out += "\\u{" + String(scalar.value, radix: 16) + "}"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
