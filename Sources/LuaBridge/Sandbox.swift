import CLua

extension LuaVM {
  /// Opens base, string, table, math, utf8 and coroutine, and nothing that reaches the host.
  ///
  /// No io, os, package or debug; `string.rep` of an empty piece returns at once (Lua 5.4.4's
  /// copies it n times), and `string.find`, `match`, `gmatch` and `gsub` (as functions and as
  /// string methods) spend the instruction budget as they match, so a pattern that backtracks
  /// for hours ends with "instruction budget exceeded" as a loop does; `dofile` and `loadfile`
  /// are removed and `load` accepts text chunks only (binary chunks can crash the VM). No
  /// `require` either: the engine installs its own. `setmetatable` refuses a metatable with a
  /// `__gc` field, as Luau does: finalizers run with hooks off, outside the instruction budget,
  /// so an endless loop there would hang the host. (Lua only marks an object for finalization
  /// if `__gc` is present when the metatable is set, so adding it later does nothing.)
  public func openSafeLibraries() {
    let L = state.L
    let libraries: [(String, lua_CFunction)] = [
      ("_G", luaopen_base), ("string", luaopen_string), ("table", luaopen_table),
      ("math", luaopen_math), ("utf8", luaopen_utf8), ("coroutine", luaopen_coroutine),
    ]
    for (name, open) in libraries {
      luaL_requiref(L, name, open, 1)
      state.pop()
    }
    for name in ["dofile", "loadfile"] {
      state.pushNil()
      state.setGlobal(name)
    }
    // Coroutines that Lua makes carry the budget hook from birth (CLua's budget.c says why).
    state.getGlobal("coroutine")
    lua_pushcclosure(L, tide_cocreate, 0)
    lua_setfield(L, -2, "create")
    lua_getfield(L, -1, "wrap")
    lua_pushcclosure(L, tide_cowrap, 1)
    lua_setfield(L, -2, "wrap")
    state.pop()
    state.getGlobal("load")
    tide_pushtextload(L)
    state.setGlobal("load")
    // string.rep("", 1e15) and a backtracking pattern would spin in C, out of the budget's and
    // the watchdog's sight: these copies of Lua's own count their steps into the budget.
    tide_installstrlib(L)
    do {
      try state.doString(
        """
        local setmetatable, rawget, type, error = setmetatable, rawget, type, error
        return function(t, mt)
          if type(mt) == "table" and rawget(mt, "__gc") ~= nil then
            error("setmetatable: __gc finalizers are not allowed (they would run outside the instruction budget)", 2)
          end
          return setmetatable(t, mt)
        end
        """, chunkName: "=[sandbox]", nresults: 1)
      state.setGlobal("setmetatable")
    } catch {
      preconditionFailure("sandbox setmetatable failed to compile: \(error.message)")
    }
  }
}
