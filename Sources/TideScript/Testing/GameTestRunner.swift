import CLua
import Foundation
import LuaBridge
import TideCore

/// The outcome of running one game's `tests/*_test.lua`.
public struct GameTestReport: Sendable {
  /// The game folder as shown to the user.
  public var game: String
  /// Tests that passed.
  public var passed = 0
  /// Tests that failed (including files that did not load).
  public var failed = 0
  /// Tests marked pending.
  public var skipped = 0
  /// The formatted report (plain text, TAP or JUnit XML).
  public var output = ""
}

/// Output formats of `tide test`.
public enum TestReportFormat: String, Sendable, CaseIterable {
  /// One line per failure and a closing `N passed, N failed`.
  case plain
  /// TAP version 13.
  case tap
  /// JUnit XML.
  case junit
}

/// Runs a game's or library's Lua tests headlessly with busted 2 itself (core, luassert, say),
/// driven by `testrunner/driver.lua` inside the engine's Lua state.
///
/// All test files of a game share one engine; before every `it` the game is torn down to
/// nothing and given a fresh save folder, and the test's `tide.test.start{...}` loads it anew.
public enum GameTestRunner {
  /// Instructions one test may run before it is stopped as a runaway.
  static let instructionsPerTest = 4_000_000_000

  /// Runs the tests of the game at `directory`; `filter` keeps tests whose full name contains it.
  public static func run(
    game directory: URL, displayPath: String, filter: String? = nil, format: TestReportFormat = .plain
  ) -> GameTestReport {
    var report = GameTestReport(game: displayPath)
    let saveRoot = FileManager.default.temporaryDirectory.appendingPathComponent("tide-test-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: saveRoot) }

    var options = EngineOptions()
    options.logErrors = false
    options.requiresMain = false
    options.saveDirectory = saveRoot.appendingPathComponent("0")
    let engine: Engine
    do {
      engine = try Engine(gameDirectory: directory, displayPath: displayPath, backend: HeadlessBackend(), options: options)
    } catch {
      return failedEntry(game: displayPath, message: error.description, format: format)
    }
    engine.installTestAPI()
    var testNumber = 0
    let lua = engine.lua
    let files: [String]
    do {
      files = try testFiles(in: directory, lua: lua)
    } catch {
      return failedEntry(game: displayPath, message: "\(displayPath)/.busted: \(error.message)", format: format)
    }
    do throws(LuaError) {
      try engine.installStartValues()
      guard let driverSource = LuaLibrary.text(of: "testrunner/driver.lua")
      else { throw LuaError(message: "the engine's testrunner/driver.lua is missing") }
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
      lua.push(format.rawValue)
      lua.push { lua in
        // Before every test: nothing loaded, fresh saves, a fresh instruction budget.
        testNumber += 1
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
        // The source of one of the runner's own library files (`testrunner/plain.lua`).
        guard let path = lua.toString(at: 1), let source = LuaLibrary.text(of: path) else { return 0 }
        lua.push(source)
        return 1
      }
      // Each test gets a fresh budget and watchdog clock (the hook above); a whole test may do
      // far more than one game callback, so its watchdog allows a minute.
      engine.vm.watchdogSeconds = max(engine.vm.watchdogSeconds, 60)
      engine.vm.instructionBudget = instructionsPerTest
      try lua.pcall(nargs: 10, nresults: 4)
      report.output = lua.toString(at: -4) ?? ""
      report.passed = lua.toInt(at: -3) ?? 0
      report.failed = lua.toInt(at: -2) ?? 0
      report.skipped = lua.toInt(at: -1) ?? 0
      lua.pop(4)
    } catch {
      // busted missing or broken: still one failed entry a TAP or JUnit reader sees.
      return failedEntry(game: displayPath, message: "the test runner failed: \(error.description)", format: format)
    }
    return report
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

  /// A report of one failed entry named after the game, valid in every format: a game folder
  /// that is missing or does not load must fail a TAP or JUnit consumer too, not only the exit code.
  public static func failedEntry(game displayPath: String, message: String, format: TestReportFormat) -> GameTestReport {
    var report = GameTestReport(game: displayPath)
    report.failed = 1
    switch format {
    case .plain:
      report.output = "\(displayPath): \(message)\n0 passed, 1 failed\n"
    case .tap:
      report.output = "TAP version 13\n1..1\nnot ok 1 - \(tapDescription(displayPath))\n  ---\n  message: \(yamlString(message))\n  ...\n# 0 passed, 1 failed\n"
    case .junit:
      let name = xmlEscaped(displayPath)
      report.output = """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="tide" tests="1" failures="0" errors="1" skipped="0">
          <testsuite name="\(name)" tests="1" failures="0" errors="1" skipped="0">
            <testcase name="\(name)" classname="\(name)">
              <error message="\(xmlEscaped(message))" type="error">\(xmlEscaped(message))</error>
            </testcase>
          </testsuite>
        </testsuites>

        """
    }
    return report
  }

  static func tapDescription(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "#", with: "\\#")
      .map { $0.isNewline ? " " : String($0) }.joined()
  }

  static func yamlString(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      default: out += scalar.value < 32 || scalar.value == 127 ? String(format: "\\x%02X", scalar.value) : String(scalar)
      }
    }
    return out + "\""
  }

  static func xmlEscaped(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      case "\n": out += "&#10;"
      case "\t", "\r": out += "&#\(scalar.value);"
      default: out += scalar.value < 32 || scalar.value == 127 ? "\u{FFFD}" : String(scalar)
      }
    }
    return out
  }
}
