import CLua
import LuaBridge
import XCTest

final class FunctionCallTests: XCTestCase {
  func testSwiftFunctionCallableFromLua() throws {
    let vm = makeVM()
    let lua = vm.state
    lua.setGlobal("add") { lua in
      lua.push(try lua.checkInt(1) + lua.checkInt(2))
      return 1
    }
    XCTAssertEqual(try lua.evalString("return add(2, 40)"), "42")
    XCTAssertEqual(lua.top, 0)
  }

  func testAFinalizerCallingAReleasedSwiftFunctionGetsAnError() throws {
    var calls = 0
    var message: String?
    do {
      // Scripts cannot set __gc (the sandbox refuses it); the full base library can.
      let vm = LuaVM()
      luaL_openlibs(vm.L)
      let lua = vm.state
      lua.setGlobal("report") { lua in
        if !lua.toBool(at: 1) { message = lua.toString(at: 2) }
        return 0
      }
      // Marked for finalization before `late`'s box, so lua_close finalizes it after the box:
      // the call must meet a released function (an error), not freed memory.
      try lua.doString(
        "holder = setmetatable({}, { __gc = function() report(pcall(late)) end })", chunkName: "=test")
      lua.setGlobal("late") { _ in
        calls += 1
        return 0
      }
      try lua.doString("late()", chunkName: "=test")
    }
    XCTAssertEqual(calls, 1, "only the call made while the VM was open ran")
    XCTAssertTrue(message?.contains("attempt to call a released Swift function") == true, "\(message ?? "no error")")
  }

  func testFunctionsPastTheSlotTrampolinesBehaveAlike() throws {
    let vm = makeVM()
    let lua = vm.state
    // More functions than a VM has slot trampolines: the later ones take the upvalue
    // trampoline, and both kinds must return, raise and name the caller's line the same.
    let count = Int(TIDE_FAST_SLOTS) + 8
    lua.newTable()
    for i in 1...count {
      lua.push { lua in
        if lua.toBool(at: 1) { throw LuaRaise("failed \(i)") }
        lua.push(i * 10)
        return 1
      }
      lua.rawSet(-2, index: i)
    }
    lua.setGlobal("fs")
    XCTAssertEqual(try lua.evalString("return fs[1]() + fs[\(count)]()"), "\(10 + count * 10)")
    XCTAssertEqual(
      try lua.evalString("local _, a = pcall(fs[2], true)\nlocal _, b = pcall(fs[\(count)], true)\nreturn a .. ' / ' .. b"),
      "failed 2 / failed \(count)")
    try lua.doString("function call(f) return f(true) end", chunkName: "=where")
    for i in [3, count - 1] {
      XCTAssertEqual(try lua.evalString("return select(2, pcall(call, fs[\(i)]))"), "where:1: failed \(i)")
    }
  }

  func testLuaFunctionCallableFromSwift() throws {
    let vm = makeVM()
    let lua = vm.state
    try lua.doString("function greet(name, n) return 'hi ' .. name, n * 2 end", chunkName: "=test")
    XCTAssertEqual(lua.getGlobal("greet"), .function)
    lua.push("Ada")
    lua.push(21)
    try lua.pcall(nargs: 2, nresults: 2)
    XCTAssertEqual(lua.toString(at: -2), "hi Ada")
    XCTAssertEqual(lua.toInt(at: -1), 42)
    lua.pop(2)
    XCTAssertEqual(lua.top, 0)
  }

