import CLua
import Foundation
import LuaBridge
import TideCore
import TideSDL
import TideScript

/// Runs a game's or library's Lua tests headlessly with busted 2 itself (core, luassert, say),
/// driven by `testrunner/driver.lua` inside the engine's Lua state.
///
/// All test files of a game share one engine; before every `it` the game is torn down to
/// nothing and given a fresh save folder, and the test's `tide.test.start{...}` loads it anew.
public enum GameTestRunner {
  /// How `tide test` runs a game's tests: busted's command line and the per-test time limit.
  public struct TestOptions: Sendable {
    /// busted's options (`-t unit`, `--shuffle`, `-o TAP`...), read by busted's own cli module
    /// together with the folder's `.busted`.
    public var arguments: [String]
    /// Test files and folders to run, relative to the game folder (busted's ROOT); none: the
    /// game's default (tests/*_test.lua and spec/, or `.busted`'s ROOT).
    public var roots: [String]
    /// Seconds one test may run before the watchdog stops it as stuck.
    public var testSeconds: Int
    /// Tests not to run, from the first: a run resumed after one that stuck the engine.
    public var skipTests: Int
    /// Where each test's start and result go as they happen, for the `tide test` that started
    /// this worker; a stuck engine's message goes there too (the process ends after it).
    public var log: TestWorkerLog?

    public init(
      arguments: [String] = [], roots: [String] = [], testSeconds: Int = GameTestRunner.defaultTestSeconds, skipTests: Int = 0,
      log: TestWorkerLog? = nil
    ) {
      self.arguments = arguments
      self.roots = roots
      self.testSeconds = testSeconds
      self.skipTests = skipTests
      self.log = log
    }
  }

  /// Seconds a test may run by default before the watchdog stops it.
  public static let defaultTestSeconds = 60

  /// Instructions one test may run before it is stopped as a runaway.
  static let instructionsPerTest = 4_000_000_000

  /// Runs the tests of the game at `directory` as busted would with `options`; `filter` is one
  /// more `--filter` (busted's: a Lua pattern on the test's full name, `describe it`).
  public static func run(
    game directory: URL, displayPath: String, filter: String? = nil, options testOptions: TestOptions = TestOptions()
  ) -> GameTestReport {
    let before = testOptions.log?.entryCount ?? 0
    let report = runInEngine(game: directory, displayPath: displayPath, filter: filter, options: testOptions)
    // What the driver could not stream (busted missing, a `.busted` that does not load) goes now.
    if let log = testOptions.log {
      for entry in report.entries.dropFirst(log.entryCount - before) { log.write(.entry(entry, index: testOptions.skipTests)) }
    }
    return report
  }

