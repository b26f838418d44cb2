import Foundation
import XCTest

/// `tide check` lints with luacheck against the names really under `tide`.
extension CLITests {
  func testCheckLintsUnknownFieldsGlobalsAndUnusedVariables() throws {
    let game = try makeGame([
      "main.lua": """
        local unused = 1
        tide.after(1, function() end)
        local t = tide.txt
        print(scroe, t)
        """,
    ])
    let result = try tide(["check", "--warn", game.path])
    XCTAssertEqual(result.status, 0, "with --warn, warnings do not fail: \(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    XCTAssertEqual(Array(lines.prefix(3)), [
      "\(game.path)/main.lua:1:7: unused variable 'unused'",
      "\(game.path)/main.lua:3:11: accessing undefined field 'txt' of global 'tide'",
      "\(game.path)/main.lua:4:7: accessing undefined variable 'scroe'",
    ])
    XCTAssertTrue(lines.last?.hasPrefix("\(game.path): ok") ?? false, result.stdout)

    // As luacheck exits non-zero on warnings, so does `tide check` without --warn.
    let failing = try tide(["check", game.path])
    XCTAssertEqual(failing.status, 1)
    XCTAssertEqual(failing.stderr, "tide: \(game.path): 3 lint warnings (--warn reports them without failing)\n")
  }

  /// `a -> .` and `b -> .` hung `tide check` (luacheck went round the loop, and kept running at
  /// full speed after tide was killed), and `lnk -> ../outside` made it lint and print files
  /// outside the game. luacheck is now handed the game's own files; a link out is named once.
  func testCheckLintsOnlyTheGamesOwnFiles() throws {
    let game = try makeGame(["main.lua": "local unused = 1\n", "data/levels.lua": "return {}\n"])
    let outside = game.deletingLastPathComponent().appendingPathComponent("tide-outside-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: outside) }
    try "local secret_token = 1\n".write(to: outside.appendingPathComponent("creds.lua"), atomically: true, encoding: .utf8)
    let links = ["a": ".", "b": ".", "lnk": outside.path, "data/same.lua": "levels.lua"]
    for (name, target) in links {
      try FileManager.default.createSymbolicLink(atPath: game.appendingPathComponent(name).path, withDestinationPath: target)
    }
    let result = try tide(["check", "--warn", game.path], timeout: 120)
    XCTAssertEqual(result.status, 0, result.stderr)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    XCTAssertEqual(Array(lines.dropLast()), [
      "\(game.path)/lnk: leads outside the game folder (to \(outside.resolvingSymlinksInPath().path)); not linted",
      "\(game.path)/main.lua:1:7: unused variable 'unused'",
    ])
    XCTAssertFalse(result.stdout.contains("secret_token"), result.stdout)
  }

  /// The outside author's report: a syntax error in a test file or in a module main.lua does not
  /// require was printed, then `ok`, exit 0 (only --strict failed on it, as if a warning).
  func testASyntaxErrorAnywhereFailsCheckWithoutStrict() throws {
    let game = try makeGame([
      "main.lua": "tide.after(1, function() end)\n",
      "helper.lua": "local function f(\n",
      "tests/bad_test.lua": "describe('x', function()\n  it('y', function()\n    local t = { a = 1\n  end)\nend)\n",
    ])
    let result = try tide(["check", game.path])
    XCTAssertEqual(result.status, 1, result.stdout)
    XCTAssertEqual(result.stdout.split(separator: "\n").map(String.init), [
      "\(game.path)/helper.lua:2:1: expected argument near <eof>",
      "\(game.path)/tests/bad_test.lua:4:3: expected '}' (to close '{' on line 3) near 'end'",
    ])
    XCTAssertEqual(result.stderr, "tide: \(game.path): 2 syntax errors (listed above)\n")
  }

  /// A test file that does not parse is named once: it was "file:4: file: '}' expected ...".
  func testATestFileThatDoesNotParseIsNamedOnce() throws {
    let game = try makeGame([
      "main.lua": "",
      "tests/bad_test.lua": "describe('x', function()\n  it('y', function()\n    local t = { a = 1\n  end)\nend)\n",
    ])
    let result = try tide(["test", game.path])
    XCTAssertEqual(result.status, 1)
    let failure = try XCTUnwrap(result.stdout.split(separator: "\n").first { $0.contains("bad_test.lua") })
    XCTAssertTrue(failure.hasSuffix("\(game.path)/tests/bad_test.lua:4: '}' expected (to close '{' at line 3) near 'end'"), String(failure))
    XCTAssertEqual(failure.components(separatedBy: "bad_test.lua").count, 2, "named once: \(failure)")
  }

  /// A bot gets the safe standard library and nothing of `tide` or `require` (docs/bots.md);
  /// it was linted with the game's globals, so `tide.` passed lint and failed when the bot ran.
  func testBotsAreLintedWithWhatABotGets() throws {
    let game = try makeGame([
      "main.lua": "",
      "bots/b.lua": """
        return { act = function(app, random)
          app:tap(app:find{ name = random.pick({ "a", "b" }) })
          print(tide.random.int(1, 2), require("x"), os.time(), math.floor(1.5))
        end }
        """,
    ])
    let result = try tide(["check", "--warn", game.path])
    XCTAssertEqual(result.status, 0, result.stderr)
    let lint = result.stdout.split(separator: "\n").filter { !$0.contains(": ok") }.map(String.init)
    XCTAssertEqual(lint, [
      "\(game.path)/bots/b.lua:3:9: accessing undefined variable 'tide'",
      "\(game.path)/bots/b.lua:3:32: accessing undefined variable 'require'",
      "\(game.path)/bots/b.lua:3:46: accessing undefined variable 'os'",
    ])
  }

  func testLintKnowsTestGlobalsOnlyInTests() throws {
    let game = try makeGame([
      "main.lua": "tide.test.start{}\n",
      "tests/main_test.lua": """
        describe("the game", function()
          it("starts", function()
            local app = tide.test.start{ seed = 2 }
            assert.are.equal(nil, app:scene())
            tide.ui.theme.accent = tide.ui.theme.accent
            print(tide.options.anything)
          end)
        end)
        """,
    ])
    let result = try tide(["check", game.path])
    let lint = result.stdout.split(separator: "\n").filter { !$0.contains(": ok") }
    XCTAssertEqual(lint, ["\(game.path)/main.lua:1:1: accessing undefined field 'test.start' of global 'tide'"])
  }

  func testEveryGameInContentIsLintClean() throws {
    let games = try FileManager.default.contentsOfDirectory(atPath: CLITests.root.appendingPathComponent("Content").path)
      .filter { !$0.hasPrefix(".") }.sorted()
    XCTAssertFalse(games.isEmpty)
    for game in games {
      let result = try tide(["check", "--strict", "Content/\(game)"])
      XCTAssertEqual(result.status, 0, "Content/\(game):\n\(result.stdout)\(result.stderr)")
    }
  }
}

