import Foundation
import LuaBridge
import TideCore
import TideSDL
import TideScript

/// What one seeded game played by `tide run --runs` gave: its reports and its errors.
public struct RunResult: Codable, Sendable, Equatable {
  /// One script or bot error of a run, with the capsule that replays up to it.
  public struct Failure: Codable, Sendable, Equatable {
    /// `script` (the game's), `bot` (the bot file's) or `start` (the game did not start).
    public var kind: String
    /// The error as Lua gave it, file:line first.
    public var message: String
    /// The tick it happened at.
    public var tick: Int
    /// The crash capsule's path, when one was written.
    public var capsule: String?

    /// A failure of `kind` at `tick`.
    public init(kind: String, message: String, tick: Int, capsule: String? = nil) {
      self.kind = kind
      self.message = message
      self.tick = tick
      self.capsule = capsule
    }
  }

  /// The game's seed.
  public var seed: UInt64
  /// Ticks the game ran.
  public var ticks: Int
  /// The game's `tide.report` figures at the end, the last value per key.
  public var reports: [String: Double]
  /// Each distinct script error (the first time its message was seen, the first
  /// `CrashCapsules.perSession` of them) and any bot error.
  public var failures: [Failure]
  /// Distinct script errors past those listed in `failures`; nil when none.
  public var moreFailures: Int?

  /// A run's result.
  public init(seed: UInt64, ticks: Int = 0, reports: [String: Double] = [:], failures: [Failure] = []) {
    self.seed = seed
    self.ticks = ticks
    self.reports = reports
    self.failures = failures
  }
}

/// A bot file, loaded once: `return { every = 0.3, act = function(app, random) ... end }` (docs/bots.md).
public struct BotFile: Sendable {
  /// Its text.
  public var source: String
  /// How messages name it, e.g. `Content/bubblepop/bots/tap_bubbles.lua`.
  public var displayPath: String

  /// Reads the bot at `path`; the error says why it cannot.
  public init(path: String) throws(GameLoadError) {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .invalidConfig("cannot read the bot file '\(path)'")
    }
    source = String(decoding: data, as: UTF8.self)
    displayPath = path
  }

  /// A bot from text (tests).
  public init(source: String, displayPath: String) {
    self.source = source
    self.displayPath = displayPath
  }
}

/// Plays seeded games headlessly, each driven by a bot through the same `App` handle tests use.
///
/// Each run is a fresh engine with an empty save folder of its own, so no run sees another's
/// high scores and runs on different processes give the same results as on one.
public enum BotRunner {
  /// Virtual seconds a run lasts when neither `--seconds` nor the bot's `seconds` says.
  public static let defaultSeconds = 60.0

  /// Where the capsules of runs go: `<data folder>/crashes/runs`, named by seed.
  public static func capsuleDirectory(game: URL) -> URL {
    Engine.defaultSaveDirectory(for: game).appendingPathComponent("crashes/runs")
  }

  /// `capsuleDirectory(game:)` for the game in `files`: a packed game's is named by the folder
  /// it was packed from, as its folder's was.
  public static func capsuleDirectory(files: any GameFiles) -> URL {
    files.folder.map(capsuleDirectory(game:)) ?? Engine.dataDirectory(named: files.name).appendingPathComponent("crashes/runs")
  }

  /// Loads `bot` into `engine` (started here, as a run starts its game) the way every run
  /// loads it: nil when it loads, else its error (a syntax error, an unknown field, no `act`).
  /// A bot loads before it sees a seed, so such an error is the same in every run, and
  /// `tide run --runs` refuses the bot once instead of playing every seed to say it N times.
  /// A game that fails to start gives nil: the runs report that themselves, per seed.
  public static func loadError(of bot: BotFile, on engine: Engine) -> String? {
    do throws(GameLoadError) {
      try engine.start()
    } catch {
      return nil
    }
    do {
      _ = try BotDriver(bot, engine: engine, seed: engine.options.seed)
      return nil
    } catch {
      return error.message
    }
  }

  /// Plays one game with `options.seed`; `seconds` overrides the bot's own length. `gameVersion`
  /// (`Engine.gameVersion(of:)`) saves hashing the game folder for the capsules' recording each run.
  ///
  /// With `recording`, the run is recorded and its input script handed to it at the end: a bot's
  /// game becomes a replay (`tide run --input-bot bot.lua --record play.input`).
  public static func run(
    game: URL, displayPath: String, options base: EngineOptions, bot: BotFile?, seconds: Double?, capsules: URL?,
    gameVersion: String? = nil, recording: ((String) -> Void)? = nil
  ) -> RunResult {
    run(
      files: FolderFiles(directory: game), displayPath: displayPath, options: base, bot: bot, seconds: seconds,
      capsules: capsules, gameVersion: gameVersion, recording: recording)
  }

