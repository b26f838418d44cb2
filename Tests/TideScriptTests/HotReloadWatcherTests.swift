import Foundation
import XCTest

@testable import TideScript

/// FileWatcher on a real folder with real inotify: what editors do to files, seen as changes.
final class HotReloadWatcherTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("tide-watch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("data/deep"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
    try write("main.lua", "x = 1")
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  private func write(_ path: String, _ text: String) throws {
    try Data(text.utf8).write(to: folder.appendingPathComponent(path))
  }

  private func path(_ relative: String) -> String { folder.standardizedFileURL.path + "/" + relative }

  /// Reads until `expected` has been seen or a second passed; returns everything read.
  private func changes(_ watcher: FileWatcher, until expected: Set<String>) -> Set<String> {
    var seen: Set<String> = []
    let deadline = Date().addingTimeInterval(1)
    while Date() < deadline, !expected.isSubset(of: seen) {
      _ = watcher.wait(timeout: 0.05)
      seen.formUnion(watcher.readChanges())
    }
    // Anything straggling in right behind.
    if watcher.wait(timeout: 0.02) { seen.formUnion(watcher.readChanges()) }
    return seen
  }

  func testNothingToReadReturnsAtOnce() throws {
    let watcher = try FileWatcher(roots: [folder])
    XCTAssertEqual(watcher.readChanges(), [])
    XCTAssertFalse(watcher.wait(timeout: 0))
    XCTAssertEqual(watcher.watchedFolderCount, 3, "the root, data and data/deep; not .git")
  }

  /// `a -> .` and `b -> .` hung a window run and `tide test --watch` before the first frame
  /// (the walk went round the loop), and `lnk -> outside` watched folders outside the game:
  /// links are not followed, so the count is the game's own folders whatever links it holds.
  func testLinksAreNotFollowedOutOrAroundALoop() throws {
    let outside = folder.deletingLastPathComponent().appendingPathComponent("tide-outside-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: outside.appendingPathComponent("one/two"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: outside) }
    try FileManager.default.createSymbolicLink(atPath: path("lnk"), withDestinationPath: outside.path)
    try FileManager.default.createSymbolicLink(atPath: path("data/up"), withDestinationPath: "..")
    XCTAssertEqual(try FileWatcher(roots: [folder]).watchedFolderCount, 3, "the root, data and data/deep")
    try FileManager.default.createSymbolicLink(atPath: path("a"), withDestinationPath: ".")
    try FileManager.default.createSymbolicLink(atPath: path("b"), withDestinationPath: ".")
    let done = expectation(description: "watching")
    nonisolated(unsafe) var count: Int?
    let root = folder!
    Thread.detachNewThread {
      count = try? FileWatcher(roots: [root]).watchedFolderCount
      done.fulfill()
    }
    wait(for: [done], timeout: 120)
    XCTAssertEqual(count, 3)
  }

  func testInPlaceWriteRenameAndDeleteAreSeenInSubfolders() throws {
    let watcher = try FileWatcher(roots: [folder])
    try write("data/deep/level.lua", "return {}")
    try write("data/.level.lua.swp", "swap")
    try write("main.lua~", "backup")
    try write(".git/index", "git")
    try write("data/.colours.lua.tmp", "return {}")
    XCTAssertEqual(rename(path("data/.colours.lua.tmp"), path("data/colours.lua")), 0)
    try FileManager.default.removeItem(atPath: path("main.lua"))
    let seen = changes(watcher, until: [path("data/deep/level.lua"), path("data/colours.lua"), path("main.lua")])
    XCTAssertEqual(seen, [path("data/deep/level.lua"), path("data/colours.lua"), path("main.lua")],
      "editor temp files, backups and hidden folders are not reported")
  }

  func testNewFoldersAreWatchedAndFilesAlreadyInThemReported() throws {
    let watcher = try FileWatcher(roots: [folder])
    // A folder created with a file in it at once (as `cp -r` or `git checkout` do).
    let staged = FileManager.default.temporaryDirectory.appendingPathComponent("tide-staged-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: staged, withIntermediateDirectories: true)
    try Data("return 1".utf8).write(to: staged.appendingPathComponent("one.lua"))
    try FileManager.default.moveItem(at: staged, to: folder.appendingPathComponent("levels"))
    XCTAssertEqual(changes(watcher, until: [path("levels/one.lua")]), [path("levels/one.lua")])

    try write("levels/two.lua", "return 2")
    XCTAssertEqual(changes(watcher, until: [path("levels/two.lua")]), [path("levels/two.lua")])
  }

  /// A folder moved out of the game stops being watched, with everything in it.
  func testFolderMovedOutOfTheTreeIsNoLongerWatched() throws {
    let watcher = try FileWatcher(roots: [folder])
    let before = watcher.watchedFolderCount
    let outside = FileManager.default.temporaryDirectory.appendingPathComponent("tide-moved-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: outside) }
    try FileManager.default.moveItem(at: folder.appendingPathComponent("data"), to: outside)
    _ = changes(watcher, until: [])
    XCTAssertEqual(watcher.watchedFolderCount, before - 2, "data and data/deep are no longer watched")
    try Data("x = 2".utf8).write(to: outside.appendingPathComponent("deep/late.lua"))
    XCTAssertEqual(changes(watcher, until: []), [], "nothing is reported from outside the game")
  }

  /// A burst is read as one: what keeps arriving within the settle time joins it.
  func testBurstCollectsSavesThatFollowClosely() throws {
    let watcher = try FileWatcher(roots: [folder])
    XCTAssertEqual(watcher.readBurst(settle: 0.05, maxSettle: 1), [])
    try write("main.lua", "x = 2")
    _ = watcher.wait(timeout: 1)
    let late = folder.appendingPathComponent("data/b.lua")
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.01) { try? Data("y = 1".utf8).write(to: late) }
    XCTAssertEqual(watcher.readBurst(settle: 0.2, maxSettle: 1), [path("main.lua"), path("data/b.lua")])
  }
}
