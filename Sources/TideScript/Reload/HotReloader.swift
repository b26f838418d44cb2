import CLua
import Foundation
import LuaBridge
import TideCore

/// Applies saved files to the running game: scripts re-run in place, assets reload, and a
/// changed `conf.lua` restarts the game. The engine calls `poll()` once per frame.
///
/// What survives a reload, and why:
/// - A module that returns a table keeps that table: the new contents are merged into it
///   (nested tables too) and the new functions' upvalues re-pointed at it, so every module
///   holding it sees the new functions and data.
/// - Modules that required a saved one re-run after it (in load order), so what they derived
///   from it at load time (a duel compiled from a rules table) is rebuilt and the next round
///   uses it. Keep state that must survive in the scene's `self`.
/// - `tide.scene.define` replaces definitions; the current scene keeps its `self`, sprites and
///   timers and gets `self:reload()`. Scene changes asked for by top-level code while it re-runs
///   (`main.lua`'s opening `tide.scene.go`) are dropped while a scene is active.
/// - A script that fails to compile or run leaves the old code in charge: globals and scene
///   definitions it touched are put back, the error shows in the overlay, and it is tried
///   again with the next save, whose success clears the overlay.
public final class HotReloader {
  /// Quiet time that ends a burst of saves, in seconds: an editor writing several files, or
  /// one file twice, reloads once. vim's `:wa` over three files and `sed -i` on three files
  /// put under 0.5 ms between files; 20 ms leaves a wide margin and still lands well inside
  /// a 50 ms budget from save to new code.
  public static let defaultSettle = 0.02
  /// Files under `assets/` the renderer and mixer load (others there, such as a tool's
  /// temporary file renamed into place, are not the game's).
  static let assetExtensions: Set<String> = ["png", "jpg", "jpeg", "webp", "bmp", "gif", "wav", "ogg", "mp3", "flac", "opus", "aiff", "ttf", "otf", "ttc"]
  /// Quiet time that ends a burst, in seconds.
  public var settle: Double
  /// The longest a burst may be gathered before it is applied anyway, in seconds.
  public var maxSettle = 0.25
  /// Reloads applied (or attempted) so far.
  public private(set) var reloadCount = 0
  /// What the most recent reload did.
  public private(set) var lastReport: ReloadReport?
  /// A warning shown over the game when no script error is (a deleted file).
  public private(set) var notice: Overlay?
  /// The watcher behind it.
  public let watcher: FileWatcher

  private let context: PartContext
  private unowned let modules: ModuleLoader
  private unowned let scenes: Scenes
  private unowned let audio: Audio
  private unowned let recorder: SessionRecorder
  /// What restarts the game when a change needs it (conf.lua, or a file that failed to load).
  private unowned let game: any GameRestarting
  private let swap: ModuleSwap
  private let log: (String) -> Void
  /// Modules whose last reload failed or never ran: retried with the next save.
  private var stale: Set<String> = []
  /// True while the game has no running code because loading it failed.
  private var awaitingStart = false

  init(
    context: PartContext, modules: ModuleLoader, scenes: Scenes, audio: Audio, recorder: SessionRecorder,
    game: any GameRestarting, settle: Double, log: @escaping (String) -> Void
  ) throws {
    self.context = context
    self.modules = modules
    self.scenes = scenes
    self.audio = audio
    self.recorder = recorder
    self.game = game
    self.settle = settle
    self.log = log
    let siblings = context.config.modules.values.sorted().map { context.gameDirectory.appendingPathComponent($0) }
    watcher = try FileWatcher(roots: [context.gameDirectory] + siblings)
    swap = try ModuleSwap(lua: context.lua)
  }

  /// Prints a reload line to standard output at once (it is often a pipe, which buffers).
  public static func printToConsole(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }

  /// Applies whatever was saved since the last call; returns at once when nothing was.
  ///
  /// Once something was seen it waits until the folder has been quiet for `settle` seconds,
  /// so a burst of saves is one reload, applied before this frame steps.
  public func poll() {
    var changes = watcher.readBurst(settle: settle, maxSettle: maxSettle)
    if watcher.overflowed {
      // The kernel dropped events: treat every loaded script of the game (not the engine's
      // library, whose state a re-run would reset) as saved.
      watcher.overflowed = false
      let roots = watcher.roots.map { $0.standardizedFileURL.path + "/" }
      changes.formUnion(modules.loadedFiles.keys.filter { path in roots.contains { path.hasPrefix($0) } })
    }
    guard !changes.isEmpty else { return }
    apply(changes)
  }

