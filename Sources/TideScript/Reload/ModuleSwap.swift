import CLua
import LuaBridge

/// The Lua half of hot reload: putting a module's new table into its old one, and undoing a
/// reload that failed half way.
///
/// Runs with the debug library's upvalue functions, which games never see: the new code's
/// functions still point at the *new* tables they were compiled with (`local M = {}`), and
/// are re-pointed at the old ones so the game's state stays in one place.
struct ModuleSwap {
  private let helpers: LuaRef

  init(lua: LuaState) throws(LuaError) {
    tide_lua_pushcfunction(lua.L, luaopen_debug)
    try lua.pcall(nargs: 0, nresults: 1)                   // debug (not installed anywhere)
    try lua.load(ModuleSwap.source, chunkName: "=[tide reload]")
    lua.insert(at: -2)
    try lua.pcall(nargs: 1, nresults: 1)
    helpers = lua.ref(at: -1)
    lua.pop(1)
  }

  /// Replaces the contents of module `name`'s old table (at `old`) with those of its new one
  /// (at `new`), keeping `old`'s identity, then re-points upvalues of the new functions (and of
  /// those in `scenes`). Returns false, changing nothing, when either is not a plain table.
  /// Every table it changes and every upvalue it re-points is written in `journal` first, so
  /// `rollBack` can undo the merge when a later module of the same reload fails.
  func merge(
    old: Int32, new: Int32, name: String, scenes: LuaRef, cache: LuaRef, journal: LuaRef, lua: LuaState
  ) throws(LuaError) -> Bool {
    let old = lua.absIndex(old)
    let new = lua.absIndex(new)
    try call("merge", lua: lua, results: 1) { lua in
      lua.pushValue(at: old)
      lua.pushValue(at: new)
      lua.push(scenes)
      lua.push(cache)
      lua.push(name)
      lua.push(journal)
      return 6
    }
    defer { lua.pop() }
    return lua.toBool(at: -1)
  }

  /// A journal for the merges of one reload, holding from the start a copy of each table in
  /// `keeping` (tables a reload changes other than by merging: the game's globals, the scene
  /// definitions, the module cache), so `rollBack` restores them with the merged ones.
  func newJournal(keeping tables: [LuaRef], lua: LuaState) throws(LuaError) -> LuaRef {
    try call("journal", lua: lua, results: 1) { lua in
      for table in tables { lua.push(table) }
      return Int32(tables.count)
    }
    defer { lua.pop(1) }
    return lua.ref(at: -1)
  }

  /// Undoes every merge written in `journal`: tables (the kept ones too) get their old contents
  /// back and re-pointed upvalues their old tables, newest first.
  func rollBack(_ journal: LuaRef, lua: LuaState) throws(LuaError) {
    try call("roll_back", lua: lua) { lua in
      lua.push(journal)
      return 1
    }
  }

  private func call(_ name: String, lua: LuaState, results: Int32 = 0, _ pushArgs: (LuaState) -> Int32) throws(LuaError) {
    lua.push(helpers)
    lua.rawGet(-1, key: name)
    lua.remove(at: -2)
    let nargs = pushArgs(lua)
    try lua.pcall(nargs: nargs, nresults: results)
  }

