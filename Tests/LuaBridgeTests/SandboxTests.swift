import LuaBridge
import XCTest

final class SandboxTests: XCTestCase {
  func testOnlySafeLibrariesAreOpen() throws {
    let vm = makeVM()
    let lua = vm.state
    for name in ["io", "os", "package", "debug", "dofile", "loadfile", "require"] {
      XCTAssertEqual(try lua.evalString("return type(\(name))"), "nil", name)
    }
    for name in ["string", "table", "math", "utf8", "coroutine", "load", "pcall", "print"] {
      XCTAssertNotEqual(try lua.evalString("return type(\(name))"), "nil", name)
    }
  }

  /// A `__gc` finalizer runs with hooks off, so an endless loop there hung the
  /// host past the instruction budget. The sandbox's setmetatable refuses `__gc`, as Luau does.
  func testSetmetatableRefusesFinalizers() throws {
    let vm = makeVM()
    let lua = vm.state
    vm.instructionBudget = 1_000_000
    XCTAssertThrowsError(
      try lua.doString(
        "setmetatable({}, { __gc = function() while true do end end })\ncollectgarbage()",
        chunkName: "@gc.lua")
    ) { error in
      let message = (error as? LuaError)?.message ?? ""
      XCTAssertEqual(message, "gc.lua:1: setmetatable: __gc finalizers are not allowed (they would run outside the instruction budget)")
    }
    // __gc added afterwards never marks the object, and plain metatables still work.
    try lua.doString(
      """
      ran = false
      local mt = { __index = { kind = "ok" }, __metatable = "locked" }
      local t = setmetatable({}, mt)
      mt.__gc = function() ran = true end
      kind, meta = t.kind, getmetatable(t)
      t = nil
      collectgarbage()
      """, chunkName: "=t")
    vm.collectGarbage()
    XCTAssertEqual(try lua.evalString("return tostring(ran) .. ' ' .. kind .. ' ' .. meta"), "false ok locked")
  }

  /// Found by the long fuzz run: Lua 5.4.4's string.rep copies an empty piece n times, so
  /// `string.rep("", 9.007199254741e15)` spun in C, where neither the budget nor the watchdog
  /// sees. The sandbox's string.rep returns "" at once and is otherwise the original.
  func testStringRepOfNothingReturnsAtOnce() throws {
    let vm = makeVM()
    let lua = vm.state
    XCTAssertEqual(try lua.evalString(#"return string.rep("", 9.007199254741e15) .. "|" .. (""):rep(2^62, "")"#), "|")
    XCTAssertEqual(try lua.evalString(#"return string.rep("ab", 3, ",") .. string.rep("x", 0) .. string.rep("y", -5)"#), "ab,ab,ab")
    XCTAssertEqual(try lua.evalString(#"return string.rep("", 3, "-")"#), "--")
    XCTAssertEqual(try lua.evalString(#"return select(2, pcall(string.rep, "a", 1.5))"#),
                   "bad argument #2 to 'string.rep' (number has no integer representation)")
    XCTAssertEqual(try lua.evalString(#"return select(2, pcall(string.rep, "ab", math.maxinteger))"#), "resulting string too large")
  }

  func testLoadIsTextOnly() throws {
    let vm = makeVM()
    let lua = vm.state
    XCTAssertEqual(try lua.evalString("return load('return 1 + 2')()"), "3")
    XCTAssertEqual(
      try lua.evalString(
        "local f, err = load(string.dump(function() return 1 end)) return tostring(f) .. ' ' .. err"),
      "nil attempt to load a binary chunk (mode is 't')")
    XCTAssertEqual(
      try lua.evalString("local f = load(string.dump(function() end), 'x', 'b') return tostring(f)"), "nil")
    // The env argument still works, and its absence still means _G.
    XCTAssertEqual(try lua.evalString("return load('return x', 'c', 't', { x = 5 })()"), "5")
    XCTAssertEqual(try lua.evalString("y = 9 return load('return y')()"), "9")
    // Reader functions still work.
    XCTAssertEqual(
      try lua.evalString("local parts = { 'return ', '4' } return load(function() return table.remove(parts, 1) end)()"),
      "4")
    XCTAssertEqual(
      lua.expectError("load(nil)")?.message,
      "test.lua:1: bad argument #1 to 'load' (function expected, got nil)")
  }

  func testSwiftLoadRefusesBinaryChunks() throws {
    let vm = makeVM()
    let lua = vm.state
    try lua.doString("return string.dump(function() return 1 end)", chunkName: "=t", nresults: 1)
    let bytes = lua.toString(at: -1) ?? ""
    lua.pop()
    XCTAssertThrowsError(try lua.load(bytes, chunkName: "=bin"))
  }
}
