import Foundation

/// One game's test results: its Lua tests and, under `tide test`, its replays and golden screens.
public struct GameTestReport: Sendable {
  /// The game folder as shown to the user; JUnit names the game's suite by it.
  public var game: String
  /// How the plain report's counts line names the game (`rps: 4 passed, 0 failed`).
  public var title: String
  /// Its tests, in the order they ran.
  public var entries: [TestEntry]
  /// When its tests started (the JUnit suite's timestamp).
  public var started: Date
  /// The output handler its `.busted` names (`output = "TAP"`), if any.
  public var outputHandler: String?

  public init(game: String, title: String? = nil, entries: [TestEntry] = [], started: Date = Date()) {
    self.game = game
    self.title = title ?? game
    self.entries = entries
    self.started = started
  }

  /// Tests that passed.
  public var passed: Int { entries.filter { $0.outcome == .passed }.count }
  /// Tests that failed or errored (including files that did not load): what fails the run.
  public var failed: Int { entries.filter(\.isFailure).count }
  /// Tests whose assertion did not hold.
  public var failures: Int { entries.filter { $0.outcome == .failed }.count }
  /// Errors: in a test outside an assertion, or outside any test (a file, a hook).
  public var errors: Int { entries.filter { $0.outcome == .errored }.count }
  /// Tests marked pending.
  public var pending: Int { entries.filter { $0.outcome == .pending }.count }

  /// The game's plain report on its own: one entry per failure or pending test, then
  /// `N passed, N failed[, N errors][, N pending]`.
  public var output: String {
    TestReport.withoutEscapes(TestReport.plainLines(entries) + TestReport.counts(entries) + "\n")
  }
}

/// Output formats of `tide test`.
public enum TestReportFormat: String, Sendable, CaseIterable {
  /// One line per failure and a closing `N passed, N failed`.
  case plain
  /// TAP version 13.
  case tap
  /// JUnit XML.
  case junit
  /// busted's json handler's document: successes, failures, errors and pendings.
  case json
  /// busted's gtest handler's text, in Google Test's style.
  case gtest

  /// The format for one of busted's output handler names (`-o`), in any case: plainTerminal
  /// and utfTerminal are the plain report (in colour on a terminal).
  public init?(handler: String) {
    switch handler.lowercased() {
    case "plain", "plainterminal", "utfterminal": self = .plain
    case "tap": self = .tap
    case "junit": self = .junit
    case "json": self = .json
    case "gtest": self = .gtest
    default: return nil
    }
  }

  /// The handler names `-o` takes, for messages.
  public static let handlerNames = "plain, utfTerminal, TAP, junit, json, gtest"
}

/// `tide test`'s report of every game at once, one pure function per format, so each format
/// shows the same tests and counts. Only a plain report on a terminal keeps the colour that
/// luassert's messages carry; a report read by a program, or written to a file or pipe, has none.
public enum TestReport {
  /// The report of `games` in `format`; `colour` keeps a plain report's terminal escapes.
  public static func render(_ format: TestReportFormat, _ games: [GameTestReport], colour: Bool = false) -> String {
    switch format {
    case .plain: plain(games, colour: colour)
    case .tap: tap(games)
    case .junit: junit(games)
    case .json: json(games)
    case .gtest: gtest(games)
    }
  }

  /// Whether a report written to standard output may keep its colour: only on a terminal, and
  /// not when `NO_COLOR` is set to anything (https://no-color.org).
  public static func colourAllowed(terminal: Bool, environment: [String: String]) -> Bool {
    terminal && (environment["NO_COLOR"] ?? "").isEmpty
  }

  // MARK: plain

