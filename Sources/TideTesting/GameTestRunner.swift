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

    public init(arguments: [String] = [], roots: [String] = [], testSeconds: Int = GameTestRunner.defaultTestSeconds) {
      self.arguments = arguments
      self.roots = roots
      self.testSeconds = testSeconds
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
    var report = GameTestReport(game: displayPath)
    let saveRoot = FileManager.default.temporaryDirectory.appendingPathComponent("tide-test-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: saveRoot) }

    var options = EngineOptions()
    options.logErrors = false
    options.requiresMain = false
    options.saveDirectory = saveRoot.appendingPathComponent("0")
    // A tick stuck in engine code ends `tide test` with a message naming the test, not a hang;
    // three times what a test's watchdog allows (below), as `tide run` allows three of its.
    options.stuckTickSeconds = 3 * testOptions.testSeconds
    let engine: Engine
    do {
      engine = try Engine(gameDirectory: directory, displayPath: displayPath, backend: HeadlessBackend.withGameFonts(), options: options)
    } catch {
      return failedEntry(game: displayPath, message: error.description)
    }
    engine.installTestAPI()
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
        engine.noteTest(lua.toString(at: 1))
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
      // Each test gets a fresh budget and watchdog clock (the hook above); a whole test may do
      // far more than one game callback, so its watchdog allows a minute unless told otherwise.
      engine.vm.watchdogSeconds = testOptions.testSeconds
      engine.vm.instructionBudget = instructionsPerTest
      try lua.pcall(nargs: 11, nresults: 1)
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
      guard lua.rawGet(records, index: i) == .table else { continue }
      func field(_ key: String) -> String? {
        defer { lua.pop(1) }
        return lua.rawGet(-1, key: key) == .nil ? nil : lua.toString(at: -1)
      }
      func number(_ key: String) -> Double? {
        defer { lua.pop(1) }
        return lua.rawGet(-1, key: key) == .number ? lua.toDouble(at: -1) : nil
      }
      let outcome: TestEntry.Outcome
      switch field("status") {
      case "success": outcome = .passed
      case "failure": outcome = .failed
      case "pending": outcome = .pending
      default: outcome = .errored
      }
      entries.append(
        TestEntry(
          game: game, name: field("name") ?? "", file: field("file") ?? game, line: number("line").map { Int($0) },
          outcome: outcome, message: field("message"), duration: number("duration") ?? 0))
    }
    return entries
  }

  /// A report of one errored entry named after the game, which every format shows: a game folder
  /// that is missing or does not load must fail a TAP or JUnit consumer too, not only the exit code.
  public static func failedEntry(game displayPath: String, message: String) -> GameTestReport {
    let entry = TestEntry(game: displayPath, name: "", file: displayPath, line: nil, outcome: .errored, message: message)
    return GameTestReport(game: displayPath, entries: [entry])
  }
}
