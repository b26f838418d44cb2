import CLua

extension LuaVM {
  /// Opens base, string, table, math, utf8 and coroutine, and nothing that reaches the host.
  ///
  /// No io, os, package or debug; `dofile` and `loadfile` are removed and
  /// `load` accepts text chunks only (binary chunks can crash the VM). No
  /// `require` either: the engine installs its own.
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
    state.getGlobal("load")
    tide_pushtextload(L)
    state.setGlobal("load")
  }
}
