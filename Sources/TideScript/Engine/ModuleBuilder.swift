import LuaBridge

/// Fills one Lua table (a module like `tide.sprite`, or a type's method table) with Swift functions.
///
/// The API reference generator (`tide docs`) reads the `///` comment above each
/// `.function("name")` / `.method("name")` call in `Sources/TideScript/API` (and
/// `Sources/TideTesting/API`, where `tide.test` is bound), so every
/// exported function is documented where it is defined.
package struct ModuleBuilder {
  let lua: LuaState
  let table: LuaRef
  let path: String

  /// Registers `fn` under `name` in the table.
  package func function(_ name: String, _ fn: @escaping LuaFunction) {
    lua.push(table)
    // A module's function is named by its path where Lua cannot name it (a computed call);
    // a type's methods are called as methods, which Lua names.
    lua.push(fn, name: path.hasPrefix("tide") ? path + "." + name : nil)
    lua.rawSet(-2, key: name)
    lua.pop(1)
  }

  /// Registers a method of a userdata type; the receiver is argument 1.
  package func method(_ name: String, _ fn: @escaping LuaFunction) {
    function(name, fn)
  }
}

extension Engine {
  /// The builder for `path` ("tide" or "tide.x"), creating the nested table when missing.
  package func module(_ path: String) -> ModuleBuilder {
    lua.push(tideTable)
    for part in path.split(separator: ".").dropFirst() {
      let key = String(part)
      if lua.rawGet(-1, key: key) != .table {
        lua.pop(1)
        lua.newTable()
        lua.pushValue(at: -1)
        lua.rawSet(-3, key: key)
      }
      lua.remove(at: -2)
    }
    let ref = lua.ref(at: -1)
    lua.pop(1)
    return ModuleBuilder(lua: lua, table: ref, path: path)
  }

  /// The builder for the methods of userdata type `name` (metatable `tide.<name>`).
  package func type(_ name: String) -> ModuleBuilder {
    // A type's methods may be installed from several files: the later ones add to its table.
    if let existing = methodTables[name] { return ModuleBuilder(lua: lua, table: existing, path: name) }
    lua.newTable()
    let ref = lua.ref(at: -1)
    lua.pop(1)
    methodTables[name] = ref
    return ModuleBuilder(lua: lua, table: ref, path: name)
  }
}
