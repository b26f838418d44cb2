import Foundation
import XCTest

@testable import TideCore

final class SaveStoreTests: XCTestCase {
  var directory = URL(fileURLWithPath: "/nonexistent")

  override func setUpWithError() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("tide-save-\(UUID().uuidString)")
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: directory)
  }

  private func files() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
  }

  func testMissingThenWriteAndReadBack() throws {
    let store = SaveStore(directory: directory.appendingPathComponent("nested"))
    XCTAssertEqual(try store.read("scores"), .missing)
    let data = Data(#"{"best":12}"#.utf8)
    try store.write("scores", data)
    XCTAssertEqual(try store.read("scores"), .data(data))
    let bigger = Data(repeating: 0x41, count: 200_000)  // more than one read buffer
    try store.write("scores", bigger)
    XCTAssertEqual(try store.read("scores"), .data(bigger))
    try store.write("scores", Data("{}".utf8))  // shorter: no stale tail
    XCTAssertEqual(try store.read("scores"), .data(Data("{}".utf8)))
  }

  func testWriteLeavesNoTemporaryFiles() throws {
    let store = SaveStore(directory: directory)
    try store.write("a", Data("1".utf8))
    try store.write("a", Data("2".utf8))
    XCTAssertEqual(try files(), ["a.json"])
  }

  func testFailedWriteKeepsTheOldSave() throws {
    let store = SaveStore(directory: directory)
    try store.write("slot", Data("old".utf8))
    // Make the temporary file's name a directory so creating it fails midway.
    let blocker = directory.appendingPathComponent(".slot.json.tmp-\(getpid())")
    try FileManager.default.createDirectory(at: blocker, withIntermediateDirectories: false)
    XCTAssertThrowsError(try store.write("slot", Data("new".utf8)))
    XCTAssertEqual(try store.read("slot"), .data(Data("old".utf8)))
  }

  func testDamagedFileIsSetAsideAndNeverOverwritten() throws {
    let store = SaveStore(directory: directory)
    try store.write("scores", Data("{broken".utf8))
    let first = try store.setAside("scores")
    XCTAssertEqual(first.lastPathComponent, "scores.damaged-1.json")
    XCTAssertEqual(try store.read("scores"), .missing)
    try store.write("scores", Data("{also broken".utf8))
    let second = try store.setAside("scores")
    XCTAssertEqual(second.lastPathComponent, "scores.damaged-2.json")
    XCTAssertEqual(try Data(contentsOf: first), Data("{broken".utf8))
    XCTAssertEqual(try Data(contentsOf: second), Data("{also broken".utf8))
    XCTAssertEqual(try files(), ["scores.damaged-1.json", "scores.damaged-2.json"])
    XCTAssertThrowsError(try store.setAside("scores"))  // nothing left to set aside
  }

  func testNamesAreValidated() {
    let store = SaveStore(directory: directory)
    for bad in ["", "../etc/passwd", "a b", "x.json", String(repeating: "a", count: 65), "é"] {
      XCTAssertThrowsError(try store.write(bad, Data())) { error in
        XCTAssertEqual(error as? SaveError, .invalidName(bad))
      }
    }
    XCTAssertTrue(SaveStore.isValidName("high_scores-2"))
  }

  func testRemove() throws {
    let store = SaveStore(directory: directory)
    try store.write("gone", Data("x".utf8))
    try store.remove("gone")
    try store.remove("gone")
    XCTAssertEqual(try store.read("gone"), .missing)
  }
}
