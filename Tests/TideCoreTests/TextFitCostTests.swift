import XCTest

@testable import TideCore

/// Fitting long text costs O(n log n) characters measured, and lays text out exactly as the
/// word-by-word greedy fitter did.
final class TextFitCostTests: XCTestCase {
  /// The approximate metrics, counting the characters they are asked to measure: the work a
  /// real font does is proportional to them.
  final class CountingMetrics: TextMetrics {
    let metrics = ApproximateTextMetrics()
    var characters = 0
    func measure(_ text: String, size: Double) -> (width: Double, height: Double) {
      characters += text.utf8.count
      return metrics.measure(text, size: size)
    }
  }

  func assertNLogN(_ text: String, maxWidth: Double, maxHeight: Double, mode: TextFit, file: StaticString = #filePath, line: UInt = #line) {
    let metrics = CountingMetrics()
    _ = TextFitter(metrics: metrics).fit(text, size: 24, maxWidth: maxWidth, maxHeight: maxHeight, mode: mode, minimumSize: 12)
    let n = Double(text.utf8.count)
    XCTAssertLessThan(Double(metrics.characters), 20 * n * log2(n), "\(mode) \(maxWidth)×\(maxHeight)", file: file, line: line)
  }

  func testTheLongestTextFitsInAnyBoxInNLogNMeasuring() {
    let long = Limits.textBytes
    let texts = [
      String(repeating: "a", count: long),
      String(repeating: "word ", count: long / 5),
      String(repeating: "a ", count: long / 2),
      String(repeating: "ab\n", count: long / 3),
    ]
    for text in texts {
      for mode in [TextFit.wrap, .ellipsis, .shrink] {
        for (width, height) in [(1.0, 1.0), (300, 200), (1e6, 1), (1e6, 1e6), (0, 50)] {
          assertNLogN(text, maxWidth: width, maxHeight: height, mode: mode)
        }
      }
    }
  }

  /// The fitter before halving: word by word, one character at a time in long words, one line
  /// dropped at a time. Kept here as the reference for what the text must look like.
  struct GreedyFitter {
    let metrics: any TextMetrics
    func fits(_ line: String, _ size: Double, _ width: Double, _ height: Double = .infinity) -> Bool {
      let measured = metrics.measure(line, size: size)
      return measured.width <= width + 0.001 && measured.height <= height + 0.001
    }
    func wrap(_ text: String, size: Double, width: Double) -> [String] {
      var lines: [String] = []
      for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
        var current = ""
        for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
          let candidate = current.isEmpty ? String(word) : current + " " + word
          if fits(candidate, size, width) {
            current = candidate
            continue
          }
          if !current.isEmpty { lines.append(current) }
          current = ""
          for character in word {
            let longer = current + String(character)
            if !current.isEmpty && !fits(longer, size, width) {
              lines.append(current)
              current = String(character)
            } else {
              current = longer
            }
          }
        }
        lines.append(current)
      }
      return lines
    }
    func limitCount(_ lines: [String], size: Double, height: Double) -> Int {
      var kept = lines
      while kept.count > 1, !fits(kept.joined(separator: "\n"), size, .infinity, height) { kept.removeLast() }
      return kept.count
    }
  }

  func testWrapAndLimitGiveWhatTheGreedyFitterGave() {
    var random = TideRandom(seed: 11)
    let pieces = ["a", "bb", "ccc", "dddddddddd", "😀", "漢字", "iiiiiiiiiiiiiiiiiiiiiiiiiiiii", " ", "  ", "\n"]
    let metrics = ApproximateTextMetrics()
    let fitter = TextFitter(metrics: metrics)
    let greedy = GreedyFitter(metrics: metrics)
    for _ in 0..<400 {
      let text = (0..<random.int(1...60)).map { _ in pieces[random.int(0...(pieces.count - 1))] }.joined()
      let width = random.float(1, 200)
      let height = random.float(1, 200)
      let lines = fitter.wrap(text, size: 10, width: width)
      XCTAssertEqual(lines, greedy.wrap(text, size: 10, width: width), "\(text.debugDescription) at \(width)")
      let fitted = fitter.fit(text, size: 10, maxWidth: width, maxHeight: height, mode: .wrap, minimumSize: 0)
      let kept = greedy.limitCount(lines, size: 10, height: height)
      XCTAssertEqual(fitted.text.split(separator: "\n", omittingEmptySubsequences: false).count, kept, text.debugDescription)
    }
  }
}
