import CLua

// Stack slots, pushing and reading values. Nothing here runs Lua code or
// raises: allocations made from Swift are exempt from the memory cap.
extension LuaState {
  /// The index of the top element, which is also the number of elements; setting it pads with nil or drops.
  public var top: Int32 {
    get { lua_gettop(L) }
    nonmutating set { lua_settop(L, newValue) }
  }

  /// Converts a relative index (-1 = top) into an absolute one.
  public func absIndex(_ index: Int32) -> Int32 {
    lua_absindex(L, index)
  }

  /// Pops `count` values.
  public func pop(_ count: Int32 = 1) {
    tide_lua_pop(L, count)
  }

  /// Pushes a copy of the value at `index`.
  public func pushValue(at index: Int32) {
    lua_pushvalue(L, index)
  }

  /// Moves the top value into `index`, shifting up the values above it.
  public func insert(at index: Int32) {
    tide_lua_insert(L, index)
  }

  /// Removes the value at `index`, shifting down the values above it.
  public func remove(at index: Int32) {
    tide_lua_remove(L, index)
  }

  /// Makes room for `count` more values; false when the stack cannot grow.
  ///
  /// Swift functions start with 20 free slots (LUA_MINSTACK); ask for more
  /// before pushing more than that.
  @discardableResult
  public func ensureStack(_ count: Int32) -> Bool {
    lua_checkstack(L, count) != 0
  }

  /// Pops `count` values from this thread and pushes them onto `other` (same VM).
  public func move(_ count: Int32, to other: LuaState) {
    lua_xmove(L, other.L, count)
  }

  // MARK: Types

  /// The type of the value at `index` (`.none` above the top).
  @inlinable public func type(at index: Int32) -> LuaType {
    LuaType(code: lua_type(L, index))
  }

  /// Lua's name for the type at `index`: "nil", "number", "no value", ..., or the `__name` of
  /// its metatable ("tide.Sprite"), as `luaL_typeerror` names it.
  public func typeName(at index: Int32) -> String {
    if lua_type(L, index) == LUA_TTABLE || lua_type(L, index) == LUA_TUSERDATA, lua_checkstack(L, 1) != 0 {
      let type = luaL_getmetafield(L, index, "__name")  // pushes nothing when there is none
      if type != LUA_TNIL {
        defer { pop() }
        if type == LUA_TSTRING, let name = lua_tolstring(L, -1, nil) { return String(cString: name) }
      }
    }
    return String(cString: lua_typename(L, lua_type(L, index)))
  }

  /// True when `index` holds nil or is above the top.
  public func isNoneOrNil(at index: Int32) -> Bool {
    tide_lua_isnoneornil(L, index) != 0
  }

  /// True when the value at `index` is a number with the integer subtype.
  public func isInteger(at index: Int32) -> Bool {
    lua_isinteger(L, index) != 0
  }

  // MARK: Push

  /// Pushes nil.
  public func pushNil() {
    lua_pushnil(L)
  }

  /// Pushes a boolean.
  public func push(_ value: Bool) {
    lua_pushboolean(L, value ? 1 : 0)
  }

  /// Pushes an integer (Lua integer subtype, all 64 bits kept).
  public func push(_ value: Int) {
    lua_pushinteger(L, lua_Integer(value))
  }

  /// Pushes a float.
  public func push(_ value: Double) {
    lua_pushnumber(L, value)
  }

  /// Pushes a string (its UTF-8 bytes; embedded zeros are kept).
  public func push(_ value: String) {
    var value = value
    value.withUTF8 { bytes in
      _ = lua_pushlstring(L, bytes.baseAddress, bytes.count)
    }
  }

  // MARK: Read

  /// The integer at `index`: an integer, a float with an exact integer value,
  /// or a string convertible to one; otherwise nil.
  public func toInt(at index: Int32) -> Int? {
    var isNumber: Int32 = 0
    let value = lua_tointegerx(L, index, &isNumber)
    return isNumber != 0 ? Int(value) : nil
  }

  /// The number at `index` (or a numeric string converted); otherwise nil.
  @inlinable public func toDouble(at index: Int32) -> Double? {
    var isNumber: Int32 = 0
    let value = lua_tonumberx(L, index, &isNumber)
    return isNumber != 0 ? value : nil
  }

  /// The string at `index`, or a number formatted as Lua would; otherwise nil.
  ///
  /// Never converts the value in place (safe on keys during `forEachPair`).
  /// Invalid UTF-8 is repaired with U+FFFD.
  public func toString(at index: Int32) -> String? {
    switch lua_type(L, index) {
    case LUA_TSTRING:
      return stringValue(at: index)
    case LUA_TNUMBER:
      lua_pushvalue(L, index)
      defer { tide_lua_pop(L, 1) }
      return stringValue(at: -1)
    default:
      return nil
    }
  }

  /// Lua truthiness: false only for nil, false and no value.
  public func toBool(at index: Int32) -> Bool {
    lua_toboolean(L, index) != 0
  }

  /// Reads the string (or number, converted in place) at `index`.
  func stringValue(at index: Int32) -> String? {
    var length = 0
    guard let bytes = lua_tolstring(L, index, &length) else { return nil }
    return String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
  }

  // MARK: Balance

  /// Runs `body` and, in debug builds, asserts it left the stack `pushes` values higher.
  ///
  /// Wrap bindings and helpers with it while writing them:
  /// `try lua.withStackCheck(pushes: 1) { ... }`. Release builds only run `body`.
  public func withStackCheck<T>(
    pushes: Int32 = 0, file: StaticString = #fileID, line: UInt = #line, _ body: () throws -> T
  ) rethrows -> T {
    #if DEBUG
      let before = top
      let result = try body()
      let after = top
      assert(
        after == before + pushes,
        "Lua stack unbalanced: expected \(pushes >= 0 ? "+" : "")\(pushes), got \(after - before)",
        file: file, line: line)
      return result
    #else
      return try body()
    #endif
  }
}

extension LuaState {
  /// The identity of the string at `index`: Lua interns short strings (up to 40 bytes), so two
  /// equal short strings give the same pointer while either is alive. Nil for non-strings.
  ///
  /// Lets a binding map a field name to a case with one pointer comparison instead of building
  /// a Swift `String`; keep the strings it compares against alive (e.g. in the registry).
  public func internedString(at index: Int32) -> UnsafeRawPointer? {
    guard lua_type(L, index) == LUA_TSTRING else { return nil }
    return lua_topointer(L, index)
  }

  /// The address of the table at `index`, which stays its own while the table lives (Lua never
  /// moves one), or nil for any other value. For `RawFields.pull(_:refs:blocks:range:...)`.
  public func tablePointer(at index: Int32) -> UnsafeRawPointer? {
    guard lua_type(L, index) == LUA_TTABLE else { return nil }
    return lua_topointer(L, index)
  }
}
