import CLua

// Argument checks for Swift functions, with the semantics and wording of
// lauxlib's luaL_check* (the trampoline calls luaL_argerror/luaL_typeerror,
// so messages read `bad argument #2 to 'after' (number expected, got nil)`).
// None allocates on success, except to build returned Strings.
extension LuaState {
  /// An integer argument: integers, floats with an exact integer value, numeric strings.
  ///
  /// A float like 1.5 fails with "number has no integer representation", as in Lua.
  public func checkInt(_ arg: Int32) throws(LuaArgumentError) -> Int {
    var isNumber: Int32 = 0
    let value = lua_tointegerx(L, arg, &isNumber)
    if isNumber != 0 { return Int(value) }
    if lua_isnumber(L, arg) != 0 {
      throw LuaArgumentError(arg: arg, message: "number has no integer representation")
    }
    throw typeError(arg, expected: "number")
  }

  /// A number argument (numeric strings are converted, as in Lua).
  public func checkNumber(_ arg: Int32) throws(LuaArgumentError) -> Double {
    var isNumber: Int32 = 0
    let value = lua_tonumberx(L, arg, &isNumber)
    if isNumber != 0 { return value }
    throw typeError(arg, expected: "number")
  }

  /// A string argument (numbers are converted, as in Lua).
  public func checkString(_ arg: Int32) throws(LuaArgumentError) -> String {
    let type = lua_type(L, arg)
    guard type == LUA_TSTRING || type == LUA_TNUMBER, let value = stringValue(at: arg) else {
      throw typeError(arg, expected: "string")
    }
    return value
  }

  /// A boolean argument: only `true` or `false` (Lua has no luaL_checkboolean; this is strict).
  public func checkBool(_ arg: Int32) throws(LuaArgumentError) -> Bool {
    guard lua_type(L, arg) == LUA_TBOOLEAN else {
      throw typeError(arg, expected: "boolean")
    }
    return lua_toboolean(L, arg) != 0
  }

  /// Requires a table at `arg`: a plain one, not a table-backed object (a sprite passed where
  /// options go is a mistake, not a table of options).
  public func checkTable(_ arg: Int32) throws(LuaArgumentError) {
    guard lua_type(L, arg) == LUA_TTABLE, !isObject(at: arg) else { throw typeError(arg, expected: "table") }
  }

  /// Requires a function at `arg`.
  public func checkFunction(_ arg: Int32) throws(LuaArgumentError) {
    guard lua_type(L, arg) == LUA_TFUNCTION else {
      throw typeError(arg, expected: "function")
    }
  }

  /// A string argument that must be one of `options`; nil/absent gives `default` when there is one.
  ///
  /// Otherwise fails with `invalid option 'x' (expected one of: a, b, c)`.
  public func checkOption(
    _ arg: Int32, _ options: [String], default defaultOption: String? = nil
  ) throws(LuaArgumentError) -> String {
    if let defaultOption, isNoneOrNil(at: arg) { return defaultOption }
    return try matchOption(arg, options, name: { $0 })
  }

  /// An option argument read as a string-backed enum; nil/absent gives `default` when there is one.
  public func checkOption<Option: CaseIterable & RawRepresentable>(
    _ arg: Int32, as type: Option.Type, default defaultOption: Option? = nil
  ) throws(LuaArgumentError) -> Option where Option.RawValue == String {
    if let defaultOption, isNoneOrNil(at: arg) { return defaultOption }
    return try matchOption(arg, Option.allCases, name: { $0.rawValue })
  }

  /// An optional integer: `default` when nil or absent.
  public func optInt(_ arg: Int32, default value: Int) throws(LuaArgumentError) -> Int {
    isNoneOrNil(at: arg) ? value : try checkInt(arg)
  }

  /// An optional number: `default` when nil or absent.
  public func optNumber(_ arg: Int32, default value: Double) throws(LuaArgumentError) -> Double {
    isNoneOrNil(at: arg) ? value : try checkNumber(arg)
  }

  /// An optional string: `default` when nil or absent.
  public func optString(_ arg: Int32, default value: String) throws(LuaArgumentError) -> String {
    isNoneOrNil(at: arg) ? value : try checkString(arg)
  }

  /// An optional boolean: `default` when nil or absent.
  public func optBool(_ arg: Int32, default value: Bool) throws(LuaArgumentError) -> Bool {
    isNoneOrNil(at: arg) ? value : try checkBool(arg)
  }

  /// A type error for `arg`, worded by Lua: "T expected, got U" ("got no value" when absent).
  public func typeError(_ arg: Int32, expected typeName: String) -> LuaArgumentError {
    // Decided now: by the time the trampoline raises, the slot may hold pushed values.
    if lua_type(L, arg) == LUA_TNONE {
      return LuaArgumentError(arg: arg, message: "\(typeName) expected, got no value")
    }
    return LuaArgumentError(arg: arg, mismatchOf: typeName)
  }

  /// An argument error for `arg` with a custom message: `throw lua.argumentError(2, "must be positive")`.
  public func argumentError(_ arg: Int32, _ message: String) -> LuaArgumentError {
    LuaArgumentError(arg: arg, message: message)
  }

  /// Finds the option whose name equals the string at `arg`, comparing bytes (no allocation).
  private func matchOption<Options: Sequence>(
    _ arg: Int32, _ options: Options, name: (Options.Element) -> String
  ) throws(LuaArgumentError) -> Options.Element {
    let type = lua_type(L, arg)
    var length = 0
    guard type == LUA_TSTRING || type == LUA_TNUMBER, let chars = lua_tolstring(L, arg, &length)
    else { throw typeError(arg, expected: "string") }
    let bytes = UnsafeRawBufferPointer(start: chars, count: length)
    for option in options {
      let candidate = name(option).utf8
      if candidate.count == length && candidate.elementsEqual(bytes) { return option }
    }
    let given = String(decoding: bytes, as: UTF8.self)
    let valid = options.map(name).joined(separator: ", ")
    throw LuaArgumentError(arg: arg, message: "invalid option '\(given)' (expected one of: \(valid))")
  }
}
