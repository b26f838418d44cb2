/// How a text node with a box (`maxWidth`, `maxHeight`) keeps its text inside it.
public enum TextFit: String, Sendable, CaseIterable {
  /// Drawn as given, whatever its size.
  case none
  /// Broken onto lines at spaces (long words between characters); lines past `maxHeight` are cut
  /// and the last one kept ends in "…".
  case wrap
  /// Made smaller, down to the minimum size, until it fits; past that, cut with "…".
  case shrink
  /// Each line cut with "…" where it would pass `maxWidth`; lines past `maxHeight` dropped.
  case ellipsis
}

/// Lays text into a box with the metrics that draw it: the text shown (with the line breaks and
/// "…" it needs) and the size it is shown at. Pure and deterministic for given metrics, so the
/// window, `tide shot` and headless tests agree wherever their metrics do.
public struct TextFitter {
  /// The mark that ends a cut line.
  public static let ellipsis = "…"
  /// The smallest size `shrink` goes to when the node names none, as a fraction of its size.
  public static let defaultMinimumFraction = 0.5
  /// No size is shrunk below this many points.
  public static let smallestSize = 6.0

  /// The size `shrink` goes down to for text of `size` when no smallest size is named.
  public static func defaultMinimumSize(for size: Double) -> Double {
    max(smallestSize, size * defaultMinimumFraction)
  }

  let metrics: any TextMetrics

  /// Fitter measuring with `metrics`.
  public init(metrics: any TextMetrics) {
    self.metrics = metrics
  }

  /// `text` at `size` fitted to a box `maxWidth` × `maxHeight` (0 or less: unbounded that way).
  /// `shrink` goes down to `minimumSize` (a node passes its `effectiveMinFontSize`, which
  /// decides the default), never below `smallestSize`.
  public func fit(
    _ text: String, size: Double, maxWidth: Double, maxHeight: Double, mode: TextFit, minimumSize: Double
  ) -> (text: String, size: Double) {
    let width = maxWidth > 0 ? maxWidth : .infinity
    let height = maxHeight > 0 ? maxHeight : .infinity
    guard !text.isEmpty, width.isFinite || height.isFinite else { return (text, size) }
    switch mode {
    case .none:
      return (text, size)
    case .wrap:
      let lines = wrap(text, size: size, width: width)
      return (limit(lines, size: size, width: width, height: height).joined(separator: "\n"), size)
    case .ellipsis:
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { cut(String($0), size: size, width: width) }
      return (limit(lines, size: size, width: width, height: height).joined(separator: "\n"), size)
    case .shrink:
      return shrink(text, size: size, width: width, height: height, minimumSize: minimumSize)
    }
  }

  private func fits(_ text: String, size: Double, width: Double, height: Double) -> Bool {
    let measured = metrics.measure(text, size: size)
    return measured.width <= width + 0.001 && measured.height <= height + 0.001
  }

  /// Smaller and smaller until it fits; the size first tried is the one the box's proportion
  /// asks for, so most texts are measured only two or three times.
  private func shrink(_ text: String, size: Double, width: Double, height: Double, minimumSize: Double) -> (text: String, size: Double) {
    if fits(text, size: size, width: width, height: height) { return (text, size) }
    let floor = min(size, max(Self.smallestSize, minimumSize))
    let measured = metrics.measure(text, size: size)
    let ratio = min(measured.width > 0 ? width / measured.width : 1, measured.height > 0 ? height / measured.height : 1)
    var trial = max(floor, (size * ratio * 2).rounded(.down) / 2)
    while trial > floor, !fits(text, size: trial, width: width, height: height) {
      trial = max(floor, trial - max(0.5, trial * 0.04))
    }
    if fits(text, size: trial, width: width, height: height) { return (text, trial) }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { cut(String($0), size: floor, width: width) }
    return (limit(lines, size: floor, width: width, height: height).joined(separator: "\n"), floor)
  }

