import Foundation

/// The summary `tide run --runs N` prints: per report key the count, mean, min, max and a text
/// histogram, then the errors with their capsules. Built from results sorted by seed, so the same
/// runs give the same text whichever worker played which seed.
public struct RunSummary: Sendable {
  /// Per key: how many runs reported it and the figures.
  public struct Figure: Sendable, Equatable {
    /// The report key.
    public var key: String
    /// Runs that reported it.
    public var count: Int
    /// Mean, smallest and largest value.
    public var mean: Double
    public var min: Double
    public var max: Double
    /// Histogram bins: label and count, low to high.
    public var bins: [(label: String, count: Int)]

    public static func == (a: Figure, b: Figure) -> Bool {
      a.key == b.key && a.count == b.count && a.mean == b.mean && a.min == b.min && a.max == b.max
        && a.bins.map(\.label) == b.bins.map(\.label) && a.bins.map(\.count) == b.bins.map(\.count)
    }
  }

  /// The results, by seed.
  public let results: [RunResult]
  /// One figure per key, keys sorted.
  public let figures: [Figure]

  /// Most seeds and capsules listed under one error; the rest are counted.
  static let listedPerError = 5
  /// Width of the longest histogram bar, in characters.
  static let barWidth = 30
  /// Report keys given a block in the text (as many as one game may report); the rest are counted.
  static let listedKeys = Engine.reportKeyLimit
  /// Bins of a histogram of values that are not a few whole numbers.
  static let binCount = 10

  /// Sums up `results` (in any order).
  public init(results: [RunResult]) {
    self.results = results.sorted { $0.seed < $1.seed }
    var values: [String: [Double]] = [:]
    for result in self.results {
      for (key, value) in result.reports { values[key, default: []].append(value) }
    }
    figures = values.keys.sorted().map { key in
      let list = values[key] ?? []
      // Summed in seed order: the same runs give the same mean to the last bit. Reports near
      // ±1.8e308 overflow the sum; then each is divided first, which cannot.
      let sum = list.reduce(0, +)
      let mean = sum.isFinite ? sum / Double(list.count) : list.reduce(0) { $0 + $1 / Double(list.count) }
      return Figure(
        key: key, count: list.count, mean: mean, min: list.min() ?? 0, max: list.max() ?? 0,
        bins: RunSummary.histogram(list))
    }
  }

  /// Bins of `values`: one per whole number when they are at most `binCount` whole numbers
  /// apart, else `binCount` equal ranges from min to max (the last one includes max).
  static func histogram(_ values: [Double]) -> [(label: String, count: Int)] {
    guard let lo = values.min(), let hi = values.max() else { return [] }
    let whole = values.allSatisfy { $0 == $0.rounded() && abs($0) < 1e15 }
    if whole, hi - lo < Double(binCount) {
      let first = Int64(lo)
      var counts = [Int](repeating: 0, count: Int(Int64(hi) - first) + 1)
      for v in values { counts[Int(Int64(v) - first)] += 1 }
      return counts.enumerated().map { (ReportFormat.number(Double(first + Int64($0.offset))), $0.element) }
    }
    // Finite values can be more than the largest Double apart (-1e308 and 1e308): then the span
    // is infinite, v - lo over it NaN, and Int(NaN) traps. Such ranges are cut in halves instead.
    let span = hi - lo
    let width = span / Double(binCount)
    var counts = [Int](repeating: 0, count: binCount)
    for v in values {
      let position = span.isFinite ? (v - lo) / width : (v / 2 - lo / 2) / (hi / 2 - lo / 2) * Double(binCount)
      let i = width > 0 && position.isFinite ? Int(position.rounded(.down)) : 0
      counts[Swift.min(Swift.max(i, 0), binCount - 1)] += 1
    }
    func edge(_ i: Int) -> Double {
      if span.isFinite { return lo + width * Double(i) }
      let t = Double(i) / Double(binCount)
      return lo * (1 - t) + hi * t
    }
    return counts.enumerated().map { i, count in
      let a = edge(i)
      let b = i == binCount - 1 ? hi : edge(i + 1)
      let close = i == binCount - 1 ? "]" : ")"
      return ("[\(ReportFormat.number(a)), \(ReportFormat.number(b))\(close)", count)
    }
  }

  /// `1 run`, `2 runs`.
  public static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

