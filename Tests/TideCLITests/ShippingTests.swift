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

    let made = try run(copy, ["new", "g", "--path", folder.path], in: folder)
    XCTAssertEqual(made.status, 0, made.output)
    let game = folder.appendingPathComponent("g")
    // tide.ui and the test runner come from the library, so these reach every part of it.
    let played = try run(copy, ["run", ".", "--headless", "--seconds", "1"], in: game)
    XCTAssertEqual(played.status, 0, played.output)
    XCTAssertTrue(played.output.contains("0 errors"), played.output)
    let tested = try run(copy, ["test", "."], in: game)
    XCTAssertEqual(tested.status, 0, tested.output)
    XCTAssertTrue(tested.output.contains(" passed, 0 failed"), tested.output)
  }

  private func run(_ executable: URL, _ arguments: [String], in directory: URL) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_DATA_HOME"] = directory.appendingPathComponent(".data").path
    environment["DISPLAY"] = nil
    environment["WAYLAND_DISPLAY"] = nil
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    DispatchQueue.global().asyncAfter(deadline: .now() + 120) { [process] in
      if process.isRunning { process.terminate() }
    }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
  }
}