  static let source = """
    local debug = ...
    local getupvalue, setupvalue = debug.getupvalue, debug.setupvalue
    local getmetatable, setmetatable = debug.getmetatable, debug.setmetatable
    local next, rawget, rawset, select, type = next, rawget, rawset, select, type

    -- Every table reachable from `t` (through values) into `seen`.
    local function reach(t, seen)
      if seen[t] then return end
      seen[t] = true
      for _, v in next, t do
        if type(v) == "table" then reach(v, seen) end
      end
    end

    -- Only plain tables (modules, data) are merged; a table with a metatable is an object
    -- (a class instance, a rules.duel proxy) whose identity its methods may rely on.
    local function plain(t) return type(t) == "table" and getmetatable(t) == nil end

    -- A shallow copy of tbl, for restore to put back.
    local function snapshot(tbl)
      local copy = {}
      for k, v in next, tbl do copy[k] = v end
      return copy
    end

    -- Puts tbl's contents back to copy's, keeping tbl's identity.
    local function restore(tbl, copy)
      for k in next, tbl do
        if copy[k] == nil then rawset(tbl, k, nil) end
      end
      for k, v in next, copy do rawset(tbl, k, v) end
    end

    -- Copies new into old, merging nested tables the same way, so every holder of old (or of a
    -- table inside it) sees the new contents. map[new table] = the old table it became.
    -- A nested table is merged only when the new one was made by this reload (not `known`
    -- before it) and the old one belongs to this module alone (no other module reaches it):
    -- `default = colours.blue` must not rewrite colours.red.
    local function merge_into(old, new, map, known, others, journal)
      map[new] = old
      if journal.tables[old] == nil then journal.tables[old] = snapshot(old) end
      for k in next, old do
        if rawget(new, k) == nil then rawset(old, k, nil) end
      end
      for k, v in next, new do
        if type(v) == "table" then
          if map[v] then
            v = map[v]
          elseif not known[v] then
            local before = rawget(old, k)
            if plain(v) and plain(before) and not others[before] and not map[before] then
              merge_into(before, v, map, known, others, journal)
              v = before
            end
          end
        end
        rawset(old, k, v)
      end
    end

    -- Re-points a function's upvalues from new tables to the old ones they were merged into.
    -- Upvalues are shared by all closures of one local, so fixing one fixes its siblings.
    local function repoint(fn, map, done, journal)
      if done[fn] then return end
      done[fn] = true
      local i = 1
      while true do
        local name, value = getupvalue(fn, i)
        if name == nil then break end
        if name ~= "" then  -- C functions' upvalues have no names; leave them alone
          if type(value) == "table" and map[value] then
            local undo = journal.upvalues
            undo[#undo + 1] = { fn, i, value }
            setupvalue(fn, i, map[value])
          elseif type(value) == "function" then
            repoint(value, map, done, journal)
          end
        end
        i = i + 1
      end
    end

    local function repoint_in(tbl, map, done, journal)
      for _, v in next, tbl do
        if type(v) == "function" then repoint(v, map, done, journal) end
      end
    end

    local helpers = {}

    -- A journal for one reload: tables[t] = t's contents before the reload (the tables to keep
    -- are copied now, merged ones when first merged), upvalues = the re-pointings, in order.
    function helpers.journal(...)
      local journal = { tables = {}, upvalues = {} }
      for i = 1, select("#", ...) do
        local tbl = select(i, ...)
        journal.tables[tbl] = snapshot(tbl)
      end
      return journal
    end

    function helpers.roll_back(journal)
      local undo = journal.upvalues
      for i = #undo, 1, -1 do
        local entry = undo[i]
        setupvalue(entry[1], entry[2], entry[3])
      end
      for tbl, copy in next, journal.tables do restore(tbl, copy) end
    end

    -- Merges module `name`'s new value into its old one when both are plain tables and returns
    -- true; otherwise returns false and the caller installs the new value as it is.
    function helpers.merge(old, new, scenes, cache, name, journal)
      if not (plain(old) and plain(new)) then return false end
      local known, others = {}, {}
      for module, value in next, cache do
        if module ~= name and type(value) == "table" then reach(value, others) end
      end
      for t in next, others do known[t] = true end
      reach(old, known)
      local map, done = {}, {}
      merge_into(old, new, map, known, others, journal)
      for _, tbl in next, map do repoint_in(tbl, map, done, journal) end
      for _, definition in next, scenes do
        if type(definition) == "table" then repoint_in(definition, map, done, journal) end
      end
      return true
    end

    return helpers
    """
}
