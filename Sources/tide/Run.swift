import ArgumentParser
import Foundation
import TideCore
import TideSDL
import TideScript

/// `tide run`: play a game in a window, or headlessly for a number of virtual seconds.
struct Run: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Play a game in a window, or headlessly with --headless.",
    discussion: "Headless runs step the fixed 60 Hz clock as fast as the CPU allows and print a summary.")

  @Argument(help: "The game folder (e.g. Content/rps, or rps).")
  var game: String

  @Flag(help: "Run without a window, for --seconds of virtual time.")
  var headless = false

  @Option(help: "Virtual seconds to run headless (default: the --input's @end, else 10 or one past its last event).")
  var seconds: Double?

  @Option(help: "Write the session as an input script to this file when the game ends (docs/input-scripts.md).")
  var record: String?

  @OptionGroup var setup: GameSetup

  @Option(help: "SDL renderer: software or opengl (default: TIDE_RENDERER, else the fastest here).")
  var renderer: String?

  @Option(help: "Replay input from this file (see `tide shot --help`).")
  var input: String?

  @Option(help: "Quit after this many seconds (smoke tests, benchmarks), or once the --screenshot is taken if later.")
  var quitAfter: Double?

  @Option(help: "Save a PNG of the window at --screenshot-at seconds.")
  var screenshot: String?

  @Option(help: "When to take the --screenshot, in seconds.")
  var screenshotAt: Double = 1

  @Flag(help: "Do not watch the game folder (by default a saved file is applied to the running game).")
  var noWatch = false

  @Option(help: "Play this many seeded games headless (seeds 1..N, or from --seed) and sum up their tide.report figures (docs/bots.md).")
  var runs: String?

  @Option(help: "Worker processes for --runs (default: the number of CPUs).")
  var jobs: String?

  @Option(help: "A bot script that plays each game: returns { every = 0.3, act = function(app, random) ... end } (docs/bots.md).")
  var inputBot: String?

  @Flag(help: "Serve the game to browsers on this network as well: each phone or tablet that opens the printed address plays its own session (docs/serve.md).")
  var serve = false

  @Option(help: "Port for --serve (0 picks a free one).")
  var port: UInt16 = 8060

  @Option(help: "With --serve: every session stops at this game time and its page keeps showing that frame (to compare the page with `tide shot --at`).")
  var pauseAt: Double?

  @Option(help: "Address --serve listens on (default: this machine's local-network address, else 127.0.0.1; 0.0.0.0 listens on every address, public ones included).")
  var bind: String?

  /// Set on the worker processes `--runs` starts: play the seeds and print one JSON result a line.
  @Flag(help: "Fill the screen (letterboxed), whatever conf.lua's window.fullscreen says.")
  var fullscreen = false

  @Flag(help: "Play a packed game (.tide) as its author would: errors printed and shown with file:line, instead of the player's Restart screen and the log in its data folder.")
  var debug = false

  @Flag(help: .hidden)
  var worker = false

  func validate() throws {
    if let seconds { try checkOption(seconds, "seconds", Limits.gameSeconds) }
    try checkOption(quitAfter, "quit-after", Limits.gameSeconds)
    try checkOption(screenshotAt, "screenshot-at", Limits.gameSeconds)
    try validateRuns()
    if serve, runs != nil || inputBot != nil {
      throw ValidationError("--serve plays live sessions; it does not go with --runs or --input-bot")
    }
    if pauseAt != nil, !serve {
      throw ValidationError("--pause-at goes with --serve (a window or headless run stops with --quit-after or --seconds)")
    }
    try checkOption(pauseAt, "pause-at", Limits.gameSeconds)
    // Checked before the game starts: finding out when a long session ends would lose it.
    if let record, let problem = writeProblem(record) {
      printError("cannot write --record file '\(record)': \(problem)")
      throw ExitCode.validationFailure
    }
  }

  func run() throws {
    if runs != nil || inputBot != nil {
      try runMany()
      return
    }
    let location = GameLocation(game)
    let script = try input.map { try loadInputScript($0) } ?? InputScript()
    var options = try setup.engineOptions(script: script, fresh: true)
    options.fullscreen = fullscreen
    if serve {
      try runServing(location, options)
      return
    }
    let files = try location.files()
    // A packed game is the player's: quiet, its errors logged, a Restart screen (docs/pack.md).
    options.playerMode = files.folder == nil && !debug
    if options.playerMode { options.logErrors = false }
    guard headless else {
      try runWindow(location, files, options, script)
      return
    }
    do {
      let engine = try location.engine(files, backend: HeadlessBackend.withGameFonts(), options: options)
      if !options.playerMode { printSeed(options) }
      prepareSession(engine, location, script)
      let started = Date()
      try engine.start()
      // Without @end, a hand-written script runs past its last event: stopping at 10 s dropped
      // the later ones without a word.
      engine.replay(script, until: seconds ?? script.endTime ?? max(10, Double(script.endTick()) / 60))
      try writeRecording(engine)
      let elapsed = Date().timeIntervalSince(started)
      let scene = engine.currentSceneName.map { "'\($0)'" } ?? "none"
      let failures = engine.errors.failureCount
      print(String(format: "%@: ran %.1f virtual s (%d ticks) in %.3f s; scene %@; %d sprites; %d sounds; %d errors; %d warnings",
        location.name, engine.time, engine.tick, elapsed, scene, engine.scene.nodeCount, engine.soundLog.count,
        failures, engine.errors.warningCount))
      if let line = engine.reportLine { print(line) }
      // A warning (a damaged save set aside) is the engine doing its job; only script errors fail the run.
      if failures > 0 { throw ExitCode.failure }
    } catch let error as GameLoadError {
      printError(error.description)
      throw ExitCode.failure
    }
  }

  func runWindow(_ location: GameLocation, _ files: any GameFiles, _ options: EngineOptions, _ script: InputScript) throws {
    let env = ProcessInfo.processInfo.environment
    if (env["DISPLAY"] ?? "").isEmpty && (env["WAYLAND_DISPLAY"] ?? "").isEmpty && env["SDL_VIDEODRIVER"] == nil {
      printError("no display here; play headless instead: \(location.runCommand("--headless", "--seconds", "10"))")
      throw ExitCode.failure
    }
    do {
      let backend = try SDLBackend(files: files)
      let engine = try location.engine(files, backend: backend, options: options)
      if !options.playerMode { printSeed(options) }
      prepareSession(engine, location, script)
      // However the window closes; a failure is printed and the session kept elsewhere, not dropped.
      defer { try? writeRecording(engine) }
      // A packed game is read once from its archive: nothing to watch.
      if noWatch || files.folder == nil {
        try engine.start()
      } else {
        try startWatching(engine, location)
      }
      var window = WindowOptions()
      window.backend = backend
      window.gameDirectory = files.folder
      window.files = files
      window.renderer = renderer
      window.maxSeconds = quitAfter
      if env["TIDE_VSYNC"] == "0" { window.vsync = false }
      if env["TIDE_EXIT_AFTER_FIRST_FRAME"] == "1" { window.maxFrames = 1 }
      if let screenshot {
        window.screenshotPath = URL(fileURLWithPath: screenshot)
        window.screenshotAt = screenshotAt
      }
      window.scriptedInput = script.entries.map { ScheduledInput(time: Double($0.tick) / 60, event: $0.event) }
      Signals.window(open: true)
      defer { Signals.window(open: false) }
      let report = try TideSDL.runWindow(driver: engine, options: window)
      if let signal = Signals.received { throw ExitCode(128 + signal) }
      if let line = engine.reportLine, !options.playerMode { print(line) }
      if screenshot != nil && !report.screenshotWritten {
        printError("no screenshot was taken (the window closed before \(screenshotAt) s)")
        throw ExitCode.failure
      }
    } catch let error as GameLoadError {
      printError(error.description)
      throw ExitCode.failure
    }
  }

  /// Each launch without --seed is another game; this line is how to play that one again.
  private func printSeed(_ options: EngineOptions) {
    print("seed \(options.seed) (replay with --seed \(options.seed))")
  }

  /// Records the session (for --record and crash capsules) and warns when a replay was
  /// recorded with another engine or game version.
  private func prepareSession(_ engine: Engine, _ location: GameLocation, _ script: InputScript) {
    // Hashing the game folder reads every file: once here serves the message and the recording.
    let version = engine.gameVersion
    // Whatever differs, said once, in one line.
    var differences: [String] = []
    if let recorded = script.engineVersion, recorded != Engine.version {
      differences.append("engine \(recorded), this is \(Engine.version)")
    }
    if let recorded = script.gameVersion, !Engine.sameGameVersion(recorded, version) {
      let then = [script.release, recorded].compactMap { $0 }.joined(separator: " ")
      let now = [engine.config.version, version].compactMap { $0 }.joined(separator: " ")
      differences.append("another version of \(location.name) (game \(then), now \(now))")
    }
    if let saves = engine.savesWrittenByOtherVersions, !engine.options.playerMode {
      printError("warning: the saves in \(engine.dataDirectory.path) were written by \(saves); this is game \(engine.config.version ?? "-"), engine \(Engine.version)")
    }
    if !differences.isEmpty {
      printError("warning: \(input ?? "input") was recorded with \(differences.joined(separator: " and with ")); it may play differently")
    }
    engine.startRecording(gameVersion: version)
    engine.enableCrashCapsules(in: engine.dataDirectory.appendingPathComponent("crashes")) { url in
      "replay with: " + location.runCommand("--input", url.path)
    }
  }

  private func writeRecording(_ engine: Engine) throws {
    guard let record, let text = engine.recordedScript() else { return }
    do {
      try writeUserFile(text, to: record)
    } catch {
      // The folder was checked at the start; a disk that filled up or a folder removed since
      // must not cost the session: it goes to the data folder, and the message says where.
      printError("cannot write --record file '\(record)': \(error.localizedDescription)")
      let kept = CrashCapsules(directory: engine.dataDirectory.appendingPathComponent("recordings")).write(text)
      if let kept { printError("the session is kept in \(kept.path)") }
      throw ExitCode.failure
    }
    print("recorded \(engine.recording?.entries.count ?? 0) events over \(engine.tick) ticks to \(record)")
  }

  /// Watches the folder, then starts the game; a game that fails to load waits for a fixed save.
  private func startWatching(_ engine: Engine, _ location: GameLocation) throws {
    let reloader: HotReloader
    do {
      reloader = try engine.watchForChanges()
    } catch {
      printError("\(error); running without hot reload")
      try engine.start()
      return
    }
    HotReloader.printToConsole("watching \(location.name) for changes (--no-watch to stop)")
    do throws(GameLoadError) {
      try engine.start()
    } catch {
      printError(error.description)
      reloader.gameFailedToStart(error)
    }
  }
}
