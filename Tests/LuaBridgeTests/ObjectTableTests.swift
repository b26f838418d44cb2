import LuaBridge
import XCTest

private struct Spot {
  var x: Double = 0
  var y: Double = 0
  var size: Double = 1
  var turn: Double = 0
  var holds: UInt8 = 0
  var open: Bool = true
}

private final class Dot {
  nonisolated(unsafe) static var deinits = 0
  let block = UnsafeMutablePointer<Spot>.allocate(capacity: 1)
  init() { block.initialize(to: Spot()) }
  deinit {
    block.deinitialize(count: 1)
    block.deallocate()
    Dot.deinits += 1
  }
}

/// Table-backed objects: fields named raw live in a Lua table that stands for the object, read
/// and written by Lua as plain table fields; the rest behave as on a userdata.
final class ObjectTableTests: XCTestCase {
  private func offset(_ path: PartialKeyPath<Spot>) -> Int { MemoryLayout<Spot>.offset(of: path)! }

  private func setUp(_ vm: LuaVM) -> (Dot, RawFields) {
    let lua = vm.state
    lua.registerMetatable(
      "Dot",
      methods: ["grow": { lua in
        guard let dot = lua.toObject(at: 1, as: Dot.self) else { throw lua.typeError(1, expected: "Dot") }
        dot.block.pointee.size *= 2
        return 0
      }],
      index: { _ in throw LuaRaise("no such field") },
      newindex: { lua in throw LuaArgumentError(arg: 3, message: "\(lua.toString(at: 2) ?? "?"): number expected") },
      fields: [
        LuaObjectField("x", .number, offset: offset(\Spot.x), bounds: -100...100),
        LuaObjectField("y", .number, offset: offset(\Spot.y), bounds: -100...100),
        LuaObjectField("size", .number, offset: offset(\Spot.size)),
      ],
      rawFields: ["x", "y"])
    guard let raw = lua.objectKind("Dot").rawFields else { preconditionFailure("Dot has raw fields") }
    let dot = Dot()
    dot.block.pointee.x = 3
    XCTAssertTrue(lua.pushObject(dot, metatable: "Dot", fields: UnsafeMutableRawPointer(dot.block)))
    lua.setGlobal("d")
    return (dot, raw)
  }

  func testRawFieldsArePlainFieldsOfTheObjectsTable() throws {
    let vm = makeVM()
    let (dot, _) = setUp(vm)
    let lua = vm.state
    XCTAssertEqual(try lua.evalString("return type(d)"), "table")
    XCTAssertEqual(try lua.evalString("return rawget(d, 'x') .. ' ' .. rawget(d, 'y')"), "3.0 0.0")
    XCTAssertEqual(try lua.evalString("return tostring(rawget(d, 'size'))"), "nil", "only raw fields are in the table")
    try lua.doString("d.x = 50; d.size = 4; d:grow()", chunkName: "=t")
    XCTAssertEqual(dot.block.pointee.x, 3, "a raw write stays in the table until the owner pulls it")
    XCTAssertEqual(dot.block.pointee.size, 8, "other fields and methods reach the object")
    XCTAssertFalse(lua.pushObject(dot, metatable: "Dot", fields: UnsafeMutableRawPointer(dot.block)), "made once")
    lua.setGlobal("again")
    XCTAssertEqual(try lua.evalString("return tostring(rawequal(again, d))"), "true")
  }

