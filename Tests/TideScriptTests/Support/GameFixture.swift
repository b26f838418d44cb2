import Foundation
import TideCore
import TideScript
import TideTesting
import XCTest

/// A throwaway game folder written from Swift string literals into a temp directory.
///
/// Files are given by path relative to the game folder (`"main.lua"`, `"data/rules.lua"`,
/// `"tests/api_test.lua"`); binary assets by path too (`"assets/hero.png"`). The game is shown
/// in messages as `game` (so errors read `game/main.lua:3: ...`). Everything is removed when
/// the fixture goes away.
final class GameFixture {
  /// The temp directory holding the game folder and its save folder.
  let root: URL
  /// The game folder.
  let directory: URL
  /// Where the engines this fixture makes keep their saves.
  let saveDirectory: URL
  /// How the game folder is named in messages.
  let displayPath = "game"

  init(files: [String: String], assets: [String: Data] = [:]) throws {
    root = FileManager.default.temporaryDirectory
      .appendingPathComponent("tide-apitests-\(UUID().uuidString)")
    directory = root.appendingPathComponent("game")
    saveDirectory = root.appendingPathComponent("saves")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    for (path, text) in files { try write(Data(text.utf8), to: path) }
    for (path, data) in assets { try write(data, to: path) }
  }

  /// A game whose `main.lua` is `main`, with optional `conf.lua` and Lua test file.
  convenience init(
    main: String, conf: String? = nil, tests: String? = nil, files: [String: String] = [:],
    assets: [String: Data] = [:]
  ) throws {
    var all = files
    all["main.lua"] = main
    if let conf { all["conf.lua"] = conf }
    if let tests { all["tests/api_test.lua"] = tests }
    try self.init(files: all, assets: assets)
  }

  deinit {
    try? FileManager.default.removeItem(at: root)
  }

  /// Writes (or overwrites) one file of the game folder.
  func write(_ data: Data, to path: String) throws {
    let url = directory.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: url)
  }

  /// Options for engines of this fixture: its save folder, errors kept quiet.
  func options(seed: UInt64 = 1) -> EngineOptions {
    var options = EngineOptions()
    options.seed = seed
    options.saveDirectory = saveDirectory
    options.logErrors = false
    return options
  }

  /// Makes a headless engine for the game and, unless told otherwise, starts it.
  func engine(options: EngineOptions? = nil, start: Bool = true) throws -> Engine {
    let engine = try Engine(
      gameDirectory: directory, displayPath: displayPath, backend: HeadlessBackend(),
      options: options ?? self.options())
    if start { try engine.start() }
    return engine
  }

  /// Runs the game's `tests/*_test.lua` through the game test runner.
  func runTests(filter: String? = nil) -> GameTestReport {
    GameTestRunner.run(game: directory, displayPath: displayPath, filter: filter)
  }
}

/// Runs `tests` (one Lua test file) against a game whose `main.lua` is `main`.
func runLuaTests(
  _ tests: String, main: String = "", conf: String? = nil, files: [String: String] = [:],
  assets: [String: Data] = [:], filter: String? = nil
) throws -> GameTestReport {
  let fixture = try GameFixture(main: main, conf: conf, tests: tests, files: files, assets: assets)
  return fixture.runTests(filter: filter)
}

/// Asserts that every Lua test passed and exactly `count` ran; shows the runner's output otherwise.
func assertAllPassed(
  _ report: GameTestReport, count: Int, file: StaticString = #filePath, line: UInt = #line
) {
  XCTAssertEqual(report.failed, 0, "Lua tests failed:\n\(report.output)", file: file, line: line)
  XCTAssertEqual(report.passed, count, "unexpected number of passing Lua tests:\n\(report.output)", file: file, line: line)
  XCTAssertTrue(
    report.output.hasSuffix("\(count) passed, 0 failed\n"),
    "closing line is not '\(count) passed, 0 failed':\n\(report.output)", file: file, line: line)
}

extension Engine {
  /// The first node named `name`, in drawing order.
  func node(named name: String) -> Node? {
    scene.find { $0.name == name }
  }

  /// The text of the node named `name` (games under test report their state through text sprites).
  func text(of name: String) -> String? {
    node(named: name)?.text
  }

  /// Presses and releases the pointer at `p`, a tick each, as a finger tap would.
  func tap(_ p: Vec2) {
    enqueue(.pointerDown(p))
    step()
    enqueue(.pointerUp(p))
    step()
  }

  /// Taps the visual centre of `node`.
  func tap(_ node: Node) {
    tap(node.worldTransform.apply(Vec2(x: node.width / 2, y: node.height / 2)))
  }

  /// Runs `ticks` fixed steps.
  func step(_ ticks: Int) {
    for _ in 0..<ticks { step() }
  }

  /// The messages of every error and warning reported so far.
  var errorMessages: [String] { errors.all.map(\.message) }
}

/// Lua for test sources: `fails_with(fn, text)` asserts that `fn` raises an error containing
/// `text` (plain, not a pattern), whatever position the message starts with.
let luaFailsWith = #"""
  local function fails_with(fn, text)
    local ok, message = pcall(fn)
    assert.is_false(ok)
    assert.truthy(tostring(message):find(text, 1, true), tostring(message))
  end

  """#
