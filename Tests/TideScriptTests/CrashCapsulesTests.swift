import Foundation
import XCTest

@testable import TideScript

/// Crash capsules named by the time (docs/input-scripts.md): a burst in one millisecond keeps
/// every capsule, in order, whoever writes them.
final class CrashCapsulesTests: XCTestCase {
  private func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("tide-capsules-\(UUID().uuidString)")
    addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url
  }

  /// Twelve capsules in one millisecond: `-2` sorted before the first and `-10` before `-2`, so
  /// pruning to the newest twenty could delete the capsule just written and announced.
  func testABurstInOneMillisecondListsInTheOrderWritten() throws {
    var capsules = CrashCapsules(directory: try folder())
    capsules.keep = 12
    let now = Date(timeIntervalSince1970: 1_700_000_000)
    let earlier = try XCTUnwrap(capsules.write("@end 0\n", now: now.addingTimeInterval(-1)))
    let written = try (1...12).map { i in try XCTUnwrap(capsules.write("# \(i)\n@end 0\n", now: now)) }
    XCTAssertEqual(capsules.list(), written, "the earlier one is pruned, the burst kept in order")
    XCTAssertFalse(FileManager.default.fileExists(atPath: earlier.path))
  }

  /// Writers racing on the same millisecond each get a file of their own: a look-then-write
  /// gave two of them one name, and the second replaced the first.
  func testWritersInTheSameMillisecondDoNotReplaceEachOther() throws {
    var capsules = CrashCapsules(directory: try folder())
    capsules.keep = .max
    let store = capsules
    let now = Date(timeIntervalSince1970: 1_700_000_000)
    DispatchQueue.concurrentPerform(iterations: 64) { i in
      _ = store.write("# writer \(i)\n@end 0\n", now: now)
    }
    let texts = try capsules.list().map { try String(contentsOf: $0, encoding: .utf8) }
    XCTAssertEqual(Set(texts), Set((0..<64).map { "# writer \($0)\n@end 0\n" }))
  }
}
