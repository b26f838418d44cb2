import XCTest

@testable import TideCore

final class MathTests: XCTestCase {
  func assertClose(_ a: Vec2, _ b: Vec2, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a.x, b.x, accuracy: 1e-9, file: file, line: line)
    XCTAssertEqual(a.y, b.y, accuracy: 1e-9, file: file, line: line)
  }

  func testRotationIsClockwiseOnScreen() {
    // y grows down, so turning +x by 90° clockwise points down the screen.
    assertClose(Affine.rotate(degrees: 90).apply(Vec2(1, 0)), Vec2(0, 1))
  }

  func testCompositionAppliesRightOperandFirst() {
    let t = Affine.translate(10, 0) * Affine.scale(2, 3)
    assertClose(t.apply(Vec2(1, 1)), Vec2(12, 3))
  }

  func testInverse() throws {
    let t = Affine.translate(5, -2) * Affine.rotate(degrees: 33) * Affine.scale(2, 0.5)
    let inverse = try XCTUnwrap(t.inverted())
    let p = Vec2(3.5, -7)
    assertClose(inverse.apply(t.apply(p)), p)
    XCTAssertNil(Affine.scale(0, 1).inverted())
  }

  func testColorParsingAndHex() {
    XCTAssertEqual(Color(hex: "#ff0000"), Color(r: 1, g: 0, b: 0))
    XCTAssertEqual(Color(hex: "#f00"), Color(r: 1, g: 0, b: 0))
    XCTAssertEqual(Color(hex: "#1e5bd6")?.hexString, "#1e5bd6")
    XCTAssertEqual(Color(hex: "#00000080")?.a ?? 0, 128.0 / 255, accuracy: 1e-12)
    XCTAssertEqual(Color(hex: "#11223344")?.hexString, "#11223344")
    XCTAssertNil(Color(hex: "ff0000"))
    XCTAssertNil(Color(hex: "#ff000"))
    XCTAssertNil(Color(hex: "#gg0000"))
    // No digits, too many, or a mark combining with the "#" or a digit.
    for text in ["", "#", "#123456789", "#\u{301}fff", "#fff\u{301}", "#ＦＦＦ"] {
      XCTAssertNil(Color(hex: text), text)
    }
    XCTAssertEqual(Color(hex: "#ABCDEF"), Color(hex: "#abcdef"))
    XCTAssertEqual(Color(name: "White"), .white)
    XCTAssertEqual(Color(string: "brown")?.hexString, "#a52a2a")
    XCTAssertEqual(Color(string: "#ffd500")?.hexString, "#ffd500")
    XCTAssertNil(Color(string: "blurple"))
  }

  func testRectContainment() {
    let r = Rect(x: 0, y: 0, width: 10, height: 10)
    XCTAssertTrue(r.contains(Vec2(10, 10)))
    XCTAssertFalse(r.contains(Vec2(10.1, 5)))
    XCTAssertTrue(r.contains(Rect(x: 1, y: 1, width: 9, height: 9)))
    XCTAssertFalse(r.contains(Rect(x: 1, y: 1, width: 10, height: 9)))
  }
}

/// Colours built from arithmetic gone wrong (NaN, infinities) convert to bytes and
/// hex without trapping.
final class ColorNaNTests: XCTestCase {
  func testNaNAndInfinitiesClampInsteadOfTrapping() {
    let weird = Color(r: .nan, g: .infinity, b: -.infinity, a: .nan)
    XCTAssertEqual(weird.bytes.r, 0)
    XCTAssertEqual(weird.bytes.g, 255)
    XCTAssertEqual(weird.bytes.b, 0)
    XCTAssertEqual(weird.hexString, "#00ff0000")
  }
}
