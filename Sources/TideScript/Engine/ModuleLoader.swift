import CLua
import Foundation
import LuaBridge
import TideCore

/// The sandbox's `require`: a game may load its own modules and the engine's Lua library, nothing else.
///
/// `require("data.rules")` runs `<game>/data/rules.lua`; `require("tide.ui")` runs the library's
/// `tide/ui.lua` shipped with the engine. Game modules run in the game's environment table,
/// which is made anew by each `start()`, so a restarted game keeps nothing of the old one.
package final class ModuleLoader: Part {
  package let context: PartContext
  /// The game's environment: its scripts' globals, falling through to the safe ones.
  private(set) var gameEnv: LuaRef
  /// The modules loaded since the start, by name (what `require` returns again).
  var cache: LuaRef
  /// Files that have been loaded, with the module name each was loaded as (for hot reload).
  private(set) var loadedFiles: [String: String] = [:]
  /// For each module, the modules whose loading required it: hot reload re-runs them too, so
  /// values they derived from it at load time are rebuilt.
  private(set) var requiredBy: [String: Set<String>] = [:]
  /// Module names in the order their first load finished, so dependencies come first.
  private(set) var loadOrder: [String] = []
  /// Modules being loaded, innermost last.
  private var loading: [String] = []

  init(context: PartContext) {
    self.context = context
    let lua = context.lua
    lua.newTable()
    gameEnv = lua.ref(at: -1)
    lua.pop(1)
    lua.newTable()
    cache = lua.ref(at: -1)
    lua.pop(1)
  }

  /// Makes a fresh environment for the game's scripts and an empty module cache.
  func resetGameEnvironment() {
    lua.newTable()                                             // env
    lua.newTable()                                             // env's metatable
    lua.pushGlobalTable()
    lua.rawSet(-2, key: "__index")                             // reads fall through to the safe globals
    lua.setMetatable(-2)
    gameEnv = lua.ref(at: -1)
    lua.pop(1)
    lua.newTable()
    cache = lua.ref(at: -1)
    lua.pop(1)
    loadedFiles.removeAll()
    requiredBy.removeAll()
    loadOrder.removeAll()
  }

  /// Where a module's source lives: a game file, or a file of the engine's library.
  package struct Found {
    /// The file on disk; nil for a library file embedded in the engine and for a packed game's.
    package var url: URL?
    /// The game's file (`data/rules.lua`, `../rps/data/classic.lua`); nil for a library file.
    package var path: String?
    package var chunkName: String
    /// The library path (`tide/ui.lua`) of an engine module; nil for the game's own.
    var libraryPath: String?
    var isLibrary: Bool { libraryPath != nil }
  }

  /// Finds the file behind a module name, or explains where it looked.
  package func resolve(_ name: String) -> Found? {
    guard isValidModuleName(name) else { return nil }
    // Dots to slashes by Character, as Foundation's replacingOccurrences would (a valid name's
    // dots are whole characters) without bridging through NSString for each require.
    let path = String(name.map { $0 == "." ? "/" : $0 })
    let relative = path + ".lua"
    if name.hasPrefix("tide.") {
      guard LuaLibrary.contains(relative) else { return nil }
      return Found(url: LuaLibrary.file(for: relative), chunkName: "@[tide]/" + relative, libraryPath: relative)
    }
    // conf.lua's `modules = { rps = "../rps" }` lets a game share another game's data.
    if let dot = name.firstIndex(of: "."), let folder = context.config.modules[String(name[..<dot])] {
      let rest = String(name[name.index(after: dot)...]).replacingOccurrences(of: ".", with: "/") + ".lua"
      let file = folder + "/" + rest
      guard context.files.exists(file) else { return nil }
      return Found(url: context.files.diskURL(file)?.standardizedFileURL, path: file, chunkName: "@" + context.displayPath + "/" + file)
    }
    // `?.lua`, then `?/init.lua`, as Lua's own package.path.
    let folder = path + "/init.lua"
    for candidate in [relative, folder] where context.files.exists(candidate) {
      return Found(url: context.files.diskURL(candidate), path: candidate, chunkName: "@" + context.displayPath + "/" + candidate)
    }
    return nil
  }

  private func isValidModuleName(_ name: String) -> Bool {
    // Dots separate folders; anything that could climb out of the game folder is refused.
    !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "-" }
      && !name.contains("..") && !name.hasPrefix(".") && !name.hasSuffix(".")
  }

  /// Where a stuck tick's message is told which file is being run (set by the engine).
  var stuckNotes: StuckStepGuard.Notes?
  /// The files being run, innermost last (a require inside a module's file).
  private var running: [String] = []

  /// Loads (once) and returns the module's value on top of the stack.
  @discardableResult
  func require(_ name: String, on caller: LuaState? = nil) throws(LuaError) -> Int32 {
    // A require inside a task runs on the task's coroutine: its stack is the one to use.
    let lua = caller ?? context.lua
    if let parent = loading.last, parent != name { requiredBy[name, default: []].insert(parent) }
    // Library modules are cached per start like the game's own, so a restarted game (every test)
    // gets a fresh tide.ui with no focus, history or open alert left from before.
    let cache = self.cache
    lua.push(cache)
    if lua.rawGet(-1, key: name) != .nil {
      lua.remove(at: -2)
      return 1
    }
    lua.pop(2)
    guard let found = resolve(name) else {
      throw LuaError(message: "module '\(name)' not found: a game may require its own files "
        + "(\(context.displayPath)/\(name.replacingOccurrences(of: ".", with: "/")).lua) and the tide library (tide.*)")
    }
    loading.append(name)
    defer { loading.removeLast() }
    try run(found, arg: name, on: lua)
    // A module that returns nothing is cached as true, as Lua's own require does.
    if lua.type(at: -1) == .nil {
      lua.pop(1)
      lua.push(true)
    }
    lua.push(cache)
    lua.pushValue(at: -2)
    lua.rawSet(-2, key: name)
    lua.pop(1)
    // Hot reload watches files: an embedded library module has none.
    if let url = found.url { loadedFiles[url.standardizedFileURL.path] = name }
    if !loadOrder.contains(name) { loadOrder.append(name) }
    return 1
  }

  /// Runs a loaded module's file again, as `require` first did, leaving its new value on top.
  ///
  /// The cache is left alone: hot reload decides how the new value replaces the old one.
  func rerun(_ name: String) throws(LuaError) {
    guard let found = resolve(name) else {
      throw LuaError(message: "module '\(name)' not found (was its file deleted or renamed?)")
    }
    loading.append(name)
    defer { loading.removeLast() }
    try run(found, arg: name)
  }

  /// Runs a module found by `resolve`: a library module in the library environment, a game's in
  /// the game's.
  private func run(_ found: Found, arg: String, on caller: LuaState? = nil) throws(LuaError) {
    if let path = found.path {
      try run(path, chunkName: found.chunkName, env: gameEnv, arg: arg, on: caller)
      // A data file's tables go straight to the engine's functions: an error about one names
      // the file and the place in it, where the fix is (see `LuaState.noteOrigins`).
      if !found.isLibrary, arg.hasPrefix("data.") {
        (caller ?? context.lua).noteOrigins(ofTableAt: -1, file: String(found.chunkName.dropFirst()))
      }
    } else {
      guard let source = found.libraryPath.flatMap(LuaLibrary.source(of:)) else {
        throw LuaError(message: "\(found.chunkName.dropFirst()): missing from the engine's Lua library")
      }
      try run(source: source, chunkName: found.chunkName, env: nil, arg: arg, on: caller)
    }
  }

  /// Runs the game's file at `path` with `env` as its `_ENV`, leaving one result.
  func run(_ path: String, chunkName: String, env: LuaRef, arg: String? = nil, on caller: LuaState? = nil) throws(LuaError) {
    let shown = String(chunkName.dropFirst())
    // Game code must come from inside the wall: `data -> /outside` would otherwise run any file.
    if let problem = context.files.problem(with: path, shown: shown) {
      throw LuaError(message: problem)
    }
    guard let source = context.files.contents(path) else {
      throw LuaError(message: "\(shown): cannot read file")
    }
    // Read as bytes, as Lua reads a file: text in another encoding is not an error.
    try run(source: [UInt8](source), chunkName: chunkName, env: env, arg: arg, on: caller)
  }

  /// Runs a chunk's source with `env` as its `_ENV` (nil: the library environment), leaving one result.
  func run(source: [UInt8], chunkName: String, env: LuaRef?, arg: String? = nil, on caller: LuaState? = nil) throws(LuaError) {
    let lua = caller ?? context.lua
    let shown = String(chunkName.dropFirst())
    running.append(shown)
    stuckNotes?.set(file: shown)
    defer {
      running.removeLast()
      stuckNotes?.set(file: running.last)
    }
    try ChunkCache.load(lua, source: source, chunkName: chunkName)
    if let env {
      lua.push(env)
      // The chunk's first upvalue is _ENV: point it at the game's environment.
      _ = lua_setupvalue(lua.L, -2, 1)
    }
    var nargs: Int32 = 0
    if let arg {
      lua.push(arg)
      nargs = 1
    }
    do {
      try lua.pcall(nargs: nargs, nresults: 1)
    } catch where error.location == nil {
      // Out of memory (Lua runs no handler for it) is the one error that arrives without a
      // place: the file being run is it.
      throw LuaError(kind: error.kind, message: "\(shown): \(error.message)", location: shown, traceback: error.traceback)
    }
  }
}

