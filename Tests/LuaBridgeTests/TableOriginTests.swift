import LuaBridge
import XCTest

/// A data file's tables are named where they were written, so an argument error about one
/// points at the data file rather than at the call that passed it on.
final class TableOriginTests: XCTestCase {
  /// Loads `source` (a data file returning a table) as `data/x.lua` and notes its tables; the
  /// table is left in global `data`.
  private func loadData(_ lua: LuaState, _ source: String) throws {
    try lua.doString(source, chunkName: "@data/x.lua", nresults: 1)
    lua.noteOrigins(ofTableAt: -1, file: "data/x.lua")
    lua.setGlobal("data")
  }

  private func origin(_ lua: LuaState, _ expression: String) throws -> String? {
    try lua.doString("return " + expression, chunkName: "=origin", nresults: 1)
    defer { lua.pop() }
    return lua.origin(ofTableAt: -1)
  }

  func testEveryTableIsNamedByItsPathInTheFile() throws {
    let vm = makeVM()
    let lua = vm.state
    try loadData(lua, #"return { pop = { size = { 9, 2 } }, { opts = { w = 1 } }, ["a b"] = { c = {} } }"#)
    XCTAssertEqual(try origin(lua, "data"), "data/x.lua")
    XCTAssertEqual(try origin(lua, "data.pop"), "data/x.lua: pop")
    XCTAssertEqual(try origin(lua, "data.pop.size"), "data/x.lua: pop.size")
    XCTAssertEqual(try origin(lua, "data[1].opts"), "data/x.lua: [1].opts")
    XCTAssertEqual(try origin(lua, #"data["a b"].c"#), #"data/x.lua: ["a b"].c"#)
    XCTAssertNil(try origin(lua, "{}"))
    XCTAssertNil(try origin(lua, "1"))
  }

  func testAnArgumentErrorAboutADataTableNamesIt() throws {
    let vm = makeVM()
    let lua = vm.state
    lua.setGlobal("make") { _ in throw LuaArgumentError(arg: 1, message: "unknown field 'colour'") }
    try loadData(lua, "return { shapes = { { colour = 1 } } }")
    guard let error = lua.expectError("make(data.shapes[1])", chunkName: "@main.lua") else { return }
    XCTAssertEqual(
      error.message, "main.lua:1: bad argument #1 to 'make' (unknown field 'colour', in the table data/x.lua: shapes[1])")
    // A table made anywhere else is named by the call alone.
    guard let plain = lua.expectError("make({ colour = 1 })", chunkName: "@main.lua") else { return }
    XCTAssertEqual(plain.message, "main.lua:1: bad argument #1 to 'make' (unknown field 'colour')")
  }

  /// A shared table keeps its first place; a cycle, deep nesting and a huge file end, and the
  /// origins keep no table alive.
  func testCyclesDepthAndSizeAreBounded() throws {
    let vm = makeVM()
    let lua = vm.state
    vm.collectGarbage()
    let empty = vm.memoryUsed
    try loadData(lua, """
      local shared = {}
      local deep = {}
      local at = deep
      for _ = 1, 100 do at.next = {}; at = at.next end
      local t = { a = shared, b = shared, deep = deep }
      t.self = t
      return t
      """)
    // Which of the two names a shared table keeps follows the table's order, which Lua's
    // string hashing (seeded per state) decides: it is one of them, the same from both.
    let shared = try origin(lua, "data.a")
    XCTAssertTrue(shared == "data/x.lua: a" || shared == "data/x.lua: b", shared ?? "nil")
    XCTAssertEqual(try origin(lua, "data.b"), shared)
    XCTAssertEqual(try origin(lua, "data.self"), "data/x.lua")
    XCTAssertNotNil(try origin(lua, "data.deep" + String(repeating: ".next", count: 30)))
    XCTAssertNil(try origin(lua, "data.deep" + String(repeating: ".next", count: 60)))
    // A huge list: names stop at the limit, the shallow ones first.
    try loadData(lua, """
      local many = {}
      for i = 1, 10000 do many[i] = { {} } end
      return { many = many, last = {} }
      """)
    XCTAssertEqual(try origin(lua, "data.last"), "data/x.lua: last")
    var named = 0
    for i in 1...10000 where try origin(lua, "data.many[\(i)]") != nil { named += 1 }
    XCTAssertEqual(named, LuaState.originsNotedPerFile - 3)  // the file, many and last first
    XCTAssertNil(try origin(lua, "data.many[1][1]"))
    // Dropped by the script, the tables go: the origins hold them weakly.
    let loaded = vm.memoryUsed
    try lua.doString("data = nil", chunkName: "=drop")
    vm.collectGarbage()
    vm.collectGarbage()
    XCTAssertLessThan(vm.memoryUsed - empty, (loaded - empty) / 10, "\(empty) empty, \(loaded) loaded, \(vm.memoryUsed) after")
  }
}
