import CLua
import Foundation
import LuaBridge
import TideCore
import XCTest

@testable import TideScript

/// string.find, match, gmatch and gsub cannot run past the instruction budget, and behave
/// exactly as Lua 5.4's own.
final class PatternBoundTests: XCTestCase {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/patterns")

  /// 3 seeds x 3,000 random patterns and subjects through all four functions: the sandbox's
  /// counting copies agree with Lua's C functions on every result, capture and error message.
  func testTheCountedCopiesAgreeWithLuaOnRandomPatterns() throws {
    let vm = LuaVM()
    vm.openSafeLibraries()
    let lua = vm.state
    // A fresh string library holds Lua's originals. Opening it also points strings' methods at
    // it, which the chunk puts back.
    tide_lua_pushcfunction(lua.L, luaopen_string)
    try lua.pcall(nargs: 0, nresults: 1)
    try lua.load(
      """
      local native = ...
      assert(native.find ~= string.find and native.gsub ~= string.gsub, "the sandbox kept Lua's pattern functions")
      getmetatable("").__index = string
      return { native = native, counted = string }
      """, chunkName: "=patterns")
    lua.insert(at: -2)
    try lua.pcall(nargs: 1, nresults: 1)
    let patterns = lua.ref(at: -1)
    lua.pop()
    let differential = try String(contentsOf: Self.fixtures.appendingPathComponent("differential.lua"), encoding: .utf8)
    for seed in 1...3 {
      try lua.load(differential, chunkName: "=differential.lua")
      lua.push(patterns)
      lua.push(seed)
      lua.push(3000)
      try lua.pcall(nargs: 3, nresults: 1)
      XCTAssertEqual(lua.toInt(at: -1), 0, "seed \(seed): the counted copies disagree with Lua (printed above)")
      lua.pop()
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
      XCTAssertTrue(message.hasPrefix("game/main.lua:5:"), "\(call): \(message)")
      engine.advance(seconds: 0.5)
      XCTAssertEqual(engine.text(of: "count"), "5", "\(call): the game stopped")
    }
  }

  /// Ordinary uses give Lua's results, errors at the caller's line.
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
        it("give the same answers on long subjects", function()
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