  /// Shows why the game could not start and restarts it with the next save of a script.
  public func gameFailedToStart(_ error: GameLoadError) {
    awaitingStart = true
    reportQuietly(error, context: "loading the game")
  }

  // MARK: Applying

  private func apply(_ changes: Set<String>) {
    let started = Self.now()
    var report = ReloadReport()
    var modules: Set<String> = []
    var configChanged = false
    var scriptSaved = false
    let configPath = context.gameDirectory.appendingPathComponent("conf.lua").path
    for path in changes.sorted() {
      let relative = displayName(path)
      let exists = FileManager.default.fileExists(atPath: path)
      if path == configPath {
        configChanged = true
      } else if path.hasSuffix(".lua") {
        scriptSaved = scriptSaved || exists
        guard let name = self.modules.loadedFiles[path] else { continue }  // not part of the game (yet)
        if exists { modules.insert(name) } else { report.deleted.append(relative) }
      } else if relative.hasPrefix("assets/"), Self.assetExtensions.contains((path as NSString).pathExtension.lowercased()) {
        audio.knownSounds.removeAll()
        if exists {
          context.backend.reloadAsset(path: relative)
          if relative.hasPrefix("assets/fonts/"), let font = context.files.diskURL(relative)?.path {
            scenes.graph.remeasureText(font: font)
          }
          report.assets.append(relative)
        } else {
          report.deleted.append(relative)
        }
      }
    }
    if configChanged || (awaitingStart && scriptSaved) {
      restart(reason: configChanged ? "conf.lua changed" : "it had failed to start", into: &report)
    } else if !modules.isEmpty || (scriptSaved && !stale.isEmpty) {
      rerun(modules.union(stale), into: &report)
    }
    guard report != ReloadReport() else { return }  // nothing the game uses changed
    notice = report.deleted.isEmpty ? nil : Overlay(title: "Warning", message: report.deleted.map {
      "\($0) was deleted; the game keeps what it loaded from it"
    }.joined(separator: "\n"), isWarning: true)
    report.milliseconds = (Self.now() - started) * 1000
    reloadCount += 1
    if !report.scripts.isEmpty || !report.dependents.isEmpty || report.restartReason != nil {
      recorder.codeReloadedAtTick = context.clock.tick
    }
    lastReport = report
    log(report.line)
  }

  /// Re-runs `changed` and the modules that require them, dependencies first.
  private func rerun(_ changed: Set<String>, into report: inout ReloadReport) {
    let loader = modules
    var toRun = changed
    var frontier = Array(changed)
    while let name = frontier.popLast() {
      for parent in loader.requiredBy[name] ?? [] where toRun.insert(parent).inserted { frontier.append(parent) }
    }
    let ordered = dependenciesFirst(toRun)
    let files = Dictionary(loader.loadedFiles.map { ($1, displayName($0)) }, uniquingKeysWith: { first, _ in first })

    let pendingScene = scenes.pending
    var failure: (problem: LuaError, file: String)?
    var undoProblem: LuaError?
    do throws(LuaError) {
      // The whole reload applies or none of it: a data module merged in place and then refused
      // by a module that checks it (bubbles.lua's sums) must not stay in the running game. The
      // journal keeps what a reload changes besides merges (globals, scene definitions, the
      // module cache) as well as every table merged and upvalue re-pointed.
      let journal = try swap.newJournal(
        keeping: [modules.gameEnv, scenes.definitions, modules.cache], lua: context.lua)
      for name in ordered {
        let file = files[name] ?? name
        if let problem = rerunOne(name, journal: journal) {
          failure = (problem, file)
          // The module's error is the one the author must fix: a failing undo is reported after
          // it rather than in its place.
          do throws(LuaError) {
            try swap.rollBack(journal, lua: context.lua)
          } catch {
            undoProblem = error
          }
          break
        }
        if changed.contains(name) { report.scripts.append(file) } else { report.dependents.append(file) }
      }
    } catch {
      failure = (error, "the reload")
    }
    // Top-level code asking for a scene (main.lua's opening go) must not leave the current one.
    if scenes.current != nil { scenes.pending = pendingScene }
    if let failure {
      report.scripts = []
      report.dependents = []
      report.error = failure.problem.message
      reportQuietly(.script(failure.problem), context: "reloading \(failure.file)")
      if let undoProblem { reportQuietly(.script(undoProblem), context: "undoing the reload") }
      // Nothing of this reload stayed: every module of it runs again on the next save.
      stale = Set(ordered)
      return
    }
    stale = []
    context.errors.clearOverlay()
    scenes.call("reload")
  }

