import Foundation
import LuaBridge
import TideCore

/// A piece of the runtime that owns its state and installs the Lua module over it, the way
/// LÖVE's `Timer` sits beside `wrap_Timer`: `API/<Name>/<Name>.swift` holds the part and its
/// state, `API/<Name>/<Name>API.swift` its binding (`install()`), so `tide.audio.play` is found
/// in `API/Audio/AudioAPI.swift`.
///
/// A part is given the `PartContext` every part shares and, through its initializer, the
/// other parts it calls; it never reaches into `Engine`. `Engine` makes the parts, installs
/// them, resets them for each start and steps them in order each tick.
///
/// A new part (voices, physics, another kind of pointer) is a folder of its own: the class
/// with its state and `resetGame(seed:)` when it keeps anything of the running game, its
/// binding with `let m = module("tide.x")` and a `///` comment on each function (the reference
/// is generated from them); then, in `Engine.init`, its creation (with the parts it calls) and
/// its place in `parts`, which installs and resets it. Only a part the engine calls itself
/// (each tick, say) is also kept in a stored `let`. What a scene makes is freed with the scene
/// when the part is `SceneScoped` and added in `Engine.init`.
package protocol Part: AnyObject {
  var context: PartContext { get }
  /// Registers the part's Lua module (`tide.<name>`) and types; called once, as the engine is made.
  func install()
  /// Drops what the running game made, for a fresh start from `main.lua` with `seed` (a test's
  /// next case, a hot reload that restarts); the Lua state stays. Parts holding nothing of the
  /// game's have nothing to drop.
  func resetGame(seed: UInt64)
}

extension Part {
  package func resetGame(seed: UInt64) {}

  /// The game's Lua state (its main thread).
  var lua: LuaState { context.lua }
  /// Script errors and warnings.
  var errors: ScriptErrors { context.errors }
  /// Game time, stepped by the engine.
  var clock: FixedStepClock { context.clock }

  /// The builder for `path` ("tide" or "tide.x"), creating the nested table when missing.
  package func module(_ path: String) -> ModuleBuilder { context.module(path) }

  /// The builder for the methods of userdata type `name` (metatable `tide.<name>`).
  package func type(_ name: String) -> ModuleBuilder { context.type(name) }

  /// Sets the metatable `metatable` so userdata of it find the methods of `type(name)`.
  package func registerMethodsMetatable(_ metatable: String, methods name: String) {
    context.registerMethodsMetatable(metatable, methods: name)
  }

  /// Calls the function in `ref` with arguments pushed by `pushArgs`, reporting any error.
  ///
  /// Returns false when the call failed; the game goes on either way.
  @discardableResult
  func invoke(_ ref: LuaRef, context what: String, _ pushArgs: (LuaState) -> Int32 = { _ in 0 }) -> Bool {
    context.invoke(ref, context: what, pushArgs)
  }

  /// Refuses a key of the options table at `arg` that is not in `allowed` (`eese = ...` must
  /// not pass silently), naming it and the valid ones; nothing to check when it is not a table.
  package func checkOptionKeys(
    _ lua: LuaState, arg: Int32, _ allowed: [String], what: @autoclosure () -> String, reportArg: Int32? = nil
  ) throws {
    guard lua.type(at: arg) == .table else { return }
    // A sprite is a table too, but no options: named as what it is.
    if lua.isObject(at: arg) {
      throw LuaArgumentError(arg: reportArg ?? arg, message: "\(what())s must be a table, got \(lua.typeName(at: arg))")
    }
    var first = FirstByKey<String>()
    lua.forEachPair(arg) { k, _ in
      guard lua.type(at: k) == .string, let key = lua.toString(at: k), allowed.contains(key) else {
        let name = lua.type(at: k) == .string ? lua.toString(at: k) ?? "?" : lua.typeName(at: k)
        first.offer(name, name)
        return
      }
    }
    if let unknown = first.failure {
      throw LuaArgumentError(
        arg: reportArg ?? arg, message: "unknown \(what()) '\(unknown)' (options: \(allowed.joined(separator: ", ")))")
    }
  }
}

/// What every part is given: the game's Lua state and `tide` table, its folder, the backend
/// and the error log. Nothing here belongs to one module.
package final class PartContext {
  /// The game's Lua state; `lua` is the view on its main thread.
  let vm: LuaVM
  var lua: LuaState { vm.state }
  /// The `tide` table every module hangs from.
  let tideTable: LuaRef
  /// The game folder, or the archive a packed game is read from.
  let gameDirectory: URL
  /// The game's files, from its folder or its archive: every read of one goes through here.
  let files: any GameFiles
  /// How the folder is named in messages, e.g. `Content/rps`.
  let displayPath: String
  /// Where frames, sounds and input go.
  let backend: any Backend
  /// Script errors and warnings since the game started.
  let errors: ScriptErrors
  /// Game time: the engine steps it once a tick, before any part runs; parts read it.
  var clock = FixedStepClock()
  /// The game's configuration from `conf.lua`, with command-line overrides applied.
  var config: GameConfig
  /// How the game runs: seed, limits, where saves go. Only the seed changes, when the player
  /// restarts a failed game (`EngineOptions.restartSeed`).
  var options: EngineOptions
  /// The method tables of userdata types, by type name: a type's methods may be installed by
  /// several parts (particles add to `Sprite`).
  private var methodTables: [String: LuaRef] = [:]

  init(vm: LuaVM, files: any GameFiles, displayPath: String, backend: any Backend, errors: ScriptErrors, options: EngineOptions) {
    self.vm = vm
    self.options = options
    self.files = files
    self.gameDirectory = files.location.standardizedFileURL
    self.displayPath = displayPath
    self.backend = backend
    self.errors = errors
    // Standardized: a game run as `.` is titled by its folder's name, not ".".
    config = GameConfig(title: files.name)
    vm.state.newTable()
    tideTable = vm.state.ref(at: -1)
    vm.state.pop()
  }

  /// The builder for `path` ("tide" or "tide.x"), creating the nested table when missing.
  func module(_ path: String) -> ModuleBuilder {
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
  func type(_ name: String) -> ModuleBuilder {
    // A type's methods may be installed from several files: the later ones add to its table.
    if let existing = methodTables[name] { return ModuleBuilder(lua: lua, table: existing, path: name) }
    lua.newTable()
    let ref = lua.ref(at: -1)
    lua.pop(1)
    methodTables[name] = ref
    return ModuleBuilder(lua: lua, table: ref, path: name)
  }

  /// The method table of userdata type `name`, once `type(name)` has made it.
  func methods(of name: String) -> LuaRef? { methodTables[name] }

  /// Sets the metatable `metatable` so userdata of it find the methods of `type(name)`.
  func registerMethodsMetatable(_ metatable: String, methods name: String) {
    guard let methods = methodTables[name] else { return }
    // Methods are found in C; the getter only runs for a key that is none of them.
    lua.registerMetatable(metatable, methodTable: methods, index: { lua in
      throw LuaRaise("\(name.lowercased()) has no method '\(lua.toString(at: 2) ?? "?")'")
    })
  }

  /// Calls the function in `ref` with arguments pushed by `pushArgs`, reporting any error.
  ///
  /// Returns false when the call failed; the game goes on either way.
  @discardableResult
  func invoke(_ ref: LuaRef, context: String, _ pushArgs: (LuaState) -> Int32 = { _ in 0 }) -> Bool {
    lua.push(ref)
    let nargs = pushArgs(lua)
    do {
      try lua.pcall(nargs: nargs, nresults: 0)
      return true
    } catch {
      errors.report(error, context: context)
      return false
    }
  }
}