  /// A raw field left out until written: served from the block in C, then kept in the table
  /// from the first write on, and only then pulled and pushed.
  func testARawFieldJoinsTheTableAtItsFirstWrite() throws {
    let vm = makeVM()
    let lua = vm.state
    var turn = LuaObjectField("turn", .number, offset: offset(\Spot.turn), bounds: -360...360)
    turn.rawOnceWritten = .init(offset: offset(\Spot.holds), bit: 4)
    lua.registerMetatable(
      "Spinner", index: { _ in throw LuaRaise("no such field") },
      newindex: { lua in throw LuaArgumentError(arg: 3, message: "\(lua.toString(at: 2) ?? "?"): number expected") },
      fields: [LuaObjectField("x", .number, offset: offset(\Spot.x), bounds: -100...100), turn],
      rawFields: ["x", "turn"])
    guard let raw = lua.objectKind("Spinner").rawFields else { preconditionFailure("Spinner has raw fields") }
    let dot = Dot()
    dot.block.pointee.turn = 12
    let block = UnsafeMutableRawPointer(dot.block)
    XCTAssertTrue(lua.pushObject(dot, metatable: "Spinner", fields: block))
    lua.setGlobal("s")
    XCTAssertEqual(try lua.evalString("return tostring(rawget(s, 'turn')) .. ' ' .. s.turn"), "nil 12.0")
    XCTAssertFalse(raw.isHeld(1, by: block))
    lua.getGlobal("s")
    defer { lua.pop() }
    dot.block.pointee.turn = 20
    XCTAssertEqual(raw.pull(lua, tableAt: -1, into: block), 0, "a field the table lacks is no bad value")
    XCTAssertEqual(dot.block.pointee.turn, 20, "and is left as the block holds it")
    XCTAssertEqual(raw.push(lua, tableAt: -1, from: block, mask: 0b10), 0)
    XCTAssertEqual(try lua.evalString("return tostring(rawget(s, 'turn'))"), "nil", "a push puts nothing in")
    XCTAssertThrowsError(try lua.doString("s.turn = 400", chunkName: "=t"), "the first write is checked as any served one")
    XCTAssertFalse(raw.isHeld(1, by: block))
    try lua.doString("s.turn = 30", chunkName: "=t")
    XCTAssertEqual(dot.block.pointee.holds, 4, "its bit, and only its bit, raised")
    XCTAssertEqual(dot.block.pointee.turn, 30)
    try lua.doString("s.turn = 'left'", chunkName: "=t")
    XCTAssertEqual(raw.pull(lua, tableAt: -1, into: block), 0b10, "from then on it is pulled as a raw field")
    try lua.doString("s.turn = 45", chunkName: "=t")
    XCTAssertEqual(dot.block.pointee.turn, 30, "a write stays in the table until the owner pulls it")
    XCTAssertEqual(raw.pull(lua, tableAt: -1, into: block), 0)
    XCTAssertEqual(dot.block.pointee.turn, 45)
    dot.block.pointee.turn = -90
    XCTAssertEqual(raw.push(lua, tableAt: -1, from: block, mask: 0b10), 0)
    XCTAssertEqual(try lua.evalString("return rawget(s, 'turn')"), "-90.0")
  }

