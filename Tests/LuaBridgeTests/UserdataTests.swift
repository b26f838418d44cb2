import LuaBridge
import XCTest

private final class Tracker {
  nonisolated(unsafe) static var deinits = 0
  var value = 0
  deinit { Tracker.deinits += 1 }
}

private final class Other {}

final class UserdataTests: XCTestCase {
  override func setUp() {
    Tracker.deinits = 0
  }

  private func registerTracker(_ lua: LuaState) {
    lua.registerMetatable(
      "Tracker",
      methods: [
        "bump": { lua in
          let tracker = try lua.checkUserdata(1, Tracker.self, name: "Tracker")
          tracker.value += try lua.optInt(2, default: 1)
          return 0
        }
      ],
      index: { lua in
        let tracker = try lua.checkUserdata(1, Tracker.self, name: "Tracker")
        guard try lua.checkString(2) == "value" else { lua.pushNil(); return 1 }
        lua.push(tracker.value)
        return 1
      },
      newindex: { lua in
        let tracker = try lua.checkUserdata(1, Tracker.self, name: "Tracker")
        _ = try lua.checkOption(2, ["value"])
        tracker.value = try lua.checkInt(3)
        return 0
      },
      extra: ["__tostring": { lua in lua.push("Tracker"); return 1 }])
  }

  /// A getter registered beside methods raises with the script's line and Lua's naming, the
  /// same as a getter alone, and methods still win over it.
  func testGetterErrorBesideMethodsNamesTheScriptLine() throws {
    let vm = makeVM()
    let lua = vm.state
    registerTracker(lua)
    lua.pushObject(Tracker(), metatable: "Tracker")
    lua.setGlobal("thing")
    XCTAssertEqual(try lua.evalString("thing:bump(2); return thing.value"), "2")
    XCTAssertThrowsError(try lua.doString("local x = thing[true]", chunkName: "@test.lua")) { error in
      XCTAssertEqual((error as? LuaError)?.message, "test.lua:1: bad argument #2 to 'index' (string expected, got boolean)")
    }
  }

  func testMetatableWithoutNewindexRefusesWritesAsLuaDoes() throws {
    // registerMetatable reserves __index and __newindex first (for their hash slots); one it
    // leaves unset must be absent, not a placeholder Lua would try to index.
    let vm = makeVM()
    let lua = vm.state
    lua.registerMetatable("Plain", methods: ["ping": { lua in lua.push("pong"); return 1 }])
    lua.pushObject(Other(), metatable: "Plain")
    lua.setGlobal("plain")
    XCTAssertEqual(try lua.evalString("return plain:ping()"), "pong")
    XCTAssertThrowsError(try lua.doString("plain.x = 1", chunkName: "@test.lua")) { error in
      XCTAssertEqual((error as? LuaError)?.message, "test.lua:1: attempt to index a Plain value (global 'plain')")
    }
  }

  func testObjectReleasedAfterLuaDropsItAndCollects() throws {
    let vm = makeVM()
    let lua = vm.state
    registerTracker(lua)
    do {
      let tracker = Tracker()
      lua.pushObject(tracker, metatable: "Tracker")
      lua.setGlobal("thing")
    }
    XCTAssertEqual(Tracker.deinits, 0)
    try lua.doString("thing:bump(5); thing.value = thing.value + 1", chunkName: "=t")
    XCTAssertEqual(try lua.evalString("return thing.value"), "6")
    XCTAssertEqual(try lua.evalString("return tostring(thing)"), "Tracker")
    try lua.doString("collectgarbage()", chunkName: "=t")
    XCTAssertEqual(Tracker.deinits, 0, "still referenced by a global")
    try lua.doString("thing = nil collectgarbage()", chunkName: "=t")
    XCTAssertEqual(Tracker.deinits, 1)
  }

  func testSameObjectSameUserdata() throws {
    let vm = makeVM()
    let lua = vm.state
    registerTracker(lua)
    let tracker = Tracker()
    lua.pushObject(tracker, metatable: "Tracker")
    lua.setGlobal("a")
    lua.pushObject(tracker, metatable: "Tracker")
    lua.setGlobal("b")
    XCTAssertEqual(try lua.evalString("return tostring(a == b and rawequal(a, b))"), "true")
    lua.getGlobal("a")
    XCTAssertTrue(lua.toObject(at: -1, as: Tracker.self) === tracker)
    XCTAssertNil(lua.toObject(at: -1, as: Other.self))
    lua.pop()
  }

  func testWrongUserdataArgument() throws {
    let vm = makeVM()
    let lua = vm.state
    registerTracker(lua)
    lua.pushObject(Other(), metatable: "Other")
    lua.setGlobal("other")
    lua.pushObject(Tracker(), metatable: "Tracker")
    lua.setGlobal("thing")
    XCTAssertEqual(
      lua.expectError("thing.bump(other)")?.message,
      "test.lua:1: bad argument #1 to 'bump' (Tracker expected, got Other)")
    XCTAssertEqual(
      lua.expectError("thing.bump({})")?.message,
      "test.lua:1: bad argument #1 to 'bump' (Tracker expected, got table)")
    XCTAssertEqual(
      lua.expectError("thing.colour = 1")?.message,
      "test.lua:1: bad argument #2 to 'newindex' (invalid option 'colour' (expected one of: value))")
    XCTAssertEqual(try lua.evalString("return getmetatable(thing)"), "Tracker")
  }

  func testClosingTheVMReleasesEverything() {
    var vm: LuaVM? = makeVM()
    vm?.state.pushObject(Tracker(), metatable: "Tracker")
    vm?.state.setGlobal("kept")
    XCTAssertEqual(Tracker.deinits, 0)
    vm = nil
    XCTAssertEqual(Tracker.deinits, 1)
  }
}
