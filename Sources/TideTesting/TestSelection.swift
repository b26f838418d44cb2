import CLua
import Foundation
import LuaBridge

/// busted's `--filter` and `--filter-out` for tests that are files (replays, golden screens):
/// Lua patterns, as busted's filter loader matches them, on the file's name in the game
/// (`tests/replays/win.input`).
public enum TestSelection {
  /// Whether `name` is kept: it matches one of `filters` (or there are none) and none of `filtersOut`.
  public static func keeps(_ name: String, filters: [String], filtersOut: [String]) -> Bool {
    if filters.isEmpty && filtersOut.isEmpty { return true }
    if filtersOut.contains(where: { matches(name, $0) }) { return false }
    return filters.isEmpty || filters.contains { matches(name, $0) }
  }

  /// Whether Lua's `string.find(name, pattern)` finds it; a malformed pattern finds nothing.
  public static func matches(_ name: String, _ pattern: String) -> Bool {
    let vm = LuaVM()
    let lua = vm.state
    luaL_openlibs(lua.L)
    do {
      try lua.load("local name, pattern = ...\nreturn name:find(pattern) ~= nil", chunkName: "=[tide test filter]")
      lua.push(name)
      lua.push(pattern)
      try lua.pcall(nargs: 2, nresults: 1)
      defer { lua.pop(1) }
      return lua.toBool(at: -1)
    } catch {
      return false
    }
  }
}