  /// A raw field may also be guarded (`onlyWhen`): while its flag is down Swift serves it, and
  /// the table never takes it. A field served unless a raw one is held may be guarded too: C
  /// serves it only while both allow.
  func testAGuardedRawFieldStaysOutOfTheTableWhileItsFlagIsDown() throws {
    let vm = makeVM()
    let lua = vm.state
    var turn = LuaObjectField("turn", .number, offset: offset(\Spot.turn), bounds: -360...360)
    turn.rawOnceWritten = .init(offset: offset(\Spot.holds), bit: 4)
    turn.onlyWhen = offset(\Spot.open)
    var angle = LuaObjectField("angle", .number, offset: offset(\Spot.turn), bounds: -360...360)
    angle.unlessHeld = .init(offset: offset(\Spot.holds), bit: 4)
    angle.onlyWhen = offset(\Spot.open)
    var served: [String] = []
    lua.registerMetatable(
      "Gated",
      index: { lua in
        served.append("get " + (lua.toString(at: 2) ?? "?"))
        lua.push(-1.0)
        return 1
      },
      newindex: { lua in
        served.append("set " + (lua.toString(at: 2) ?? "?"))
        return 0
      },
      fields: [LuaObjectField("x", .number, offset: offset(\Spot.x)), turn, angle], rawFields: ["x", "turn"])
    let dot = Dot()
    dot.block.pointee.open = false
    dot.block.pointee.turn = 12
    XCTAssertTrue(lua.pushObject(dot, metatable: "Gated", fields: UnsafeMutableRawPointer(dot.block)))
    lua.setGlobal("g")
    try lua.doString("g.turn = 30; local _ = g.turn; g.angle = 5; _ = g.angle", chunkName: "=t")
    XCTAssertEqual(served, ["set turn", "get turn", "set angle", "get angle"], "flag down: Swift serves both")
    XCTAssertEqual(try lua.evalString("return tostring(rawget(g, 'turn'))"), "nil")
    XCTAssertEqual(dot.block.pointee.holds, 0)
    XCTAssertEqual(dot.block.pointee.turn, 12)
    dot.block.pointee.open = true
    served = []
    try lua.doString("g.angle = 7", chunkName: "=t")
    XCTAssertEqual(dot.block.pointee.turn, 7, "flag up: C writes it")
    try lua.doString("g.turn = 40", chunkName: "=t")
    XCTAssertEqual(try lua.evalString("return rawget(g, 'turn') .. ' ' .. g.angle"), "40 -1.0")
    XCTAssertEqual(dot.block.pointee.holds, 4, "the first write in C puts it in the table")
    XCTAssertEqual(served, ["get angle"], "held: Swift serves the other name, which may be older in the block")
  }

  func testPullCopiesGoodValuesAndNamesBadOnesPushAndRestoreWriteBack() throws {
    let vm = makeVM()
    let (dot, raw) = setUp(vm)
    let lua = vm.state
    let block = UnsafeMutableRawPointer(dot.block)
    lua.getGlobal("d")
    defer { lua.pop() }
    try lua.doString("d.x, d.y = 40, 'far'", chunkName: "=t")
    XCTAssertEqual(raw.pull(lua, tableAt: -1, into: block), 0b10, "y refused")
    XCTAssertEqual(dot.block.pointee.x, 40)
    XCTAssertEqual(dot.block.pointee.y, 0)
    XCTAssertTrue(raw.restore(1, lua, tableAt: -1, from: block))
    XCTAssertEqual(try lua.evalString("return d.y"), "0.0")
    try lua.doString("d.x = 0/0; d.y = 101", chunkName: "=t")
    XCTAssertEqual(raw.pull(lua, tableAt: -1, into: block), 0b11, "NaN and numbers past the bounds are refused")
    dot.block.pointee.x = -5
    dot.block.pointee.y = 6
    XCTAssertEqual(raw.push(lua, tableAt: -1, from: block, mask: 0b11), 0b11, "a bad value is left for its owner to report")
    XCTAssertEqual(try lua.evalString("return tostring(d.x ~= d.x) .. ' ' .. d.y"), "true 101")
    raw.restore(0, lua, tableAt: -1, from: block)
    raw.restore(1, lua, tableAt: -1, from: block)
    XCTAssertEqual(try lua.evalString("return d.x .. ' ' .. d.y"), "-5.0 6.0")
    XCTAssertEqual(raw.push(lua, tableAt: -1, from: block, mask: 0b11), 0, "good numbers are overwritten")
    // A field the script set to nil stays absent on push; the block serves it, a write restores it.
    try lua.doString("d.y = nil", chunkName: "=t")
    raw.push(lua, tableAt: -1, from: block, mask: 0b11)
    XCTAssertEqual(try lua.evalString("return tostring(rawget(d, 'y')) .. ' ' .. d.y"), "nil 6.0")
    try lua.doString("d.y = 7", chunkName: "=t")
    XCTAssertEqual(dot.block.pointee.y, 7)
    XCTAssertEqual(try lua.evalString("return rawget(d, 'y')"), "7")
    XCTAssertEqual(raw.name(of: 0), "x")
    XCTAssertEqual(raw.count, 2)
  }