  /// `names` ordered so each module comes after the ones it requires (load order breaks ties;
  /// a module first required by a reload loaded after its dependent, so load order alone is not enough).
  private func dependenciesFirst(_ names: Set<String>) -> [String] {
    let loader = modules
    var requires: [String: [String]] = [:]
    for (dependency, parents) in loader.requiredBy where names.contains(dependency) {
      for parent in parents where names.contains(parent) { requires[parent, default: []].append(dependency) }
    }
    let position = Dictionary(loader.loadOrder.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    func byLoadOrder(_ list: some Sequence<String>) -> [String] {
      list.sorted { (position[$0] ?? Int.max, $0) < (position[$1] ?? Int.max, $1) }
    }
    var ordered: [String] = []
    var visited: Set<String> = []
    func visit(_ name: String) {
      guard visited.insert(name).inserted else { return }  // also ends require cycles
      for dependency in byLoadOrder(requires[name] ?? []) { visit(dependency) }
      ordered.append(name)
    }
    for name in byLoadOrder(names) { visit(name) }
    return ordered
  }

  /// Re-runs one module and installs its new value, writing what it changes in `journal`.
  private func rerunOne(_ name: String, journal: LuaRef) -> LuaError? {
    let lua = context.lua
    let top = lua.top
    defer { lua.top = top }
    do throws(LuaError) {
      try modules.rerun(name)
      try install(name, journal: journal)
      return nil
    } catch {
      return error
    }
  }

  /// Puts the new value on top of the stack in the module cache, keeping an old table's identity.
  private func install(_ name: String, journal: LuaRef) throws(LuaError) {
    let lua = context.lua
    let new = lua.top
    lua.push(modules.cache)
    let oldType = lua.rawGet(-1, key: name)
    if oldType == .table, lua.type(at: new) == .table, lua_rawequal(lua.L, -1, new) == 0,
      try swap.merge(
        old: -1, new: new, name: name, scenes: scenes.definitions, cache: modules.cache, journal: journal,
        lua: lua)
    {
      return  // merged into the old table: every holder of it sees the new contents
    }
    lua.pop(1)
    // A module that returns nothing is cached as true, as require does.
    if lua.type(at: new) == .nil { lua.push(true) } else { lua.pushValue(at: new) }
    lua.rawSet(-2, key: name)
  }

  /// Starts the game afresh: conf.lua re-read (keeping the old game if it is broken), then main.lua.
  private func restart(reason: String, into report: inout ReloadReport) {
    do throws(GameLoadError) {
      try game.reloadConfig()
    } catch {
      report.error = error.description
      reportQuietly(error, context: "reloading conf.lua")
      return
    }
    stale = []
    report.restartReason = reason
    do throws(GameLoadError) {
      try game.restartGame()
      awaitingStart = false
    } catch {
      awaitingStart = true
      report.error = error.description
      reportQuietly(error, context: "loading the game")
    }
  }

  // MARK: Helpers

  /// Records an error for the overlay without ScriptErrors also printing it: the reload line says it.
  /// It gets no crash capsule: a replay runs the files as they are now, so it would not fail the same way.
  private func reportQuietly(_ error: GameLoadError, context: String) {
    let errors = self.context.errors
    let logs = errors.logs
    errors.logs = false
    defer { errors.logs = logs }
    switch error {
    case .script(let luaError): errors.report(luaError, context: context, replayable: false)
    default: errors.report(LuaError(message: error.description), context: context, replayable: false)
    }
  }

  /// A path as the author knows it: relative to the game folder (`data/colours.lua`).
  private func displayName(_ path: String) -> String {
    let base = context.gameDirectory.path + "/"
    if path.hasPrefix(base) { return String(path.dropFirst(base.count)) }
    let parent = context.gameDirectory.deletingLastPathComponent().path + "/"
    if path.hasPrefix(parent) { return "../" + path.dropFirst(parent.count) }
    return path
  }

  package static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
}

/// What the hot reloader asks of the engine that runs the game: conf.lua read again, and a
/// fresh start of the game, with nothing of the old one left.
protocol GameRestarting: AnyObject {
  /// Reads conf.lua again; when it fails the configuration stays as it was.
  func reloadConfig() throws(GameLoadError)
  /// Tears the game down and runs it again from `main.lua` with the same seed.
  func restartGame() throws(GameLoadError)
}
