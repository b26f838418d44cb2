import CLua
import LuaBridge
import TideScript

/// The globals test files run in: a full Lua 5.4 environment (io, os, package, debug...) that
/// lives in the same state as the sandboxed game, because tests hold the game's sprites and
/// app handle, yet is never reachable from it.
///
/// The state's own global table (the registry's LUA_RIDX_GLOBALS) stays the sandbox: every
/// chunk Lua loads without an explicit environment, including a game's `load("...")`, gets
/// the sandbox. The test globals are a separate table whose libraries are opened fresh while
/// the registry briefly points at it, since Lua's openers write into "the" global table.
enum TestEnvironment {
  /// Libraries a test file gets besides the sandbox's, opened fresh (not shared with the game).
  private static let libraries: [(String, lua_CFunction)] = [
    ("_G", luaopen_base), ("package", luaopen_package), ("coroutine", luaopen_coroutine),
    ("table", luaopen_table), ("io", luaopen_io), ("os", luaopen_os), ("string", luaopen_string),
    ("math", luaopen_math), ("utf8", luaopen_utf8), ("debug", luaopen_debug),
  ]

  /// Pushes a new table of full Lua 5.4 globals. Only `package.loaded` (the registry's, which
  /// Lua's `require` always uses) is shared with the state, and the game has no way to reach it.
  static func push(on lua: LuaState) throws(LuaError) {
    let L = lua.L
    let registry = tide_lua_registryindex()
    let top = lua.top
    _ = lua_rawgeti(L, registry, lua_Integer(LUA_RIDX_GLOBALS))  // top+1: the sandbox globals
    lua_createtable(L, 0, 64)  // top+2: the test globals
    // luaopen_string replaces the strings' metatable; the game's (bounded patterns) must stay.
    lua.push("")
    _ = lua_getmetatable(L, -1)
    lua.remove(at: -2)  // top+3: the strings' metatable
    _ = luaL_getsubtable(L, registry, LUA_LOADED_TABLE)  // top+4
    let (sandbox, globals, stringMeta, loaded) = (top + 1, top + 2, top + 3, top + 4)
    lua.pushValue(at: globals)
    lua_rawseti(L, registry, lua_Integer(LUA_RIDX_GLOBALS))
    var failure: LuaError?
    for (name, open) in libraries {
      tide_lua_pushcfunction(L, open)
      lua.push(name)
      do {
        try lua.pcall(nargs: 1, nresults: 1)
      } catch {
        failure = error
        break
      }
      lua.pushValue(at: -1)
      lua_setfield(L, loaded, name)
      lua_setfield(L, globals, name)
    }
    // The state's globals are the sandbox again and strings keep their metatable, whatever happened.
    lua.pushValue(at: sandbox)
    lua_rawseti(L, registry, lua_Integer(LUA_RIDX_GLOBALS))
    lua.push("")
    lua.pushValue(at: stringMeta)
    _ = lua_setmetatable(L, -2)
    lua.pop(1)
    lua.pop(2)  // loaded, stringMeta
    lua.remove(at: sandbox)
    if let failure {
      lua.pop(1)
      throw failure
    }
  }
}
