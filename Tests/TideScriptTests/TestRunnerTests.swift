import Foundation
import TideCore
import TideScript
import TideTesting
import XCTest

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The headless game test runner: busted-style blocks and hooks, every assertion and its `not`
/// form, failure lines, the closing line, `--filter`, TAP and JUnit, and a fresh game per `it`.
final class TestRunnerTests: XCTestCase {
  static let hooks = #"""
    calls = {}
    local function note(s) calls[#calls + 1] = s end
    before_each(function() note("outer before") end)
    after_each(function() note("outer after") end)
    describe("outer", function()
      before_each(function() note("inner before") end)
      after_each(function() note("inner after") end)
      it("first", function() note("first") end)
      describe("nested", function()
        it("second", function() note("second") end)
      end)
      pending("later")
      it("stops pending inside", function()
        pending("not yet")
        note("never")
      end)
      it("has no body") -- busted registers nothing: `it` without a body waits for one
    end)
    it("ran hooks around every test, outer scope first", function()
      assert.are.same({
        "outer before", "inner before", "first", "inner after", "outer after",
        "outer before", "inner before", "second", "inner after", "outer after",
        "outer before", "inner before", "inner after", "outer after",
        "outer before",
      }, calls)
    end)
    """#

  func testBlocksHooksAndPending() throws {
    let report = try runLuaTests(Self.hooks)
    XCTAssertEqual(report.passed, 3, report.output)
    XCTAssertEqual(report.failed, 0, report.output)
    XCTAssertEqual(report.pending, 2, report.output)
    XCTAssertTrue(report.output.contains("pending: outer > later (game/tests/api_test.lua:12)"), report.output)
    XCTAssertTrue(report.output.contains("pending: outer > stops pending inside"), report.output)
    XCTAssertFalse(report.output.contains("has no body"), report.output)
    XCTAssertTrue(report.output.hasSuffix("\n3 passed, 0 failed, 2 pending\n"), report.output)
  }

  func testEveryAssertionAndItsNotFormPass() throws {
    let report = try runLuaTests(
      #"""
      describe("assertions that hold", function()
        it("equal", function()
          assert.are.equal(1, 1)
          assert.are_not.equal(1, 2)
          assert.are.equals("a", "a")
          assert.is_not.equal({}, {})
          assert.are.equal(1, 1.0)
        end)
        it("same", function()
          assert.are.same({ 1, { a = "b" } }, { 1, { a = "b" } })
          assert.are_not.same({ 1 }, { 2 })
          assert.are.same("x", "x")
        end)
        it("true, false and nil", function()
          assert.is_true(true)
          assert.is_not_true(1)
          assert.is_false(false)
          assert.is_not_false(nil)
          assert.is_nil(nil)
          assert.is_not_nil(false)
          assert.is_truthy(0)
          assert.is_falsy(nil)
          assert(true, "plain assert")
        end)
        it("near", function()
          assert.near(0.3, 0.1 + 0.2, 1e-12)
          assert.is_not.near(1, 2, 0.5)
        end)
        it("has_error", function()
          assert.has_error(function() error("boom") end)
          assert.has_error(function() error("boom here") end, "boom here")
          assert.error_matches(function() error("boom here") end, "^boom")
          assert.has_error(function() error({ code = 7 }) end, { code = 7 })
          assert.has_no.error(function() end)
          assert.has_no_error(function() end)
          assert.does_not.error(function() end)
          assert.errors(function() error("x") end)
        end)
        it("matches", function()
          assert.matches("^%d+$", "123")
          assert.does_not.match("^%d+$", "12a")
          assert.is_not.matches("z", "abc")
        end)
      end)
      """#)
    assertAllPassed(report, count: 6)
  }

  static let failing = #"""
    describe("fails", function()
      it("equal", function()
        assert.are.equal(3, 4)
      end)
      it("same", function()
        assert.are.same({ a = 1 }, { a = 2 })
      end)
      it("is_true", function() assert.is_true(false) end)
      it("not nil", function() assert.is_not_nil(nil) end)
      it("near", function() assert.near(1, 1.5, 0.1) end)
      it("error", function() assert.has_error(function() end) end)
      it("no error", function() assert.has_no.errors(function() error("x") end) end)
      it("matches", function() assert.matches("^a", "ba") end)
      it("raises", function() local t = nil; return t.x end)
      it("user message", function() assert.are.equal(1, 2, "the score") end)
      it("passes <&> \"quoted\"", function() end)
    end)
    """#

  func testFailuresShowFileLineExpectedAndActual() throws {
    let report = try runLuaTests(Self.failing)
    XCTAssertEqual(report.passed, 1, report.output)
    XCTAssertEqual(report.failed, 10, report.output)
    let out = report.output
    // luassert's messages, with its "Expected:" and "Passed in:"/"Caught:" values as expected/actual.
    let expectations = [
      "game/tests/api_test.lua:3: fails > equal: Expected objects to be equal.\n  expected: (number) 3\n  actual: (number) 4\n",
      "game/tests/api_test.lua:6: fails > same: Expected objects to be the same.\n  expected: (table: 0x",
      "game/tests/api_test.lua:8: fails > is_true: Expected objects to be the same.\n  expected: (boolean) true\n  actual: (boolean) false\n",
      "game/tests/api_test.lua:9: fails > not nil: Expected objects to not be the same.\n  expected: not type nil\n  actual: (nil)\n",
      "game/tests/api_test.lua:10: fails > near: Expected values to be near.\n  expected: (number) 1 +/- 0.1\n  actual: (number) 1.5\n",
      "game/tests/api_test.lua:11: fails > error: Expected a different error.\n  expected: (error)\n  actual: (no error)\n",
      "game/tests/api_test.lua:12: fails > no error: Expected no error\n  actual: (string) 'x'\n",
      "game/tests/api_test.lua:13: fails > matches: Expected strings to match.\n  expected: (string) '^a'\n  actual: (string) 'ba'\n",
      "game/tests/api_test.lua:14: fails > raises: attempt to index a nil value (local 't')\n",
      "game/tests/api_test.lua:15: fails > user message: the score: Expected objects to be equal.\n  expected: (number) 1\n  actual: (number) 2\n",
    ]
    for line in expectations {
      XCTAssertTrue(out.contains(line), "missing:\n\(line)\nin:\n\(out)")
    }
    XCTAssertTrue(out.hasSuffix("\n1 passed, 9 failed, 1 error\n"), out)
    XCTAssertEqual(out.components(separatedBy: "\n").filter { $0.hasPrefix("game/tests/api_test.lua:") }.count, 10, out)
  }

  /// testrunner/fast_assert.lua answers passing `is_true`, `equal`... itself; a failing one, a
  /// misuse and an assertion replaced through `assert:register` are still luassert's.
  func testShortcutAssertionsStayLuassertsWhenTheyFail() throws {
    let report = try runLuaTests(
      #"""
      it("returns the arguments", function()
        local a, b, c = assert.are.equal(1, 1, "why")
        assert.are.same({ 1, 1, "why" }, { a, b, c })
        assert.is_not_nil(assert.is_true(true))
      end)
      it("fails the negated form", function() assert.are_not.equal(2, 2) end)
      it("fails with too few arguments", function() assert.are.equal(1) end)
      it("passes is_nil without arguments, as luassert does", function() assert.is_nil() end)
      it("fails a falsy value", function() assert.truthy(false) end)
      it("follows assert:register", function()
        assert:register("assertion", "equal", function() return false end, "assertion.equals.positive", "assertion.equals.negative")
        assert.are.equal(1, 1)
      end)
      """#)
    XCTAssertEqual(report.passed, 2, report.output)
    XCTAssertEqual(report.failed, 4, report.output)
    let out = report.output
    for line in [
      "game/tests/api_test.lua:6: fails the negated form: Expected objects to not be equal.\n",
      // luassert names its own line for a misuse, as under busted.
      "luassert/assertions.lua:115: fails with too few arguments: the 'equals' function requires a minimum of 2 arguments, got: 1",
      "game/tests/api_test.lua:9: fails a falsy value: Expected to be truthy\n  actual: (boolean) false\n",
      "game/tests/api_test.lua:12: follows assert:register: Expected objects to be equal.\n",
    ] {
      XCTAssertTrue(out.contains(line), "missing:\n\(line)\nin:\n\(out)")
    }
  }

  /// --filter is busted's: a Lua pattern on the full name, the names joined by spaces.
  func testFilterIsALuaPatternOnTheFullName() throws {
    let fixture = try GameFixture(main: "", tests: Self.hooks)
    let nested = fixture.runTests(filter: "nested")
    XCTAssertEqual(nested.output, "1 passed, 0 failed\n")
    let outer = fixture.runTests(filter: "^outer ")
    XCTAssertEqual(outer.passed, 2, outer.output)
    XCTAssertEqual(outer.pending, 2, outer.output)
    let spaced = fixture.runTests(filter: "outer nested sec")
    XCTAssertEqual(spaced.passed, 1, "names are joined by spaces, as busted joins them: \(spaced.output)")
    XCTAssertEqual(fixture.runTests(filter: "outer > nested").output, "0 passed, 0 failed\n")
    let pattern = fixture.runTests(filter: "n%a+d sec")
    XCTAssertEqual(pattern.passed, 1, "the filter is a Lua pattern: \(pattern.output)")
    let none = fixture.runTests(filter: "no such test")
    XCTAssertEqual(none.output, "0 passed, 0 failed\n")
  }

  /// One line per test, named with its game and file, numbered once under the plan; a failure
  /// is followed by a YAML block with luassert's message, an error outside an assertion says so.
  func testTAPReportIsWellFormed() throws {
    let report = try runLuaTests(Self.failing)
    let tap = TestReport.tap([report])
    let lines = tap.components(separatedBy: "\n").filter { !$0.isEmpty }
    XCTAssertEqual(lines.prefix(2), ["TAP version 13", "1..11"], tap)
    var expected = 1
    // Test lines, skipping each failure's indented YAML block.
    for line in lines.dropFirst(2).dropLast() where !line.hasPrefix("  ") {
      let ok = line.hasPrefix("ok \(expected) - game/tests/api_test.lua > fails > ")
      let notOk = line.hasPrefix("not ok \(expected) - game/tests/api_test.lua > fails > ")
      XCTAssertTrue(ok || notOk, "test line \(expected) malformed: \(line)")
      expected += 1
    }
    XCTAssertEqual(expected - 1, 11)
    XCTAssertEqual(lines.last, "# 1 passed, 9 failed, 1 error", tap)
    XCTAssertEqual(lines.filter { $0.hasPrefix("not ok ") }.count, 10)
    XCTAssertTrue(
      tap.contains(
        "not ok 1 - game/tests/api_test.lua > fails > equal\n  ---\n  message: \"game/tests/api_test.lua:3: Expected objects to be equal.\\nPassed in:\\n(number) 4\\nExpected:\\n(number) 3\"\n  severity: fail\n  at: \"game/tests/api_test.lua:2\"\n  ...\n"),
      tap)
    XCTAssertTrue(tap.contains("not ok 9 - game/tests/api_test.lua > fails > raises\n  ---\n  message: \"game/tests/api_test.lua:14: attempt to index a nil value (local 't')\"\n  severity: error\n"), tap)
    XCTAssertTrue(tap.contains("ok 11 - game/tests/api_test.lua > fails > passes <&> \"quoted\"\n"), tap)
  }

  func testJUnitReportIsWellFormedXML() throws {
    let junit = TestReport.junit([try runLuaTests(Self.failing)])
    let parser = XMLParser(data: Data(junit.utf8))
    let collector = JUnitCollector()
    parser.delegate = collector
    XCTAssertTrue(parser.parse(), "not well-formed: \(parser.parserError.map { "\($0)" } ?? "?")\n\(junit)")
    XCTAssertEqual(collector.root["tests"], "11")
    XCTAssertEqual(collector.root["failures"], "9")
    XCTAssertEqual(collector.root["errors"], "1")
    XCTAssertEqual(collector.testcases.count, 11)
    XCTAssertEqual(collector.failures, 9)
    XCTAssertEqual(collector.errors, 1)
    // A test is named `describe > it`, as --filter reads it; the game names its suite.
    XCTAssertTrue(collector.testcases.contains("fails > passes <&> \"quoted\""), collector.testcases.description)
    XCTAssertTrue(
      collector.bodies.contains { $0.hasPrefix("game/tests/api_test.lua:3: Expected objects to be equal.\nPassed in:\n(number) 4\nExpected:\n(number) 3") },
      collector.bodies.description)
  }

  /// busted's outcomes reach the entries as they are: an assertion fails; any other error (in a
  /// test, a hook or a file as it runs) errors; a pending test is pending with its reason.
  func testEntriesTellFailuresFromErrorsAndPending() throws {
    let fixture = try GameFixture(
      main: "",
      files: [
        "tests/a_test.lua": """
          describe("outer", function()
            it("fails", function() assert.are.equal(1, 2) end)
            it("errors", function() error("boom") end)
            it("waits", function() pending("not yet") end)
            it("passes", function() end)
            describe("hooked", function()
              before_each(function() error("hook broke") end)
              it("never runs", function() end)
            end)
          end)
          """,
        "tests/b_test.lua": "local x = nil\nx.y = 1\n",
      ])
    let report = fixture.runTests()
    let entries = Dictionary(report.entries.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    XCTAssertEqual(report.entries.count, 6, "\(report.entries)")
    XCTAssertEqual(entries["outer > fails"]?.outcome, .failed)
    XCTAssertTrue(entries["outer > fails"]?.message?.hasPrefix("game/tests/a_test.lua:2: Expected objects to be equal.") ?? false)
    XCTAssertEqual(entries["outer > errors"]?.outcome, .errored)
    XCTAssertEqual(entries["outer > errors"]?.message, "game/tests/a_test.lua:3: boom")
    XCTAssertEqual(entries["outer > waits"]?.outcome, .pending)
    XCTAssertEqual(entries["outer > waits"]?.message, "game/tests/a_test.lua:4: not yet")
    let passed = try XCTUnwrap(entries["outer > passes"])
    XCTAssertEqual([passed.outcome.rawValue, passed.file, String(passed.line ?? 0)], ["passed", "game/tests/a_test.lua", "5"])
    XCTAssertEqual(entries["outer > hooked > before_each"]?.outcome, .errored)
    XCTAssertNil(entries["outer > hooked > never runs"])
    // A file that errors as it runs is one entry, named by its file.
    let file = try XCTUnwrap(entries[""])
    XCTAssertEqual([file.outcome.rawValue, file.file, String(file.line ?? 0)], ["errored", "game/tests/b_test.lua", "2"])
    // The plain report counts errors apart from failures, as busted does.
    XCTAssertTrue(report.output.hasSuffix("\n1 passed, 1 failed, 3 errors, 1 pending\n"), report.output)
  }

  /// The app handle: virtual time, input, and finding sprites by text, tag, name, kind and visibility.
  func testAppHandleDrivesTheGame() throws {
    let report = try runLuaTests(
      #"""
      describe("the app handle", function()
        local app
        before_each(function() app = tide.test.start() end)

        it("finds sprites by text, tag, name, kind and visibility, in drawing order", function()
          assert.are.equal("Start", app:find{ text = "Start" }.text)
          assert.are.equal("lion", app:find{ tag = "animal", name = "lion" }.name)
          assert.are.equal("cobra", app:find{ tag = "animal", visible = false }.name)
          assert.are.equal(3, #app:find_all{ tag = "animal" })
          local names = {}
          for _, s in ipairs(app:find_all{ tag = "animal" }) do names[#names + 1] = s.name end
          assert.are.same({ "rabbit", "lion", "cobra" }, names)
          assert.are.equal(1, #app:find_all{ kind = "text" })
          assert.is_nil(app:find{ text = "Stop" })
          assert.is_nil(app:find{ name = "Start" })
          assert.are.same({}, app:find_all{ tag = "plant" })
          assert.has_error(function() app:find{ colour = "red" } end,
            "bad argument #1 to 'find' (unknown query field 'colour' (expected: text, name, tag, kind, visible))")
        end)

        it("runs virtual time by seconds and by ticks", function()
          assert.are.equal(0, app:time())
          app:advance(2.5)
          assert.near(2.5, app:time(), 1e-9)
          app:step()
          app:step(59)
          assert.near(3.5, app:time(), 1e-9)
        end)

        it("taps, drags, types and presses keys, and tells the scene and sounds", function()
          app:tap(app:find{ text = "Start" })
          assert.are.equal("play", app:scene())
          local lion = app:find{ name = "lion" }
          app:drag(lion, { x = 195, y = 300 })
          assert.are.same({ 195, 300 }, { lion.x, lion.y })
          app:type("Ada")
          app:key("return")
          assert.are.equal("Ada!", app:find{ name = "typed" }.text)
          assert.are.same({ "roar" }, app:sounds())
        end)

        it("refuses bad tap targets", function()
          assert.has_error(function() app:tap("Start") end, "bad argument #1 to 'tap' (sprite or { x = , y = } expected, got string)")
          assert.has_error(function() app:tap{ x = 1 } end, "bad argument #1 to 'tap' (point needs x and y)")
        end)
      end)
      """#,
      main: #"""
      tide.scene.define("title", {
        enter = function()
          local start = tide.sprite.rect{ x = 100, y = 100, w = 120, h = 50, name = "start_button" }
          start:add(tide.sprite.text("Start", { x = 10, y = 10 }))
          start:on("tap", function() tide.scene.go("play") end)
          tide.sprite.rect{ name = "rabbit", tag = "animal", x = 0, y = 600, w = 40, h = 40 }
          tide.sprite.rect{ name = "lion", tag = "animal", x = 60, y = 600, w = 40, h = 40 }
          tide.sprite.rect{ name = "cobra", tag = "animal", x = 120, y = 600, w = 40, h = 40, visible = false }
        end,
      })
      tide.scene.define("play", {
        enter = function(self)
          local lion = tide.sprite.rect{ name = "lion", tag = "animal", x = 60, y = 600, w = 40, h = 40, anchor = "center" }
          lion:on("drag", function(e) lion.x, lion.y = e.x, e.y end)
          self.typed = tide.sprite.text("", { name = "typed" })
        end,
        text = function(self, s) self.typed.text = self.typed.text .. s end,
        key = function(self, name)
          if name == "return" then
            self.typed.text = self.typed.text .. "!"
            tide.audio.play("roar")
          end
        end,
      })
      """#,
      conf: #"return { scene = "title" }"#,
      assets: ["assets/roar.wav": try toneFile("wav", seconds: 0.5)])
    assertAllPassed(report, count: 4)
  }

  /// Every `it` starts from a freshly loaded game: globals, sprites and saves of the last test are gone.
  func testEachTestGetsAFreshGame() throws {
    let report = try runLuaTests(
      #"""
      describe("a fresh game per test", function()
        it("sets a game global and makes sprites", function()
          local app = tide.test.start()
          assert.are.equal("secret=nil runs=1", app:find{ name = "label" }.text)
          app:tap(app:find{ name = "set" })
          assert.are.equal("secret=42", app:find{ name = "label" }.text)
          tide.sprite.rect{ name = "left over" }
          -- Restarting within a test reloads the game but keeps this test's saves.
          app = tide.test.start()
          assert.are.equal("secret=nil runs=2", app:find{ name = "label" }.text)
          assert.is_nil(app:find{ name = "left over" })
        end)

        it("no longer sees that global, sprite or save", function()
          local app = tide.test.start()
          assert.are.equal("secret=nil runs=1", app:find{ name = "label" }.text)
          assert.is_nil(app:find{ name = "left over" })
          assert.are.equal(3, #app:find_all{ kind = "rect" } + #app:find_all{ kind = "text" })
          assert.are.equal(0, app:time())
        end)

        it("fails a test on a game error, unless told not to", function()
          local app = tide.test.start{ raise_errors = false }
          app:tap(app:find{ name = "bomb" })
          local errors = app:errors()
          assert.are.equal(1, #errors)
          assert.matches("^game/main%.lua:8: attempt to index a nil value", errors[1])
        end)

        it("reports a game error as this test's failure", function()
          local app = tide.test.start()
          app:tap(app:find{ name = "bomb" })
        end)
      end)
      """#,
      main: #"""
      local runs = tide.save.read("runs", 0) + 1
      tide.save.write("runs", runs)
      local label = tide.sprite.text("secret=" .. tostring(secret) .. " runs=" .. runs, { name = "label" })
      local set = tide.sprite.rect{ name = "set", x = 0, y = 100, w = 50, h = 50 }
      set:on("tap", function() secret = 42; label.text = "secret=" .. tostring(secret) end)
      local bomb = tide.sprite.rect{ name = "bomb", x = 100, y = 100, w = 50, h = 50 }
      bomb:on("tap", function()
        local t = nil; return t.x
      end)
      """#)
    XCTAssertEqual(report.passed, 3, report.output)
    XCTAssertEqual(report.failed, 1, report.output)
    XCTAssertTrue(report.output.contains("game error (script error in tap handler of "), report.output)
    XCTAssertTrue(report.output.contains("game/main.lua:8"), report.output)
    XCTAssertTrue(report.output.contains("attempt to index a nil value (local 't')"), report.output)
    XCTAssertTrue(report.output.contains("stack traceback:"), report.output)
    XCTAssertTrue(report.output.hasSuffix("3 passed, 0 failed, 1 error\n"), report.output)
  }

  /// A game error that fails a test should read like any failure: the test's file:line and name
  /// first, then the game's own error with its file:line, and sprite names as the author wrote them.
  func testGameErrorFailureLineStartsWithTheTestsLine() throws {
    let report = try runLuaTests(
      #"""
      it("taps the bomb", function()
        local app = tide.test.start()
        app:tap(app:find{ name = "Bomb" })
      end)
      """#,
      main: #"""
      local bomb = tide.sprite.rect{ name = "Bomb", w = 50, h = 50 }
      bomb:on("tap", function() local t = nil; return t.x end)
      """#)
    XCTAssertTrue(
      report.output.hasPrefix("game/tests/api_test.lua:3: taps the bomb: game error (script error in tap handler of Node(rect #"),
      report.output)
    XCTAssertTrue(report.output.contains("'Bomb')): game/main.lua:2: attempt to index a nil value (local 't')"), report.output)
    // The same for a game that fails to start: today "game failed to start: game/main.lua:1: starts: broken main".
    let start = try runLuaTests(#"it("starts", function() tide.test.start() end)"#, main: "error('broken main')")
    XCTAssertTrue(
      start.output.hasPrefix("game/tests/api_test.lua:1: starts: game failed to start: game/main.lua:1: broken main"),
      start.output)
  }

  /// A test file that does not load is one failure naming its file and line; the others still run.
  func testBrokenTestFileIsReportedAndOthersRun() throws {
    let fixture = try GameFixture(
      main: "",
      files: [
        "tests/a_broken_test.lua": "it('x', function()\n  local = 3\nend)\n",
        "tests/b_good_test.lua": "it('runs', function() tide.test.start() end)\n",
        "tests/c_raises_test.lua": "local x = nil\nx.y = 1\n",
        "tests/helper.lua": "error('not a test file: never loaded')",
      ])
    let report = fixture.runTests()
    XCTAssertEqual(report.passed, 1, report.output)
    XCTAssertEqual(report.failed, 2, report.output)
    XCTAssertTrue(report.output.contains("game/tests/a_broken_test.lua:2: "), report.output)
    XCTAssertTrue(report.output.contains("game/tests/c_raises_test.lua:2: "), report.output)
    XCTAssertFalse(report.output.contains("never loaded"), report.output)
    XCTAssertTrue(report.output.hasSuffix("1 passed, 0 failed, 2 errors\n"), report.output)
  }

  func testGameThatFailsToStartFailsTheTest() throws {
    let report = try runLuaTests(
      #"""
      it("starts", function() tide.test.start() end)
      it("starts with an unknown option", function() tide.test.start{ options = { speed = "fast" } } end)
      """#, main: "error('broken main')")
    XCTAssertEqual(report.failed, 2, report.output)
    XCTAssertTrue(report.output.contains("game failed to start: game/main.lua:1: "), report.output)
    XCTAssertTrue(report.output.contains("broken main"), report.output)
    XCTAssertTrue(report.output.contains("game failed to start: unknown option 'speed' (game/conf.lua declares: none)"), report.output)
  }

  /// Only `tests/*_test.lua` are test files; a game with none reports nothing run.
  func testGameWithoutTests() throws {
    let fixture = try GameFixture(main: "")
    let report = fixture.runTests()
    XCTAssertEqual(report.output, "0 passed, 0 failed\n")
  }

  /// `tide test` exits non-zero on any failure (the CLI built beside this test bundle).
  func testCommandLineExitStatus() throws {
    let tide = tideExecutable
    try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: tide.path), "no tide executable at \(tide.path)")
    func run(_ tests: String, _ extra: [String] = []) throws -> (Int32, String) {
      let fixture = try GameFixture(main: "", tests: tests)
      let run = try runProgram(tide, ["test", fixture.directory.path] + extra)
      return (run.status, run.output)
    }
    let (good, goodOut) = try run("it('passes', function() end)")
    XCTAssertEqual(good, 0, goodOut)
    XCTAssertTrue(goodOut.hasSuffix("1 passed, 0 failed\n"), goodOut)
    let (bad, badOut) = try run("it('fails', function() assert.is_true(false) end)")
    XCTAssertNotEqual(bad, 0, badOut)
    XCTAssertTrue(badOut.hasSuffix("0 passed, 1 failed\n"), badOut)
    let (filtered, filteredOut) = try run("it('fails', function() assert.is_true(false) end)\nit('ok', function() end)", ["--filter", "ok"])
    XCTAssertEqual(filtered, 0, filteredOut)
  }
}

/// Collects what a JUnit report holds.
private final class JUnitCollector: NSObject, XMLParserDelegate {
  var root: [String: String] = [:]
  var testcases: [String] = []
  var failures = 0
  var errors = 0
  var bodies: [String] = []
  private var text = ""

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    switch name {
    case "testsuites": root = attributes
    case "testcase": testcases.append(attributes["name"] ?? "")
    case "failure": failures += 1
    case "error": errors += 1
    default: break
    }
    text = ""
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

  func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
    if name == "failure" || name == "error" { bodies.append(text) }
  }
}

/// A test that never ends is stopped by the watchdog after the per-test limit and fails alone,
/// named with its place; the tests before and after it still report.
final class StuckTestTests: XCTestCase {
  func testAStuckTestFailsAloneWithItsPlace() throws {
    let fixture = try GameFixture(
      main: "tide.scene.define('play', {})\ntide.scene.go('play')\n",
      tests: """
        describe("stuck", function()
          it("before", function() assert.is_true(true) end)
          it("loops", function() while true do end end)
          it("catches the stop and loops on", function()
            while true do pcall(function() while true do end end) end
          end)
          it("steps the game for ever", function()
            local app = tide.test.start{}
            repeat app:advance(0.1) until false
          end)
          it("after", function() assert.are.equal(2, 1 + 1) end)
        end)
        """)
    let report = GameTestRunner.run(
      game: fixture.directory, displayPath: fixture.displayPath, options: GameTestRunner.TestOptions(testSeconds: 1))
    let outcomes = report.entries.map { "\($0.name): \($0.outcome.rawValue)" }
    XCTAssertEqual(outcomes, [
      "stuck > before: passed", "stuck > loops: errored", "stuck > catches the stop and loops on: errored",
      "stuck > steps the game for ever: errored", "stuck > after: passed",
    ], report.output)
    let stuck = try XCTUnwrap(report.entries.first { $0.name == "stuck > loops" })
    XCTAssertEqual(
      stuck.message,
      "game/tests/api_test.lua:3: stopped by the watchdog: this test ran for over 1 s (stuck?); "
        + "tide test --test-timeout SECONDS sets the limit")
  }
}

/// busted's options reach the runner: -v adds an error's traceback, as busted's handlers show it.
final class BustedOptionsTests: XCTestCase {
  func testVerboseAddsTheTracebackOfAnError() throws {
    let fixture = try GameFixture(main: "", tests: "it('errs', function() error('boom') end)\n")
    let plain = GameTestRunner.run(game: fixture.directory, displayPath: fixture.displayPath)
    XCTAssertEqual(plain.entries.first?.message, "game/tests/api_test.lua:1: boom")
    let verbose = GameTestRunner.run(
      game: fixture.directory, displayPath: fixture.displayPath, options: GameTestRunner.TestOptions(arguments: ["-v"]))
    let message = try XCTUnwrap(verbose.entries.first?.message)
    XCTAssertTrue(message.hasPrefix("game/tests/api_test.lua:1: boom\nstack traceback:\n"), message)
    XCTAssertTrue(message.contains("game/tests/api_test.lua:1: in function"), message)
  }
}
