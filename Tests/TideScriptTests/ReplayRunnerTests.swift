import Foundation
import TideCore
import TideTesting
import XCTest

@testable import TideScript

/// Replays as tests: every game's `tests/replays/*.input` runs clean, twice alike.
final class ReplayRunnerTests: XCTestCase {
  static let content = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Content")

  static var games: [URL] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: content.path)) ?? []
    return names.sorted().map { content.appendingPathComponent($0) }.filter {
      FileManager.default.fileExists(atPath: $0.appendingPathComponent("main.lua").path)
    }
  }

  /// Every node's fields (`DeterminismTests.dump`, the brief's "hash of the scene"), the scene
  /// and the sounds played so far.
  static func fingerprint(_ engine: Engine) -> String {
    DeterminismTests.dump(engine) + "sounds=\(engine.soundLog)"
  }

  func testEveryGameHasAReplayThatPassesTwiceAlike() throws {
    XCTAssertGreaterThanOrEqual(Self.games.count, 6, "the games in Content/ were not found")
    for game in Self.games {
      let files = ReplayRunner.files(in: game)
      XCTAssertFalse(files.isEmpty, "\(game.lastPathComponent) has no tests/replays/*.input")
      for file in files {
        var first: [String] = []
        var second: [String] = []
        XCTAssertNil(ReplayRunner.runOne(file, game: game, displayPath: game.lastPathComponent) { first.append(Self.fingerprint($0)) })
        XCTAssertNil(ReplayRunner.runOne(file, game: game, displayPath: game.lastPathComponent) { second.append(Self.fingerprint($0)) })
        XCTAssertFalse(first.isEmpty, file.path)
        XCTAssertEqual(first, second, "\(file.path) played differently the second time")
      }
    }
  }

  private func game(_ main: String, replay: String) throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tide-replays-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir.appendingPathComponent("tests/replays"), withIntermediateDirectories: true)
    try main.write(to: dir.appendingPathComponent("main.lua"), atomically: true, encoding: .utf8)
    try replay.write(to: dir.appendingPathComponent("tests/replays/a.input"), atomically: true, encoding: .utf8)
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    return dir
  }

  static let counter = """
    local n = 0
    local label = tide.sprite.text("Score: 0", { name = "score" })
    tide.input.on("pointer_down", function() n = n + 1; label.text = "Score: " .. n; if n == 5 then error("five") end end)
    """

  func testExpectationsAreCheckedAtTheirTimes() throws {
    let good = try game(Self.counter, replay: "1 tap 5 5\n2 tap 5 5\n@expect 1.5 find{name=\"score\"}.text == \"Score: 1\"\n@expect 2.5 #find_all{ name = \"score\" } == 1 and time() == 2.5\n@end 3\n")
    let passing = ReplayRunner.run(game: good, displayPath: "g")
    XCTAssertEqual(passing.map(\.fullName), ["g/tests/replays/a.input"])
    XCTAssertEqual(passing.map(\.outcome), [.passed])
    let wrong = try game(Self.counter, replay: "1 tap 5 5\n@expect 0.5 find{name=\"score\"}.text == \"Score: 1\"\n")
    let entries = ReplayRunner.run(game: wrong, displayPath: "g")
    XCTAssertEqual(entries.count, 1)
    let failure = try XCTUnwrap(entries.first?.failure)
    XCTAssertTrue(failure.contains("line 2 (@expect at tick 30): not true"), failure)
  }

  /// An expectation whose error is a megabyte of lines printed all of it under the replay's
  /// FAIL: now it is one line, cut like any error message.
  func testAnExpectationsErrorIsOneShortLine() throws {
    let noisy = try game(Self.counter, replay: "@expect 0.5 error(string.rep('x\\n', 1e6))\n")
    let report = ReplayRunner.run(game: noisy, displayPath: "g")
    XCTAssertEqual(report.failed, 1)
    let line = try XCTUnwrap(report.lines.first)
    XCTAssertFalse(line.contains("\n"), "one line")
    XCTAssertLessThan(line.utf8.count, Limits.errorMessageBytes + 200)
    XCTAssertTrue(line.hasPrefix("FAIL tests/replays/a.input: line 1 (@expect at tick 30): x x x"), String(line.prefix(200)))
    XCTAssertTrue(line.hasSuffix("more bytes)"), String(line.suffix(100)))
  }

  /// An expectation's error names the query that found nothing (not Lua's `@expect:2:`), and
  /// `reports()` reads what the game reported, as `app:reports()` does in a test.
  func testExpectationErrorsNameTheEmptyQueryAndReportsAreInScope() throws {
    let main = Self.counter + "\ntide.after(0.2, function() tide.report{ score = 7 } end)\n"
    let missing = try game(main, replay: "@expect 0.5 find{ name = \"scor\" }.text == \"Score: 0\"\n")
    XCTAssertEqual(ReplayRunner.run(game: missing, displayPath: "g").lines, [
      "FAIL tests/replays/a.input: line 1 (@expect at tick 30): attempt to index a nil value (find{ name = \"scor\" } found nothing)"
    ])
    let reported = try game(main, replay: "@expect 0.1 reports().score == nil\n@expect 0.5 reports().score == 7\n")
    XCTAssertEqual(ReplayRunner.run(game: reported, displayPath: "g").lines, ["ok tests/replays/a.input"])
  }

  /// Events after `@end` were dropped without a word: a replay cut by hand passed without the
  /// taps it was meant to test.
  func testAnEventAfterTheEndFailsTheReplay() throws {
    let cut = try game(Self.counter, replay: "1 tap 5 5\n3 tap 5 5\n@end 2\n")
    XCTAssertEqual(ReplayRunner.run(game: cut, displayPath: "g").lines, [
      "FAIL tests/replays/a.input: an event at 3.0000 s is not before the replay's @end (2.0000 s), so it would never play"
    ])
    // The release of a tap on the last tick before the end is one tick later: at the end itself.
    let edge = try game(Self.counter, replay: "1.9833 tap 5 5\n@end 2\n")
    XCTAssertEqual(ReplayRunner.run(game: edge, displayPath: "g").failed, 1)
  }

  /// `@expect 1 true -- why` failed with "')' expected near <eof>": the comment ran over the
  /// parenthesis the runner closes the expression with.
  func testAnExpectationMayEndWithAComment() throws {
    let commented = try game(Self.counter, replay: "@expect 0.5 find{ name = \"score\" } ~= nil -- the label is up\n")
    XCTAssertEqual(ReplayRunner.run(game: commented, displayPath: "g").lines, ["ok tests/replays/a.input"])
  }

  /// A FIFO named like a replay hung `tide test` opening it; a folder named so failed vaguely.
  func testAReplayThatIsNotAFileFailsAtOnce() throws {
    let dir = try game(Self.counter, replay: "@end 0.1\n")
    let replays = dir.appendingPathComponent("tests/replays")
    XCTAssertEqual(mkfifo(replays.appendingPathComponent("b.input").path, 0o600), 0)
    try FileManager.default.createDirectory(at: replays.appendingPathComponent("c.input"), withIntermediateDirectories: true)
    XCTAssertEqual(ReplayRunner.run(game: dir, displayPath: "g").lines, [
      "ok tests/replays/a.input",
      "FAIL tests/replays/b.input: cannot read it: not a regular file",
      "FAIL tests/replays/c.input: cannot read it: not a regular file",
    ])
  }

  /// A replay linked to a file outside the game was read like the game's own; now it is
  /// refused in one line naming where it leads, as the game refuses such a file. The game's
  /// version (its fingerprint) neither follows a link out nor goes round a loop.
  func testAReplayLinkedOutOfTheGameIsRefused() throws {
    let dir = try game(Self.counter, replay: "@end 0.1\n")
    let outside = dir.deletingLastPathComponent().appendingPathComponent("tide-outside-\(UUID().uuidString).input")
    try "@end 0.1\n".write(to: outside, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: outside) }
    let version = Engine.gameVersion(of: dir)
    let replays = dir.appendingPathComponent("tests/replays")
    try FileManager.default.createSymbolicLink(atPath: replays.appendingPathComponent("b.input").path, withDestinationPath: outside.path)
    try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("loop").path, withDestinationPath: ".")
    XCTAssertEqual(ReplayRunner.run(game: dir, displayPath: "g").lines, [
      "ok tests/replays/a.input",
      "FAIL tests/replays/b.input: cannot read it: it leads outside the game folder (to \(outside.path))",
    ])
    XCTAssertEqual(Engine.gameVersion(of: dir), version)
  }

  func testAScriptErrorFailsTheReplay() throws {
    let broken = try game(Self.counter, replay: (1...6).map { "\($0) tap 5 5" }.joined(separator: "\n"))
    let failure = try XCTUnwrap(ReplayRunner.run(game: broken, displayPath: "g").first?.failure)
    XCTAssertTrue(failure.contains("five"), failure)
  }

  /// A recording's `@game` is always 16 hex digits, and one written before leading zeros were
  /// kept still names the same game.
  func testGameVersionsHaveSixteenDigitsAndMatchWithoutLeadingZeros() throws {
    // Change a file until the hash's top digit is zero (1 in 16 tries): that digit must stay.
    let dir = try game(Self.counter, replay: "@end 1\n")
    var version = Engine.gameVersion(of: dir)
    for n in 0..<400 where !version.hasPrefix("0") {
      try "-- \(n)".write(to: dir.appendingPathComponent("extra.lua"), atomically: true, encoding: .utf8)
      version = Engine.gameVersion(of: dir)
    }
    XCTAssertTrue(version.hasPrefix("0"), version)
    XCTAssertEqual(version.count, 16, version)
    XCTAssertNotNil(UInt64(version, radix: 16), version)
    XCTAssertTrue(GameFingerprint.same("0b9e1e7d05c5babb", "b9e1e7d05c5babb"))
    XCTAssertFalse(GameFingerprint.same("0b9e1e7d05c5babb", "b9e1e7d05c5babc"))
    XCTAssertTrue(GameFingerprint.same(version, version))
  }
}

extension [TestEntry] {
  /// The entries as a plain report writes them (`ok <file>` or `FAIL <file>: why`), without the game.
  fileprivate var lines: [String] {
    compactMap { TestReport.plainEntry($0, inGame: true) }
  }

  /// How many failed.
  fileprivate var failed: Int { filter { !$0.passed }.count }
}