/// The engine's Lua library (`tide.*` modules), compiled into the engine.
extension ModuleLoader {
  /// The sandbox's `require`, in place of Lua's.
  package func install() {
    lua.setGlobal("require") { [unowned self] lua in
      let name = try lua.checkString(1)
      do {
        return try require(name, on: lua)
      } catch let error as LuaError {
        // A module that failed inside names its own file; one that is missing is the caller's line.
        throw LuaRaise(error.message, addsLocation: error.location == nil)
      }
    }
  }

}

/// The engine's Lua library: `Sources/TideScript/Lua`, embedded at build time by the
/// EmbedLuaLibrary plugin (see `EmbeddedLuaLibrary`), so the binary needs no file beside it.
enum LuaLibrary {
  /// `TIDE_LUA_LIBRARY` points at a source checkout's `Sources/TideScript/Lua` so engine
  /// developers see library edits without rebuilding; nil reads the embedded copy.
  ///
  /// Found once: reading the environment builds a dictionary of every variable, which a game
  /// start paid for each of the library files it requires.
  static let overrideFolder: URL? = {
    guard let folder = ProcessInfo.processInfo.environment["TIDE_LUA_LIBRARY"], !folder.isEmpty else { return nil }
    return URL(fileURLWithPath: folder)
  }()

  /// Whether the engine has a library file such as `tide/rules.lua`.
  static func contains(_ relative: String) -> Bool {
    if let file = file(for: relative) { return FileManager.default.fileExists(atPath: file.path) }
    return EmbeddedLuaLibrary.files[relative] != nil
  }

  /// The file on disk behind a library path: only under `TIDE_LUA_LIBRARY`.
  static func file(for relative: String) -> URL? {
    // A file, said up front: no extra look on the disk to learn whether it is a folder.
    overrideFolder?.appendingPathComponent(relative, isDirectory: false)
  }

  /// The source of a library file, as bytes (as Lua reads a file), or nil if there is none.
  static func source(of relative: String) -> [UInt8]? {
    if let file = file(for: relative) { return FileManager.default.contents(atPath: file.path).map { [UInt8]($0) } }
    return EmbeddedLuaLibrary.files[relative].map { Array($0.utf8) }
  }

  /// The source of a library file as text, or nil if there is none (or it is not UTF-8).
  static func text(of relative: String) -> String? {
    source(of: relative).flatMap { String(validating: $0, as: UTF8.self) }
  }
}
