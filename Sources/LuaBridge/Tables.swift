import CLua

// Tables, always raw: from Swift, metamethods could raise and longjmp
// through Swift frames, so no binding triggers one.
extension LuaState {
  /// Pushes a new table with room for `narr` array and `nrec` hash entries.
  public func newTable(narr: Int32 = 0, nrec: Int32 = 0) {
    lua_createtable(L, narr, nrec)
  }

  /// Pushes `table[key]` (raw) and returns its type. `table` must index a table.
  @discardableResult
  public func rawGet(_ table: Int32, key: String) -> LuaType {
    let table = absIndex(table)
    push(key)
    return LuaType(code: lua_rawget(L, table))
  }

  /// Pops a value and stores it as `table[key]` (raw). `table` must index a table.
  public func rawSet(_ table: Int32, key: String) {
    let table = absIndex(table)
    push(key)
    insert(at: -2)
    lua_rawset(L, table)
  }

  /// Pushes `table[index]` (raw) and returns its type. `table` must index a table.
  @discardableResult
  public func rawGet(_ table: Int32, index: Int) -> LuaType {
    LuaType(code: lua_rawgeti(L, table, lua_Integer(index)))
  }

  /// Pops a value and stores it as `table[index]` (raw). `table` must index a table.
  public func rawSet(_ table: Int32, index: Int) {
    lua_rawseti(L, table, lua_Integer(index))
  }

  /// Pushes `table[k]` (raw) where `k` is the value on top, replacing the key; returns the type.
  @discardableResult
  public func rawGet(_ table: Int32) -> LuaType {
    LuaType(code: lua_rawget(L, table))
  }

  /// Pops a key and a value (value on top) and stores `table[key] = value` (raw).
  public func rawSet(_ table: Int32) {
    lua_rawset(L, table)
  }

  /// The raw length: `#t` without `__len` for tables, byte count for strings.
  public func rawLength(_ index: Int32) -> Int {
    Int(lua_rawlen(L, index))
  }

  /// Calls `body` with the stack indices of each key and value of the table at `table`.
  ///
  /// Order is Lua's (unspecified). `body` may push values; they are dropped
  /// after each pair. It must not convert the key in place (`toString` does not)
  /// nor add keys to the table.
  public func forEachPair(
    _ table: Int32, _ body: (_ keyIndex: Int32, _ valueIndex: Int32) throws -> Void
  ) rethrows {
    let table = absIndex(table)
    let base = top
    pushNil()
    while lua_next(L, table) != 0 {
      do {
        try body(base + 1, base + 2)
      } catch {
        top = base
        throw error
      }
      top = base + 1  // keep the key for lua_next
    }
  }

  /// Pops a value and sets the global `name` (raw on the globals table).
  public func setGlobal(_ name: String) {
    lua_rawgeti(L, tide_lua_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
    insert(at: -2)
    rawSet(-2, key: name)
    pop()
  }

  /// Pushes the global `name` (raw on the globals table) and returns its type.
  @discardableResult
  public func getGlobal(_ name: String) -> LuaType {
    lua_rawgeti(L, tide_lua_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
    let type = rawGet(-1, key: name)
    remove(at: -2)
    return type
  }

  /// Sets the global `name` to a Swift function.
  public func setGlobal(_ name: String, _ function: @escaping LuaFunction) {
    push(function)
    setGlobal(name)
  }
}

extension LuaState {
  /// Pushes the globals table (raw, from the registry).
  public func pushGlobalTable() {
    lua_rawgeti(L, tide_lua_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
  }

  /// Pops a table (or nil) and sets it as the metatable of the value at `index`.
  public func setMetatable(_ index: Int32) {
    _ = lua_setmetatable(L, index)
  }
}
