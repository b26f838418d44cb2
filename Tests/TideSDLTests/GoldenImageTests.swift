import Foundation
import TideSDL
import XCTest

/// The reusable image comparison.
final class GoldenImageTests: XCTestCase {
  private func solid(_ color: UInt32, width: Int = 4, height: Int = 3) -> RGBAImage {
    RGBAImage(width: width, height: height, pixels: [UInt32](repeating: color, count: width * height))
  }

  func testIdenticalImagesPass() {
    let report = GoldenImage.compare(actual: solid(0xFF10_2030), expected: solid(0xFF10_2030))
    XCTAssertTrue(report.passed)
    XCTAssertEqual(report.maxDelta, 0)
  }

  func testDifferencesWithinTolerancePass() {
    let report = GoldenImage.compare(
      actual: solid(0xFF10_2030), expected: solid(0xFF12_2030), tolerance: 2)
    XCTAssertTrue(report.passed)
    XCTAssertEqual(report.maxDelta, 2)
  }

  func testDifferencesBeyondToleranceFailAndAreCounted() {
    var actual = solid(0xFF10_2030)
    actual[1, 0] = 0xFF10_2040
    actual[1, 2] = 0x8010_2030
    let report = GoldenImage.compare(actual: actual, expected: solid(0xFF10_2030), tolerance: 2)
    XCTAssertFalse(report.passed)
    XCTAssertEqual(report.differingPixels, 2)
    XCTAssertEqual(report.maxDelta, 0x7F)
    XCTAssertEqual(report.firstDifference?.x, 1)
    XCTAssertEqual(report.firstDifference?.y, 0)
  }

  func testSizeMismatchFails() {
    let report = GoldenImage.compare(actual: solid(0, width: 2), expected: solid(0))
    XCTAssertTrue(report.sizeMismatch)
    XCTAssertFalse(report.passed)
  }

  func testMissingGoldenThrowsUnlessUpdating() throws {
    let golden = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("tide-missing-golden-\(ProcessInfo.processInfo.processIdentifier).png")
    try? FileManager.default.removeItem(at: golden)
    XCTAssertThrowsError(try GoldenImage.check(solid(0xFFFF_FFFF), golden: golden))
    XCTAssertTrue(try GoldenImage.check(solid(0xFFFF_FFFF), golden: golden, update: true).passed)
    XCTAssertTrue(try GoldenImage.check(solid(0xFFFF_FFFF), golden: golden).passed)
    XCTAssertEqual(try RGBAImage(contentsOf: golden), solid(0xFFFF_FFFF))
  }
}
