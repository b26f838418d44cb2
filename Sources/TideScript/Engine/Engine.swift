import Foundation
import LuaBridge
import TideCore

/// Runs one game: makes the parts that own its state (sprites, scenes, input, timers, tweens,
/// tasks, audio, saves... see `Part`), installs their Lua modules and drives the tick.
///
/// The window runner and the headless commands drive it through `GameDriver`: queue input,
/// call `step()` once per 1/60 s tick. Everything the game does happens inside `step()`, so
/// the same seed and the same input at the same ticks reach the same state. It is a `Part`
/// itself only to install what belongs to no one module: `tide.screen`, `tide.options`,
/// `tide.game` and the test API.
public final class Engine: GameDriver, Part, GameRestarting {
  /// What every part is given: the Lua state, the `tide` table, the game folder, the backend,
  /// the error log and the clock.
  package let context: PartContext
  /// How the game runs: seed, limits, where saves go (kept in the context, which parts share).
  package var options: EngineOptions { context.options }

  /// Every part, in the order they install their modules and drop a game for a fresh start
  /// (`Part.resetGame`): a new part is made in `init` and listed here, and needs no other
  /// place in the engine unless it runs each tick.
  let parts: [any Part]
  // The parts the engine itself calls, each owning its state and installing its Lua module
  // (`API/<Name>/`); the others (tasks, camera, particles, random...) live in `parts` only.
  package let modules: ModuleLoader
  let scenes: Scenes
  let sprites: Sprites
  let input: Input
  let timers: Timers
  let tweens: Tweens
  let audio: Audio
  let saver: Saves
  let report: Reports
  let stats: Stats

  /// Ends the process when a tick is stuck in engine code (`EngineOptions.stuckTickSeconds`).
  private var stuckGuard: StuckStepGuard?
  /// The input of the session and its crash capsules, when asked for.
  let recorder: SessionRecorder
  /// Applies saved files once per frame; nil unless `watchForChanges()` was called.
  public internal(set) var reloader: HotReloader?
  /// A player's error screen, in player mode (`EngineOptions.playerMode`); the error log keeps it.
  private var playerScreen: PlayerScreen? {
    get { errors.playerScreen }
    set { errors.playerScreen = newValue }
  }

  // What callers outside the parts read, each kept by the part that owns it.

  /// The retained scene the backend draws (its nodes are the game's sprites).
  public var scene: SceneGraph { sprites.graph }

  /// The game's configuration from `conf.lua`, with command-line overrides applied.
  public package(set) var config: GameConfig {
    get { context.config }
    set { context.config = newValue }
  }
  /// The game folder.
  public var gameDirectory: URL { context.gameDirectory }
  /// How the folder is named in messages, e.g. `Content/rps`.
  public var displayPath: String { context.displayPath }
  /// conf.lua's size and options as declared, before a `--size`, `--option` or a test changed them.
  package var declaredSize: Vec2 { config.declaredSize }
  var declaredOptions: [String: OptionValue] { config.declaredOptions }
  /// Where frames, sounds and input go.
  public var backend: any Backend { context.backend }
  /// Script errors and warnings since the game started.
  public var errors: ScriptErrors { context.errors }
  /// The game's Lua state; `lua` is the view on its main thread.
  package var vm: LuaVM { context.vm }
  package var lua: LuaState { context.lua }
  package var tideTable: LuaRef { context.tideTable }
  var sceneDefinitions: LuaRef { scenes.definitions }
  /// The game's environment and module cache (`ModuleLoader`).
  package var gameEnv: LuaRef { modules.gameEnv }
  package var moduleCache: LuaRef {
    get { modules.cache }
    set { modules.cache = newValue }
  }
  /// Every sound played since the game started, by name (what tests ask about).
  public var soundLog: [String] { audio.log }
  /// The voices playing or paused, oldest first.
  public var voices: [AudioMixer.VoiceInfo] { audio.mixer.voiceInfos }
  /// The music playing or paused, if any.
  public var music: AudioMixer.MusicInfo? { audio.mixer.musicInfo }
  /// What the game said about how it went (`tide.report`), the last value per key.
  public var reports: [String: Double] { report.figures }
  /// The game's reports as one line, keys sorted (`report: best_combo=4 score=312`); nil when it made none.
  public var reportLine: String? { report.line }
  /// Most keys one game may report.
  package static let reportKeyLimit = Reports.keyLimit
  /// The events `tide.input.on` takes.
  package static let inputEvents = Input.inputEvents
  /// Where the game's saves are (a test gives each of its cases a folder of its own).
  package var saves: SaveStore {
    get { saver.store }
    set { saver.store = newValue }
  }
  /// The Lua tables that stand for sprites, whose `x` and `y` scripts write unseen.
  package var spriteTables: SpriteTables { sprites.tables }
  /// Whether to keep `missedPresses` (`Input.tracksMissedPresses`).
  public var tracksMissedPresses: Bool {
    get { input.tracksMissedPresses }
    set { input.tracksMissedPresses = newValue }
  }
  /// Forgets every gamepad, which a restart keeps (they are the player's): a test's next case
  /// starts with none, as its own `app:plug_gamepad` calls expect.
  package func unplugGamepads() { input.pads.removeAll() }
  /// The numbers of the gamepads plugged in, in order.
  package var pluggedGamepads: [Int] { input.pads.keys.sorted() }
  /// The presses nothing took, when `tracksMissedPresses` is on (`Input.missedPresses`).
  public var missedPresses: [MissedPress] { input.missedPresses }

