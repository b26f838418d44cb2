import Foundation

/// One line of progress on standard error for long work (`--runs`, `tide test` over several
/// games, `check --layout`): done/total, the rate and the time left, redrawn in place. Only for
/// a person at a terminal: nothing when standard error is not one, under `CI`, or for one item.
final class Progress {
  let total: Int
  let unit: String
  /// Whether it draws at all.
  let active: Bool
  private let started = Date()
  private var lastDrawn = Date.distantPast
  private var drawn = false
  private var lastDone = -1

  init(total: Int, unit: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
    self.total = total
    self.unit = unit
    active = total > 1 && Progress.allowed(terminal: isatty(STDERR_FILENO) == 1, environment: environment)
  }

  /// Whether progress may be drawn: on a terminal, and not under CI (any non-empty `CI`).
  static func allowed(terminal: Bool, environment: [String: String]) -> Bool {
    terminal && (environment["CI"] ?? "").isEmpty && (environment["TERM"] ?? "") != "dumb"
  }

  /// The line for `done` of `total` after `elapsed` seconds, with `note` (what runs now).
  static func line(done: Int, total: Int, unit: String, elapsed: Double, note: String) -> String {
    var text = "[\(done)/\(total)]"
    if done > 0 && elapsed > 0 {
      let rate = Double(done) / elapsed
      let left = Double(total - done) / rate
      text += String(format: " %.1f %@/s, %@ left", rate, unit, duration(left))
    }
    return note.isEmpty ? text : text + "  " + note
  }

  /// `42 s`, `3 min 5 s`.
  static func duration(_ seconds: Double) -> String {
    let whole = Int(seconds.rounded(.up))
    return whole < 60 ? "\(whole) s" : "\(whole / 60) min \(whole % 60) s"
  }

  /// Redraws the line when the count moved (or a tenth of a second passed, for the time left).
  func update(done: Int, note: String = "") {
    guard active else { return }
    let now = Date()
    guard done != lastDone || now.timeIntervalSince(lastDrawn) >= 0.1 else { return }
    lastDrawn = now
    lastDone = done
    let text = Progress.line(done: done, total: total, unit: unit, elapsed: now.timeIntervalSince(started), note: note)
    FileHandle.standardError.write(Data(("\r" + text + "\u{1B}[K").utf8))
    drawn = true
  }

  /// Clears the line before other output; the next update draws it again.
  func clear() {
    finish()
    lastDrawn = .distantPast
    lastDone = -1
  }

  /// Clears the line, leaving the terminal as it was.
  func finish() {
    guard active, drawn else { return }
    FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    drawn = false
  }
}
