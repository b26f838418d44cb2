import LuaBridge
import XCTest

/// What a node looks like to the binding: a block of plain fields at a fixed address.
private struct Block {
  var x: Double = 0
  var scaleX: Double = 1
  var scaleY: Double = 1
  var z: Double = 0
  var visible: Bool = true
}

private final class Thing {
  nonisolated(unsafe) static var deinits = 0
  let block = UnsafeMutablePointer<Block>.allocate(capacity: 1)
  var label = "thing"
  var zWrites = 0
  var swiftReads = 0
  var swiftWrites = 0

  init() { block.initialize(to: Block()) }
  deinit {
    block.deinitialize(count: 1)
    block.deallocate()
    Thing.deinits += 1
  }
}

final class ObjectFieldTests: XCTestCase {
  private func offset(_ path: PartialKeyPath<Block>) -> Int { MemoryLayout<Block>.offset(of: path)! }

  private func register(_ lua: LuaState) {
    lua.registerMetatable(
      "Thing",
      methods: [
        "describe": { lua in
          lua.push(try lua.checkUserdata(1, Thing.self).label)
          return 1
        }
      ],
      index: { lua in
        let thing = try lua.checkUserdata(1, Thing.self)
        thing.swiftReads += 1
        switch try lua.checkString(2) {
        case "x": lua.push(thing.block.pointee.x)
        case "scale": lua.push(thing.block.pointee.scaleX)
        case "z": lua.push(thing.block.pointee.z)
        case "visible": lua.push(thing.block.pointee.visible)
        case "label": lua.push(thing.label)
        default: throw LuaRaise("thing has no field '\(lua.toString(at: 2) ?? "?")'")
        }
        return 1
      },
      newindex: { lua in
        let thing = try lua.checkUserdata(1, Thing.self)
        thing.swiftWrites += 1
        switch try lua.checkString(2) {
        case "x": thing.block.pointee.x = try lua.checkNumber(3)
        case "scale":
          thing.block.pointee.scaleX = try lua.checkNumber(3)
          thing.block.pointee.scaleY = thing.block.pointee.scaleX
        case "z":
          thing.block.pointee.z = try lua.checkNumber(3)
          thing.zWrites += 1
        case "visible":
          guard lua.type(at: 3) == .boolean else { throw LuaArgumentError(arg: 3, message: "boolean expected") }
          thing.block.pointee.visible = lua.toBool(at: 3)
        case "label": thing.label = try lua.checkString(3)
        default: throw LuaRaise("thing has no field '\(lua.toString(at: 2) ?? "?")' to set")
        }
        return 0
      },
      fields: [
        LuaObjectField("x", .number, offset: offset(\Block.x)),
        LuaObjectField("scale", .number, offset: offset(\Block.scaleX), alsoWrites: offset(\Block.scaleY)),
        LuaObjectField("z", .number, offset: offset(\Block.z), readOnly: true),
        LuaObjectField("visible", .boolean, offset: offset(\Block.visible)),
      ])
  }

  private func setUpThing() -> (LuaVM, Thing) {
    let vm = makeVM()
    register(vm.state)
    let thing = Thing()
    vm.state.pushObject(thing, metatable: "Thing", fields: UnsafeMutableRawPointer(thing.block))
    vm.state.setGlobal("t")
    return (vm, thing)
  }

  func testFieldsAreReadAndWrittenInTheBlockWithoutSwift() throws {
    let (vm, thing) = setUpThing()
    let lua = vm.state
    try lua.doString("t.x = t.x + 2.5; t.x = t.x + 1; t.scale = 2; t.visible = false", chunkName: "=t")
    XCTAssertEqual(thing.block.pointee.x, 3.5)
    XCTAssertEqual([thing.block.pointee.scaleX, thing.block.pointee.scaleY], [2, 2], "a write stores its mirror too")
    XCTAssertFalse(thing.block.pointee.visible)
    thing.block.pointee.x = -7
    thing.block.pointee.visible = true
    XCTAssertEqual(try lua.evalString("return t.x"), "-7.0")
    XCTAssertEqual(try lua.evalString("return tostring(t.visible)"), "true")
    XCTAssertEqual(try lua.evalString("t.x = 3; return math.type(t.x)"), "float", "integers are stored as doubles")
    XCTAssertEqual(thing.swiftReads, 0)
    XCTAssertEqual(thing.swiftWrites, 0)
  }

