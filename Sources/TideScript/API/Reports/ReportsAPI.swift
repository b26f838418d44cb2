import Foundation
import LuaBridge
import TideCore

extension Reports {
  /// `tide.report`: numbers that describe how a game went, for `tide run --runs` summaries.
  func install() {
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
        guard Reports.isKey(key) else {
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
      guard add(figures) else {
        throw LuaArgumentError(arg: 1, message: "at most \(Reports.keyLimit) report keys per game")
      }
      return 0
    }
  }
}
