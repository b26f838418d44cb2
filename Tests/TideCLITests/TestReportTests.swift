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

  /// A failing test whose message is coloured, and a table comparison luassert colours on a terminal.
  func colouredGame() throws -> URL {
    try makeGame([
      "main.lua": "",
      "tests/colour_test.lua": """
        describe("colour", function()
          it("says red", function() assert.are.equal(1, 2, "\\27[31mred\\27[0m") end)
          it("compares tables", function() assert.are.same({ a = { b = 1 } }, { a = { b = 2 } }) end)
          it("errors", function() error("boom") end)
          it("waits", function() pending("not yet") end)
        end)
        """,
    ])
  }

  /// luassert's colour codes reached `--output` files (written while standard output was a
  /// terminal) and pipes: no report written to either has an escape byte.
  func testReportsInFilesAndPipesHaveNoEscapes() throws {
    let game = try colouredGame()
    let file = game.appendingPathComponent("report.xml")
    let junit = try tide(["test", game.path, "--format", "junit", "--output", file.path], timeout: 120)
    XCTAssertEqual(junit.status, 1)
    XCTAssertEqual(junit.stdout, "0 passed, 2 failed, 1 error, 1 pending\n")
    let written = try Data(contentsOf: file)
    XCTAssertFalse(written.contains(0x1B), String(decoding: written, as: UTF8.self))
    let document = try XMLDocument(data: written)
    XCTAssertEqual(try document.nodes(forXPath: "//testcase/failure").count, 2)
    XCTAssertEqual(try document.nodes(forXPath: "//testcase/error").count, 1)
    XCTAssertEqual(try document.nodes(forXPath: "//testcase/skipped").count, 1)
    // Lua shortens long chunk names (LUA_IDSIZE), so only the tail of a temp path is certain.
    XCTAssertTrue(String(decoding: written, as: UTF8.self).contains("/tests/colour_test.lua:2: red\" type=\"failure\""))
    for format in ["tap", "plain"] {
      let piped = try tide(["test", game.path, "--format", format], timeout: 120)
      XCTAssertEqual(piped.status, 1)
      XCTAssertFalse(piped.stdout.contains("\u{1B}"), piped.stdout)
      XCTAssertTrue(piped.stdout.contains("red"), piped.stdout)
    }
    // Standard output a terminal, where luassert colours what it shows: the file still has none.
    let onTerminal = try tideOnTerminal(["test", game.path, "--format", "junit", "--output", file.path])
    XCTAssertEqual(onTerminal.status, 1, onTerminal.output)
    XCTAssertFalse(try Data(contentsOf: file).contains(0x1B))
  }

  /// On a terminal the plain report keeps the colour of luassert's messages, unless NO_COLOR is set.
  func testNoColorTurnsColourOffOnATerminal() throws {
    let game = try colouredGame()
    let coloured = try tideOnTerminal(["test", game.path])
    XCTAssertEqual(coloured.status, 1, coloured.output)
    XCTAssertTrue(coloured.output.contains("\u{1B}[31mred\u{1B}[0m"), coloured.output)
    let plain = try tideOnTerminal(["test", game.path], environment: ["NO_COLOR": "1"])
    XCTAssertEqual(plain.status, 1, plain.output)
    XCTAssertTrue(plain.output.contains("colour > says red: red: Expected objects to be equal."), plain.output)
    XCTAssertFalse(plain.output.contains("\u{1B}"), plain.output)
  }

  /// Several games make one TAP stream: one plan, numbered once, every name with its game.
  func testTAPOfSeveralGamesIsOneStreamNamingEachGame() throws {
    let first = try makeGame(["main.lua": "", "tests/a_test.lua": "it('adds', function() end)\nit('fails', function() assert.is_true(false) end)\n"])
    let second = try makeGame(["main.lua": "", "tests/b_test.lua": "describe('b', function() it('runs', function() end) end)\n"])
    let result = try tide(["test", first.path, second.path, "--format", "tap"], timeout: 120)
    XCTAssertEqual(result.status, 1)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.prefix(2), ["TAP version 13", "1..3"], result.stdout)
    XCTAssertEqual(lines.filter { $0.hasPrefix("1..") }.count, 1, result.stdout)
    XCTAssertEqual(
      lines.filter { $0.hasPrefix("ok ") || $0.hasPrefix("not ok ") },
      [
        "ok 1 - \(first.path)/tests/a_test.lua > adds",
        "not ok 2 - \(first.path)/tests/a_test.lua > fails",
        "ok 3 - \(second.path)/tests/b_test.lua > b > runs",
      ], result.stdout)
    XCTAssertEqual(lines.last, "# 2 passed, 1 failed", result.stdout)
  }

  /// Runs `tide` with standard output on a pseudo-terminal (standard error thrown away), as a
  /// person at a terminal would; NO_COLOR is unset unless `environment` sets it.
  func tideOnTerminal(_ arguments: [String], environment extra: [String: String] = [:]) throws -> (status: Int32, output: String) {
    // The C library's pseudo-terminal calls, which Swift's Glibc module leaves out.
    func function<T>(_ name: String, as type: T.Type) throws -> T {
      guard let symbol = dlsym(nil, name) else { throw XCTSkip("no \(name) here") }
      return unsafeBitCast(symbol, to: type)
    }
    let openTerminal = try function("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
    let grant = try function("grantpt", as: (@convention(c) (Int32) -> Int32).self)
    let unlock = try function("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
    let terminalName = try function("ptsname", as: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self)
    let master = openTerminal(O_RDWR | O_NOCTTY)
    guard master >= 0 else { throw XCTSkip("no pseudo-terminal here") }
    defer { close(master) }
    guard grant(master) == 0, unlock(master) == 0, let name = terminalName(master) else { throw XCTSkip("no pseudo-terminal here") }
    let terminal = open(name, O_RDWR | O_NOCTTY)
    guard terminal >= 0 else { throw XCTSkip("cannot open \(String(cString: name))") }
    let process = Process()
    process.executableURL = CLITests.tideBinary
    process.arguments = arguments
    process.currentDirectoryURL = CLITests.root
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = nil
    environment["DISPLAY"] = nil
    environment["WAYLAND_DISPLAY"] = nil
    environment["XDG_DATA_HOME"] = environment["XDG_DATA_HOME"] ?? FileManager.default.temporaryDirectory.appendingPathComponent("tide-cli-data").path
    environment.merge(extra) { $1 }
    process.environment = environment
    process.standardOutput = FileHandle(fileDescriptor: terminal, closeOnDealloc: false)
    process.standardError = FileHandle.nullDevice
    try process.run()
    close(terminal)
    // Read until the terminal's last writer is gone (Linux then fails the read with EIO).
    var output = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(master, &buffer, buffer.count)
      if count <= 0 { break }
      output.append(contentsOf: buffer[0..<count])
    }
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
  }
}
