import Foundation
import LuaBridge
import TideCore

extension Engine {
  /// Most keys one game may report: a summary of many runs prints a block per key, so a game
  /// that reports a key per frame (a name built from the tick) is refused rather than flooding it.
  package static let reportKeyLimit = 100

  /// `tide.report`: numbers that describe how a game went, for `tide run --runs` summaries.
  func installReportAPI() {
    let m = module("tide")

    /// Reports how the game went, as named numbers: `tide run --runs N` sums them up over many
    /// seeded games (count, mean, min, max and a histogram per key), a single `tide run` prints
    /// them as one line when it ends, and a test reads them with `app:reports()`. Call it when a
    /// game ends (or whenever a figure is final); the last report of a run wins per key, and keys
    /// not given keep their earlier value. Keys are names (letters, digits, `_`), at most 100 per game.
    /// @param figures table: `{ key = number, ... }`, every number finite (no nan or inf)
    /// @example tide.report{ score = self.score, best_combo = self.best_streak }
    m.function("report") { [unowned self] lua in
      try lua.checkTable(1)
      var figures: [(String, Double)] = []
      try lua.forEachPair(1) { k, v in
        guard lua.type(at: k) == .string, let key = lua.toString(at: k) else {
          throw LuaArgumentError(arg: 1, message: "report keys must be names, got a \(lua.typeName(at: k)) key")
        }
        guard Engine.isReportKey(key) else {
          throw LuaArgumentError(arg: 1, message: "report key '\(key)' is not a name (letters, digits and _, not starting with a digit)")
        }
        guard lua.type(at: v) == .number, let value = lua.toDouble(at: v) else {
          throw LuaArgumentError(arg: 1, message: "report '\(key)' must be a number, got \(lua.typeName(at: v))")
        }
        guard value.isFinite else {
          throw LuaArgumentError(arg: 1, message: "report '\(key)' must be a finite number, got \(ReportFormat.number(value))")
        }
        figures.append((key, value))
      }
      // Checked before any is kept, so a refused call changes nothing.
      let added = Set(figures.map(\.0)).subtracting(reports.keys)
      guard reports.count + added.count <= Engine.reportKeyLimit else {
        throw LuaArgumentError(arg: 1, message: "at most \(Engine.reportKeyLimit) report keys per game")
      }
      for (key, value) in figures { reports[key] = value }
      return 0
    }
  }

  static func isReportKey(_ key: String) -> Bool {
    guard let first = key.unicodeScalars.first, key.utf8.count <= 64, !("0"..."9").contains(first) else { return false }
    return key.unicodeScalars.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
  }

  /// The game's reports as one line, keys sorted (`report: best_combo=4 score=312`); nil when it made none.
  public var reportLine: String? {
    guard !reports.isEmpty else { return nil }
    return "report: " + reports.keys.sorted().map { "\($0)=\(ReportFormat.number(reports[$0] ?? 0))" }.joined(separator: " ")
  }
}

/// How report figures are written: whole numbers without a fraction, others with up to 6 significant digits.
public enum ReportFormat {
  /// `312`, `3.5`, `0.333333`, `1.5e+20`, `nan`.
  public static func number(_ value: Double) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value > 0 ? "inf" : "-inf" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(format: "%.6g", value)
  }
}