  /// Runs with at least one error.
  public var failedRuns: Int { results.filter { !$0.failures.isEmpty }.count }

  /// The summary text: `header` first (the game, seeds and bot), then a block per key, then errors.
  /// `replay` turns a capsule path into the command that replays it.
  public func text(header: String, replay: (String) -> String) -> String {
    var out = header + "\n"
    let silent = results.filter { $0.reports.isEmpty }.count
    if figures.isEmpty {
      out += "no reports (no run called tide.report)\n"
    } else if silent > 0 {
      out += "\(silent) of \(RunSummary.count(results.count, "run")) reported nothing\n"
    }
    // One game reports at most 100 keys, but runs may each name others (a key per seed or
    // level): the blocks past 100 keys are counted, not printed a dozen lines each.
    for figure in figures.prefix(RunSummary.listedKeys) {
      out += "\n\(figure.key): \(RunSummary.count(figure.count, "run")), mean \(ReportFormat.number(figure.mean)), "
        + "min \(ReportFormat.number(figure.min)), max \(ReportFormat.number(figure.max))\n"
      let labelWidth = figure.bins.map(\.label.count).max() ?? 0
      let most = figure.bins.map(\.count).max() ?? 1
      for bin in figure.bins {
        let length = bin.count == 0 ? 0 : Swift.max(1, bin.count * RunSummary.barWidth / Swift.max(most, 1))
        // Whole numbers line up on the right, ranges on their opening bracket.
        let pad = String(repeating: " ", count: labelWidth - bin.label.count)
        let label = bin.label.hasPrefix("[") ? bin.label + pad : pad + bin.label
        out += "  \(label) \(String(repeating: "█", count: length)) \(bin.count)\n"
      }
    }
    if figures.count > RunSummary.listedKeys {
      let rest = figures.dropFirst(RunSummary.listedKeys)
      out += "\nand \(RunSummary.count(rest.count, "more key")) (\(rest.first?.key ?? "")..\(rest.last?.key ?? ""))"
        + ", not shown: the first \(RunSummary.listedKeys) keys are\n"
    }
    out += "\n" + errorText(replay: replay)
    return out
  }

  /// The errors grouped by message, each with its runs' seeds and the first few capsules.
  func errorText(replay: (String) -> String) -> String {
    let failed = failedRuns
    guard failed > 0 else { return "no errors in \(RunSummary.count(results.count, "run"))\n" }
    var groups: [(key: String, entries: [(seed: UInt64, failure: RunResult.Failure)])] = []
    var index: [String: Int] = [:]
    for result in results {
      for failure in result.failures {
        let key = "\(failure.kind) error: \(failure.message)"
        if let i = index[key] {
          groups[i].entries.append((result.seed, failure))
        } else {
          index[key] = groups.count
          groups.append((key, [(result.seed, failure)]))
        }
      }
    }
    var out = "\(failed) of \(RunSummary.count(results.count, "run")) had errors:\n"
    for group in groups {
      let seeds = group.entries.map(\.seed)
      let shown = seeds.prefix(RunSummary.listedPerError).map(String.init).joined(separator: ", ")
      let more = seeds.count > RunSummary.listedPerError ? ", and \(seeds.count - RunSummary.listedPerError) more" : ""
      out += "  \(group.key)\n    in \(RunSummary.count(seeds.count, "run")) (seed\(seeds.count == 1 ? "" : "s") \(shown)\(more))\n"
      for entry in group.entries.prefix(RunSummary.listedPerError) {
        if let capsule = entry.failure.capsule {
          out += "    seed \(entry.seed), tick \(entry.failure.tick): \(replay(capsule))\n"
        }
      }
    }
    let unlisted = results.filter { ($0.moreFailures ?? 0) > 0 }
    if !unlisted.isEmpty {
      let count = unlisted.reduce(0) { $0 + ($1.moreFailures ?? 0) }
      out += "  and \(RunSummary.count(count, "more error")) in \(RunSummary.count(unlisted.count, "run")) "
        + "(seed\(unlisted.count == 1 ? "" : "s") \(unlisted.prefix(RunSummary.listedPerError).map { String($0.seed) }.joined(separator: ", "))"
        + "\(unlisted.count > RunSummary.listedPerError ? ", ..." : "")), past the first \(CrashCapsules.perSession) of each run\n"
    }
    return out
  }
}
