import Foundation
import TideTesting
import XCTest

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `tide test`'s three reports written from test entries: plain, TAP and JUnit show the same
/// tests and counts, every game in one document, and none carries a terminal escape unless it
/// is a plain report bound for a terminal.
final class TestReportRenderingTests: XCTestCase {
  static let red = "\u{1B}[31m"
  static let reset = "\u{1B}[0m"

  /// Two games: a failure with luassert's values, an error outside an assertion, a pending
  /// test, a passing and a failing replay; the second game passes.
  static let games: [GameTestReport] = [
    GameTestReport(
      game: "Content/rps", title: "rps",
      entries: [
        TestEntry(
          game: "Content/rps", name: "score > adds", file: "Content/rps/tests/score_test.lua", line: 2, outcome: .failed,
          message: "Content/rps/tests/score_test.lua:3: \(red)the score\(reset)\nExpected objects to be equal.\nPassed in:\n(number) 4\nExpected:\n(number) 5",
          duration: 0.25),
        TestEntry(
          game: "Content/rps", name: "score > <&> \"raises\"", file: "Content/rps/tests/score_test.lua", line: 5,
          outcome: .errored, message: "Content/rps/tests/score_test.lua:6: attempt to index a nil value (local 't')"),
        TestEntry(
          game: "Content/rps", name: "score > later", file: "Content/rps/tests/score_test.lua", line: 8, outcome: .pending,
          message: "Content/rps/tests/score_test.lua:9: not yet"),
        TestEntry(game: "Content/rps", name: "score > passes", file: "Content/rps/tests/score_test.lua", line: 11, outcome: .passed),
        TestEntry(game: "Content/rps", file: "tests/replays/win.input"),
        TestEntry(game: "Content/rps", file: "tests/replays/lose.input", failure: "line 2 (@expect at tick 30): not true"),
      ]),
    GameTestReport(
      game: "Content/pong", title: "pong",
      entries: [TestEntry(game: "Content/pong", name: "ball > bounces", file: "Content/pong/tests/ball_test.lua", line: 1, outcome: .passed)]),
  ]

  func testPlainShowsFailuresPendingFilesAndCountsPerGame() {
    XCTAssertEqual(
      TestReport.plain(Self.games),
      """
      Content/rps/tests/score_test.lua:3: score > adds: the score: Expected objects to be equal.
        expected: (number) 5
        actual: (number) 4
      Content/rps/tests/score_test.lua:6: score > <&> "raises": attempt to index a nil value (local 't')
      pending: score > later (Content/rps/tests/score_test.lua:8)
      ok Content/rps/tests/replays/win.input
      FAIL Content/rps/tests/replays/lose.input: line 2 (@expect at tick 30): not true
      rps: 2 passed, 2 failed, 1 error, 1 pending
      pong: 1 passed, 0 failed
      3 passed, 2 failed, 1 error, 1 pending

      """)
    // One game alone: its own counts line and no total.
    XCTAssertEqual(TestReport.plain([Self.games[1]]), "pong: 1 passed, 0 failed\n")
    XCTAssertEqual(Self.games[1].output, "1 passed, 0 failed\n")
  }

