import CLua
import Foundation
import TideCore
@testable import TideScript
import TideTesting
import XCTest

/// Runs every game in the repository's `Content/` through the game test runner.
///
/// XCTest on Linux cannot make one test method per folder at run time, so one method loops over
/// the games and names each failing game with the runner's whole report.
final class ContentTests: XCTestCase {
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The games: folders of `Content/` that hold a `main.lua`, sorted by name.
  static func games() -> [URL] {
    let content = packageRoot.appendingPathComponent("Content")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: content.path)) ?? []
    return names.sorted().map { content.appendingPathComponent($0) }
      .filter { FileManager.default.fileExists(atPath: $0.appendingPathComponent("main.lua").path) }
  }

  func testContentHasGames() {
    XCTAssertFalse(Self.games().isEmpty, "no games found under \(Self.packageRoot.path)/Content")
  }

  func testEveryGamesTestsPass() {
    for game in Self.games() {
      let name = "Content/\(game.lastPathComponent)"
      let report = GameTestRunner.run(game: game, displayPath: name)
      XCTAssertEqual(report.failed, 0, "\(name): Lua tests failed:\n\(report.output)")
      XCTAssertGreaterThan(report.passed, 0, "\(name): no tests ran (add tests/*_test.lua):\n\(report.output)")
    }
  }

  /// The engine's whole API is pushed when a game's VM starts, so it is what takes the VM's slot
  /// trampolines (the cheaper way into Swift); this fails while there is still room to grow, so
  /// the slot count is raised before any API function falls back to the upvalue trampoline.
  func testTheAPIFitsTheSlotTrampolinesWithRoomToGrow() throws {
    for game in Self.games() {
      let name = "Content/\(game.lastPathComponent)"
      var options = EngineOptions()
      options.saveDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("tide-slots-\(getpid())")
      let engine = try Engine(gameDirectory: game, displayPath: name, backend: HeadlessBackend(), options: options)
      try engine.start()
      let used = engine.lua.vm.slotTrampolinesUsed
      print("\(name): \(used) slot trampolines used")
      XCTAssertLessThanOrEqual(used, Int(TIDE_FAST_SLOTS) * 3 / 4, "\(name): raise TIDE_FAST_SLOTS in Sources/CLua/include/tide.h")
    }
  }

  /// Each game has a golden screen at every size its conf.lua declares (a golden input's
  /// `@size`, or the design size when it names none), so every fixed layout is pinned.
  func testEveryDeclaredSizeHasAGoldenScreen() throws {
    for game in Self.games() {
      let name = "Content/\(game.lastPathComponent)"
      let engine = try Engine(gameDirectory: game, displayPath: name, backend: HeadlessBackend(), options: EngineOptions())
      let design = Vec2(x: engine.config.width, y: engine.config.height)
      let folder = game.appendingPathComponent("tests/golden")
      let inputs = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".input") }
      var drawn = Set<Vec2>()
      for input in inputs {
        let script = try InputScript(text: String(contentsOf: folder.appendingPathComponent(input), encoding: .utf8))
        drawn.insert(script.size ?? design)
      }
      for size in engine.config.checkedSizes where !drawn.contains(size) {
        XCTFail("\(name): no golden screen at \(Int(size.x))x\(Int(size.y)), a size conf.lua declares (add a tests/golden/*.input with @size)")
      }
    }
  }

  /// The first game by name, kept as its own test so a failure points straight at it.
  func testRockPaperScissors() throws {
    let rps = Self.packageRoot.appendingPathComponent("Content/rps")
    try XCTSkipUnless(FileManager.default.fileExists(atPath: rps.path), "Content/rps is gone")
    let report = GameTestRunner.run(game: rps, displayPath: "Content/rps")
    XCTAssertEqual(report.failed, 0, report.output)
    XCTAssertTrue(report.output.hasSuffix("\(report.passed) passed, 0 failed\n"), report.output)
  }
}
