import LuaBridge
import XCTest

final class ArgumentTests: XCTestCase {
  private enum Ease: String, CaseIterable {
    case linear, in_quad, out_back
  }

  private func makeAPI() -> LuaVM {
    let vm = makeVM()
    let lua = vm.state
    let after: LuaFunction = { lua in
      _ = try lua.checkNumber(1)
      try lua.checkFunction(2)
      return 0
    }
    lua.setGlobal("after", after)
    lua.newTable()
    lua.push(after)
    lua.rawSet(-2, key: "after")
    lua.push { lua in
      let name = try lua.checkOption(1, ["linear", "in_quad", "out_back"], default: "linear")
      lua.push(name)
      return 1
    }
    lua.rawSet(-2, key: "ease")
    lua.push { lua in
      lua.push(try lua.checkOption(1, as: Ease.self).rawValue)
      return 1
    }
    lua.rawSet(-2, key: "ease_enum")
    lua.push { lua in
      lua.push(try lua.checkInt(1))
      return 1
    }
    lua.rawSet(-2, key: "int")
    lua.push { lua in
      lua.push(try lua.optInt(1, default: 7) + Int(try lua.optNumber(2, default: 0.5) * 2))
      lua.push(try lua.optString(3, default: "d"))
      lua.push(try lua.optBool(4, default: true))
      return 3
    }
    lua.rawSet(-2, key: "opts")
    lua.push { lua in
      let n = try lua.checkInt(1)
      if n < 0 { throw lua.argumentError(1, "must not be negative") }
      return 0
    }
    lua.rawSet(-2, key: "count")
    lua.setGlobal("tide")
    return vm
  }

  /// Every value's type reads as Lua names it, through the switch that stands in for
  /// `init?(rawValue:)` on the hot path.
  func testTypesReadAsLuaGivesThem() throws {
    let vm = makeVM()
    let lua = vm.state
    try lua.doString("values = { nil, true, 1, 'a', {}, print, coroutine.create(print) }", chunkName: "=t")
    let expected: [LuaType] = [.nil, .boolean, .number, .string, .table, .function, .thread]
    lua.getGlobal("values")
    defer { lua.pop() }
    for (i, type) in expected.enumerated() {
      XCTAssertEqual(lua.rawGet(-1, index: i + 1), type)
      XCTAssertEqual(lua.type(at: -1), type)
      lua.pop()
    }
    for code in Int32(-3)...12 {
      XCTAssertEqual(LuaType(code: code), LuaType(rawValue: code) ?? .none, "code \(code)")
    }
  }

  func testArgumentErrorsUseLuasWording() {
    let vm = makeAPI()
    let lua = vm.state
    XCTAssertEqual(
      lua.expectError("after(1, nil)")?.message,
      "test.lua:1: bad argument #2 to 'after' (function expected, got nil)")
    XCTAssertEqual(
      lua.expectError("tide.after(nil, print)")?.message,
      "test.lua:1: bad argument #1 to 'after' (number expected, got nil)")
    XCTAssertEqual(
      lua.expectError("tide.after()")?.message,
      "test.lua:1: bad argument #1 to 'after' (number expected, got no value)")
    XCTAssertEqual(
      lua.expectError("local t = tide\nt.after(1, {})")?.message,
      "test.lua:2: bad argument #2 to 'after' (function expected, got table)")
    XCTAssertEqual(
      lua.expectError("tide.int(1.5)")?.message,
      "test.lua:1: bad argument #1 to 'int' (number has no integer representation)")
    XCTAssertEqual(
      lua.expectError("tide.count(-1)")?.message,
      "test.lua:1: bad argument #1 to 'count' (must not be negative)")
  }

  func testArgumentErrorMatchesLuasOwnLibraryWording() throws {
    let vm = makeAPI()
    let lua = vm.state
    // string.rep is lauxlib's own check; ours must read the same.
    let native = lua.expectError("string.rep(nil, 1)")?.message
    let ours = lua.expectError("tide.int(nil)")?.message
    XCTAssertEqual(native, "test.lua:1: bad argument #1 to 'rep' (string expected, got nil)")
    XCTAssertEqual(ours, "test.lua:1: bad argument #1 to 'int' (number expected, got nil)")
  }

  func testBadOptionListsValidOnes() throws {
    let vm = makeAPI()
    let lua = vm.state
    XCTAssertEqual(
      lua.expectError("tide.ease('bounce')")?.message,
      "test.lua:1: bad argument #1 to 'ease' (invalid option 'bounce' (expected one of: linear, in_quad, out_back))"
    )
    XCTAssertEqual(
      lua.expectError("tide.ease_enum('x')")?.message,
      "test.lua:1: bad argument #1 to 'ease_enum' (invalid option 'x' (expected one of: linear, in_quad, out_back))"
    )
    XCTAssertEqual(try lua.evalString("return tide.ease('out_back')"), "out_back")
    XCTAssertEqual(try lua.evalString("return tide.ease()"), "linear")
    XCTAssertEqual(try lua.evalString("return tide.ease_enum('in_quad')"), "in_quad")
    XCTAssertEqual(
      lua.expectError("tide.ease(false)")?.message,
      "test.lua:1: bad argument #1 to 'ease' (string expected, got boolean)")
  }

  func testOptionalArguments() throws {
    let vm = makeAPI()
    let lua = vm.state
    try lua.doString("return tide.opts()", chunkName: "=t", nresults: 3)
    XCTAssertEqual(lua.toInt(at: 1), 8)
    XCTAssertEqual(lua.toString(at: 2), "d")
    XCTAssertEqual(lua.toBool(at: 3), true)
    lua.top = 0
    try lua.doString("return tide.opts(1, 2, 'x', false)", chunkName: "=t", nresults: 3)
    XCTAssertEqual(lua.toInt(at: 1), 5)
    XCTAssertEqual(lua.toString(at: 2), "x")
    XCTAssertEqual(lua.toBool(at: 3), false)
    lua.top = 0
    XCTAssertEqual(
      lua.expectError("tide.opts(nil, nil, nil, 1)")?.message,
      "test.lua:1: bad argument #4 to 'opts' (boolean expected, got number)")
  }

  func testMethodCallsReportSelfLikeLua() {
    let vm = makeAPI()
    let lua = vm.state
    // obj:after(x) shifts argument numbers, as luaL_argerror does for methods.
    XCTAssertEqual(
      lua.expectError("tide:after(print)")?.message,
      "test.lua:1: calling 'after' on bad self (number expected, got table)")
  }
}