  private static func runInEngine(
    game directory: URL, displayPath: String, filter: String?, options testOptions: TestOptions
  ) -> GameTestReport {
    var report = GameTestReport(game: displayPath)
    let saveRoot = FileManager.default.temporaryDirectory.appendingPathComponent("tide-test-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: saveRoot) }

    var options = EngineOptions()
    options.logErrors = false
    options.requiresMain = false
    options.saveDirectory = saveRoot.appendingPathComponent("0")
    // A test (or tick) stuck in engine code ends the process with a message naming the test, not
    // a hang; three times what a test's watchdog allows (below), as `tide run` allows three of its.
    // A worker's `tide test` reports that test as failed and resumes after it.
    options.stuckTickSeconds = 3 * testOptions.testSeconds
    if let log = testOptions.log { options.stuckReport = { log.write(.stuck($0)) } }
    let engine: Engine
    do {
      engine = try Engine(gameDirectory: directory, displayPath: displayPath, backend: HeadlessBackend.withGameFonts(), options: options)
    } catch {
      return failedEntry(game: displayPath, message: error.description)
    }
    engine.installTestAPI()
    if ProcessInfo.processInfo.environment[stallHookVariable] == "1" { installStallHook(engine) }
    var testNumber = 0
    let lua = engine.lua
    do throws(LuaError) {
      try engine.installStartValues()
      guard let driverSource = EmbeddedLuaLibrary.files["testrunner/driver.lua"]
      else { throw LuaError(message: "the runner's testrunner/driver.lua is missing") }
      try lua.load(driverSource, chunkName: "@[tide test runner]")
      try TestEnvironment.push(on: lua)
      // The driver's _ENV (its first upvalue) is the test globals.
      _ = lua_setupvalue(lua.L, -2, 1)
      let arguments = testOptions.arguments + (filter.map { ["--filter=\($0)"] } ?? [])
      pushList(arguments, on: lua)
      pushList(testOptions.roots.map { directory.appendingPathComponent($0).standardizedFileURL.path }, on: lua)
      lua.push { lua in
        // Before every test: nothing loaded, fresh saves, a fresh instruction budget.
        testNumber += 1
        let name = lua.toString(at: 1) ?? ""
        let file = lua.toString(at: 2) ?? displayPath
        let line = Int(lua.toDouble(at: 3) ?? 0)
        testOptions.log?.write(.begin(index: Int(lua.toDouble(at: 4) ?? 0), name: name, file: file, line: line))
        engine.noteTest(name, at: "\(file):\(line)")
        engine.beginTestClock()
        engine.resetGame(seed: 1)
        // No module counts as the game's until this test starts the game.
        lua.newTable()
        engine.moduleCache = lua.ref(at: -1)
        lua.pop(1)
        engine.saves = SaveStore(directory: saveRoot.appendingPathComponent(String(testNumber)))
        engine.vm.instructionBudget = instructionsPerTest
        return 0
      }
      lua.push { lua in
        // The source of a module of the game folder, as the game's require would find it.
        guard let name = lua.toString(at: 1), !name.hasPrefix("tide."),
          let found = engine.modules.resolve(name),
          let url = found.url, let source = try? String(contentsOf: url, encoding: .utf8)
        else { return 0 }
        lua.push(source)
        lua.push(found.chunkName)
        return 2
      }
      lua.push { lua in
        // The running game's own instance of a module, when it has loaded it in this test.
        guard let name = lua.toString(at: 1), lua.push(engine.moduleCache) == .table else { return 0 }
        _ = lua.rawGet(-1, key: name)
        return 1
      }
      lua.pushGlobalTable()
      lua.push(directory.standardizedFileURL.path)
      lua.push(displayPath)
      lua.push { lua in
        // The source of one of the runner's own library files (`testrunner/fast_assert.lua`),
        // embedded from Sources/TideTesting/Lua.
        guard let path = lua.toString(at: 1), let source = EmbeddedLuaLibrary.files[path] else { return 0 }
        lua.push(source)
        return 1
      }
      lua_pushcclosure(lua.L, tide_callisolated, 0)
      lua.push(testOptions.testSeconds)
      lua.push { lua in
        // Each record as it is made: the end of a test stops its clock; a worker streams it.
        if lua.rawGet(1, key: "seed") == .number, let seed = lua.toDouble(at: -1) {
          lua.pop(1)
          testOptions.log?.write(.seed(Int(seed)))
          return 0
        }
        lua.pop(1)
        if lua.rawGet(1, key: "test") == .boolean { engine.endTestClock() }
        lua.pop(1)
        if let log = testOptions.log, let entry = entry(fromRecordAt: 1, lua: lua, game: displayPath) {
          _ = lua.rawGet(1, key: "index")
          defer { lua.pop(1) }
          log.write(.entry(entry, index: Int(lua.toDouble(at: -1) ?? 0)))
        }
        return 0
      }
      lua.push(testOptions.skipTests)
      // Each test gets a fresh budget and watchdog clock (the hook above); a whole test may do
      // far more than one game callback, so its watchdog allows a minute unless told otherwise.
      engine.vm.watchdogSeconds = testOptions.testSeconds
      engine.vm.instructionBudget = instructionsPerTest
      try lua.pcall(nargs: 13, nresults: 1)
      engine.endTestClock()
      report.entries = entries(fromRecordsAt: -1, lua: lua, game: displayPath)
      if lua.type(at: -1) == .table {
        if lua.rawGet(-1, key: "output") == .string, let handler = lua.toString(at: -1), handler != "plainTerminal" {
          report.outputHandler = handler
        }
        lua.pop(1)
      }
      lua.pop(1)
    } catch {
      // busted missing or broken: still one failed entry a TAP or JUnit reader sees.
      return failedEntry(game: displayPath, message: "the test runner failed: \(error.description)")
    }
    return report
  }

  /// Set to 1, `tide.test.stall_engine()` exists: Swift code that does not return for an hour, a
  /// stand-in for a stuck engine in `tide test`'s own tests (no input a game can give should
  /// stick the engine, so none can stand in for it).
  public static let stallHookVariable = "TIDE_TEST_STALL_HOOK"

  private static func installStallHook(_ engine: Engine) {
    let lua = engine.lua
    lua.push(engine.tideTable)
    if lua.rawGet(-1, key: "test") == .table {
      lua.push({ _ in
        Thread.sleep(forTimeInterval: 3600)
        return 0
      }, name: "tide.test.stall_engine")
      lua.rawSet(-2, key: "stall_engine")
    }
    lua.pop(2)
  }

  /// Pushes `strings` as a Lua list.
  static func pushList(_ strings: [String], on lua: LuaState) {
    lua.newTable(narr: Int32(strings.count))
    for (i, string) in strings.enumerated() {
      lua.push(string)
      lua.rawSet(-2, index: i + 1)
    }
  }

  /// The driver's records (one per test, one per error outside a test) as entries of `game`.
  static func entries(fromRecordsAt index: Int32, lua: LuaState, game: String) -> [TestEntry] {
    let records = lua.absIndex(index)
    guard lua.type(at: records) == .table else { return [] }
    var entries: [TestEntry] = []
    for i in stride(from: 1, through: lua.rawLength(records), by: 1) {
      defer { lua.pop(1) }
      guard lua.rawGet(records, index: i) == .table, let entry = entry(fromRecordAt: -1, lua: lua, game: game) else { continue }
      entries.append(entry)
    }
    return entries
  }

  /// One record of the driver (a table) as an entry of `game`.
  static func entry(fromRecordAt index: Int32, lua: LuaState, game: String) -> TestEntry? {
    let record = lua.absIndex(index)
    guard lua.type(at: record) == .table else { return nil }
    func field(_ key: String) -> String? {
      defer { lua.pop(1) }
      return lua.rawGet(record, key: key) == .nil ? nil : lua.toString(at: -1)
    }
    func number(_ key: String) -> Double? {
      defer { lua.pop(1) }
      return lua.rawGet(record, key: key) == .number ? lua.toDouble(at: -1) : nil
    }
    let outcome: TestEntry.Outcome
    switch field("status") {
    case "success": outcome = .passed
    case "failure": outcome = .failed
    case "pending": outcome = .pending
    default: outcome = .errored
    }
    return TestEntry(
      game: game, name: field("name") ?? "", file: field("file") ?? game, line: number("line").map { Int($0) },
      outcome: outcome, message: field("message"), duration: number("duration") ?? 0)
  }

  /// A report of one errored entry named after the game, which every format shows: a game folder
  /// that is missing or does not load must fail a TAP or JUnit consumer too, not only the exit code.
  public static func failedEntry(game displayPath: String, message: String) -> GameTestReport {
    let entry = TestEntry(game: displayPath, name: "", file: displayPath, line: nil, outcome: .errored, message: message)
    return GameTestReport(game: displayPath, entries: [entry])
  }
}