  /// Each game's failures and pending tests, and its replays and golden screens (`ok <file>` or
  /// `FAIL <file>: why`), closed by `<game>: N passed, N failed`; then, for more than one game,
  /// the total.
  public static func plain(_ games: [GameTestReport], colour: Bool = false) -> String {
    var text = ""
    for game in games {
      text += plainLines(game.entries) + "\(game.title): \(counts(game.entries))\n"
    }
    if games.count > 1 { text += counts(games.flatMap(\.entries)) + "\n" }
    return colour ? text : withoutEscapes(text)
  }

  /// `N passed, N failed`, then `, N errors` and `, N pending` when there are some: errors
  /// (outside an assertion, or outside a test) counted apart from failures, as busted counts them.
  public static func counts(_ entries: [TestEntry]) -> String {
    let passed = entries.filter { $0.outcome == .passed }.count
    let failed = entries.filter { $0.outcome == .failed }.count
    let errors = entries.filter { $0.outcome == .errored }.count
    let pending = entries.filter { $0.outcome == .pending }.count
    return "\(passed) passed, \(failed) failed" + (errors > 0 ? ", \(errors) error\(errors == 1 ? "" : "s")" : "")
      + (pending > 0 ? ", \(pending) pending" : "")
  }

  /// The plain report's lines for `entries`, each ending in a newline; a passing Lua test has none.
  public static func plainLines(_ entries: [TestEntry]) -> String {
    entries.compactMap { plainEntry($0) }.map { $0 + "\n" }.joined()
  }

  /// One entry as the plain report shows it, or nil for a passing Lua test. `inGame` names a
  /// whole-file test by its path in the game folder, for a line that already names the game.
  public static func plainEntry(_ entry: TestEntry, inGame: Bool = false) -> String? {
    let path = inGame ? entry.fileInGame : entry.file
    switch entry.outcome {
    case .passed:
      return entry.line == nil ? "ok \(path)" : nil
    case .pending:
      let place = entry.line.map { "\(entry.file):\($0)" } ?? entry.file
      return "pending: \(entry.name.isEmpty ? path : entry.name) (\(place))"
    case .failed, .errored:
      guard let line = entry.line else { return "FAIL \(path): \(entry.message ?? "failed")" }
      return failureLines(entry, at: "\(entry.file):\(line)")
    }
  }

  /// luassert's headers (languages/en.lua) over the value that was passed, caught or returned.
  static let actualHeaders: Set<String> = [
    "Passed in:", "Caught:",
    "Called with (last call if any):", "Called with (last matching call):",
    "Returned (last call if any):", "Returned (last matching call):",
  ]

