import Foundation
import TideScript
import TideTesting
import XCTest

/// A plain Lua library with busted's layout runs under `tide test` unchanged.
final class LibrarySpecTests: XCTestCase {
  private func makeFolder(_ files: [String: String]) throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tide-lib-\(UUID().uuidString)")
    for (path, text) in files {
      let url = dir.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    return dir
  }

  func testLibraryWithSpecFolderAndNoMainRuns() throws {
    let dir = try makeFolder([
      // Required at the top of the spec, before any game starts: it needs the standard globals.
      "vec.lua": """
        local vec = {}
        vec.__index = vec
        function vec.new(x, y) return setmetatable({ x = x, y = y }, vec) end
        function vec:len() return math.sqrt(self.x * self.x + self.y * self.y) end
        return vec
        """,
      "shapes/init.lua": "return { kind = type(1) }",
      // A helper in a subfolder of the spec folder sees busted's assert, not Lua's.
      "spec/helpers/check.lua": "return function(a, b) assert.are.equal(a, b) end",
      "spec/vec_spec.lua": """
        local vec = require("vec")
        local check = require("spec.helpers.check")
        describe("vec", function()
          it("measures", function() check(5, vec.new(3, 4):len()) end)
          it("finds init.lua", function() assert.are.equal("number", require("shapes").kind) end)
        end)
        """,
      "spec/nested/deep_spec.lua": "it('runs nested specs', function() assert.is_true(true) end)",
    ])
    let report = GameTestRunner.run(game: dir, displayPath: "lib")
    assertAllPassed(report, count: 3)
  }

  func testTestModulesStayOutOfTheGame() throws {
    let dir = try makeFolder([
      "main.lua": """
        local h = require("spec.helper")
        if describe ~= nil or it ~= nil or h.describe ~= nil then error("the game sees the tests' names") end
        """,
      "spec/helper.lua": "return { name = 'game copy', describe = describe }",
      "spec/game_spec.lua": """
        local helper = require("spec.helper")
        it("keeps the tests' names out of the game", function()
          assert.are.equal("function", type(helper.describe))
          tide.test.start{}
        end)
        """,
    ])
    let report = GameTestRunner.run(game: dir, displayPath: "game")
    assertAllPassed(report, count: 1)
  }

  /// `.busted` chooses the spec folder and file pattern, as `busted` reads it; a broken one fails.
  func testDotBustedChoosesTheSpecs() throws {
    let dir = try makeFolder([
      ".busted": "return { default = { ROOT = { 'test' }, pattern = '^t_' } }",
      "test/t_one.lua": "it('found through .busted', function() assert.is_true(true) end)",
      "test/other.lua": "it('not a spec by the pattern', function() assert.is_true(false) end)",
      "spec/x_spec.lua": "it('not under ROOT', function() assert.is_true(false) end)",
    ])
    assertAllPassed(GameTestRunner.run(game: dir, displayPath: "lib"), count: 1)
    try "return {".write(to: dir.appendingPathComponent(".busted"), atomically: true, encoding: .utf8)
    let broken = GameTestRunner.run(game: dir, displayPath: "lib")
    XCTAssertEqual(broken.failed, 1)
    XCTAssertTrue(broken.output.contains("FAIL lib: failed loading config file `lib/.busted`: lib/.busted:1: unexpected symbol"), broken.output)
  }

  /// `.busted`'s lpath and helper, as `busted` reads them; a helper that fails is a failure.
  func testDotBustedLpathAndHelper() throws {
    let dir = try makeFolder([
      ".busted": "return { default = { ROOT = { 'test' }, lpath = './src/geo/?.lua', helper = 'test/helper.lua' } }",
      "src/geo/rect.lua": "return { area = function(w, h) return w * h end }",
      "test/helper.lua": """
        local assert = require("luassert")
        HELPER_RAN = true
        assert:register("assertion", "positive", function(_, args) return args[1] > 0 end,
          "assertion.same.positive", "assertion.same.negative")
        """,
      "test/rect_spec.lua": """
        it("finds modules through lpath", function() assert.are.equal(6, require("rect").area(2, 3)) end)
        it("ran the helper first", function() assert.is_true(HELPER_RAN) assert.is_positive(1) end)
        """,
    ])
    assertAllPassed(GameTestRunner.run(game: dir, displayPath: "lib"), count: 2)
    try "error('no helper today')".write(to: dir.appendingPathComponent("test/helper.lua"), atomically: true, encoding: .utf8)
    let broken = GameTestRunner.run(game: dir, displayPath: "lib")
    XCTAssertGreaterThanOrEqual(broken.failed, 1, broken.output)
    XCTAssertTrue(broken.output.contains("lib/test/helper.lua:1: .busted helper test/helper.lua: no helper today"), broken.output)
  }
}
