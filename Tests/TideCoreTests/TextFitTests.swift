import XCTest

@testable import TideCore

/// Text fitting with the deterministic approximate metrics: a narrow character is
/// 0.6 × size wide, an emoji 1.2 × size, a line 1.2 × size tall.
final class TextFitTests: XCTestCase {
  private let fitter = TextFitter(metrics: ApproximateTextMetrics())

  func testWrapBreaksAtSpacesAndLongWordsBetweenCharacters() {
    // At size 10 a character is 6 wide: 60 units hold 10 characters.
    let fitted = fitter.fit("one two three four", size: 10, maxWidth: 60, maxHeight: 0, mode: .wrap, minimumSize: 0)
    XCTAssertEqual(fitted.text, "one two\nthree four")
    XCTAssertEqual(fitted.size, 10)
    XCTAssertEqual(fitter.wrap("abcdefghijklmno", size: 10, width: 60), ["abcdefghij", "klmno"])
    XCTAssertEqual(fitter.wrap("a\n\nb", size: 10, width: 60), ["a", "", "b"], "explicit breaks are kept")
  }

  func testWrapCutAtAHeightEndsTheLastLineKeptWithTheMark() {
    // Three lines would be 36 tall; 25 holds two.
    let fitted = fitter.fit("one two three four five six", size: 10, maxWidth: 60, maxHeight: 25, mode: .wrap, minimumSize: 0)
    XCTAssertEqual(fitted.text.split(separator: "\n").count, 2)
    XCTAssertTrue(fitted.text.hasSuffix("…"), fitted.text)
    XCTAssertLessThanOrEqual(ApproximateTextMetrics().measure(fitted.text, size: 10).width, 60)
  }

  func testShrinkFindsASizeThatFitsAndStopsAtTheMinimum() {
    // 20 characters at 20 are 240 wide; 120 needs size 10 or less.
    let fitted = fitter.fit(String(repeating: "a", count: 20), size: 20, maxWidth: 120, maxHeight: 0, mode: .shrink, minimumSize: 8)
    XCTAssertEqual(fitted.text, String(repeating: "a", count: 20))
    XCTAssertLessThanOrEqual(fitted.size, 10)
    XCTAssertGreaterThanOrEqual(fitted.size, 9.5, "shrinks no more than it must")
    // With a floor of 16 it cannot fit: it stays at 16 and is cut.
    let floored = fitter.fit(String(repeating: "a", count: 20), size: 20, maxWidth: 120, maxHeight: 0, mode: .shrink, minimumSize: 16)
    XCTAssertEqual(floored.size, 16)
    XCTAssertTrue(floored.text.hasSuffix("…"))
    XCTAssertLessThanOrEqual(ApproximateTextMetrics().measure(floored.text, size: 16).width, 120)
    // No size goes below the engine's smallest, whatever the minimum asked.
    XCTAssertEqual(fitter.fit(String(repeating: "a", count: 50), size: 20, maxWidth: 120, maxHeight: 0, mode: .shrink, minimumSize: 1).size,
                   TextFitter.smallestSize)
    // Text that fits is left alone.
    XCTAssertEqual(fitter.fit("ok", size: 10, maxWidth: 60, maxHeight: 0, mode: .shrink, minimumSize: 0).size, 10)
  }

  func testEllipsisCutsEachLineAndKeepsEmojiWhole() {
    let fitted = fitter.fit("🐰🐰🐰🐰🐰🐰\nshort", size: 10, maxWidth: 40, maxHeight: 0, mode: .ellipsis, minimumSize: 0)
    let lines = fitted.text.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.count, 2)
    XCTAssertEqual(lines[0], "🐰🐰…")
    XCTAssertEqual(lines[1], "short")
  }

  func testNoBoxOrNoFitLeavesTextAsIs() {
    XCTAssertEqual(fitter.fit("a b c", size: 10, maxWidth: 0, maxHeight: 0, mode: .wrap, minimumSize: 0).text, "a b c")
    XCTAssertEqual(fitter.fit("a b c", size: 10, maxWidth: 5, maxHeight: 0, mode: .none, minimumSize: 0).text, "a b c")
  }

  /// A node keeps what was set as `text` and draws `shownText`; a box alone means wrap.
  func testNodeFitsWhenItsTextOrBoxChanges() {
    let scene = SceneGraph(textMetrics: ApproximateTextMetrics())
    let node = scene.makeNode(.text)
    node.fontSize = 10
    node.text = "one two three four"
    XCTAssertEqual(node.shownText, "one two three four")
    node.maxTextWidth = 60
    XCTAssertEqual(node.effectiveTextFit, .wrap)
    XCTAssertEqual(node.shownText, "one two\nthree four")
    XCTAssertEqual(node.text, "one two three four")
    XCTAssertEqual(node.height, 24, accuracy: 0.001)
    node.textFit = .shrink
    XCTAssertLessThan(node.shownFontSize, 10)
    XCTAssertLessThanOrEqual(node.width, 60.001)
  }

  /// A text's box is measured when something first reads it, once however many of its options
  /// changed before, and to what measuring after each change would have given; reading it
  /// again, or changing nothing, measures nothing.
  func testTheBoxIsMeasuredOnceWhenFirstRead() {
    let metrics = AskedMetrics()
    let scene = SceneGraph(textMetrics: metrics)
    let node = scene.makeNode(.text)
    node.text = "one two three four"
    node.fontSize = 14
    node.maxTextWidth = 70
    node.textFit = .shrink
    XCTAssertEqual(metrics.asked, [], "nothing read the box yet")
    let width = node.width
    XCTAssertFalse(metrics.asked.isEmpty)
    XCTAssertFalse(metrics.asked.contains { $0.hasPrefix("one two three four@24") }, "never at the default size")
    let asked = metrics.asked.count
    XCTAssertEqual(node.width, width)
    _ = (node.height, node.shownText, node.shownFontSize)
    node.text = "one two three four"
    XCTAssertEqual(node.width, width)
    XCTAssertEqual(metrics.asked.count, asked, "measured once")

    // The same as a node measured after each change.
    let each = scene.makeNode(.text)
    each.text = "one two three four"
    _ = each.width
    each.fontSize = 14
    _ = each.width
    each.maxTextWidth = 70
    _ = each.width
    each.textFit = .shrink
    XCTAssertEqual(each.width, node.width)
    XCTAssertEqual(each.height, node.height)
    XCTAssertEqual(each.shownText, node.shownText)
    XCTAssertEqual(each.shownFontSize, node.shownFontSize)

    // A size written after a change is kept, as when each change measured at once.
    node.text = "five six"
    node.width = 500
    XCTAssertEqual(node.width, 500)
    XCTAssertEqual(node.shownText, "five six")
  }
}