/// luacheck's conventions: each kind of file is linted with what it can reach, the project's
/// own `.luacheckrc` runs over Tide's standard, `--formatter` passes through.
extension CLITests {
  func testGameCodeSeesTheSandboxAndSpecsSeeBusted() throws {
    let game = try makeGame([
      "main.lua": "print(io.read, os.time, package.path, debug.traceback, string.format)\ntide.camera = {}\ntide.options = {}\n",
      "scenes/play.lua": "tide.camera.x = 10\ntide.camera.zoom = 2\nreturn tide.options.rounds\n",
      "conf.lua": "return { title = tide.time and tide.screen.width }\n",
      "spec/thing_spec.lua": """
        describe("x", function()
          it("y", function()
            local app = tide.test.start{}
            assert.is_nil(app:scene())
            stub(os, "time")
            print(io.write, spy.new(function() end))
          end)
        end)
        """,
    ])
    let result = try tide(["check", "--warn", game.path])
    let lint = result.stdout.split(separator: "\n").filter { !$0.contains(": ok") }.map(String.init)
    XCTAssertEqual(lint, [
      "\(game.path)/conf.lua:1:32: accessing undefined field 'screen.width' of global 'tide'",
      "\(game.path)/main.lua:1:7: accessing undefined variable 'io'",
      "\(game.path)/main.lua:1:16: accessing undefined variable 'os'",
      "\(game.path)/main.lua:1:25: accessing undefined variable 'package'",
      "\(game.path)/main.lua:1:39: accessing undefined variable 'debug'",
      "\(game.path)/main.lua:2:1: setting read-only field 'camera' of global 'tide'",
      "\(game.path)/main.lua:3:1: setting read-only field 'options' of global 'tide'",
    ], result.stdout)
  }

  func testTheProjectsLuacheckrcRunsOverTidesStandard() throws {
    let game = try makeGame([
      "main.lua": "shared_state = 1\nprint(vendored)\n",
      "vendor/lib.lua": "this_is_not_linted = true\n",
      ".luacheckrc": "globals = { \"shared_state\" }\nread_globals = { \"vendored\" }\nexclude_files = { \"vendor/**\" }\n",
    ])
    let result = try tide(["check", game.path])
    XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
    let tap = try tide(["check", "--formatter", "TAP", game.path])
    XCTAssertEqual(tap.status, 0, tap.stdout + tap.stderr)
    XCTAssertTrue(tap.stdout.hasPrefix("1..1\nok 1 main.lua\n"), tap.stdout)
    try "print(unknown_name)\n".write(to: game.appendingPathComponent("main.lua"), atomically: true, encoding: .utf8)
    let junit = try tide(["check", "--formatter", "JUnit", game.path])
    XCTAssertEqual(junit.status, 1, junit.stdout)
    XCTAssertTrue(junit.stdout.contains("<failure"), junit.stdout)
  }
}

extension CLITests {
  /// The repository's `.luacheckrc` (for editors and plain `luacheck Content`) is what `tide docs` makes.
  func testCommittedLuacheckrcIsCurrent() throws {
    let result = try tide(["docs", "--check"])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.contains(".luacheckrc is up to date"), result.stdout)
  }
}
