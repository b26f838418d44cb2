import LuaBridge
import XCTest

final class ReferenceTests: XCTestCase {
  func testRefKeepsValueAndIsReleasedOnDeinit() throws {
    let vm = makeVM()
    let lua = vm.state
    try lua.doString("return { name = 'kept' }", chunkName: "=t", nresults: 1)
    var ref: LuaRef? = lua.ref(at: -1)
    lua.pop()
    try lua.doString("collectgarbage()", chunkName: "=t")
    guard let id = ref?.id else { return XCTFail("no ref") }
    if let kept = ref {
      XCTAssertEqual(lua.push(kept), .table)
      XCTAssertEqual(lua.rawGet(-1, key: "name"), .string)
      XCTAssertEqual(lua.toString(at: -1), "kept")
      lua.pop(2)
    }

    ref = nil
    // The registry slot no longer holds the table, and the next ref reuses it.
    XCTAssertNotEqual(lua.rawGet(LuaState.registryIndex, index: Int(id)), .table)
    lua.pop()
    lua.push(true)
    let next = lua.ref(at: -1)
    lua.pop()
    XCTAssertEqual(next.id, id)
  }

  func testRefOutlivingVMIsHarmless() {
    var vm: LuaVM? = makeVM()
    var ref: LuaRef?
    if let lua = vm?.state {
      lua.newTable()
      ref = lua.ref(at: -1)
      lua.pop()
    }
    vm = nil
    XCTAssertNotNil(ref)
    ref = nil
  }

  func testForEachPairAndLength() throws {
    let vm = makeVM()
    let lua = vm.state
    try lua.doString("return { 10, 20, 30, a = 'x', [5] = 50 }", chunkName: "=t", nresults: 1)
    XCTAssertEqual(lua.rawLength(-1), 3)
    var seen: [String: String] = [:]
    lua.forEachPair(-1) { key, value in
      seen[lua.toString(at: key) ?? "?"] = lua.toString(at: value)
      lua.push("junk")  // dropped after each pair
    }
    XCTAssertEqual(seen, ["1": "10", "2": "20", "3": "30", "a": "x", "5": "50"])
    XCTAssertEqual(lua.rawGet(-1, index: 2), .number)
    XCTAssertEqual(lua.toInt(at: -1), 20)
    lua.pop(2)
    XCTAssertEqual(lua.top, 0)
  }

  func testRefHeldByBoxedObjectIsReleasedByItsFinalizer() throws {
    final class Holder { var callback: LuaRef? }
    let vm = makeVM()
    let lua = vm.state
    lua.newTable()
    var id: Int32 = -1
    do {
      let holder = Holder()
      holder.callback = lua.ref(at: -1)
      id = holder.callback?.id ?? -1
      lua.pop()
      lua.pushObject(holder, metatable: "Holder")
      lua.setGlobal("holder")
    }
    try lua.doString("holder = nil collectgarbage()", chunkName: "=t")
    lua.push(1)
    let next = lua.ref(at: -1)
    lua.pop()
    XCTAssertEqual(next.id, id, "the holder's ref was released during collection")
  }

  func testBoxedObjectWithRefOutlivedByNothingWhenVMCloses() {
    final class Holder { var callback: LuaRef? }
    var vm: LuaVM? = makeVM()
    if let lua = vm?.state {
      let holder = Holder()
      lua.newTable()
      holder.callback = lua.ref(at: -1)
      lua.pop()
      lua.pushObject(holder, metatable: "Holder")
      lua.setGlobal("holder")
    }
    vm = nil  // __gc during lua_close must not touch the closing state
  }
}