  /// `run(game:...)` for the game in `files`: its folder, or a packed archive.
  public static func run(
    files: any GameFiles, displayPath: String, options base: EngineOptions, bot: BotFile?, seconds: Double?, capsules: URL?,
    gameVersion: String? = nil, recording: ((String) -> Void)? = nil
  ) -> RunResult {
    let seed = base.seed
    var result = RunResult(seed: seed)
    let saves = FileManager.default.temporaryDirectory.appendingPathComponent("tide-runs-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: saves) }
    var options = base
    options.saveDirectory = saves
    options.logErrors = false
    let engine: Engine
    do {
      engine = try Engine.open(files, displayPath: displayPath, backend: HeadlessBackend.withGameFonts(), options: options)
    } catch {
      result.failures.append(.init(kind: "start", message: error.description, tick: 0))
      return result
    }
    // The run's save folder is deleted when it ends: no flushing its writes to the disk.
    engine.saves.isDurable = false
    if capsules != nil || recording != nil { engine.startRecording(gameVersion: gameVersion) }
    if let capsules {
      // Named by seed and kept until the same seed fails again: a summary lists them all, so
      // none may be pruned, and the same runs name the same files.
      var store = CrashCapsules(directory: capsules)
      store.keep = .max
      engine.crashCapsules = store
    }
    var capsuleCount = 0
    // Unowned: the engine keeps this closure, and a cycle would keep every run's Lua state alive.
    // An error whose capsule cannot be written is still reported, without one.
    engine.errors.onNewFailure = { [unowned engine] overlay in
      capsuleCount += 1
      let name = capsuleCount == 1 ? "seed-\(seed)" : "seed-\(seed)-\(capsuleCount)"
      // A game with a new message every frame (one naming the tick) gave a thousand errors and
      // capsules a run: gigabytes over a few hundred runs. The first few are listed, the rest counted.
      guard capsuleCount <= CrashCapsules.perSession else {
        result.moreFailures = (result.moreFailures ?? 0) + 1
        return nil
      }
      let url = engine.writeCrashCapsule(title: overlay.title, message: overlay.message, name: name)
      result.failures.append(.init(kind: "script", message: overlay.message, tick: engine.tick, capsule: url?.path))
      return nil  // the summary lists the capsules; runs log nothing
    }
    do {
      try engine.start()
    } catch {
      result.failures.append(.init(kind: "start", message: error.description, tick: engine.tick))
      return result
    }
    var driver: BotDriver?
    if let bot {
      do {
        driver = try BotDriver(bot, engine: engine, seed: seed)
      } catch {
        result.failures.append(.init(kind: "bot", message: error.message, tick: engine.tick))
        return result
      }
    }
    let end = engine.ticks(in: seconds ?? driver?.seconds ?? defaultSeconds)
    if let driver {
      if let failure = driver.play(until: end) {
        let url = engine.writeCrashCapsule(title: "Bot error", message: failure, name: "seed-\(seed)-bot")
        result.failures.append(.init(kind: "bot", message: failure, tick: engine.tick, capsule: url?.path))
      }
    } else {
      while engine.tick < end { engine.step() }
    }
    result.ticks = engine.tick
    result.reports = engine.reports
    if let recording, let text = engine.recordedScript(comments: ["A game played by the bot \(bot?.displayPath ?? "none") (seed \(seed))."]) {
      recording(text)
    }
    return result
  }
}

/// A bot loaded into a game's Lua state: its `act`, `every`, `done` and `seconds`, its own
/// random stream and an `App` handle that does not raise the game's errors (the runner collects them).
package final class BotDriver {
  let engine: Engine
  let app: TestApp
  /// The bot's functions and its `random` table, held in the registry.
  let act: LuaRef
  let done: LuaRef?
  let randomTable: LuaRef
  let everyTicks: Int
  let seconds: Double?
  let random: BotRandom

  /// A bot's random stream: another seed than the game's and its particles', so the bot's
  /// choices never move what `tide.random` gives the game.
  static func botSeed(_ seed: UInt64) -> UInt64 { (seed &* 0xD1B5_4A32_D192_ED03) ^ 0xB07B_07B0_7B07_B07B }

  init(_ bot: BotFile, engine: Engine, seed: UInt64) throws(LuaError) {
    self.engine = engine
    app = TestApp(engine: engine)
    app.raisesErrors = false
    random = BotRandom(TideRandom(seed: BotDriver.botSeed(seed)))
    engine.installAppType()
    let lua = engine.lua
    let top = lua.top
    defer { lua.top = top }
    try lua.load(BotDriver.loaderSource, chunkName: "=[tide bot]")
    lua.push(bot.source)
    lua.push("@" + bot.displayPath)
    try lua.pcall(nargs: 2, nresults: 4)
    act = lua.ref(at: -4)
    let every = lua.toDouble(at: -3) ?? 0.5
    everyTicks = max(1, Int((every * 60).rounded()))
    done = lua.isNoneOrNil(at: -2) ? nil : lua.ref(at: -2)
    seconds = lua.toDouble(at: -1)
    lua.newTable(nrec: 3)
    BotDriver.pushRandomFunctions(random, lua)
    randomTable = lua.ref(at: -1)
  }

  /// `random.int`, `random.float`, `random.pick` on the bot's own stream, as `tide.random`'s.
  private static func pushRandomFunctions(_ box: BotRandom, _ lua: LuaState) {
    lua.push { lua in try RandomDraws.randomInt(lua, &box.stream) }
    lua.rawSet(-2, key: "int")
    lua.push { lua in try RandomDraws.randomFloat(lua, &box.stream) }
    lua.rawSet(-2, key: "float")
    lua.push { lua in try RandomDraws.randomPick(lua, &box.stream) }
    lua.rawSet(-2, key: "pick")
  }

  /// Steps the game to `end`, letting the bot act every `every` seconds until its `done` says
  /// so; returns the bot's error, if it made one (the run stops there).
  func play(until end: Int) -> String? {
    var next = engine.tick
    while engine.tick < end {
      guard engine.tick >= next else {
        engine.step()
        continue
      }
      let started = engine.tick
      if let done {
        switch call(done, results: 1) {
        case .failure(let message): return message
        case .success(let finished): if finished { return nil }
        }
      }
      if case .failure(let message) = call(act, results: 0) { return message }
      next = started + everyTicks
    }
    return nil
  }

  private enum Outcome { case success(Bool), failure(String) }

  /// Calls `fn(app, random)` protected, with the game's budget: a bot that loops or fails is
  /// stopped and reported, never the host.
  private func call(_ fn: LuaRef, results: Int32) -> Outcome {
    let lua = engine.lua
    let top = lua.top
    defer { lua.top = top }
    lua.push(fn)
    lua.pushObject(app, metatable: "tide.App")
    lua.push(randomTable)
    engine.vm.instructionBudget = engine.options.instructionBudget
    do {
      try lua.pcall(nargs: 2, nresults: results)
    } catch {
      return .failure(error.message)
    }
    return .success(results > 0 && lua.toBool(at: -1))
  }

  /// The engine's globals a bot does not get (`tide check` lints `bots/` without them too).
  package static let hiddenGlobals = ["tide", "require"]

  /// Runs the bot file in an environment of its own: the safe globals without `tide` and
  /// `require`, so it acts on the game only through `app` and draws only from its own `random`.
  /// The keys a bot may have come from `LuaTableShape.bot`, which the docs' `tide.Bot` is made of.
  static let loaderSource = """
    local source, chunk_name = ...
    local env = {}
    for k, v in pairs(_G) do env[k] = v end
    \(hiddenGlobals.map { "env.\($0) = nil" }.joined(separator: "; "))
    env._G = env
    -- load without an env argument compiles into the game's globals, where tide and require
    -- still are: default it to the bot's own, so load("return tide")() finds nothing either.
    local load, select = load, select
    env.load = function(chunk, name, mode, ...)
      if select("#", ...) == 0 then return load(chunk, name, mode, env) end
      return load(chunk, name, mode, ...)
    end
    local chunk, err = load(source, chunk_name, "t", env)
    if chunk == nil then error(err, 0) end
    local name = chunk_name:sub(2)
    local bot = chunk()
    if type(bot) ~= "table" then
      error(("%s: a bot returns a table { every = , act = }, got %s"):format(name, type(bot)), 0)
    end
    if type(bot.act) ~= "function" then
      error(("%s: act must be a function (app, random), got %s"):format(name, type(bot.act)), 0)
    end
    -- tostring(0/0) is "-nan" on this machine and "nan" on others: say nan either way.
    local function shown(value)
      if value ~= value then return "nan" end
      return tostring(value)
    end
    local every = bot.every
    if every == nil then every = 0.5 end
    if type(every) ~= "number" or every ~= every or every < 1 / 60 or every > 3600 then
      error(("%s: every must be a number of seconds from 1/60 to 3600, got %s"):format(name, shown(bot.every)), 0)
    end
    if bot.done ~= nil and type(bot.done) ~= "function" then
      error(("%s: done must be a function (app, random), got %s"):format(name, type(bot.done)), 0)
    end
    local seconds = bot.seconds
    if seconds ~= nil and (type(seconds) ~= "number" or seconds ~= seconds or seconds <= 0 or seconds > 1e5) then
      error(("%s: seconds must be a number from 0 to 1e5, got %s"):format(name, shown(seconds)), 0)
    end
    local known = { \(LuaTableShape.bot.names.map { "[\"\($0)\"] = true" }.joined(separator: ", ")) }
    -- pairs() yields keys in no set order: the first unknown one by name makes the message the
    -- same on every run (as FirstByKey does for the engine's tables).
    local unknown
    for key in pairs(bot) do
      if not known[key] then
        local text = tostring(key)
        if unknown == nil or text < unknown then unknown = text end
      end
    end
    if unknown ~= nil then
      error(("%s: unknown field '%s' (a bot has \(LuaTableShape.bot.names.joined(separator: ", ")))"):format(name, unknown), 0)
    end
    return bot.act, every, bot.done, seconds
    """
}

/// The bot's random stream, shared by its `random` functions.
final class BotRandom {
  var stream: TideRandom
  init(_ stream: TideRandom) { self.stream = stream }
}
