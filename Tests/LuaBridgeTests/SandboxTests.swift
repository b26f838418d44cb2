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
