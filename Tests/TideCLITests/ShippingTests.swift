import Foundation
import XCTest

/// A game ships as the `tide` binary and the game folder: the binary must need nothing beside it.
final class ShippingTests: XCTestCase {
  /// The outside author's report: a copied `tide` looked for `Tide_TideScript.resources` beside
  /// it (or at the build folder it was built in) and, without it, died with SIGILL. The Lua
  /// library is compiled in now, so the binary names no bundle at all.
  func testTheBinaryLooksForNoResourceBundle() throws {
    let binary = try Data(contentsOf: CLITests.tideBinary)
    XCTAssertNil(binary.range(of: Data("Tide_TideScript.resources".utf8)),
      "tide still looks for a resource bundle: a copied binary would need it beside it")
  }

  /// A copy of the binary in a folder of its own makes, runs and tests a game, from that folder.
  func testACopiedBinaryMakesRunsAndTestsAGameOnItsOwn() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tide-ship-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    let copy = folder.appendingPathComponent("tide")
    try FileManager.default.copyItem(at: CLITests.tideBinary, to: copy)

    let made = try tide(["new", "g", "--path", folder.path], in: folder, timeout: 120, executable: copy)
    XCTAssertEqual(made.status, 0, made.stdout + made.stderr)
    let game = folder.appendingPathComponent("g")
    // tide.ui and the test runner come from the library, so these reach every part of it.
    let played = try tide(["run", ".", "--headless", "--seconds", "1"], in: game, timeout: 120, executable: copy)
    XCTAssertEqual(played.status, 0, played.stdout + played.stderr)
    XCTAssertTrue((played.stdout + played.stderr).contains("0 errors"), played.stdout + played.stderr)
    let tested = try tide(["test", "."], in: game, timeout: 120, executable: copy)
    XCTAssertEqual(tested.status, 0, tested.stdout + tested.stderr)
    XCTAssertTrue((tested.stdout + tested.stderr).contains(" passed, 0 failed"), tested.stdout + tested.stderr)
  }
}
