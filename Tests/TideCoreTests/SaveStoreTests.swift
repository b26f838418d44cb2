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

  /// A save over the size `read` takes was written, then set aside by the next read.
  func testAWriteThatCouldNotBeReadBackIsRefused() throws {
    let store = SaveStore(directory: directory)
    XCTAssertThrowsError(try store.write("big", Data(count: SaveStore.maxBytes + 1))) { error in
      XCTAssertEqual("\(error)", "it would be \(SaveStore.maxBytes + 1) bytes, and a save may be at most 8 MiB")
    }
    XCTAssertEqual(try store.read("big"), .missing)
    try store.write("big", Data(count: SaveStore.maxBytes))
    XCTAssertEqual(try store.read("big"), .data(Data(count: SaveStore.maxBytes)))
  }

  /// Nothing capped how many saves a game kept: a new name past the cap is refused, while
  /// the saves it has can still be written.
  func testTheNumberOfSavesIsCapped() throws {
    var store = SaveStore(directory: directory)
    store.isDurable = false
    for n in 0..<SaveStore.maxSaves { try store.write("s\(n)", Data("1".utf8)) }
    XCTAssertThrowsError(try store.write("one-more", Data("1".utf8))) { error in
      XCTAssertEqual("\(error)", "a game may keep at most \(SaveStore.maxSaves) saves, and this would be one more")
    }
    try store.write("s0", Data("2".utf8))
    XCTAssertEqual(store.savedNames().count, SaveStore.maxSaves)
  }

  /// Set-aside saves piled up without end; past the cap the oldest goes first.
  func testSetAsideSavesAreCappedOldestFirst() throws {
    var store = SaveStore(directory: directory)
    store.isDurable = false
    var kept: [String] = []
    for n in 0..<(SaveStore.maxSetAside + 3) {
      try store.write(n % 2 == 0 ? "a" : "b", Data("x".utf8))
      kept.append(try store.setAside(n % 2 == 0 ? "a" : "b").lastPathComponent)
    }
    XCTAssertEqual(store.setAsideFiles().count, SaveStore.maxSetAside)
    XCTAssertEqual(Set(store.setAsideFiles()), Set(kept.suffix(SaveStore.maxSetAside)), "the three oldest are gone")
  }
}
