import XCTest

@testable import TideServe

final class TerminalQRTests: XCTestCase {
  /// Scripts/setup installs libqrencode, so the code is drawn here as on an author's machine.
  func testTheAddressBecomesASquareCodeWithItsFinderPatterns() throws {
    let modules = try XCTUnwrap(TerminalQR.modules(for: "http://192.168.1.20:8060/?k=3f9c0e5d1a2b4c6d8e0f1a2b3c4d5e6f"))
    let width = modules.count
    XCTAssertEqual((width - 17) % 4, 0, "a QR code is 17 + 4 x version modules wide")
    XCTAssertTrue(modules.allSatisfy { $0.count == width })
    // The finder pattern in three corners: a dark ring, a light ring, a dark 3x3 centre.
    for (top, left) in [(0, 0), (0, width - 7), (width - 7, 0)] {
      XCTAssertEqual(modules[top].dropFirst(left).prefix(7).map { $0 }, Array(repeating: true, count: 7))
      XCTAssertEqual(modules[top + 1].dropFirst(left).prefix(7).map { $0 }, [true, false, false, false, false, false, true])
      XCTAssertEqual(modules[top + 3].dropFirst(left).prefix(7).map { $0 }, [true, false, true, true, true, false, true])
    }
    let lines = try XCTUnwrap(TerminalQR.lines(for: "http://192.168.1.20:8060/?k=3f9c0e5d1a2b4c6d8e0f1a2b3c4d5e6f"))
    XCTAssertEqual(lines.count, (width + 4 + 1) / 2, "two rows of modules a line, a quiet zone of two around")
    XCTAssertTrue(lines.allSatisfy { $0.count == width + 4 })
    XCTAssertEqual(lines[0], String(repeating: "█", count: width + 4), "the quiet zone is light")
  }
}