  func testIntegersStayIntegers() throws {
    let vm = makeVM()
    let lua = vm.state
    let big = (1 << 53) + 1
    lua.setGlobal("echo") { lua in
      lua.push(try lua.checkInt(1))
      return 1
    }
    lua.push(big)
    lua.setGlobal("big")
    XCTAssertEqual(try lua.evalString("return math.type(big)"), "integer")
    XCTAssertEqual(try lua.evalString("return math.type(echo(big))"), "integer")
    XCTAssertEqual(try lua.evalString("return tostring(echo(big) == 9007199254740993)"), "true")
    try lua.doString("return echo(big)", chunkName: "=test", nresults: 1)
    XCTAssertTrue(lua.isInteger(at: -1))
    XCTAssertEqual(lua.toInt(at: -1), big)
    lua.pop()
    lua.push(2.0)
    XCTAssertFalse(lua.isInteger(at: -1))
    XCTAssertEqual(lua.toInt(at: -1), 2)
    lua.pop()
    XCTAssertEqual(try lua.evalString("return math.type(3.0)"), "float")
  }

  func testSwiftDeferRunsWhenSwiftFunctionThrowsIntoLua() throws {
    let vm = makeVM()
    let lua = vm.state
    var cleanups = 0
    lua.setGlobal("fail") { lua in
      defer { cleanups += 1 }
      lua.push("partial result")
      throw LuaRaise("fail on purpose")
    }
    // Caught by a Lua pcall...
    XCTAssertEqual(
      try lua.evalString("local ok, e = pcall(function() fail() end) return e", chunkName: "@t.lua"),
      "t.lua:1: fail on purpose")
    XCTAssertEqual(cleanups, 1)
    // ...and by the protected call from Swift.
    let error = lua.expectError("fail()")
    XCTAssertEqual(error?.message, "test.lua:1: fail on purpose")
    XCTAssertEqual(cleanups, 2)
    // An argument error also unwinds Swift first.
    lua.setGlobal("typed") { lua in
      defer { cleanups += 1 }
      _ = try lua.checkString(1)
      return 0
    }
    XCTAssertNotNil(lua.expectError("typed({})"))
    XCTAssertEqual(cleanups, 3)
  }

  func testOtherSwiftErrorsBecomeLuaErrors() {
    struct Oops: Error, CustomStringConvertible { var description: String { "oops" } }
    let vm = makeVM()
    vm.state.setGlobal("boom") { _ in throw Oops() }
    XCTAssertEqual(vm.state.expectError("boom()")?.message, "test.lua:1: oops")
  }

  func testRaiseWithoutLocation() {
    let vm = makeVM()
    vm.state.setGlobal("bare") { _ in throw LuaRaise("no position", addsLocation: false) }
    XCTAssertEqual(vm.state.expectError("bare()")?.message, "no position")
  }

  func testSwiftFunctionSeesCallingCoroutine() throws {
    let vm = makeVM()
    let lua = vm.state
    var seen: [OpaquePointer] = []
    lua.setGlobal("where_am_i") { lua in
      seen.append(lua.L)
      lua.push(Int(lua.top))  // arguments of this call only
      return 1
    }
    try lua.doString(
      """
      local co = coroutine.create(function(a, b) return where_am_i(a, b) end)
      local ok, n = coroutine.resume(co, 1, 2)
      assert(ok and n == 2)
      main_count = where_am_i()
      """, chunkName: "=test")
    XCTAssertEqual(seen.count, 2)
    XCTAssertNotEqual(seen[0], vm.L)
    XCTAssertEqual(seen[1], vm.L)
  }

  func testSetFunctionsInTable() throws {
    let vm = makeVM()
    let lua = vm.state
    lua.newTable()
    lua.setFunctions(
      -1,
      [
        "one": { lua in lua.push(1); return 1 },
        "two": { lua in lua.push(2); return 1 },
      ])
    lua.setGlobal("lib")
    XCTAssertEqual(try lua.evalString("return lib.one() + lib.two()"), "3")
  }

  func testStackCheckPassesWhenBalanced() {
    let vm = makeVM()
    let lua = vm.state
    lua.withStackCheck(pushes: 1) { lua.push(1) }
    lua.withStackCheck(pushes: -1) { lua.pop() }
    XCTAssertEqual(lua.top, 0)
  }
}
