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
  /// Instructions one test may run before it is stopped as a runaway.
  static let instructionsPerTest = 4_000_000_000

  /// Runs the tests of the game at `directory`; `filter` keeps tests whose full name contains it.
  public static func run(game directory: URL, displayPath: String, filter: String? = nil) -> GameTestReport {
    var report = GameTestReport(game: displayPath)
    let saveRoot = FileManager.default.temporaryDirectory.appendingPathComponent("tide-test-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: saveRoot) }

    var options = EngineOptions()
    options.logErrors = false
    options.requiresMain = false
    options.saveDirectory = saveRoot.appendingPathComponent("0")
    // A tick stuck in engine code ends `tide test` with a message naming the test, not a hang;
    // three times the minute a test's watchdog allows (below), as `tide run` allows three of its.
    options.stuckTickSeconds = 3 * 60
    let engine: Engine
    do {
      engine = try Engine(gameDirectory: directory, displayPath: displayPath, backend: HeadlessBackend.withGameFonts(), options: options)
    } catch {
      return failedEntry(game: displayPath, message: error.description)
    }
    engine.installTestAPI()
    var testNumber = 0
    let lua = engine.lua
    let files: [String]
    do {
      files = try testFiles(in: directory, lua: lua)
    } catch {
      return failedEntry(game: displayPath, message: "\(displayPath)/.busted: \(error.message)")
    }
    do throws(LuaError) {
      try engine.installStartValues()
      guard let driverSource = EmbeddedLuaLibrary.files["testrunner/driver.lua"]
      else { throw LuaError(message: "the runner's testrunner/driver.lua is missing") }
      try lua.load(driverSource, chunkName: "@[tide test runner]")
      try TestEnvironment.push(on: lua)
      // The driver's _ENV (its first upvalue) is the test globals.
      _ = lua_setupvalue(lua.L, -2, 1)
      lua.newTable(narr: Int32(files.count))
      for (i, file) in files.enumerated() {
        lua.newTable()
        lua.push("\(displayPath)/\(file)")
        lua.rawSet(-2, key: "name")
        lua.push(directory.appendingPathComponent(file).path)
        lua.rawSet(-2, key: "path")
        lua.rawSet(-2, index: i + 1)
      }
      if let filter { lua.push(filter) } else { lua.pushNil() }
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
      // Each test gets a fresh budget and watchdog clock (the hook above); a whole test may do
      // far more than one game callback, so its watchdog allows a minute.
      engine.vm.watchdogSeconds = max(engine.vm.watchdogSeconds, 60)
      engine.vm.instructionBudget = instructionsPerTest
      try lua.pcall(nargs: 9, nresults: 1)
      report.entries = entries(fromRecordsAt: -1, lua: lua, game: displayPath)
      lua.pop(1)
    } catch {
      // busted missing or broken: still one failed entry a TAP or JUnit reader sees.
      return failedEntry(game: displayPath, message: "the test runner failed: \(error.description)")
    }
    return report
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
          game: game, name: field("name") ?? "", file: field("file") ?? game, line: Int(number("line") ?? 0),
          outcome: outcome, message: field("message"), duration: number("duration") ?? 0))
    }
    return entries
  }

  /// The test files of a game or library, sorted: `tests/*_test.lua` and busted's `spec/**/*_spec.lua`.
  /// busted's `.busted` file, when there is one, chooses the spec files instead: its `default`
  /// task's `ROOT` (folders or files, default `spec`) and `pattern` (a Lua pattern on the file
  /// name, default `_spec`), as `busted` reads them.
  static func testFiles(in directory: URL, lua: LuaState) throws(LuaError) -> [String] {
    let config = directory.appendingPathComponent(".busted")
    guard let source = try? String(contentsOf: config, encoding: .utf8) else { return testFiles(in: directory) }
    let all = (FileManager.default.subpaths(atPath: directory.path) ?? []).filter { $0.hasSuffix(".lua") }
    try lua.load(bustedConfigSource, chunkName: "=[tide test .busted]")
    lua.push(source)
    lua.push(all.joined(separator: "\n"))
    try lua.pcall(nargs: 2, nresults: 1)
    let chosen = lua.toString(at: -1) ?? ""
    lua.pop(1)
    return chosen.split(separator: "\n").map(String.init)
  }

  static let bustedConfigSource = """
    local source, listing = ...
    local chunk, err = load(source, "=.busted", "t", {})
    if chunk == nil then error(err, 0) end
    local conf = chunk()
    local task = type(conf) == "table" and type(conf.default) == "table" and conf.default or {}
    local roots = task.ROOT or { "spec" }
    if type(roots) == "string" then roots = { roots } end
    local pattern = type(task.pattern) == "string" and task.pattern or "_spec"
    local chosen = {}
    for file in listing:gmatch("[^\\n]+") do
      for _, root in ipairs(roots) do
        root = tostring(root):gsub("^%./", ""):gsub("/$", "")
        if file == root or (file:sub(1, #root + 1) == root .. "/" and file:match("[^/]*$"):find(pattern)) then
          chosen[#chosen + 1] = file
          break
        end
      end
    end
    table.sort(chosen)
    return table.concat(chosen, "\\n")
    """

  static func testFiles(in directory: URL) -> [String] {
    let tests = ((try? FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("tests").path)) ?? [])
      .filter { $0.hasSuffix("_test.lua") }.map { "tests/" + $0 }
    let specs = (FileManager.default.subpaths(atPath: directory.appendingPathComponent("spec").path) ?? [])
      .filter { $0.hasSuffix("_spec.lua") }.map { "spec/" + $0 }
    return tests.sorted() + specs.sorted()
  }

  /// A report of one errored entry named after the game, which every format shows: a game folder
  /// that is missing or does not load must fail a TAP or JUnit consumer too, not only the exit code.
  public static func failedEntry(game displayPath: String, message: String) -> GameTestReport {
    let entry = TestEntry(game: displayPath, name: "", file: displayPath, line: nil, outcome: .errored, message: message)
    return GameTestReport(game: displayPath, entries: [entry])
  }
}
