import Foundation
import LuaBridge
import TideCore

/// What the game said about how it went (`tide.report`): the last value per key.
final class Reports: Part {
  let context: PartContext
  private(set) var figures: [String: Double] = [:]

  /// Most keys one game may report: a summary of many runs prints a block per key, so a game
  /// that reports a key per frame (a name built from the tick) is refused rather than flooding it.
  static let keyLimit = 100

  init(context: PartContext) { self.context = context }

  static func isKey(_ key: String) -> Bool {
    guard let first = key.unicodeScalars.first, key.utf8.count <= 64, !("0"..."9").contains(first) else { return false }
    return key.unicodeScalars.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
  }

  /// The figures as one line, keys sorted (`report: best_combo=4 score=312`); nil when there are none.
  var line: String? {
    guard !figures.isEmpty else { return nil }
    return "report: " + figures.keys.sorted().map { "\($0)=\(ReportFormat.number(figures[$0] ?? 0))" }.joined(separator: " ")
  }

  /// Keeps `figures` over the earlier ones, unless that would pass `Reports.keyLimit` keys;
  /// a refused call changes nothing.
  func add(_ new: [(String, Double)]) -> Bool {
    let added = Set(new.map(\.0)).subtracting(figures.keys)
    guard figures.count + added.count <= Reports.keyLimit else { return false }
    for (key, value) in new { figures[key] = value }
    return true
  }

  /// Forgets every figure, for a fresh start.
  func resetGame(seed: UInt64) { figures.removeAll() }
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