  /// Opens `gameDirectory`, reads `conf.lua` and prepares the Lua API; `start()` runs the game.
  public convenience init(gameDirectory: URL, displayPath: String? = nil, backend: any Backend, options: EngineOptions) throws(GameLoadError) {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: gameDirectory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw .missingFolder(displayPath ?? gameDirectory.path)
    }
    try self.init(files: FolderFiles(directory: gameDirectory), displayPath: displayPath, backend: backend, options: options)
  }

  /// Opens the game in `files` as its kind asks: a folder as `init(gameDirectory:)` does (a
  /// missing one is named as such), an archive from the memory it was read into.
  public static func open(_ files: any GameFiles, displayPath: String? = nil, backend: any Backend, options: EngineOptions) throws(GameLoadError) -> Engine {
    if let folder = files.folder { return try Engine(gameDirectory: folder, displayPath: displayPath, backend: backend, options: options) }
    return try Engine(files: files, displayPath: displayPath, backend: backend, options: options)
  }

  /// Opens the game in `files` (its folder, or a packed archive), reads `conf.lua` and prepares
  /// the Lua API; `start()` runs the game.
  public init(files: any GameFiles, displayPath: String? = nil, backend: any Backend, options: EngineOptions) throws(GameLoadError) {
    let shown = displayPath ?? files.location.path
    guard !options.requiresMain || files.exists("main.lua") else {
      throw .missingMain(shown)
    }
    let errors = ScriptErrors(logs: options.logErrors)
    errors.seed = options.seed
    let scene = SceneGraph(textMetrics: backend.textMetrics)
    let vm = LuaVM(memoryLimit: options.memoryLimit)
    vm.openSafeLibraries()
    context = PartContext(
      vm: vm, files: files,
      displayPath: shown.hasSuffix("/") ? String(shown.dropLast()) : shown, backend: backend, errors: errors,
      options: options)
    modules = ModuleLoader(context: context)
    recorder = SessionRecorder(context: context)
    do {
      scenes = try Scenes(context: context, graph: scene)
    } catch {
      throw .script(error)
    }
    sprites = Sprites(context: context, graph: scene, scenes: scenes, limit: options.spriteLimit)
    input = Input(context: context, sprites: sprites, scenes: scenes)
    timers = Timers(context: context, scenes: scenes, limit: options.timerLimit, watchdogSeconds: options.watchdogSeconds)
    let tasks = Tasks(context: context, timers: timers, scenes: scenes)
    let camera = SceneCamera(context: context, scenes: scenes, sprites: sprites)
    tweens = Tweens(context: context, sprites: sprites, camera: camera, tasks: tasks, scenes: scenes, limit: options.tweenLimit)
    let random = Random(context: context, seed: options.seed)
    let particles = Particles(context: context, sprites: sprites, random: random)
    let physics = Physics(context: context, scenes: scenes, sprites: sprites)
    audio = Audio(context: context)
    saver = Saves(context: context, store: SaveStore(directory: options.saveDirectory ?? Engine.dataDirectory(named: files.name)))
    report = Reports(context: context)
    stats = Stats(context: context, graph: scene)
    let saver = saver
    let window = Window(context: context, dataDirectory: { saver.store.directory })
    // Scenes first: leaving the scene runs its `exit`, which may still use the other parts.
    // Tweens before tasks: removing a tween resumes whatever awaits it.
    parts = [scenes, timers, tweens, tasks, input, sprites, random, audio, saver, stats, report, particles, camera, physics, window, modules]
    // What a scene owns goes with it. Tasks first: cancelling a tween resumes whatever awaits
    // it, and a task of this scene must not run again while the scene is going.
    for part: any SceneScoped in [tasks, timers, tweens, input, physics, sprites] { scenes.endWithEachScene(part) }
    install()
    // conf.lua is a script like any other: `while true do end` there must hit the budget, not
    // hang `tide check`, `run`, `shot`, `list` and `test`.
    vm.instructionBudget = options.instructionBudget
    vm.watchdogSeconds = options.watchdogSeconds
    // Modules required before the first start() (a test file's top-level `require`) need the
    // safe globals too, not an empty environment.
    modules.resetGameEnvironment()
    scenes.forgetDefinitions()
    try loadConfig()
    // conf.lua may name the data folder (`identity`); only now is it known.
    if options.saveDirectory == nil, let identity = config.identity {
      saver.store = SaveStore(directory: Engine.dataDirectory(named: identity))
    }
    saver.stampsVersions = files.folder == nil
    if options.playerMode {
      let log = saver.store.directory.appendingPathComponent("errors.log")
      errors.logFile = log
      playerScreen = PlayerScreen(logFile: log)
    }
  }

  /// Runs `main.lua` and enters the entry scene. Errors here stop the game from starting.
  public func start() throws(GameLoadError) {
    startStuckGuard()
    stuckGuard?.begin()
    defer { stuckGuard?.end() }
    modules.resetGameEnvironment()
    scenes.forgetDefinitions()
    do {
      try installStartValues()
      vm.instructionBudget = options.instructionBudget
      try modules.require("main")
      lua.pop()
    } catch {
      throw .script(error)
    }
    if let entry = config.scene, scenes.pending == nil, scenes.current == nil {
      do {
        try scenes.go(entry, paramsIndex: nil, on: lua)
      } catch {
        throw .invalidConfig("\(displayPath)/conf.lua: scene: \(error.message)")
      }
    }
    applySceneTransition()
  }

  /// Tears the running game down to nothing: scenes, sprites, timers, tweens, tasks, listeners.
  ///
  /// The Lua state stays; the game's globals and modules are dropped with its environment, so
  /// the next `start()` is a freshly loaded game. Saves on disk are kept.
  package func resetGame(seed: UInt64) {
    for part in parts { part.resetGame(seed: seed) }
    context.clock = FixedStepClock()
    errors.reset()
    errors.seed = seed
  }

  // MARK: GameDriver

  /// The design size the game lays out in.
  public var designSize: Vec2 { Vec2(x: config.width, y: config.height) }
  /// The window title.
  public var title: String { config.title }
  /// The clear colour.
  public var background: Color { config.background }
  /// The newest script error, shown over the game; else a hot-reload warning (a deleted file).
  public var overlay: Overlay? {
    if let playerScreen { return errors.overlay == nil ? nil : playerScreen.overlay(size: designSize) }
    return errors.overlay ?? reloader?.notice
  }

  /// How the game wants its window now (conf.lua's `window`, `tide.window.set_fullscreen`).
  public var window: WindowSettings { part(Window.self)?.settings ?? config.window }

  /// The screenshots `tide.screenshot` asked for since the last call, for the window to write.
  public func takeScreenshotRequests() -> [URL] { part(Window.self)?.takeRequests() ?? [] }

  /// The part of type `T`, for the few the engine reads only now and then.
  private func part<T: Part>(_ type: T.Type) -> T? {
    for part in parts { if let found = part as? T { return found } }
    return nil
  }

  /// Queues input for the next tick, in design coordinates.
  public func enqueue(_ event: InputEvent) {
    // A failed packed game shows the player its error screen, which takes every event.
    if errors.overlay != nil, playerScreen?.take(event, size: designSize) == true { return }
    input.pending.append(event)
  }

  /// Runs one fixed tick: input, timers, tweens, the scene's `update`, animations, scene changes.
  public func step() {
    if playerScreen?.restartRequested == true { restartAfterError() }
    // One reading of the clock starts both the stuck-tick guard and the watchdog's tick timing.
    let now = MonotonicClock.nanoseconds()
    stuckGuard?.begin(at: now)
    defer { stuckGuard?.end() }
    timers.beginTick(at: now)
    defer { timers.endTick() }
    // Every binding and callback leaves the stack as it found it; catch a leak at the tick it happens.
    let stackTop = lua.top
    defer { assert(lua.top == stackTop, "Lua stack unbalanced by a tick: \(stackTop) -> \(lua.top)") }
    // What the engine finds wrong in a sprite's table while it steps is reported at this tick.
    let wasStepping = spriteTables.isStepping  // a test may step from inside a step
    spriteTables.isStepping = true
    defer { spriteTables.isStepping = wasStepping }
    let dt = context.clock.dt
    let startTick = context.clock.tick
    context.clock.step()
    // Swapped out rather than copied and emptied: emptying a buffer still shared with the copy
    // allocated a fresh one every tick, input or not.
    var events: [InputEvent] = []
    swap(&events, &input.pending)
    for event in events {
      recorder.append(event, tick: startTick)
      input.handle(event)
    }
    timers.update(dt)
    // Voices end (and their on_done runs) at a tick of game time, the same everywhere.
    audio.update(dt)
    tweens.system.update(dt)
    scenes.update(dt: dt)
    // After the scene's update, so what it moved or pushed this tick counts in this step.
    part(Physics.self)?.step(dt: dt)
    scene.update(dt)
    applySceneTransition()
    // Last, after every script of the tick: positions scripts wrote, checked at the same tick
    // in a window, headless and in a replay.
    spriteTables.checkAtEndOfTick()
  }

  /// Runs as many ticks as `seconds` of game time hold (rounded to the nearest tick).
  public func advance(seconds: Double) {
    for _ in 0..<ticks(in: seconds) { step() }
  }

  /// Whole ticks in `seconds`, for callers past the boundary: 0 for negatives and NaN, and at
  /// most `Limits.gameSeconds` worth, so no conversion traps and no loop runs without end.
  package func ticks(in seconds: Double) -> Int {
    let bounded = seconds >= 0 ? min(seconds, Limits.gameSeconds.bounds.upperBound) : 0
    return Int((bounded * Double(context.clock.hz)).rounded())
  }

  /// The name of the active scene, if any.
  public var currentSceneName: String? { scenes.current?.name }

  /// Game time in seconds since start.
  public var time: Double { context.clock.time }

  /// Ticks run since start.
  public var tick: Int { context.clock.tick }

  /// Counts presented frames for `tide.stats()`.
  public func frameDidPresent() { stats.framesPresented += 1 }

  /// Runs the game to `seconds`, queueing each scripted event at its tick: the headless half of
  /// `tide shot` and of golden-image tests, so both see exactly the same frame.
  public func replay(_ script: InputScript, until seconds: Double) {
    let ticks = ticks(in: seconds)
    var next = 0
    let entries = script.entries
    while tick < ticks {
      while next < entries.count, entries[next].tick <= tick {
        enqueue(entries[next].event)
        next += 1
      }
      step()
    }
  }

  /// The layout problems of the screen as it stands, at the current design size: the one
  /// analysis behind `tide check --layout` and a test's `app:layout_problems()`.
  ///
  /// `backdrop` gives the dominant colour drawn behind a scene rectangle with text hidden (the
  /// CLI reads it from a rendered frame); without it the colour is worked out from the filled
  /// shapes under each text.
  public func layoutProblems(backdrop: ((Rect) -> Color?)? = nil) -> [LayoutProblem] {
    LayoutCheck(
      scene: scene, screen: designSize, background: background,
      handlerTarget: { [unowned self] node in input.handlerTarget(for: node) }, backdrop: backdrop,
      scrolledWorld: scenes.current.flatMap { $0.camera.isAtRest ? nil : $0.camera.world },
      minTapSize: config.minTapSize
    ).problems()
  }

  // MARK: Recording

  /// The engine's version, written into recordings (`@engine`); bump it when a change can make
  /// an old recording play differently.
  public static let version = "0.10.0"

  /// The game's version: a hash of every file in its folder but `tests/`, so a recording made
  /// before the game changed is noticed (`@game`).
  public var gameVersion: String { context.files.packedFingerprint ?? GameFingerprint.of(gameDirectory) }

  /// The game's files: its folder, or the archive it was packed into.
  public var files: any GameFiles { context.files }

  /// Whether two game versions (a recording's `@game`, `gameVersion`) name the same files.
  public static func sameGameVersion(_ a: String, _ b: String) -> Bool { GameFingerprint.same(a, b) }

  /// The version `gameVersion` gives the game in `directory`.
  public static func gameVersion(of directory: URL) -> String { GameFingerprint.of(directory.standardizedFileURL) }

  /// The session so far, when recording (`startRecording()`): every event at the tick that handled it.
  public var recording: InputRecording? { recorder.recording }

  /// Starts writing the session down: every event from now on, at the tick that handles it.
  /// Call before `start()` so the recording holds the whole game. `gameVersion`, when given,
  /// saves hashing the folder again (many runs of one game hash it once).
  public func startRecording(gameVersion known: String? = nil) {
    recorder.start(seed: options.seed, options: options.options, gameVersion: known ?? gameVersion)
  }

  /// The recorded session up to now as input-script text, ending at the current tick.
  public func recordedScript(comments: [String] = []) -> String? { recorder.script(comments: comments) }

  /// Writes a crash capsule into `directory` on each new script error. `replayLine` gives the
  /// line the error log ends with, from the capsule's path (how to replay it). Starts recording
  /// if it was not already.
  public func enableCrashCapsules(in directory: URL, replayLine: @escaping (URL) -> String) {
    if recording == nil { startRecording() }
    recorder.enableCrashCapsules(in: directory, replayLine: replayLine)
  }

  /// Where crash capsules go; nil writes none.
  package var crashCapsules: CrashCapsules? {
    get { recorder.crashCapsules }
    set { recorder.crashCapsules = newValue }
  }

  /// Writes the session so far as a crash capsule (`SessionRecorder.writeCrashCapsule`).
  package func writeCrashCapsule(title: String, message: String, name: String? = nil) -> URL? {
    recorder.writeCrashCapsule(title: title, message: message, name: name)
  }

  /// The versions of the game and the engine that wrote a packed game's saves, when they are
  /// not this game's and this engine's (`game 1.1.0, engine 0.8.0`); nil otherwise.
  public var savesWrittenByOtherVersions: String? { saver.otherVersions() }

  /// The game's data folder, where saves and crash capsules go.
  public var dataDirectory: URL { saves.directory }

  // MARK: Parts' state for callers outside them

  /// Pushes the table that stands for `node`.
  package func pushSprite(_ node: Node, on lua: LuaState) { sprites.pushSprite(node, on: lua) }

  /// Applies files saved since the last frame when the game is watched (`watchForChanges()`).
  public func poll() { reloader?.poll() }

  /// Watches the game folder and applies saved files at each `poll()` (once per frame).
  ///
  /// Also watches sibling folders named in conf.lua's `modules`. `log` receives one line per
  /// reload. Throws when the folder cannot be watched (no inotify, or its watch limit reached).
  @discardableResult
  public func watchForChanges(
    settle: Double = HotReloader.defaultSettle, log: @escaping (String) -> Void = HotReloader.printToConsole
  ) throws -> HotReloader {
    // A packed game is read once from its archive: there is no folder to watch.
    guard context.files.folder != nil else { throw GameLoadError.invalidConfig("\(displayPath): a packed game is not watched for changes") }
    let reloader = try HotReloader(
      context: context, modules: modules, scenes: scenes, audio: audio, recorder: recorder, game: self,
      settle: settle, log: log)
    self.reloader = reloader
    return reloader
  }

  /// Reads `conf.lua` (optional) and applies command-line overrides, naming any bad field.
  func loadConfig() throws(GameLoadError) { try configReader.load() }

  /// Resets the options to conf.lua's defaults, then applies `overrides` (from `--option` or a test).
  package func applyOptions(_ overrides: [String: String]) throws(GameLoadError) { try configReader.applyOptions(overrides) }

  /// Reads conf.lua again (a hot reload saw it change); when it fails the configuration stays as it was.
  func reloadConfig() throws(GameLoadError) { try configReader.reload() }

  private var configReader: ConfigReader { ConfigReader(context: context, modules: modules, options: options) }

  /// Starts the game again from nothing after the player pressed Restart on the error screen:
  /// a new session, recorded from its first tick like the first one.
  private func restartAfterError() {
    playerScreen?.restarted()
    let version = recording?.gameVersion
    // The new session's recording, crash capsules and errors.log name the new seed.
    if let next = options.restartSeed { context.options.seed = next(options.seed) }
    resetGame(seed: options.seed)
    if let version { startRecording(gameVersion: version) }
    do throws(GameLoadError) {
      try start()
    } catch {
      if case .script(let failure) = error {
        errors.report(failure, context: "the game's start")
      } else {
        errors.report(LuaError(message: error.description), context: "the game's start")
      }
    }
  }

  /// Tears the game down and runs it again from `main.lua` with the same seed (a hot reload
  /// that needs a fresh start).
  func restartGame() throws(GameLoadError) {
    resetGame(seed: options.seed)
    try start()
  }

  func applySceneTransition() {
    // Entering a scene may ask for another; follow a few hops, not forever.
    var hops = 0
    while scenes.pending != nil, hops < 8 {
      scenes.applyPending(screen: designSize)
      hops += 1
    }
    if hops > 0 { stuckGuard?.notes.set(scene: currentSceneName) }
  }

  /// Names the test now running in the message of a tick stuck in engine code.
  package func noteTest(_ name: String?, at place: String? = nil) {
    startStuckGuard()
    stuckGuard?.notes.set(test: name, at: place)
  }

  /// Times a whole test, ticks and the Lua between them, against the stuck-tick limit: a test
  /// may call engine code (make a sprite) without a tick.
  package func beginTestClock() {
    startStuckGuard()
    stuckGuard?.beginTest()
  }

  /// Ends the test's clock.
  package func endTestClock() { stuckGuard?.endTest() }

  /// Starts the stuck-tick guard once, when the options ask for one.
  private func startStuckGuard() {
    guard options.stuckTickSeconds > 0, stuckGuard == nil else { return }
    // Read on the guard's thread only when it ends the process, while the thread that changes
    // the scene is stuck in a tick or waits for the stuck frame: the tree holds still then.
    nonisolated(unsafe) let graph = scene
    let guardian = StuckStepGuard(
      seconds: options.stuckTickSeconds, what: "\(displayPath) (seed \(options.seed))", probe: vm.callProbe, report: options.stuckReport,
      drawing: scene.drawingNote, drawnSprite: { Self.describeSprite($0, in: graph) })
    modules.stuckNotes = guardian.notes
    sprites.stuckNotes = guardian.notes
    stuckGuard = guardian
  }

  /// "the polygon sprite made at game/main.lua:3" for the node `id` of `graph`; nil when it is
  /// no longer in the scene.
  static func describeSprite(_ id: Int, in graph: SceneGraph) -> String? {
    var found: Node?
    graph.root.forEachInSubtree { node in if node.id == id { found = node } }
    guard let node = found else { return nil }
    let made = (node.attachment as? NodeScript)?.madeAt.map { " made at \($0)" } ?? ""
    return "the \(node.kind.rawValue) sprite\(made)"
  }

  package static func defaultSaveDirectory(for game: URL) -> URL {
    dataDirectory(named: game.standardizedFileURL.lastPathComponent)
  }

  /// The data folder called `name` (a game's `identity`, else its folder's name): `DataFolder`.
  package static func dataDirectory(named name: String) -> URL { DataFolder.named(name) }
}