  /// A list pull reads each table in place (CLua's luatable.h) where the block keeps the
  /// table's address, and through the API a field at a time where it does not: the two must
  /// take the same values and stop at the same tables. Tables a script grew, emptied and grew
  /// again (so rehashed, their keys chained and some dead), holding floats, integers, values out
  /// of range, NaN, strings, booleans and nothing.
  func testAListPullReadsTablesInPlaceAsTheAPIDoes() throws {
    struct Cell {
      var x: Double = 0
      var y: Double = 0
      var stamp: UInt64 = 0
      var table: UnsafeRawPointer?
    }
    let vm = makeVM()
    let lua = vm.state
    func at(_ path: PartialKeyPath<Cell>) -> Int { MemoryLayout<Cell>.offset(of: path)! }
    lua.registerMetatable(
      "Cell", index: { _ in throw LuaRaise("no such field") },
      newindex: { _ in throw LuaRaise("no such field") },
      fields: [
        LuaObjectField("x", .number, offset: at(\Cell.x), bounds: -100...100),
        LuaObjectField("y", .number, offset: at(\Cell.y), bounds: -100...100),
      ],
      rawFields: ["x", "y"])
    guard let raw = lua.objectKind("Cell").rawFields else { preconditionFailure("Cell has raw fields") }
    XCTAssertTrue(raw.readsInPlace, "Debian's Lua 5.4 is laid out as luatable.h has it")
    let count = 300
    let owners = (0..<count).map { _ in Dot() }
    let cells = UnsafeMutablePointer<Cell>.allocate(capacity: count)
    cells.initialize(repeating: Cell(), count: count)
    defer { cells.deallocate() }
    var refs: [Int32] = []
    var blocks: [UnsafeMutableRawPointer?] = []
    lua.newTable()
    for i in 0..<count {
      let block = UnsafeMutableRawPointer(cells + i)
      XCTAssertTrue(lua.pushObject(owners[i], metatable: "Cell", fields: block))
      cells[i].table = lua.tablePointer(at: -1)
      refs.append(lua.referenceID(at: -1))
      lua.rawSet(-2, index: i + 1)
      blocks.append(block)
    }
    lua.setGlobal("cells")
    // The same seeded script each run: what each table gets is arbitrary, not random.
    try lua.doString(
      """
      local seed = 7
      local function pick(n) seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n end
      local values = { 1.5, -7, 100, 101, -100.5, 0/0, "3", true, false, 1e300, 2^53 }
      local function value() local v = values[pick(#values + 2) + 1]; if v == nil then return 42.25 end; return v end
      for round = 1, 3 do
        for i, c in ipairs(cells) do
          for k = 1, pick(24) do rawset(c, "extra" .. pick(60), k) end
          if pick(3) == 0 then for k = 0, 59 do rawset(c, "extra" .. k, nil) end end
          if pick(5) == 0 then rawset(c, "x", nil) else rawset(c, "x", value()) end
          rawset(c, "y", value())
        end
        if round == 2 then collectgarbage() end
      end
      """, chunkName: "=t")
    /// Every stop of a whole pull of the list and the blocks after it, read in place or not.
    func pullAll(inPlace: Bool, backward: Bool) -> (stops: [Int], cells: [[Double]]) {
      for i in 0..<count { cells[i] = Cell(x: -1, y: -1, stamp: 0, table: cells[i].table) }
      var stops: [Int] = []
      refs.withUnsafeBufferPointer { refs in
        blocks.withUnsafeBufferPointer { blocks in
          guard let refs = refs.baseAddress, let blocks = blocks.baseAddress else { return }
          var range = 0..<count
          while !range.isEmpty {
            let stopped = raw.pull(
              lua, refs: refs, blocks: blocks, range: range, stampOffset: at(\Cell.stamp), epoch: 1,
              tableOffset: inPlace ? at(\Cell.table) : nil, backward: backward)
            guard range.contains(stopped) else { break }
            stops.append(stopped)
            range = backward ? range.lowerBound..<stopped : stopped + 1..<range.upperBound
          }
        }
      }
      return (stops, (0..<count).map { [cells[$0].x, cells[$0].y, Double(cells[$0].stamp)] })
    }
    for backward in [false, true] {
      let api = pullAll(inPlace: false, backward: backward)
      let inPlace = pullAll(inPlace: true, backward: backward)
      XCTAssertGreaterThan(api.stops.count, count / 4, "the script left many tables with values refused")
      XCTAssertLessThan(api.stops.count, count, "and many with good ones")
      XCTAssertEqual(inPlace.stops, api.stops)
      let differing = (0..<count).first { inPlace.cells[$0] != api.cells[$0] }
      XCTAssertNil(differing.map { "cell \($0): in place \(inPlace.cells[$0]), through the API \(api.cells[$0])" })
    }
    XCTAssertEqual(lua.top, 0)
  }

