import LuaBridge
import XCTest

final class ErrorTests: XCTestCase {
  func testNestedErrorReportsChunkLineAndTraceback() {
    let vm = makeVM()
    let lua = vm.state
    let source = """
      local function inner(x)
        return x.field
      end
      function outer()
        return inner(nil) + 1
      end
      outer()
      """
    guard let error = lua.expectError(source, chunkName: "@Content/rps/main.lua") else { return }
    XCTAssertEqual(error.kind, .runtime)
    XCTAssertEqual(error.location, "Content/rps/main.lua:2")
    XCTAssertTrue(error.message.hasPrefix("Content/rps/main.lua:2: attempt to index a nil value"), error.message)
    XCTAssertTrue(error.traceback.hasPrefix("stack traceback:"), error.traceback)
    XCTAssertTrue(error.traceback.contains("Content/rps/main.lua:2: in "), error.traceback)
    XCTAssertTrue(error.traceback.contains("Content/rps/main.lua:5: in function 'outer'"), error.traceback)
    XCTAssertTrue(error.traceback.contains("Content/rps/main.lua:7: in main chunk"), error.traceback)
    XCTAssertTrue(error.description.contains(error.traceback))
  }

  /// Lua keeps 59 bytes of a file's name in its messages ("..." and the tail): an editor
  /// cannot open that, so every message, place and traceback names the whole file again.
  func testAFileNameTooLongForLuaIsNamedWholeInErrors() {
    let vm = makeVM()
    let lua = vm.state
    let file = "/home/ana/projects/games/made/with/tide/a/rather/long/folder/bubbles/main.lua"
    guard let error = lua.expectError("local t\nreturn t.x", chunkName: "@" + file) else { return }
    XCTAssertEqual(error.location, file + ":2")
    XCTAssertTrue(error.message.hasPrefix(file + ":2: attempt to index a nil value"), error.message)
    XCTAssertTrue(error.traceback.contains(file + ":2: in main chunk"), error.traceback)
    XCTAssertFalse(error.description.contains("..."), error.description)
    // A coroutine's error names it whole too.
    try? lua.doString("function body() coroutine.yield() error('task failed') end", chunkName: "@" + file)
    lua.getGlobal("body")
    let thread = lua.newThread(function: -1)
    lua.pop()
    guard case .yielded = thread.resume(), case .errored(let failed) = thread.resume() else { return XCTFail("expected an error") }
    XCTAssertEqual(failed.message, file + ":1: task failed")
    XCTAssertTrue(failed.traceback.contains(file + ":1: in function 'body'"), failed.traceback)
    // A name of 59 bytes, which Lua keeps, is left as it is.
    let short = "game/" + String(repeating: "a", count: 59 - "game/.lua".count) + ".lua"
    guard let kept = lua.expectError("error('x')", chunkName: "@" + short) else { return }
    XCTAssertEqual(kept.location, short + ":1")
  }

  /// A function called through a computed field is one Lua cannot name ('?'): its argument
  /// errors use the name it was pushed with; where Lua has a name, Lua's stands.
  func testAnArgumentErrorNamesAFunctionLuaCannotName() {
    let vm = makeVM()
    let lua = vm.state
    lua.newTable()
    lua.push({ _ in throw LuaArgumentError(arg: 1, message: "no good") }, name: "lib.make")
    lua.rawSet(-2, key: "make")
    lua.push({ lua in throw lua.typeError(1, expected: "table") }, name: "lib.typed")
    lua.rawSet(-2, key: "typed")
    lua.setGlobal("lib")
    let computed = lua.expectError("local k = 'make'\nlib[k](1)", chunkName: "@x.lua")
    XCTAssertEqual(computed?.message, "x.lua:2: bad argument #1 to 'lib.make' (no good)")
    let typed = lua.expectError("local k = 'typed'\nlib[k](1)", chunkName: "@x.lua")
    XCTAssertEqual(typed?.message, "x.lua:2: bad argument #1 to 'lib.typed' (table expected, got number)")
    let named = lua.expectError("lib.make(1)", chunkName: "@x.lua")
    XCTAssertEqual(named?.message, "x.lua:1: bad argument #1 to 'make' (no good)")
  }

  func testErrorFromSwiftFunctionCalledByNestedLua() {
    let vm = makeVM()
    let lua = vm.state
    lua.setGlobal("explode") { _ in throw LuaRaise("kaboom") }
    guard
      let error = lua.expectError(
        "local function a()\n  explode()\nend\nlocal function b() a() end\nb()", chunkName: "@game/x.lua")
    else { return }
    XCTAssertEqual(error.message, "game/x.lua:2: kaboom")
    XCTAssertEqual(error.location, "game/x.lua:2")
    XCTAssertTrue(error.traceback.contains("[C]: in function 'explode'"), error.traceback)
    XCTAssertTrue(error.traceback.contains("game/x.lua:4: in "), error.traceback)
  }

  func testErrorWithLevelTwoBlamesCaller() {
    let vm = makeVM()
    guard
      let error = vm.state.expectError(
        "local function check(v) if not v then error('needs v', 2) end end\n\ncheck(nil)")
    else { return }
    XCTAssertEqual(error.location, "test.lua:3")
  }

  func testNonStringErrorObject() {
    let vm = makeVM()
    let error = vm.state.expectError("error({ code = 1 })")
    // The object says nothing of its place, so the message gets the place it was raised at.
    XCTAssertEqual(error?.message, "test.lua:1: (error object is a table value)")
    XCTAssertEqual(error?.location, "test.lua:1")
    XCTAssertEqual(vm.state.expectError("error()")?.message, "test.lua:1: (error object is a nil value)")
    let shown = vm.state.expectError("error(setmetatable({}, { __tostring = function() return 'custom' end }))")
    XCTAssertEqual(shown?.message, "custom")
  }

  /// Lua places its own runtime errors only when a Lua function raised them: `ipairs`'s
  /// iterator (C, called by the `for`) indexing nil said "attempt to index a nil value" with no
  /// file or line. It gets the Lua line; a library's deliberate `error(msg, 0)` keeps its words.
  func testRuntimeErrorsRaisedInCGetTheCallingLine() {
    let vm = makeVM()
    let lua = vm.state
    let looped = lua.expectError("local variant = {}\nfor _ in ipairs(variant.choices) do end", chunkName: "@game/main.lua")
    XCTAssertEqual(looped?.message, "game/main.lua:2: attempt to index a nil value")
    XCTAssertEqual(lua.expectError("error('data/colours.lua: colours: sums to 95', 0)")?.message, "data/colours.lua: colours: sums to 95")
  }

  func testSyntaxError() {
    let vm = makeVM()
    let lua = vm.state
    XCTAssertThrowsError(try lua.load("x = = 1", chunkName: "@bad.lua")) { error in
      guard let error = error as? LuaError else { return XCTFail("not a LuaError") }
      XCTAssertEqual(error.kind, .syntax)
      XCTAssertEqual(error.location, "bad.lua:1")
    }
    XCTAssertEqual(lua.top, 0)
  }

  func testLocationParsingSkipsColonsInChunkNames() throws {
    let vm = makeVM()
    let error = vm.state.expectError("error('x')", chunkName: "a:b")
    XCTAssertEqual(error?.location, "[string \"a:b\"]:1")
  }
}
