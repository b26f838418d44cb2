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
    let result = try tide(["check", game.path])
    XCTAssertEqual(result.status, 0, "warnings alone do not fail: \(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    XCTAssertEqual(Array(lines.prefix(3)), [
      "\(game.path)/main.lua:1:7: unused variable 'unused'",
      "\(game.path)/main.lua:3:11: accessing undefined field 'txt' of global 'tide'",
      "\(game.path)/main.lua:4:7: accessing undefined variable 'scroe'",
    ])
    XCTAssertTrue(lines.last?.hasPrefix("\(game.path): ok") ?? false, result.stdout)

    let strict = try tide(["check", "--strict", game.path])
    XCTAssertEqual(strict.status, 1)
    XCTAssertEqual(strict.stderr, "tide: \(game.path): 3 lint warnings (--strict)\n")
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

extension CLITests {
  /// The repository's `.luacheckrc` (for editors and plain `luacheck Content`) is what `tide docs` makes.
  func testCommittedLuacheckrcIsCurrent() throws {
    let result = try tide(["docs", "--check"])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.contains(".luacheckrc is up to date"), result.stdout)
  }
}