  func testTheEpochMovesWheneverLuaMayHaveWritten() throws {
    let vm = makeVM()
    _ = setUp(vm)
    let lua = vm.state
    let counter = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)
    counter.initialize(to: 0)
    final class Owner {
      let counter: UnsafeMutablePointer<UInt64>
      init(_ counter: UnsafeMutablePointer<UInt64>) { self.counter = counter }
      deinit { counter.deallocate() }
    }
    vm.useEpoch(counter, keptBy: Owner(counter))
    var seen: [UInt64] = []
    lua.setGlobal("look") { _ in
      seen.append(counter.pointee)
      return 0
    }
    try lua.doString("look(); d.x = 1; look()", chunkName: "=t")
    XCTAssertEqual(seen.count, 2)
    XCTAssertLessThan(seen[0], seen[1], "each call from Lua into Swift moves it")
    let afterCalls = seen[1]
    XCTAssertGreaterThan(counter.pointee, afterCalls, "and so does the return to Swift")
  }

  func testTablesAreNoPlainTablesAndNameTheirType() {
    let vm = makeVM()
    _ = setUp(vm)
    let lua = vm.state
    lua.getGlobal("d")
    XCTAssertTrue(lua.isObject(at: -1))
    XCTAssertEqual(lua.typeName(at: -1), "Dot")
    XCTAssertThrowsError(try lua.checkTable(-1))
    lua.pop()
    lua.newTable()
    XCTAssertFalse(lua.isObject(at: -1))
    XCTAssertEqual(lua.typeName(at: -1), "table")
    XCTAssertNoThrow(try lua.checkTable(-1))
    lua.pop()
  }

  func testTheTableKeepsTheObjectAliveAndGoesWithIt() throws {
    Dot.deinits = 0
    let vm = makeVM()
    _ = setUp(vm)
    let lua = vm.state
    XCTAssertEqual(Dot.deinits, 0)
    try lua.doString("collectgarbage(); collectgarbage()", chunkName: "=t")
    XCTAssertEqual(Dot.deinits, 0, "d holds it")
    try lua.doString("d = nil; collectgarbage(); collectgarbage()", chunkName: "=t")
    XCTAssertEqual(Dot.deinits, 1)
  }

  func testCallerPlaceNamesTheScriptsLineAndKeepsEachChunkNameOnce() throws {
    let vm = makeVM()
    let lua = vm.state
    var names: [UInt64: String] = [:]
    var places: [String] = []
    lua.setGlobal("where") { lua in
      places.append(lua.callerPlace(names: &names).map(String.init(describing:)) ?? "none")
      return 0
    }
    try lua.doString("\n\nwhere()\nwhere()", chunkName: "@game/main.lua")
    try lua.doString("where()", chunkName: "@game/data/other.lua")
    XCTAssertEqual(places, ["game/main.lua:3", "game/main.lua:4", "game/data/other.lua:1"])
    XCTAssertEqual(Set(names.values), ["game/main.lua", "game/data/other.lua"])
    XCTAssertNil(lua.callerPlace(names: &names), "no Lua function runs")
  }
}
