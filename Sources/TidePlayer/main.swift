import Foundation
import TideCore
import TidePack
import TideSDL
import TideScript

// `tide-player`: what a packed game's player runs (a `tide pack --bundle` folder's launcher
// starts it). It links the runtime alone: no docs, tests, benchmarks or lint, so the bundle
// carries none of the author's tools.

/// What the command line asks.
struct PlayerArguments {
  var game: String?
  var debug = false
  var fullscreen = false
  var headless = false
  var seconds: Double?
  var seed: UInt64?
  var input: String?
  var quitAfter: Double?
  var screenshot: String?
  var screenshotAt: Double = 1

  static let usage = """
    usage: tide-player GAME.tide [--debug] [--fullscreen] [--seed N] [--input FILE]
                       [--headless [--seconds S]] [--quit-after S] [--screenshot FILE.png [--screenshot-at S]]
    """

  init(_ words: [String]) throws(PlayerError) {
    var rest = words[...]
    func value(_ flag: String) throws(PlayerError) -> String {
      guard let next = rest.popFirst() else { throw PlayerError("\(flag) needs a value\n\(Self.usage)") }
      return next
    }
    func number(_ flag: String) throws(PlayerError) -> Double {
      let text = try value(flag)
      guard let n = Double(text), Limits.gameSeconds.contains(n) else { throw PlayerError("\(flag) takes seconds from 0 to 1e5, got '\(text)'") }
      return n
    }
    while let word = rest.popFirst() {
      switch word {
      case "--debug": debug = true
      case "--fullscreen": fullscreen = true
      case "--headless": headless = true
      case "--seconds": seconds = try number(word)
      case "--quit-after": quitAfter = try number(word)
      case "--screenshot-at": screenshotAt = try number(word)
      case "--screenshot": screenshot = try value(word)
      case "--input": input = try value(word)
      case "--seed":
        let text = try value(word)
        guard let n = UInt64(text) else { throw PlayerError("--seed takes a whole number, got '\(text)'") }
        seed = n
      case "-h", "--help": throw PlayerError(Self.usage, status: 0)
      default:
        guard !word.hasPrefix("-"), game == nil else { throw PlayerError("unknown argument '\(word)'\n\(Self.usage)") }
        game = word
      }
    }
  }
}

/// Why the player stops, as one line (and the exit status).
struct PlayerError: Error {
  let message: String
  var status: Int32 = 1
  init(_ message: String, status: Int32 = 1) {
    self.message = message
    self.status = status
  }
}

func play(_ arguments: PlayerArguments) throws(PlayerError) {
  guard let game = arguments.game else { throw PlayerError("name the game to play\n\(PlayerArguments.usage)") }
  let url = URL(fileURLWithPath: game)
  let files: ArchiveFiles
  do throws(ArchiveError) {
    files = try GameArchive.open(url, shown: game)
  } catch {
    throw PlayerError(error.description)
  }
  var script = InputScript()
  if let input = arguments.input {
    do {
      script = try InputScript(text: InputScript.text(of: URL(fileURLWithPath: input), regularFileOnly: true))
    } catch {
      throw PlayerError("input file '\(input)': \(error)")
    }
  }
  var options = EngineOptions()
  options.seed = arguments.seed ?? script.seed ?? UInt64.random(in: 1...99_999)
  // Launched without a seed, each game is another, a restarted one too.
  if arguments.seed == nil, script.seed == nil {
    options.restartSeed = { old in
      var next = old
      while next == old { next = UInt64.random(in: 1...99_999) }
      return next
    }
  }
  options.options = script.options
  options.designSize = script.size
  options.fullscreen = arguments.fullscreen
  options.playerMode = !arguments.debug
  options.logErrors = arguments.debug
  options.stuckTickSeconds = 3 * options.watchdogSeconds
  let shown = url.lastPathComponent
  do {
    if arguments.headless {
      let engine = try Engine(files: files, displayPath: shown, backend: HeadlessBackend.withGameFonts(), options: options)
      prepare(engine, script: script, input: arguments.input)
      try engine.start()
      engine.replay(script, until: arguments.seconds ?? script.endTime ?? max(10, Double(script.endTick()) / 60))
      let scene = engine.currentSceneName.map { "'\($0)'" } ?? "none"
      print("\(shown): ran \(engine.tick) ticks; scene \(scene); \(engine.scene.nodeCount) sprites; \(engine.errors.failureCount) errors")
      if let line = engine.reportLine { print(line) }
      if engine.errors.failureCount > 0 { throw PlayerError("\(engine.errors.failureCount) script errors (see \(engine.dataDirectory.path)/errors.log)") }
      return
    }
    let backend = try SDLBackend(files: files)
    let engine = try Engine(files: files, displayPath: shown, backend: backend, options: options)
    prepare(engine, script: script, input: arguments.input)
    try engine.start()
    var window = WindowOptions()
    window.backend = backend
    window.files = files
    window.maxSeconds = arguments.quitAfter
    window.scriptedInput = script.entries.map { ScheduledInput(time: Double($0.tick) / 60, event: $0.event) }
    if let screenshot = arguments.screenshot {
      window.screenshotPath = URL(fileURLWithPath: screenshot)
      window.screenshotAt = arguments.screenshotAt
    }
    let report = try runWindow(driver: engine, options: window)
    if let screenshot = arguments.screenshot, !report.screenshotWritten {
      throw PlayerError("no screenshot was taken in \(screenshot) (the window closed before \(arguments.screenshotAt) s)")
    }
    if let line = engine.reportLine, arguments.debug || arguments.quitAfter != nil { print(line) }
  } catch let error as PlayerError {
    throw error
  } catch let error as GameLoadError {
    throw PlayerError(error.description)
  } catch {
    throw PlayerError("\(error)")
  }
}

/// Records the session for crash capsules, and says once when a replay was made with another version.
func prepare(_ engine: Engine, script: InputScript, input: String?) {
  if let input, let recorded = script.engineVersion, recorded != Engine.version {
    FileHandle.standardError.write(Data("tide-player: warning: \(input) was recorded with engine \(recorded), this is \(Engine.version); it may play differently\n".utf8))
  }
  engine.startRecording()
  engine.enableCrashCapsules(in: engine.dataDirectory.appendingPathComponent("crashes")) { url in
    "replay with: tide-player \(engine.displayPath) --input \(url.path)"
  }
}

do {
  try play(PlayerArguments(Array(CommandLine.arguments.dropFirst())))
} catch {
  FileHandle.standardError.write(Data("tide-player: \(error.message)\n".utf8))
  exit(error.status)
}
