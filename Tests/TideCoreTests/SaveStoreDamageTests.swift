import Foundation
import XCTest

@testable import TideCore

/// A damaged store never throws from `read` and never blocks or reads without bound: whatever
/// is in a save's place is reported `.unusable` and can be set aside.
final class SaveStoreDamageTests: XCTestCase {
  var directory = URL(fileURLWithPath: "/nonexistent")
  var root = URL(fileURLWithPath: "/nonexistent")

  override func setUpWithError() throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("tide-savedmg-\(UUID().uuidString)")
    directory = root.appendingPathComponent("saves")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: root)
  }

  private var scores: String { directory.appendingPathComponent("scores.json").path }

  private func assertUnusableThenSetAside(
    _ store: SaveStore, containing word: String, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    guard case .unusable(let reason) = try store.read("scores") else {
      return XCTFail("expected unusable", file: file, line: line)
    }
    XCTAssertTrue(reason.contains(word), reason, file: file, line: line)
    let kept = try store.setAside("scores")
    XCTAssertEqual(kept.lastPathComponent, "scores.damaged-1.json", file: file, line: line)
    XCTAssertEqual(try store.read("scores"), .missing, file: file, line: line)
    try store.write("scores", Data("{}".utf8))
    XCTAssertEqual(try store.read("scores"), .data(Data("{}".utf8)), file: file, line: line)
  }

  func testFolderInTheSavesPlace() throws {
    try FileManager.default.createDirectory(atPath: scores, withIntermediateDirectories: false)
    try assertUnusableThenSetAside(SaveStore(directory: directory), containing: "folder")
  }

  func testSymlinkToDevZeroIsNotRead() throws {
    // Reading it used to allocate until the process aborted.
    XCTAssertEqual(symlink("/dev/zero", scores), 0)
    try assertUnusableThenSetAside(SaveStore(directory: directory), containing: "device")
  }

  func testFifoIsNeverOpened() throws {
    // Opening a FIFO with no writer blocks forever; reading must not hang.
    XCTAssertEqual(mkfifo(scores, 0o644), 0)
    try assertUnusableThenSetAside(SaveStore(directory: directory), containing: "FIFO")
  }

  func testDanglingSymlink() throws {
    XCTAssertEqual(symlink(root.appendingPathComponent("gone").path, scores), 0)
    try assertUnusableThenSetAside(SaveStore(directory: directory), containing: "missing")
  }

  func testOversizedFile() throws {
    XCTAssertTrue(FileManager.default.createFile(atPath: scores, contents: nil))
    XCTAssertEqual(truncate(scores, off_t(SaveStore.maxBytes + 1)), 0)  // sparse: no disk used
    try assertUnusableThenSetAside(SaveStore(directory: directory), containing: "larger than 8 MiB")
  }

  func testUnreadableFile() throws {
    try XCTSkipIf(geteuid() == 0, "root reads files whatever their mode")
    try Data("{}".utf8).write(to: URL(fileURLWithPath: scores))
    XCTAssertEqual(chmod(scores, 0), 0)
    try assertUnusableThenSetAside(SaveStore(directory: directory), containing: "denied")
  }

  func testSaveFolderThatIsAFile() throws {
    let folder = root.appendingPathComponent("blocked")
    try Data("not a folder".utf8).write(to: folder)
    let store = SaveStore(directory: folder)
    guard case .unusable(let reason) = try store.read("scores") else { return XCTFail("expected unusable") }
    XCTAssertTrue(reason.contains("not a folder"), reason)
    let kept = try store.setAside("scores")
    XCTAssertEqual(kept.lastPathComponent, "blocked.damaged-1")
    XCTAssertEqual(try Data(contentsOf: kept), Data("not a folder".utf8))
    XCTAssertEqual(try store.read("scores"), .missing)
    try store.write("scores", Data("1".utf8))
    XCTAssertEqual(try store.read("scores"), .data(Data("1".utf8)))
  }

  func testStaleTemporaryFilesAreRemovedAtTheNextWrite() throws {
    // A writer killed with -9 leaves `.<name>.json.tmp-<pid>`; a live writer's file must stay.
    let dead = try Process.run(URL(fileURLWithPath: "/bin/true"), arguments: [])
    dead.waitUntilExit()
    let stale = directory.appendingPathComponent(".scores.json.tmp-\(dead.processIdentifier)")
    let live = directory.appendingPathComponent(".other.json.tmp-\(getppid())")
    try Data("half".utf8).write(to: stale)
    try Data("busy".utf8).write(to: live)
    try SaveStore(directory: directory).write("level", Data("2".utf8))
    let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    XCTAssertEqual(left, [live.lastPathComponent, "level.json"])
  }
}
