import Foundation

/// Recorded input to replay at given times: what `tide shot --input` and the smoke test feed a game.
///
/// One event a line, `#` starts a comment; times are game seconds from start:
/// ```
/// 0.5  tap 195 680          # press and release (one tick apart)
/// 1.0  drag 80 640 195 300  # press, move over 10 ticks, release
/// 2.0  text Ada             # typed text (the rest of the line)
/// 2.5  key return           # press and release a key
/// 3.0  down 80 640          # a finger held down...
/// 3.2  move 150 500         # ...moved (one event)...
/// 3.5  up 195 300           # ...and lifted
/// ```
/// Lines starting with `@` set how a screenshot is taken (`tide shot --input`, golden tests):
/// `@at 3.5`, `@seed 7`, `@size 375x667`, `@option variant=animals` (repeatable).
///
/// Recorded sessions (`tide run --record`, crash capsules) use the same format with events
/// split into single edges (`down`/`move`/`up`, `keydown`/`keyup`, `text`), times with four
/// decimals (each rounds to its exact 1/60 s tick), and `@engine`, `@game`, `@version` (versions
/// it was recorded with) and `@end` (when the session ended); see docs/input-scripts.md.
/// `@expect <seconds> <Lua expression>` lines are kept for the replay runner to check.
/// Lines may end in CRLF. Times (events and `@at`) are `Limits.gameSeconds` (0 to 1e5),
/// coordinates `Limits.coordinate` (±1e6), sizes `Limits.screenSide` (16 to 8192 a side), the
/// whole script at most `Limits.inputScriptEvents` events
/// and expectations (`text(of:)` reads at most `Limits.inputScriptBytes`); anything else,
/// infinities and NaN included, is an error naming the line.
public struct InputScript: Sendable {
  /// One replayed event, at a tick.
  public struct Entry: Sendable, Equatable {
    /// The fixed-step tick (60 a second) at which the event is queued.
    public var tick: Int
    /// The event.
    public var event: InputEvent
  }

  /// The events in tick order.
  public private(set) var entries: [Entry] = []
  /// `@at`: game time of the screenshot, in seconds.
  public private(set) var shotTime: Double?
  /// `@seed`: seed of the run.
  public private(set) var seed: UInt64?
  /// `@size`: design size override.
  public private(set) var size: Vec2?
  /// `@option key=value` lines.
  public private(set) var options: [String: String] = [:]
  /// `@engine`: the engine version the script was recorded with.
  public private(set) var engineVersion: String?
  /// `@game`: the game version (a hash of its files) the script was recorded with.
  public private(set) var gameVersion: String?
  /// `@version`: the version the game gave itself in conf.lua when the script was recorded.
  public private(set) var release: String?
  /// `@end`: game time the recorded session ended at, in seconds.
  public private(set) var endTime: Double?
  /// `@expect` lines, in tick order.
  public private(set) var expectations: [Expectation] = []

  /// An `@expect <seconds> <Lua expression>` line: the expression must be true at that tick.
  public struct Expectation: Sendable, Equatable {
    /// The tick before which it is checked (after `tick` steps have run).
    public var tick: Int
    /// Lua source of the expression.
    public var expression: String
    /// 1-based line number in the script.
    public var line: Int
  }

  /// An error in an input script, naming the line.
  public struct ParseError: Error, CustomStringConvertible, Sendable {
    /// 1-based line number.
    public var line: Int
    /// What is wrong there.
    public var reason: String
    /// `line N: reason`.
    public var description: String { "line \(line): \(reason)" }
  }

  /// Why an input script file could not be read as text, before any line of it was parsed.
  public struct FileError: Error, CustomStringConvertible, Sendable {
    /// What is wrong with the file.
    public var description: String
  }

