import XCTest

@testable import TideCore

/// ASCII text is measured by counting bytes; the figures must be the general path's, bit for bit.
final class ApproximateTextMetricsTests: XCTestCase {
  /// The general path, spelled out: characters per line, each advance added in turn.
  private func reference(_ text: String, _ metrics: ApproximateTextMetrics, size: Double) -> (Double, Double) {
    var widest = 0.0
    var lines = 0
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      lines += 1
      var advance = 0.0
      for _ in line { advance += metrics.narrowAdvance }
      widest = max(widest, advance)
    }
    return (widest * size, Double(max(lines, 1)) * metrics.lineHeight * size)
  }

  func testASCIIMatchesTheGeneralPathExactly() {
    let metrics = ApproximateTextMetrics()
    for text in ["", "Score: 1234", "a\nbcd\n", "\n\n", String(repeating: "x", count: 97), "x2 +150!\tcombo", "é ok"] {
      for size in [13.0, 24, 17.5] {
        let got = metrics.measure(text, size: size)
        let want = reference(text, metrics, size: size)
        XCTAssertEqual(got.width, want.0, "\(text.debugDescription) at \(size)")
        XCTAssertEqual(got.height, want.1, "\(text.debugDescription) at \(size)")
      }
    }
  }

  func testCarriageReturnLineFeedIsOneCharacterAsBefore() {
    let metrics = ApproximateTextMetrics()
    // "\r\n" is one Character: not a line break for the split, and one narrow advance.
    let size = metrics.measure("ab\r\ncd", size: 10)
    XCTAssertEqual(size.width, reference("ab\r\ncd", metrics, size: 10).0)
    XCTAssertEqual(size.height, metrics.lineHeight * 10)
  }
}
