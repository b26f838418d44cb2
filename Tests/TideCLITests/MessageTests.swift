import Foundation
import XCTest

/// How commands speak: a bad flag gets the subcommand's usage; a game is named by its folder.
extension CLITests {
  /// The outside author's report: `tide run . --option n` printed `Usage: tide <subcommand>`,
  /// because --option and --size were checked in `run()`, after parsing.
  func testABadOptionOrSizeShowsTheSubcommandsUsage() throws {
    let cases: [([String], String, String)] = [
      (["run", "Content/rps", "--option", "n"], "--option must look like key=value, got 'n'", "Usage: tide run "),
      (["shot", "Content/rps", "--size", "12", "-o", "/dev/null"], "--size must look like 375x667", "Usage: tide shot "),
      (["check", "Content/rps", "--option", "=x"], "--option must look like key=value, got '=x'", "Usage: tide check "),
    ]
    for (arguments, error, usage) in cases {
      let result = try tide(arguments)
      XCTAssertEqual(result.status, 64, "\(arguments): \(result.stderr)")
      XCTAssertTrue(result.stderr.contains(error), "\(arguments): \(result.stderr)")
      XCTAssertTrue(result.stderr.contains(usage), "\(arguments): \(result.stderr)")
    }
  }

  /// A bad `--input` file printed the root usage (`tide <subcommand>`): the error was thrown
  /// while `tide run` ran, after parsing. Each command's error now comes with its own usage.
  func testAnErrorWhileRunningShowsTheSubcommandsUsage() throws {
    let input = try makeGame(["bad.input": "1 wiggle\n"]).appendingPathComponent("bad.input")
    let cases: [([String], String)] = [
      (["run", "Content/rps", "--headless", "--input", input.path], "Usage: tide run "),
      (["shot", "Content/rps", "--input", input.path, "-o", "/dev/null"], "Usage: tide shot "),
    ]
    for (arguments, usage) in cases {
      let result = try tide(arguments)
      XCTAssertEqual(result.status, 64, "\(arguments): \(result.stderr)")
      XCTAssertTrue(result.stderr.hasPrefix("Error: \(input.path): line 1: unknown event 'wiggle'"), result.stderr)
      XCTAssertTrue(result.stderr.contains(usage), "\(arguments): \(result.stderr)")
      XCTAssertFalse(result.stderr.contains("<subcommand>"), "\(arguments): \(result.stderr)")
    }
  }

  /// `tide docs` outside a checkout dumped `NSCocoaErrorDomain Code=260`; `--record
  /// /proc/self/mem` said "The file doesn't exist". Each now says what is wrong.
  func testDocsOutsideACheckoutAndARecordInProcSayWhatIsWrong() throws {
    let empty = try makeGame([:])
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    let docs = try tide(["docs"], in: empty)
    XCTAssertEqual(docs.status, 1)
    XCTAssertEqual(
      docs.stderr,
      "tide: tide docs generates the reference from a Tide checkout's sources, and '\(empty.path)' has no "
        + "Sources/TideScript/API; run it in the checkout or name it with --root\n")
    let record = try tide(["run", "Content/rps", "--headless", "--seconds", "1", "--record", "/proc/self/mem"])
    XCTAssertEqual(record.status, 64, record.stderr)
    XCTAssertTrue(record.stderr.hasPrefix("tide: cannot write --record file '/proc/self/mem': it is in /proc, where the system shows its state"), record.stderr)
  }

  /// The outside author's report: run from inside the game folder, messages called the game
  /// `.` ("recorded with another version of ."). They use the folder's name; file paths, which
  /// must lead to the file, stay as given (`./main.lua`).
  func testAGameRunAsDotIsNamedByItsFolder() throws {
    let game = try makeGame(["main.lua": "tide.sprite.rect{ w = 10, h = 10 }\n"])
    let name = game.lastPathComponent
    try withDataHome { _ in
      let file = game.appendingPathComponent("r.input")
      let ran = try tide(["run", ".", "--headless", "--seconds", "1", "--record", file.path], in: game)
      XCTAssertEqual(ran.status, 0, ran.stderr)
      XCTAssertTrue(ran.stdout.contains("\n\(name): ran 1.0 virtual s"), ran.stdout)
      try "tide.sprite.rect{ w = 20, h = 10 }\n".write(to: game.appendingPathComponent("main.lua"), atomically: true, encoding: .utf8)
      let replay = try tide(["run", ".", "--headless", "--input", file.path], in: game)
      XCTAssertTrue(replay.stderr.contains("was recorded with another version of \(name) (game"), replay.stderr)
    }
    let checked = try tide(["check", "."], in: game)
    XCTAssertTrue(checked.stdout.hasPrefix("\(name): ok — \(name), "), checked.stdout)
    let tested = try tide(["test", "."], in: game)
    XCTAssertTrue(tested.stdout.split(separator: "\n").contains("\(name): 0 passed, 0 failed"), tested.stdout)
    try "local x = \n".write(to: game.appendingPathComponent("main.lua"), atomically: true, encoding: .utf8)
    let broken = try tide(["check", "."], in: game)
    XCTAssertTrue(broken.stderr.hasPrefix("tide: ./main.lua:2:"), broken.stderr)
  }
}
