import Foundation
import LuaBridge
import TideCore
import XCTest

@testable import TideScript

/// Issue 13: string.find, match, gmatch and gsub cannot run past the instruction budget, and
/// behave exactly as Lua 5.4's own.
final class PatternBoundTests: XCTestCase {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/patterns")

  /// 3 seeds x 3,000 random patterns and subjects through all four functions: the counted copies
  /// agree with C on every result, capture and error message.
  func testTheCountedCopiesAgreeWithLuaOnRandomPatterns() throws {
    let vm = LuaVM()
    vm.openSafeLibraries()
    let module = try XCTUnwrap(LuaLibrary.text(of: "tide/pattern.lua"))
    try vm.state.doString(module, chunkName: "=[tide pattern]", nresults: 1)
    let patterns = vm.state.ref(at: -1)
    vm.state.pop()
    let differential = try String(contentsOf: Self.fixtures.appendingPathComponent("differential.lua"), encoding: .utf8)
    for seed in 1...3 {
      try vm.state.load(differential, chunkName: "=differential.lua")
      vm.state.push(patterns)
      vm.state.push(seed)
      vm.state.push(3000)
      try vm.state.pcall(nargs: 3, nresults: 1)
      XCTAssertEqual(vm.state.toInt(at: -1), 0, "seed \(seed): the counted copies disagree with Lua (printed above)")
      vm.state.pop()
    }
  }

  /// Each function, as a function and as a string method, with a pattern that backtracks for
  /// hours in C: ended by the budget with the game's line, and the game runs on.
  func testRunawayPatternsEndAtTheBudget() throws {
    let calls = [
      #"string.find(string.rep("a", 3000), "a*a*a*a*a*b")"#,
      #"string.match(string.rep("a", 3000), "a*a*a*a*a*b")"#,
      #"for _ in string.gmatch(string.rep("a", 3000), "a*a*a*a*a*b") do end"#,
      #"string.gsub(string.rep("a", 3000), "a*a*a*a*a*b", "")"#,
      #"(("a"):rep(3000)):gsub("a*a*a*a*a*b", "")"#,
      #"(("a"):rep(3000)):find("^a-a-a-a-a-b")"#,
    ]
    for call in calls {
      let fixture = try GameFixture(main: """
        local count = tide.sprite.text("0", { name = "count" })
        tide.every(0.1, function(n) count.text = tostring(n) end)
        local bomb = tide.sprite.rect{ name = "bomb", w = 50, h = 50 }
        bomb:on("tap", function()
          \(call)
        end)
        """)
      var options = fixture.options()
      options.instructionBudget = 2_000_000
      let engine = try fixture.engine(options: options)
      engine.tap(try XCTUnwrap(engine.node(named: "bomb")))
      let message = try XCTUnwrap(engine.errors.all.first?.message, call)
      XCTAssertTrue(message.contains("instruction budget exceeded"), "\(call): \(message)")
      XCTAssertTrue(message.hasPrefix("game/main.lua:5:") || message.contains("[tide pattern]"), "\(call): \(message)")
      engine.advance(seconds: 0.5)
      XCTAssertEqual(engine.text(of: "count"), "5", "\(call): the game stopped")
    }
  }

  /// Ordinary uses stay on C's matcher and give Lua's results, errors at the caller's line.
  func testOrdinaryUsesBehaveAsLua() throws {
    let report = try runLuaTests(
      #"""
      describe("patterns", function()
        it("match as Lua does", function()
          assert.are.equal("hello", ("  hello  "):match("^%s*(.-)%s*$"))
          assert.are.same({ "a", "b" }, { ("a=b"):match("(%w+)=(%w+)") })
          local words = {}
          for w in ("one two  three"):gmatch("%a+") do words[#words + 1] = w end
          assert.are.same({ "one", "two", "three" }, words)
          assert.are.same({ "h3ll0", 2 }, { ("hello"):gsub("[eo]", { e = "3", o = "0" }) })
          assert.are.same({ 3, 4 }, { ("abcd"):find("cd") })
          assert.are.same({ 2, 3, 2 }, { string.find("xab", "()ab") })
        end)
        it("give the same answers on long subjects, where the counted copy runs", function()
          local long = ("word "):rep(3000)
          local _, spaces = long:gsub("%s+", "")
          assert.are.equal(3000, spaces)
          assert.are.equal("word", long:match("^%s*(.-)%s+"))
        end)
        it("report a malformed pattern at the caller's line", function()
          local ok, message = pcall(function() local r = ("abc"):find("[a") return r end)
          assert.is_false(ok)
          assert.truthy(message:find("api_test.lua:%d+: malformed pattern %(missing ']'%)"), message)
        end)
      end)
      """#)
    assertAllPassed(report, count: 3)
  }
}
