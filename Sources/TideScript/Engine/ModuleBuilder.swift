import LuaBridge

/// Fills one Lua table (a module like `tide.sprite`, or a type's method table) with Swift functions.
///
/// The API reference generator (`tide docs`) reads the `///` comment above each
/// `.function("name")` / `.method("name")` call in `Sources/TideScript/API` (each part's
/// folder included), so every exported function is documented where it is defined.
package struct ModuleBuilder {
  let lua: LuaState
  let table: LuaRef
  let path: String

  /// Registers `fn` under `name` in the table.
  package func function(_ name: String, _ fn: @escaping LuaFunction) {
    // A module's function is named by its path where Lua cannot name it (a computed call).
    register(name, fn, calledInErrors: path.hasPrefix("tide") ? path + "." + name : nil)
  }

  /// Registers a method of a userdata type; the receiver is argument 1.
  package func method(_ name: String, _ fn: @escaping LuaFunction) {
    // Called as a method, Lua names it; called as a value (`pcall(tide.camera.to_world, ...)`),
    // it is named as the reference writes it, `camera:to_world`, not '?'.
    register(name, fn, calledInErrors: path.prefix(1).lowercased() + path.dropFirst() + ":" + name)
  }

  private func register(_ name: String, _ fn: @escaping LuaFunction, calledInErrors: String?) {
    lua.push(table)
    lua.push(fn, name: calledInErrors)
    lua.rawSet(-2, key: name)
    lua.pop(1)
  }
}
