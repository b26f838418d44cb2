import Foundation
import XCTest

@testable import TideCore

final class HeadlessBackendTests: XCTestCase {
  func testRecordsSounds() {
    let backend = HeadlessBackend()
    backend.play(sound: "roar", volume: 0.5)
    XCTAssertEqual(backend.soundLog, ["roar"])
    XCTAssertEqual(backend.soundRequests, [SoundRequest(name: "roar", volume: 0.5)])
  }

  func testReadsImageSizesFromPNGHeaders() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tide-png-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    // Signature, IHDR length and type, then width 300 and height 2 (big-endian).
    let header: [UInt8] = [
      0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
      0, 0, 1, 44, 0, 0, 0, 2, 8, 6, 0, 0, 0,
    ]
    try Data(header).write(to: directory.appendingPathComponent("lion0.png"))
    try Data("not a png at all, really not".utf8).write(to: directory.appendingPathComponent("bad.png"))
    let backend = HeadlessBackend(assetDirectory: directory)
    XCTAssertEqual(backend.imageSize(named: "lion0.png"), Vec2(300, 2))
    XCTAssertNil(backend.imageSize(named: "bad.png"))
    XCTAssertNil(backend.imageSize(named: "missing.png"))
    backend.imageSizes["fake.png"] = Vec2(5, 5)
    XCTAssertEqual(backend.imageSize(named: "fake.png"), Vec2(5, 5))
  }
}
