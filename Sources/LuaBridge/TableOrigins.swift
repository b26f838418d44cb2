import CLua

/// Where tables of a game's data files were written, so that an engine function that refuses
/// one of them can name it.
///
/// A game hands its data tables straight to the engine (`tide.sprite.polygon(shape.opts)`,
/// `tide.particles(sparks.pop)`), and a bad field there raised an error at that call's line,
/// while the mistake is in the data file. The tables a data file returns are noted once, when it
/// is loaded, in a table with weak keys (it keeps none of them alive); an argument error of a
/// Swift function then ends with the table's file and place in it:
/// `unknown sprite field 'colour' (...), in the table data/shapes.lua: [2].opts`.
extension LuaState {
  /// The most tables noted for one file: the walk stops there, so a generated level of tens of
  /// thousands of tables loads as fast as before, and its tables past the limit are named by
  /// the call alone.
  public static let originsNotedPerFile = 5_000
  /// Paths longer than this (bytes) name no tables below them: a name is for reading.
  static let originPathLength = 200

  /// Notes the table at `index`, and every table reachable from it through string and integer
  /// keys, as written in `file` ("data/shapes.lua: [2].opts"). Breadth first, so that a long
  /// list deep in the file cannot use up the names before the tables above it get theirs. A
  /// table already noted keeps its first place (a table shared between two files, a cycle).
  /// Raw: metatables are not asked.
  public func noteOrigins(ofTableAt index: Int32, file: String) {
    guard type(at: index) == .table else { return }
    let table = absIndex(index)
    pushOrigins()
    let origins = top
    // The tables waiting for their turn, by position (their paths are in `paths`).
    newTable()
    let queue = top
    var paths = [""]
    pushValue(at: table)
    lua_rawseti(L, queue, 1)
    var next = 0
    while next < paths.count, next < LuaState.originsNotedPerFile {
      next += 1
      lua_rawgeti(L, queue, lua_Integer(next))
      let current = top
      let path = paths[next - 1]
      pushValue(at: current)
      if rawGet(origins) != .nil {  // noted already: its first place stands, its tables too
        pop(2)
        continue
      }
      pop()
      pushValue(at: current)
      push(path.isEmpty ? file : "\(file): \(path)")
      rawSet(origins)
      if path.utf8.count < LuaState.originPathLength, paths.count < LuaState.originsNotedPerFile {
        forEachPair(current) { k, v in
          guard type(at: v) == .table, paths.count < LuaState.originsNotedPerFile,
            let step = LuaState.pathStep(self, key: k)
          else { return }
          pushValue(at: v)
          lua_rawseti(L, queue, lua_Integer(paths.count + 1))
          paths.append(step.hasPrefix("[") || path.isEmpty ? path + step : path + "." + step)
        }
      }
      pop()
    }
    pop(2)
  }

  /// Where the table at `index` was written ("data/shapes.lua: [2].opts"), or nil when it did
  /// not come from a noted file.
  public func origin(ofTableAt index: Int32) -> String? {
    guard index != 0, let ref = vm.originsRef, type(at: index) == .table else { return nil }
    let table = absIndex(index)
    lua_rawgeti(L, tide_lua_registryindex(), lua_Integer(ref))
    pushValue(at: table)
    defer { pop(2) }
    return rawGet(-2) == .string ? stringValue(at: -1) : nil
  }

  /// Pushes the weak-keyed table of origins, made on first use.
  private func pushOrigins() {
    if let ref = vm.originsRef {
      lua_rawgeti(L, tide_lua_registryindex(), lua_Integer(ref))
      return
    }
    newTable()
    newTable()
    push("k")
    rawSet(-2, key: "__mode")
    _ = lua_setmetatable(L, -2)
    pushValue(at: -1)
    vm.originsRef = luaL_ref(L, tide_lua_registryindex())
  }

  /// A key as a step of a path: `name`, `[2]` or `["a b"]`; nil for keys of other types.
  private static func pathStep(_ lua: LuaState, key k: Int32) -> String? {
    switch lua.type(at: k) {
    case .number:
      guard lua.isInteger(at: k), let i = lua.toInt(at: k) else { return nil }
      return "[\(i)]"
    case .string:
      guard let name = lua.stringValue(at: k) else { return nil }
      return isIdentifier(name) ? name : "[\"\(name)\"]"
    default:
      return nil
    }
  }

  /// Whether `name` is written `t.name` in Lua: letters, digits and `_`, not starting with a digit.
  private static func isIdentifier(_ name: String) -> Bool {
    func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
    func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z") }
    guard let first = name.utf8.first, !isDigit(first) else { return false }
    return name.utf8.allSatisfy { $0 == UInt8(ascii: "_") || isDigit($0) || isLetter($0) }
  }
}
