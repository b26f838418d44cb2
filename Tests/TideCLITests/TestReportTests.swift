import Foundation
#if canImport(FoundationXML)
  import FoundationXML
#endif
import XCTest

/// `tide test` reports every replay (and golden screen) as one test in plain, TAP and JUnit
/// output and in the counts, and writes JUnit the same way every run.
extension CLITests {
  /// A game made by `tide new` in a scratch folder: 3 Lua tests, one replay, one golden screen.
  func newGame(_ name: String = "demo") throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tide-report-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    let made = try tide(["new", name, "--path", folder.path])
    XCTAssertEqual(made.status, 0, made.stdout + made.stderr)
    return folder.appendingPathComponent(name)
  }

  /// Adds an `@expect` that is false to the game's replay.
  func breakReplay(of game: URL) throws {
    let replay = game.appendingPathComponent("tests/replays/first.input")
    let text = try String(contentsOf: replay, encoding: .utf8)
    try (text + "@expect 2 find{ name = \"score\" }.text == \"Score: 99\"\n").write(to: replay, atomically: true, encoding: .utf8)
  }

  func testAFailingReplayIsOneFailedTestInThePlainReport() throws {
    let game = try newGame()
    try breakReplay(of: game)
    let result = try tide(["test", game.path], timeout: 120)
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.stdout.contains("FAIL \(game.path)/tests/replays/first.input: line "), result.stdout)
    // The Lua tests and the golden screen pass; the replay is the one failure.
    XCTAssertTrue(result.stdout.hasSuffix("\(game.path): 4 passed, 1 failed\n"), result.stdout)
  }

  func testAFailingReplayIsOneFailedTestInTAP() throws {
    let game = try newGame()
    try breakReplay(of: game)
    let result = try tide(["test", game.path, "--format", "tap"], timeout: 120)
    XCTAssertEqual(result.status, 1)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.prefix(2), ["TAP version 13", "1..5"], result.stdout)
    XCTAssertEqual(lines.filter { $0.hasPrefix("ok ") }.count, 4, result.stdout)
    XCTAssertEqual(lines.filter { $0.hasPrefix("not ok ") }, ["not ok 4 - \(game.path)/tests/replays/first.input"], result.stdout)
    XCTAssertEqual(lines.last, "# 4 passed, 1 failed", result.stdout)
  }

  func testAFailingReplayIsOneFailedTestInJUnit() throws {
    let game = try newGame()
    try breakReplay(of: game)
    let file = game.deletingLastPathComponent().appendingPathComponent("j.xml")
    let result = try tide(["test", game.path, "--format", "junit", "--output", file.path], timeout: 120)
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(result.stdout, "4 passed, 1 failed\n")
    let document = try XMLDocument(contentsOf: file)
    let root = try XCTUnwrap(document.rootElement())
    XCTAssertEqual(root.attribute(forName: "tests")?.stringValue, "5")
    XCTAssertEqual(root.attribute(forName: "failures")?.stringValue, "1")
    let cases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
    XCTAssertEqual(cases.count, 5)
    let replay = try XCTUnwrap(cases.first { $0.attribute(forName: "name")?.stringValue == "tests/replays/first.input" })
    XCTAssertEqual(replay.elements(forName: "failure").count, 1)
    XCTAssertTrue(cases.contains { $0.attribute(forName: "name")?.stringValue == "tests/golden/start.input" })
  }

  /// Two games' JUnit reports merge into one whose counts hold both games' failures.
  func testMergedJUnitCountsTheFailuresOfEveryGame() throws {
    let failing = try makeGame([
      "main.lua": "",
      "tests/math_test.lua": "describe('sums', function() it('fails', function() assert.are.equal(5, 2 + 2) end) end)\n",
    ])
    let passing = try makeGame([
      "main.lua": "",
      "tests/math_test.lua": "describe('sums', function() it('adds', function() assert.are.equal(4, 2 + 2) end) end)\n",
    ])
    let result = try tide(["test", failing.path, passing.path, "--format", "junit"], timeout: 120)
    XCTAssertEqual(result.status, 1)
    let root = try XCTUnwrap(try XMLDocument(xmlString: result.stdout).rootElement())
    XCTAssertEqual(root.attribute(forName: "tests")?.stringValue, "2")
    XCTAssertEqual(root.attribute(forName: "failures")?.stringValue, "1")
  }

  /// pl.xml wrote attributes in `pairs` order, which Lua changes from run to run.
  func testJUnitAttributesComeInTheSameOrderEveryRun() throws {
    let game = try newGame()
    var tags: Set<String> = []
    for _ in 0..<3 {
      let result = try tide(["test", game.path, "--format", "junit"], timeout: 120)
      XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
      // Each opening tag with its attribute names, values left out (times differ).
      let opening = try NSRegularExpression(pattern: "<(testsuites|testsuite|testcase)\\b[^>]*>")
      let names = try NSRegularExpression(pattern: "\\s([a-z]+)=['\"]")
      let text = result.stdout as NSString
      let shapes = opening.matches(in: result.stdout, range: NSRange(location: 0, length: text.length)).map { match in
        let tag = text.substring(with: match.range)
        let attributes = names.matches(in: tag, range: NSRange(location: 0, length: (tag as NSString).length))
          .map { (tag as NSString).substring(with: $0.range(at: 1)) }
        return text.substring(with: match.range(at: 1)) + " " + attributes.joined(separator: " ")
      }
      XCTAssertTrue(shapes.contains("testsuite name tests failures errors skip time timestamp"), "\(shapes)")
      tags.insert(shapes.joined(separator: "\n"))
    }
    XCTAssertEqual(tags.count, 1, "\(tags)")
  }
}