  func testOtherKeysMethodsAndRefusedWritesGoToSwift() throws {
    let (vm, thing) = setUpThing()
    let lua = vm.state
    XCTAssertEqual(try lua.evalString("return t.label"), "thing")
    XCTAssertEqual(try lua.evalString("return t:describe()"), "thing")
    XCTAssertEqual(thing.swiftReads, 1, "methods are found in C too")
    XCTAssertEqual(try lua.evalString("t.z = 4; return t.z"), "4.0")
    XCTAssertEqual(thing.zWrites, 1, "a read-only field is written by Swift")
    XCTAssertEqual(thing.swiftReads, 1, "and read in C")
    try lua.doString("t.x = '12'", chunkName: "=t")  // checkNumber takes numeric strings; C does not
    XCTAssertEqual(thing.block.pointee.x, 12)
    XCTAssertEqual(thing.swiftWrites, 2)
  }

  func testErrorsReadAsIfSwiftWereTheMetamethod() {
    let (vm, _) = setUpThing()
    let lua = vm.state
    XCTAssertEqual(
      lua.expectError("t.x = {}")?.message,
      "test.lua:1: bad argument #3 to 'newindex' (number expected, got table)")
    XCTAssertEqual(
      lua.expectError("t.visible = 1")?.message,
      "test.lua:1: bad argument #3 to 'newindex' (boolean expected)")
    XCTAssertEqual(lua.expectError("\nlocal y = t.colour")?.message, "test.lua:2: thing has no field 'colour'")
    XCTAssertEqual(lua.expectError("t[{}] = 2")?.message, "test.lua:1: bad argument #2 to 'newindex' (string expected, got table)")
    XCTAssertEqual(lua.expectError("return t[true]")?.message, "test.lua:1: bad argument #2 to 'index' (string expected, got boolean)")
  }

  func testWithoutABlockSwiftServesEveryField() throws {
    let vm = makeVM()
    let lua = vm.state
    register(lua)
    let thing = Thing()
    lua.pushObject(thing, metatable: "Thing")
    lua.setGlobal("t")
    try lua.doString("t.x = t.x + 1", chunkName: "=t")
    XCTAssertEqual(thing.block.pointee.x, 1)
    XCTAssertEqual([thing.swiftReads, thing.swiftWrites], [1, 1])
  }

  func testOneUserdataPerObjectAndReleaseStillWork() throws {
    Thing.deinits = 0
    let vm = makeVM()
    let lua = vm.state
    register(lua)
    do {
      let thing = Thing()
      lua.pushObject(thing, metatable: "Thing", fields: UnsafeMutableRawPointer(thing.block))
      lua.setGlobal("a")
      lua.pushObject(thing, metatable: "Thing", fields: UnsafeMutableRawPointer(thing.block))
      lua.setGlobal("b")
    }
    XCTAssertEqual(try lua.evalString("a.x = 5; return tostring(rawequal(a, b)) .. ' ' .. b.x"), "true 5.0")
    try lua.doString("a, b = nil, nil; collectgarbage(); collectgarbage()", chunkName: "=t")
    XCTAssertEqual(Thing.deinits, 1)
  }

  func testReRegisteringKeepsEarlierObjectsWorking() throws {
    let (vm, thing) = setUpThing()
    let lua = vm.state
    register(lua)  // a fresh map; `t` still points at the first one, which the registry keeps
    try lua.doString("collectgarbage(); collectgarbage(); t.x = 9", chunkName: "=t")
    XCTAssertEqual(thing.block.pointee.x, 9)
    XCTAssertEqual(thing.swiftWrites, 0)
  }
}