  /// `file:line: describe > it: claim`, then luassert's `Expected:` and `Passed in:`/`Caught:`
  /// values as `  expected:` and `  actual:` lines; the place is the assertion's, when the
  /// message starts with one, else the test's.
  static func failureLines(_ entry: TestEntry, at testPlace: String) -> String {
    let message = entry.message ?? "nil"
    let (at, rest) = leadingPlace(of: message).map { ($0.place, $0.rest) } ?? (testPlace, message)
    var head: [String] = []
    var expected: [String] = []
    var actual: [String] = []
    var inExpected: Bool?  // which values the lines go to, once a header was seen
    var negated = false
    for line in rest.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      let claim = [", but caught:", ", but value was:"].first { line.hasSuffix($0) }.map { String(line.dropLast($0.count)) }
      if actualHeaders.contains(line) {
        inExpected = false
      } else if line == "Expected:" || line == "Did not expect:" {
        inExpected = true
        negated = line == "Did not expect:"
      } else if let claim, inExpected == nil {
        head.append(claim)
        inExpected = false
      } else if inExpected == true {
        expected.append(negated && expected.isEmpty ? "not " + line : line)
      } else if inExpected == false {
        actual.append(line)
      } else {
        head.append(line)
      }
    }
    // A test file that fails as it loads is named by its place alone.
    let named = entry.name.isEmpty ? at + ": " : at + ": " + entry.name + ": "
    guard !expected.isEmpty || !actual.isEmpty else {
      return (named + rest).replacingOccurrences(of: "\n", with: "\n  ")
    }
    var lines = [named + head.joined(separator: ": ")]
    if !expected.isEmpty { lines.append("  expected: " + expected.joined(separator: "\n    ")) }
    if !actual.isEmpty { lines.append("  actual: " + actual.joined(separator: "\n    ")) }
    return lines.joined(separator: "\n")
  }

  /// The `file:line` a Lua error message starts with (`game/main.lua:3: ...`) and what follows it.
  static func leadingPlace(of message: String) -> (place: String, rest: String)? {
    guard let colon = message.firstIndex(of: ":"), !message[..<colon].contains("\n") else { return nil }
    let digits = message[message.index(after: colon)...].prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty, message[digits.endIndex...].hasPrefix(": ") else { return nil }
    return (String(message[..<digits.endIndex]), String(message[message.index(digits.endIndex, offsetBy: 2)...]))
  }

  // MARK: TAP

  /// One TAP 13 stream: the plan, every game's tests numbered in order and named with their
  /// game and file, a YAML block under each failure, and the counts as a closing comment.
  public static func tap(_ games: [GameTestReport]) -> String {
    let entries = games.flatMap(\.entries)
    var lines = ["TAP version 13", "1..\(entries.count)"]
    for (i, entry) in entries.enumerated() {
      let description = "\(i + 1) - \(tapText(entry.fullName))"
      switch entry.outcome {
      case .passed:
        lines.append("ok \(description)")
      case .pending:
        lines.append("ok \(description) # SKIP" + (pendingReason(entry).map { " " + tapText($0) } ?? ""))
      case .failed, .errored:
        lines.append("not ok \(description)")
        lines.append("  ---")
        lines.append("  message: \(yamlString(entry.message ?? ""))")
        lines.append("  severity: \(entry.outcome == .errored ? "error" : "fail")")
        if let line = entry.line { lines.append("  at: \(yamlString("\(entry.file):\(line)"))") }
        lines.append("  ...")
      }
    }
    lines.append("# " + counts(entries))
    return lines.joined(separator: "\n") + "\n"
  }

  /// Why a test is pending (`pending("why")` inside it), without the place busted puts first.
  static func pendingReason(_ entry: TestEntry) -> String? {
    entry.message.map { leadingPlace(of: $0)?.rest ?? $0 }
  }

  /// Text on a TAP test line: one line, its `#` escaped so it starts no directive, no escapes.
  static func tapText(_ text: String) -> String {
    withoutEscapes(text).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "#", with: "\\#")
      .map { $0.isNewline ? " " : String($0) }.joined()
  }

  /// A double-quoted YAML scalar.
  static func yamlString(_ text: String) -> String {
    var out = "\""
    for scalar in withoutEscapes(text).unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      default: out += scalar.value < 32 || scalar.value == 127 ? String(format: "\\x%02X", scalar.value) : String(scalar)
      }
    }
    return out + "\""
  }

  // MARK: JUnit

  /// One JUnit document: a `<testsuite>` per game, a `<testcase>` per test (classname its file),
  /// `<failure>` for an assertion, `<error>` for any other error, `<skipped>` for a pending test.
  public static func junit(_ games: [GameTestReport]) -> String {
    let all = games.flatMap(\.entries)
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml += "<testsuites name=\"tide\" \(junitCounts(all))>\n"
    let timestamp = ISO8601DateFormatter()
    timestamp.formatOptions = [.withInternetDateTime]
    for game in games {
      // A game tested as `.` (from inside its folder) is named by its title, the folder's name.
      let last = (game.game as NSString).lastPathComponent
      let suite = last == "." || last == ".." ? game.title : game.game
      xml += "  <testsuite name=\"\(xmlAttribute(suite))\" \(junitCounts(game.entries))"
        + " timestamp=\"\(timestamp.string(from: game.started))\">\n"
      for entry in game.entries {
        let name = entry.name.isEmpty ? entry.fileInGame : entry.name
        xml += "    <testcase name=\"\(xmlAttribute(name))\" classname=\"\(xmlAttribute(entry.file))\""
          + " time=\"\(seconds(entry.duration))\""
        let message = withoutEscapes(entry.message ?? "")
        let summary = message.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
        switch entry.outcome {
        case .passed:
          xml += "/>\n"
          continue
        case .pending:
          xml += ">\n      <skipped" + (pendingReason(entry).map { " message=\"\(xmlAttribute($0))\"" } ?? "") + "/>\n"
        case .failed, .errored:
          let tag = entry.outcome == .failed ? "failure" : "error"
          xml += ">\n      <\(tag) message=\"\(xmlAttribute(summary))\" type=\"\(tag)\">\(xmlText(message))</\(tag)>\n"
        }
        xml += "    </testcase>\n"
      }
      xml += "  </testsuite>\n"
    }
    return xml + "</testsuites>\n"
  }

  /// The count attributes of a suite (`skip`, as busted's JUnit writes it) and its time.
  static func junitCounts(_ entries: [TestEntry]) -> String {
    let failures = entries.filter { $0.outcome == .failed }.count
    let errors = entries.filter { $0.outcome == .errored }.count
    let skipped = entries.filter { $0.outcome == .pending }.count
    let time = seconds(entries.reduce(0) { $0 + $1.duration })
    return "tests=\"\(entries.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skip=\"\(skipped)\" time=\"\(time)\""
  }

  static func seconds(_ value: Double) -> String {
    String(format: "%.3f", value)
  }

  /// Text inside an element: markup escaped; characters XML 1.0 cannot hold replaced.
  static func xmlText(_ text: String) -> String {
    xmlEscaped(text, keepingLines: true)
  }

  /// An attribute value: as text, and its line breaks and tabs as references so they survive.
  static func xmlAttribute(_ text: String) -> String {
    xmlEscaped(withoutEscapes(text), keepingLines: false)
  }

  private static func xmlEscaped(_ text: String, keepingLines: Bool) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      case "\n", "\t", "\r": out += keepingLines ? String(scalar) : "&#\(scalar.value);"
      default:
        let invalid = scalar.value < 32 || scalar.value == 127 || scalar.value == 0xFFFE || scalar.value == 0xFFFF
        out += invalid ? "\u{FFFD}" : String(scalar)
      }
    }
    return out
  }

  // MARK: json

  /// busted's json handler's document (successes, failures, errors, pendings, duration), each
  /// test with its game, name, place, message and time; keys sorted, so it is the same every run.
  public static func json(_ games: [GameTestReport]) -> String {
    var lists: [String: [[String: Any]]] = ["successes": [], "failures": [], "errors": [], "pendings": []]
    var total = 0.0
    for entry in games.flatMap(\.entries) {
      total += entry.duration
      var item: [String: Any] = [
        "game": entry.game, "name": entry.name.isEmpty ? entry.fileInGame : entry.name.replacingOccurrences(of: " > ", with: " "),
        "trace": ["short_src": entry.file, "currentline": entry.line ?? 0] as [String: Any],
        "duration": entry.duration,
      ]
      if let message = entry.message { item["message"] = withoutEscapes(message) }
      let key: String
      switch entry.outcome {
      case .passed: key = "successes"
      case .failed: key = "failures"
      case .errored:
        key = "errors"
        item["isError"] = true
      case .pending: key = "pendings"
      }
      lists[key, default: []].append(item)
    }
    var document: [String: Any] = lists
    document["duration"] = total
    guard let data = try? JSONSerialization.data(withJSONObject: document, options: [.sortedKeys]) else { return "{}\n" }
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  // MARK: gtest

  /// busted's gtest handler's text: a RUN line and a verdict per test, grouped by file, then
  /// the counts and the tests that did not pass; never in colour.
  public static func gtest(_ games: [GameTestReport]) -> String {
    let entries = games.flatMap(\.entries)
    func shown(_ entry: TestEntry) -> String {
      let name = entry.name.replacingOccurrences(of: " > ", with: " ")
      if let line = entry.line { return "\(entry.file) @ \(line): \(name)" }
      return name.isEmpty ? entry.file : "\(entry.file): \(name)"
    }
    func ms(_ seconds: Double) -> String { String(format: "%.2f ms", seconds * 1000) }
    func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
    var text = "[==========] Running tests from scanned files.\n[----------] Global test environment setup.\n"
    var files: [String] = []
    var index = 0
    while index < entries.count {
      let file = entries[index].file
      files.append(file)
      text += "[----------] Running tests from \(file)\n"
      var count = 0
      var time = 0.0
      while index < entries.count, entries[index].file == file {
        let entry = entries[index]
        text += "[ RUN      ] \(shown(entry))\n"
        if let message = entry.message, entry.isFailure { text += withoutEscapes(message) + "\n" }
        let verdict: String
        switch entry.outcome {
        case .passed: verdict = "[       OK ]"
        case .failed: verdict = "[  FAILED  ]"
        case .errored: verdict = "[  ERROR   ]"
        case .pending: verdict = "[ SKIPPED  ]"
        }
        text += "\(verdict) \(shown(entry)) (\(ms(entry.duration)))\n"
        count += 1
        time += entry.duration
        index += 1
      }
      text += "[----------] \(plural(count, "test")) from \(file) (\(ms(time)) total)\n\n"
    }
    let total = entries.reduce(0) { $0 + $1.duration }
    text += "[----------] Global test environment teardown.\n"
    text += "[==========] \(plural(entries.count, "test")) from \(plural(Set(files).count, "test file")) ran. (\(ms(total)) total)\n"
    text += "[  PASSED  ] \(plural(entries.filter(\.passed).count, "test")).\n"
    for (outcome, label, word) in [
      (TestEntry.Outcome.pending, "[ SKIPPED  ]", "test"), (.failed, "[  FAILED  ]", "test"), (.errored, "[  ERROR   ]", "error"),
    ] {
      let these = entries.filter { $0.outcome == outcome }
      guard !these.isEmpty else { continue }
      text += "\(label) \(plural(these.count, word)), listed below:\n"
      for entry in these { text += "\(label) \(shown(entry))\n" }
    }
    return text
  }

  // MARK: colour

  /// `text` without terminal escape sequences (colours, cursor moves, titles): what luassert
  /// and a test's own message may carry, which a file, a pipe or an XML parser must not get.
  public static func withoutEscapes(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0 == "\u{1B}" || $0 == "\u{9B}" }) else { return text }
    var out = String.UnicodeScalarView()
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      switch scalar {
      case "\u{1B}":
        switch scalars.next() {
        case "[": skipControlSequence(&scalars)
        case "]", "P", "X", "^", "_": skipString(&scalars)
        default: break  // a two-character escape (or a lone ESC at the end): both dropped
        }
      case "\u{9B}":
        skipControlSequence(&scalars)
      default:
        out.append(scalar)
      }
    }
    return String(out)
  }

  /// Skips a CSI sequence's parameters and intermediates up to its final byte (`m` of a colour).
  private static func skipControlSequence(_ scalars: inout String.UnicodeScalarView.Iterator) {
    while let next = scalars.next(), !(0x40...0x7E).contains(next.value) {}
  }

  /// Skips an OSC (or DCS, SOS, PM, APC) string up to its BEL or `ESC \`.
  private static func skipString(_ scalars: inout String.UnicodeScalarView.Iterator) {
    while let next = scalars.next() {
      if next == "\u{07}" { return }
      if next == "\u{1B}" {
        _ = scalars.next()
        return
      }
    }
  }
}