  /// The text of the script file at `url`: refused when it cannot be read, is larger than
  /// `Limits.inputScriptBytes` or is not UTF-8 (the error names the first bad line).
  /// With `regularFileOnly` anything but a plain file is refused before it is opened: a script
  /// found in a game's tests folder is never meant to be a pipe, and opening a FIFO no one
  /// writes blocks for good. (`--input` leaves it off: there a pipe is meant.)
  /// With `inside` (a game's folder) a file that leads out of it through a link is refused,
  /// named in one line, as the game refuses one it reads.
  public static func text(of url: URL, regularFileOnly: Bool = false, inside roots: [URL] = []) throws(FileError) -> String {
    if !roots.isEmpty, FolderWall.realPath(url) != nil, !FolderWall.isInside(url, roots: roots) {
      throw FileError(description: "cannot read it: it leads outside the game folder (to \(FolderWall.realPath(url) ?? url.path))")
    }
    var status = stat()
    if regularFileOnly, stat(url.path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
      throw FileError(description: "cannot read it: not a regular file")
    }
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
      throw FileError(description: "cannot read it: it is a folder")
    }
    let data: Data
    do {
      let handle = try FileHandle(forReadingFrom: url)
      defer { try? handle.close() }
      // One byte past the limit says it is over, whatever the file is (a pipe has no size to ask).
      data = try handle.read(upToCount: Limits.inputScriptBytes + 1) ?? Data()
    } catch {
      throw FileError(description: "cannot read it: \(error.localizedDescription)")
    }
    guard data.count <= Limits.inputScriptBytes else {
      throw FileError(description: "an input script may be at most \(Limits.inputScriptBytes >> 20) MB; this one is larger")
    }
    if let text = String(data: data, encoding: .utf8) { return text }
    var line = 1
    for piece in data.split(separator: 0x0A, omittingEmptySubsequences: false) {
      if String(data: piece, encoding: .utf8) == nil { break }
      line += 1
    }
    throw FileError(description: "line \(line): not UTF-8 text (an input script is a text file)")
  }

  /// An empty script: no events, no directives.
  public init() {}

  /// Parses the text of a script; `hz` converts seconds to ticks.
  public init(text: String, hz: Int = 60) throws(ParseError) {
    // "\r\n" is one Character in Swift: split on it too, or a Windows file is one long line.
    // A byte-order mark (Windows editors write one) would make the first line's word unknown.
    let body = text.hasPrefix("\u{FEFF}") ? text.dropFirst() : Substring(text)
    let lines = body.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    for (index, rawLine) in lines.enumerated() {
      let lineNumber = index + 1
      // An expectation is Lua, where `#` is the length operator: the whole line is the expression.
      if rawLine.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("@expect") {
        try expectation(String(rawLine), line: lineNumber, hz: hz)
        try checkCount(line: lineNumber)
        continue
      }
      let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
      let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
      guard !words.isEmpty else { continue }
      if words[0] == "@option" {
        try option(line, line: lineNumber)
        continue
      }
      if words[0].hasPrefix("@") {
        try directive(words, line: lineNumber)
        continue
      }
      guard words.count >= 2, let seconds = Double(words[0]) else {
        throw ParseError(line: lineNumber, reason: "expected '<seconds> <tap|drag|down|move|up|wheel|gamepad|text|key|keydown|keyup> ...'")
      }
      if let complaint = Limits.gameSeconds.complaint("the time", seconds) {
        throw ParseError(line: lineNumber, reason: complaint)
      }
      let tick = Int((seconds * Double(hz)).rounded())
      let args = Array(words.dropFirst(2))
      func numbers(_ count: Int, then extra: String = "") throws(ParseError) -> [Double] {
        let given = args.prefix(count)
        let values = given.compactMap(Double.init)
        guard given.count == count, values.count == count else {
          throw ParseError(line: lineNumber, reason: "\(words[1]) takes \(count) numbers\(extra)")
        }
        for value in values {
          if let complaint = Limits.coordinate.complaint("a coordinate of \(words[1])", value) {
            throw ParseError(line: lineNumber, reason: complaint)
          }
        }
        return values
      }
      // What follows a pointer event's numbers: `finger N`, `mouse` (the default), or for a
      // press a mouse button other than the left one.
      func pointer(after count: Int, buttons: Bool) throws(ParseError) -> (PointerID, MouseButton?) {
        let rest = Array(args.dropFirst(count))
        let expected = buttons ? ", then 'finger N', 'mouse' or a button (right, middle, x1, x2)" : ", then 'finger N' or 'mouse'"
        switch rest.count {
        case 0: return (.mouse, nil)
        case 1 where rest[0] == "mouse" || rest[0] == "left": return (.mouse, nil)
        case 1 where buttons:
          if let button = MouseButton(rawValue: rest[0]) { return (.mouse, button) }
        case 2 where rest[0] == "finger":
          if let n = Int(rest[1]), (1...PointerID.maxFingers).contains(n) { return (.finger(n), nil) }
          throw ParseError(line: lineNumber, reason: "a finger is numbered 1 to \(PointerID.maxFingers), got '\(rest[1])'")
        default: break
        }
        throw ParseError(line: lineNumber, reason: "\(words[1]) takes \(count) numbers\(expected); got '\(rest.joined(separator: " "))'")
      }
      switch words[1] {
      case "tap":
        let v = try numbers(2)
        let p = Vec2(x: v[0], y: v[1])
        let (id, button) = try pointer(after: 2, buttons: true)
        if let button {
          entries.append(Entry(tick: tick, event: .mouseButton(button, p, down: true)))
          entries.append(Entry(tick: tick + 1, event: .mouseButton(button, p, down: false)))
        } else {
          entries.append(Entry(tick: tick, event: .pointerDown(p, pointer: id)))
          entries.append(Entry(tick: tick + 1, event: .pointerUp(p, pointer: id)))
        }
      case "drag":
        let v = try numbers(4)
        let (id, _) = try pointer(after: 4, buttons: false)
        let steps = 10
        entries.append(Entry(tick: tick, event: .pointerDown(Vec2(x: v[0], y: v[1]), pointer: id)))
        for i in 1...steps {
          let t = Double(i) / Double(steps)
          let p = Vec2(x: v[0] + (v[2] - v[0]) * t, y: v[1] + (v[3] - v[1]) * t)
          entries.append(Entry(tick: tick + i, event: .pointerMove(p, pointer: id)))
        }
        entries.append(Entry(tick: tick + steps + 1, event: .pointerUp(Vec2(x: v[2], y: v[3]), pointer: id)))
      case "down", "move", "up":
        let v = try numbers(2)
        let p = Vec2(x: v[0], y: v[1])
        let (id, button) = try pointer(after: 2, buttons: words[1] != "move")
        if let button {
          entries.append(Entry(tick: tick, event: .mouseButton(button, p, down: words[1] == "down")))
        } else {
          let event: InputEvent =
            words[1] == "down" ? .pointerDown(p, pointer: id) : words[1] == "move" ? .pointerMove(p, pointer: id) : .pointerUp(p, pointer: id)
          entries.append(Entry(tick: tick, event: event))
        }
      case "wheel":
        guard args.count == 2, let dx = Double(args[0]), let dy = Double(args[1]), dx.isFinite, dy.isFinite,
          abs(dx) <= Limits.wheelNotches, abs(dy) <= Limits.wheelNotches
        else {
          throw ParseError(line: lineNumber, reason: "wheel takes 2 numbers, -\(Int(Limits.wheelNotches)) to \(Int(Limits.wheelNotches)) (right and up above 0)")
        }
        entries.append(Entry(tick: tick, event: .wheel(Vec2(x: dx, y: dy))))
      case "gamepad":
        entries.append(Entry(tick: tick, event: .gamepad(try Self.gamepad(args, line: line, lineNumber: lineNumber))))
      case "text":
        guard let start = line.range(of: "text") else { continue }
        // No length limit of its own (the file's is enough): a bot's app:type of any length is
        // recorded in its capsule, which must replay.
        let text = Self.unescape(line[start.upperBound...].trimmingCharacters(in: .whitespaces))
        entries.append(Entry(tick: tick, event: .text(text)))
      case "key":
        guard args.count == 1 else { throw ParseError(line: lineNumber, reason: "key takes one key name") }
        if let complaint = KeyNames.complaint(args[0]) { throw ParseError(line: lineNumber, reason: complaint) }
        entries.append(Entry(tick: tick, event: .key(args[0], down: true)))
        entries.append(Entry(tick: tick + 1, event: .key(args[0], down: false)))
      case "keydown", "keyup":
        // SDL names some keys with a space ("left shift").
        guard !args.isEmpty else { throw ParseError(line: lineNumber, reason: "\(words[1]) takes a key name") }
        // "keydown a scancode q": the key "a" at the place a US keyboard has "q".
        let split = args.firstIndex(of: "scancode") ?? args.endIndex
        let name = Self.unescape(args[..<split].joined(separator: " "))
        if let complaint = KeyNames.complaint(name) { throw ParseError(line: lineNumber, reason: complaint) }
        var scancode: String?
        if split < args.endIndex {
          let place = Self.unescape(args[(split + 1)...].joined(separator: " "))
          if let complaint = KeyNames.scancodeComplaint(place) { throw ParseError(line: lineNumber, reason: "scancode: " + complaint) }
          scancode = place
        }
        entries.append(Entry(tick: tick, event: .key(name, down: words[1] == "keydown", scancode: scancode)))
      default:
        throw ParseError(line: lineNumber, reason: "unknown event '\(words[1])' (expected tap, drag, down, move, up, wheel, gamepad, text, key, keydown or keyup)")
      }
      try checkCount(line: lineNumber)
    }
    // Events at the same tick must keep their file order (a keydown before its keyup); Swift's
    // sort is stable, so sorting by tick alone keeps it.
    entries.sort { $0.tick < $1.tick }
    expectations.sort { $0.tick < $1.tick }
  }

  /// The event of a `gamepad N added NAME | removed | down B | up B | axis A VALUE` line.
  private static func gamepad(_ args: [String], line: String, lineNumber: Int) throws(ParseError) -> GamepadEvent {
    let usage = "gamepad takes a pad (1 to \(GamepadEvent.maxPads)), then 'added NAME', 'removed', 'down BUTTON', 'up BUTTON' or 'axis AXIS VALUE'"
    guard args.count >= 2, let pad = Int(args[0]), (1...GamepadEvent.maxPads).contains(pad) else {
      throw ParseError(line: lineNumber, reason: usage)
    }
    func button(_ name: String) throws(ParseError) -> GamepadButton {
      guard let button = GamepadButton(rawValue: name) else {
        let names = GamepadButton.allCases.map(\.rawValue).joined(separator: ", ")
        throw ParseError(line: lineNumber, reason: "unknown gamepad button '\(name)' (buttons: \(names))")
      }
      return button
    }
    switch (args[1], args.count) {
    case ("added", _):
      // The name is the rest of the line, escaped as text is.
      guard let at = line.range(of: "added") else { throw ParseError(line: lineNumber, reason: usage) }
      return .added(pad: pad, name: unescape(line[at.upperBound...].trimmingCharacters(in: .whitespaces)))
    case ("removed", 2): return .removed(pad: pad)
    case ("down", 3): return .button(pad: pad, try button(args[2]), down: true)
    case ("up", 3): return .button(pad: pad, try button(args[2]), down: false)
    case ("axis", 4):
      guard let axis = GamepadAxis(rawValue: args[2]) else {
        let names = GamepadAxis.allCases.map(\.rawValue).joined(separator: ", ")
        throw ParseError(line: lineNumber, reason: "unknown gamepad axis '\(args[2])' (axes: \(names))")
      }
      guard let value = Double(args[3]), value >= -1, value <= 1 else {
        throw ParseError(line: lineNumber, reason: "a gamepad axis is a number from -1 to 1, got '\(args[3])'")
      }
      return .axis(pad: pad, axis, value)
    default:
      throw ParseError(line: lineNumber, reason: usage)
    }
  }

  /// Refuses a script past `Limits.inputScriptEvents`, naming the line that went over.
  private func checkCount(line: Int) throws(ParseError) {
    guard entries.count + expectations.count > Limits.inputScriptEvents else { return }
    throw ParseError(line: line, reason: "an input script may hold at most \(Limits.inputScriptEvents) events and expectations")
  }

  private mutating func directive(_ words: [String], line: Int) throws(ParseError) {
    guard words.count == 2 else { throw ParseError(line: line, reason: "\(words[0]) takes one value") }
    let value = words[1]
    switch words[0] {
    case "@at":
      guard let t = Double(value) else { throw ParseError(line: line, reason: "@at takes seconds") }
      if let complaint = Limits.gameSeconds.complaint("@at", t) { throw ParseError(line: line, reason: complaint) }
      shotTime = t
    case "@seed":
      guard let s = UInt64(value) else { throw ParseError(line: line, reason: "@seed takes a whole number") }
      seed = s
    case "@size":
      guard let parsed = Vec2(size: value) else {
        throw ParseError(line: line, reason: "@size takes WxH, e.g. 375x667, each side \(Limits.screenSide.description)")
      }
      size = parsed
    case "@engine":
      engineVersion = value
    case "@game":
      gameVersion = value
    case "@version":
      release = value
    case "@end":
      guard let t = Double(value) else { throw ParseError(line: line, reason: "@end takes seconds") }
      if let complaint = Limits.gameSeconds.complaint("@end", t) { throw ParseError(line: line, reason: complaint) }
      endTime = t
    default:
      throw ParseError(line: line, reason: "unknown directive \(words[0]) (expected @at, @seed, @size, @option, @engine, @game, @version, @end, @expect)")
    }
  }

  /// `@option key=value`: the value is the rest of the line (a title may have spaces), with
  /// `\u{HEX}` escapes resolved as in `text`, so a recording keeps any `--option` it ran with.
  private mutating func option(_ line: String, line number: Int) throws(ParseError) {
    let rest = line.drop(while: { $0 == " " || $0 == "\t" }).dropFirst("@option".count)
    let value = rest.trimmingCharacters(in: .whitespaces)
    guard let eq = value.firstIndex(of: "="), eq != value.startIndex else {
      throw ParseError(line: number, reason: "@option takes key=value")
    }
    options[String(value[..<eq])] = Self.unescape(String(value[value.index(after: eq)...]))
  }

  private mutating func expectation(_ rawLine: String, line: Int, hz: Int) throws(ParseError) {
    let rest = rawLine.drop(while: { $0 == " " || $0 == "\t" }).dropFirst("@expect".count)
    let trimmed = rest.drop(while: { $0 == " " || $0 == "\t" })
    let timeText = trimmed.prefix(while: { $0 != " " && $0 != "\t" })
    let expression = trimmed.dropFirst(timeText.count).trimmingCharacters(in: .whitespacesAndNewlines)
    guard let seconds = Double(timeText), !expression.isEmpty else {
      throw ParseError(line: line, reason: "@expect takes seconds and a Lua expression, e.g. @expect 2.5 scene() == \"play\"")
    }
    if let complaint = Limits.gameSeconds.complaint("@expect", seconds) { throw ParseError(line: line, reason: complaint) }
    let tick = Int((seconds * Double(hz)).rounded())
    // Sorted once at the end: inserting each in place is quadratic in a file of many.
    expectations.append(Expectation(tick: tick, expression: expression, line: line))
  }

  /// The tick a replay runs to: `@end`, else one second after the last event or expectation.
  public func endTick(hz: Int = 60) -> Int {
    if let endTime { return Int((endTime * Double(hz)).rounded()) }
    return max(lastTick, expectations.last?.tick ?? -1) + hz
  }

  /// Text with `\u{HEX}` escapes resolved (how a recording writes `#`, `\` and edge spaces).
  ///
  /// One pass over the scalars: an escape holds at most eight hex digits, so what is not one
  /// (an unclosed `\u{`, a value past Unicode) is kept as written after looking that far ahead
  /// at most, never to the end of the line, and a line of any length costs its length.
  static func unescape(_ text: String) -> String {
    guard text.contains("\\u{") else { return text }
    let scalars = Array(text.unicodeScalars)
    var out = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      if scalars[index] == "\\", index + 2 < scalars.count, scalars[index + 1] == "u", scalars[index + 2] == "{",
        let (scalar, end) = escape(in: scalars, digitsFrom: index + 3)
      {
        out.append(scalar)
        index = end
      } else {
        out.append(scalars[index])
        index += 1
      }
    }
    return String(out)
  }

  /// The scalar of the hex digits from `start` up to a `}` (1 to 8 of them) and the index past
  /// the brace; nil when there is no such escape there.
  private static func escape(in scalars: [Unicode.Scalar], digitsFrom start: Int) -> (Unicode.Scalar, Int)? {
    var value: UInt32 = 0
    for index in start..<min(scalars.count, start + 9) {
      let scalar = scalars[index]
      if scalar == "}" {
        guard index > start, let result = Unicode.Scalar(value) else { return nil }
        return (result, index + 1)
      }
      guard index - start < 8, let digit = hexDigit(scalar) else { return nil }
      value = value << 4 | digit
    }
    return nil
  }

  private static func hexDigit(_ scalar: Unicode.Scalar) -> UInt32? {
    switch scalar.value {
    case 0x30...0x39: return scalar.value - 0x30
    case 0x41...0x46: return scalar.value - 0x41 + 10
    case 0x61...0x66: return scalar.value - 0x61 + 10
    default: return nil
    }
  }

  /// The events due at `tick`.
  public func events(at tick: Int) -> [InputEvent] {
    entries.filter { $0.tick == tick }.map(\.event)
  }

  /// The last tick with an event (-1 when empty).
  public var lastTick: Int { entries.last?.tick ?? -1 }
}