  func testTAPIsOneStreamNumberedOnceWithTheGameInEveryName() {
    let tap = TestReport.tap(Self.games)
    let lines = tap.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.prefix(2), ["TAP version 13", "1..7"])
    XCTAssertEqual(lines.filter { $0.hasPrefix("1..") }.count, 1, "one plan")
    let tests = lines.filter { $0.hasPrefix("ok ") || $0.hasPrefix("not ok ") }
    XCTAssertEqual(
      tests,
      [
        "not ok 1 - Content/rps/tests/score_test.lua > score > adds",
        "not ok 2 - Content/rps/tests/score_test.lua > score > <&> \"raises\"",
        "ok 3 - Content/rps/tests/score_test.lua > score > later # SKIP not yet",
        "ok 4 - Content/rps/tests/score_test.lua > score > passes",
        "ok 5 - Content/rps/tests/replays/win.input",
        "not ok 6 - Content/rps/tests/replays/lose.input",
        "ok 7 - Content/pong/tests/ball_test.lua > ball > bounces",
      ])
    XCTAssertTrue(tap.contains("not ok 1 - Content/rps/tests/score_test.lua > score > adds\n  ---\n  message: \"Content/rps/tests/score_test.lua:3: the score\\nExpected objects to be equal.\\nPassed in:\\n(number) 4\\nExpected:\\n(number) 5\"\n  severity: fail\n  at: \"Content/rps/tests/score_test.lua:2\"\n  ...\n"), tap)
    XCTAssertTrue(tap.contains("  severity: error\n"), tap)
    XCTAssertEqual(lines.last, "# 3 passed, 2 failed, 1 error, 1 pending")
    XCTAssertFalse(tap.contains("\u{1B}"), tap)
  }

  /// A `#` in a name would start a TAP directive, a line break a new line.
  func testTAPNamesStayOnTheirLine() {
    let entry = TestEntry(game: "g", name: "a # TODO\nb", file: "g/t.lua", line: 1, outcome: .passed)
    XCTAssertEqual(TestReport.tap([GameTestReport(game: "g", entries: [entry])]).split(separator: "\n")[2], "ok 1 - g/t.lua > a \\# TODO b")
  }

  func testJUnitHasASuitePerGameAndTellsFailuresFromErrors() throws {
    let junit = TestReport.junit(Self.games)
    XCTAssertFalse(junit.contains("\u{1B}"), junit)
    let document = try XMLDocument(xmlString: junit)
    let root = try XCTUnwrap(document.rootElement())
    XCTAssertEqual(root.name, "testsuites")
    XCTAssertEqual(root.attribute(forName: "tests")?.stringValue, "7")
    XCTAssertEqual(root.attribute(forName: "failures")?.stringValue, "2")
    XCTAssertEqual(root.attribute(forName: "errors")?.stringValue, "1")
    XCTAssertEqual(root.attribute(forName: "skip")?.stringValue, "1")
    let suites = root.elements(forName: "testsuite")
    XCTAssertEqual(suites.compactMap { $0.attribute(forName: "name")?.stringValue }, ["Content/rps", "Content/pong"])
    XCTAssertEqual(suites.compactMap { $0.attribute(forName: "tests")?.stringValue }, ["6", "1"])
    let cases = suites[0].elements(forName: "testcase")
    XCTAssertEqual(
      cases.compactMap { $0.attribute(forName: "name")?.stringValue },
      ["score > adds", "score > <&> \"raises\"", "score > later", "score > passes", "tests/replays/win.input", "tests/replays/lose.input"])
    XCTAssertEqual(cases[0].attribute(forName: "classname")?.stringValue, "Content/rps/tests/score_test.lua")
    XCTAssertEqual(cases[0].attribute(forName: "time")?.stringValue, "0.250")
    let failure = try XCTUnwrap(cases[0].elements(forName: "failure").first)
    XCTAssertEqual(failure.attribute(forName: "message")?.stringValue, "Content/rps/tests/score_test.lua:3: the score")
    XCTAssertTrue(failure.stringValue?.hasSuffix("Expected:\n(number) 5") ?? false, failure.stringValue ?? "")
    XCTAssertEqual(cases[1].elements(forName: "error").count, 1)
    XCTAssertEqual(cases[1].elements(forName: "failure").count, 0)
    XCTAssertEqual(cases[2].elements(forName: "skipped").first?.attribute(forName: "message")?.stringValue, "not yet")
    XCTAssertEqual(cases[3].children?.count ?? 0, 0)
    XCTAssertEqual(cases[5].elements(forName: "failure").count, 1)
  }

  /// Characters XML 1.0 cannot hold (a NUL, a bell in a game's error) would make the file unreadable.
  func testJUnitHoldsAnyMessage() throws {
    let entry = TestEntry(
      game: "g", name: "odd", file: "g/t.lua", line: 1, outcome: .errored, message: "a\u{0}b\u{7}c ]]> 'q' \u{1B}]0;title\u{7}end")
    let junit = TestReport.junit([GameTestReport(game: "g", entries: [entry])])
    let document = try XMLDocument(xmlString: junit)
    let error = try XCTUnwrap(document.rootElement()?.elements(forName: "testsuite").first?.elements(forName: "testcase").first?.elements(forName: "error").first)
    XCTAssertEqual(error.stringValue, "a\u{FFFD}b\u{FFFD}c ]]> 'q' end")
  }

  func testEscapesAreStrippedUnlessColourIsAllowed() {
    XCTAssertEqual(TestReport.withoutEscapes("\(Self.red)red\(Self.reset) \u{1B}[1;38;5;208mbold\u{1B}[m \u{1B}]0;t\u{1B}\\x \u{1B}7y\u{1B}"), "red bold x y")
    XCTAssertEqual(TestReport.withoutEscapes("plain"), "plain")
    XCTAssertFalse(TestReport.plain(Self.games).contains("\u{1B}"))
    XCTAssertTrue(TestReport.plain(Self.games, colour: true).contains("\(Self.red)the score\(Self.reset)"))
    XCTAssertFalse(Self.games[0].output.contains("\u{1B}"))
  }

  func testColourOnlyOnATerminalWithoutNoColor() {
    XCTAssertTrue(TestReport.colourAllowed(terminal: true, environment: [:]))
    XCTAssertTrue(TestReport.colourAllowed(terminal: true, environment: ["NO_COLOR": ""]), "an empty NO_COLOR does not opt out")
    XCTAssertFalse(TestReport.colourAllowed(terminal: true, environment: ["NO_COLOR": "1"]))
    XCTAssertFalse(TestReport.colourAllowed(terminal: false, environment: [:]))
  }
}
