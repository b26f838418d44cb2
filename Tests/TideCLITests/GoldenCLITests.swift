import Foundation
import XCTest

/// `tide test` draws each `tests/golden/<name>.input` that has `<name>.png` beside it, as
/// `tide shot` does, and compares the two, for any game folder (not only Content/).
extension CLITests {
  /// Makes the new game's golden input show a later frame than its PNG (the clock has run on).
  func moveGoldenOn(in game: URL) throws {
    let input = game.appendingPathComponent("tests/golden/start.input")
    let text = try String(contentsOf: input, encoding: .utf8)
    try text.replacingOccurrences(of: "@at 1\n", with: "@at 3\n").write(to: input, atomically: true, encoding: .utf8)
  }

  func testAGoldenScreenThatDiffersFailsNamingThePixelsAndTheDrawnScreen() throws {
    let game = try newGame()
    try moveGoldenOn(in: game)
    let result = try tide(["test", game.path], timeout: 120)
    XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
    let line = try XCTUnwrap(result.stdout.split(separator: "\n").first { $0.hasPrefix("FAIL ") }, result.stdout)
    XCTAssertTrue(line.hasPrefix("FAIL \(game.path)/tests/golden/start.input: "), String(line))
    XCTAssertNotNil(line.range(of: #": \d+ pixels? differ from start\.png by more than 2"#, options: .regularExpression), String(line))
    XCTAssertTrue(line.hasSuffix("the screen drawn is in \(game.path)/tests/golden/start.actual.png"), String(line))
    XCTAssertTrue(result.stdout.hasSuffix("\(game.path): 4 passed, 1 failed\n"), result.stdout)
    // The drawn screen is what `tide shot` draws from the same input.
    let shot = game.deletingLastPathComponent().appendingPathComponent("shot.png")
    let input = game.appendingPathComponent("tests/golden/start.input")
    XCTAssertEqual(try tide(["shot", game.path, "--input", input.path, "-o", shot.path]).status, 0)
    XCTAssertEqual(try Data(contentsOf: shot), try Data(contentsOf: game.appendingPathComponent("tests/golden/start.actual.png")))
  }

  func testUpdateGoldenRewritesThePNGsAndTheNextRunPasses() throws {
    let game = try newGame()
    try moveGoldenOn(in: game)
    XCTAssertEqual(try tide(["test", game.path], timeout: 120).status, 1)
    let updated = try tide(["test", game.path, "--update-golden"], timeout: 120)
    XCTAssertEqual(updated.status, 0, updated.stdout + updated.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: game.appendingPathComponent("tests/golden/start.actual.png").path))
    let again = try tide(["test", game.path], timeout: 120)
    XCTAssertEqual(again.status, 0, again.stdout + again.stderr)
    XCTAssertTrue(again.stdout.contains("ok \(game.path)/tests/golden/start.input\n"), again.stdout)
  }

  func testTheUpdateGoldenVariableRewritesThePNGsToo() throws {
    let game = try newGame()
    try moveGoldenOn(in: game)
    let updated: CLIResult
    do {
      setenv("TIDE_UPDATE_GOLDEN", "1", 1)
      // Undone even when tide() throws: left set, it would rewrite every later test's PNGs.
      defer { unsetenv("TIDE_UPDATE_GOLDEN") }
      updated = try tide(["test", game.path], timeout: 120)
    }
    XCTAssertEqual(updated.status, 0, updated.stdout + updated.stderr)
    // start.png is now the later frame, as `tide shot` draws it.
    let shot = game.deletingLastPathComponent().appendingPathComponent("shot.png")
    let input = game.appendingPathComponent("tests/golden/start.input")
    XCTAssertEqual(try tide(["shot", game.path, "--input", input.path, "-o", shot.path]).status, 0)
    XCTAssertEqual(try Data(contentsOf: shot), try Data(contentsOf: game.appendingPathComponent("tests/golden/start.png")))
    XCTAssertEqual(try tide(["test", game.path], timeout: 120).status, 0)
  }

  func testAGoldenPNGThatIsNotAPNGFails() throws {
    let game = try newGame()
    try Data("not a png".utf8).write(to: game.appendingPathComponent("tests/golden/start.png"))
    let result = try tide(["test", game.path], timeout: 120)
    XCTAssertEqual(result.status, 1, result.stdout)
    XCTAssertTrue(result.stdout.contains("FAIL \(game.path)/tests/golden/start.input: cannot read start.png as a PNG"), result.stdout)
  }

  /// A FIFO named like a golden input fails at once: opening a pipe no one writes blocked for good.
  func testAGoldenInputThatIsAPipeFailsAtOnce() throws {
    let game = try newGame()
    let input = game.appendingPathComponent("tests/golden/start.input")
    try FileManager.default.removeItem(at: input)
    XCTAssertEqual(mkfifo(input.path, 0o600), 0)
    let result = try tide(["test", game.path], timeout: 120)
    XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
    XCTAssertTrue(
      result.stdout.contains("FAIL \(game.path)/tests/golden/start.input: cannot read it: not a regular file"), result.stdout)
  }

  /// An input without a PNG beside it is for the layout check alone; `--update-golden` makes its PNG.
  func testAGoldenInputWithoutAPNGIsNotATestUntilUpdated() throws {
    let game = try newGame()
    try FileManager.default.removeItem(at: game.appendingPathComponent("tests/golden/start.png"))
    let result = try tide(["test", game.path], timeout: 120)
    XCTAssertEqual(result.status, 0, result.stdout)
    XCTAssertTrue(result.stdout.hasSuffix("\(game.path): 4 passed, 0 failed\n"), result.stdout)
    XCTAssertEqual(try tide(["test", game.path, "--update-golden"], timeout: 120).status, 0)
    XCTAssertTrue(FileManager.default.fileExists(atPath: game.appendingPathComponent("tests/golden/start.png").path))
  }
}