  /// Greedy wrapping of each paragraph: words while they fit, a word too long for a line broken
  /// between characters.
  ///
  /// Each line's length is found by doubling, then halving, the words (or characters) tried,
  /// so a line of L characters costs O(L log L) to measure and the text O(n log n), as long as
  /// a longer line never measures narrower than its start (true of any font's advances). Word
  /// by word, re-measuring the growing line, was quadratic in a long line.
  public func wrap(_ text: String, size: Double, width: Double) -> [String] {
    guard width.isFinite else { return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let words = paragraph.split(separator: " ", omittingEmptySubsequences: true)
      var current = ""
      var next = 0
      while next < words.count {
        let start = current
        func line(_ count: Int) -> String {
          let added = words[next..<(next + count)].joined(separator: " ")
          return start.isEmpty ? added : start + " " + added
        }
        let taken = Self.longestFit(words.count - next) { lineFits(line($0), size: size, width: width) }
        if taken > 0 {
          current = line(taken)
          next += taken
          continue
        }
        // The next word does not fit after the line: it starts a new one, broken between
        // characters where it is too long, the first character of a line kept whatever its size.
        if !current.isEmpty { lines.append(current) }
        let characters = Array(words[next])
        var first = 0
        while true {
          let from = first
          let count = max(1, Self.longestFit(characters.count - from) { lineFits(String(characters[from..<(from + $0)]), size: size, width: width) })
          current = String(characters[from..<(from + count)])
          first += count
          if first >= characters.count { break }
          lines.append(current)
        }
        next += 1
      }
      lines.append(current)
    }
    return lines
  }

  /// The largest `k` in 0...`limit` for which `fits(k)` holds, `fits` holding up to some count
  /// and not past it (0 always fits): O(log k) calls, none past twice the answer.
  static func longestFit(_ limit: Int, _ fits: (Int) -> Bool) -> Int {
    var good = 0
    var probe = 1
    while probe <= limit, fits(probe) {
      good = probe
      probe *= 2
    }
    var bad = min(probe, limit + 1)
    while bad - good > 1 {
      let middle = good + (bad - good) / 2
      if fits(middle) { good = middle } else { bad = middle }
    }
    return good
  }

  private func lineFits(_ line: String, size: Double, width: Double) -> Bool {
    metrics.measure(line, size: size).width <= width + 0.001
  }

  /// The longest start of `line` that fits with "…" after it (the whole line when it fits).
  /// With `always`, the mark is added even when the line fits (text after it was dropped).
  func cut(_ line: String, size: Double, width: Double, always: Bool = false) -> String {
    if always {
      let marked = line.trimmingTrailingSpaces + Self.ellipsis
      if lineFits(marked, size: size, width: width) { return marked }
    } else if lineFits(line, size: size, width: width) {
      return line
    }
    let characters = Array(line)
    var low = 0
    var high = characters.count
    while low < high {
      let middle = (low + high + 1) / 2
      if lineFits(String(characters[..<middle]).trimmingTrailingSpaces + Self.ellipsis, size: size, width: width) {
        low = middle
      } else {
        high = middle - 1
      }
    }
    return String(characters[..<low]).trimmingTrailingSpaces + Self.ellipsis
  }

  /// As many lines as fit in `height`; when some are dropped the last kept one ends in "…".
  /// The count kept is found by halving (`longestFit`): lines only add height.
  private func limit(_ lines: [String], size: Double, width: Double, height: Double) -> [String] {
    guard height.isFinite, lines.count > 1 || !fits(lines.first ?? "", size: size, width: .infinity, height: height) else { return lines }
    let fitting = Self.longestFit(lines.count) { count in
      fits(lines[..<count].joined(separator: "\n"), size: size, width: .infinity, height: height)
    }
    var kept = Array(lines[..<max(fitting, 1)])
    if kept.count < lines.count, let last = kept.last {
      // The dropped text is shown to be missing: the last line kept ends in the mark.
      kept[kept.count - 1] = cut(last, size: size, width: width, always: true)
    }
    return kept
  }
}

extension String {
  fileprivate var trimmingTrailingSpaces: String {
    var result = self
    while result.last == " " { result.removeLast() }
    return result
  }
}
