import Foundation
import TideCore
import XCTest

@testable import TideScript

/// The net under the watchdog: a tick stuck in engine code ends the process with a
/// message. The stuck tick runs in a second copy of this test binary, since it must end it.
final class StuckStepGuardTests: XCTestCase {
  /// Run only as the child of the test below: starts a tick and never ends it.
  func testStuckChild() throws {
    try XCTSkipUnless(ProcessInfo.processInfo.environment["TIDE_STUCK_CHILD"] == "1", "runs only as a child process")
    let guardian = StuckStepGuard(seconds: 1, what: "Content/stuck (seed 7)")
    guardian.begin()
    Thread.sleep(forTimeInterval: 10)
    guardian.end()
  }

  func testATickStuckPastItsLimitEndsTheProcessWithAMessage() throws {
    let started = Date()
    let child = try runProgram(
      URL(fileURLWithPath: CommandLine.arguments[0]), ["TideScriptTests.StuckStepGuardTests/testStuckChild"],
      environment: ProcessInfo.processInfo.environment.merging(["TIDE_STUCK_CHILD": "1"]) { $1 }, output: .standardError)
    XCTAssertEqual(child.status, 70)
    XCTAssertLessThan(Date().timeIntervalSince(started), 9, "ended by the guard, not by the end of the sleep")
    let message = child.output
    XCTAssertTrue(message.contains("tide: Content/stuck (seed 7): one tick has run for over 1 s in code the watchdog cannot stop"), message)
  }

  /// Run only as the child of the test below: a game whose scene's update calls into a Swift
  /// function that does not return in time (as engine code the watchdog cannot stop would).
  func testStuckEngineChild() throws {
    try XCTSkipUnless(ProcessInfo.processInfo.environment["TIDE_STUCK_CHILD"] == "2", "runs only as a child process")
    let fixture = try GameFixture(
      main: "tide.scene.define('play', { update = function() require('data.slow') end })\n",
      conf: "return { scene = 'play' }", files: ["data/slow.lua": "tide.stuck_probe()\nreturn {}\n"])
    var options = EngineOptions()
    options.stuckTickSeconds = 1
    let engine = try Engine(gameDirectory: fixture.directory, displayPath: "game", backend: HeadlessBackend(), options: options)
    let lua = engine.lua
    lua.push(engine.context.tideTable)
    lua.push({ _ in
      Thread.sleep(forTimeInterval: 10)
      return 0
    }, name: "tide.stuck_probe")
    lua.rawSet(-2, key: "stuck_probe")
    lua.pop(1)
    engine.noteTest("sits still")
    try engine.start()
    engine.step()
  }

  /// The message named only the game and seed: it now names the Swift function the tick is in,
  /// the file being run, the scene and the test.
  func testAStuckTickNamesTheCallTheFileTheSceneAndTheTest() throws {
    let child = try runProgram(
      URL(fileURLWithPath: CommandLine.arguments[0]), ["TideScriptTests.StuckStepGuardTests/testStuckEngineChild"],
      environment: ProcessInfo.processInfo.environment.merging(["TIDE_STUCK_CHILD": "2"]) { $1 }, output: .standardError)
    XCTAssertEqual(child.status, 70)
    XCTAssertTrue(
      child.output.contains(
        "tide: game (seed 1): one tick has run for over 1 s in code the watchdog cannot stop (the engine's, or a library "
          + "function's): in tide.stuck_probe, loading game/data/slow.lua, scene 'play', test 'sits still'; ending the process"),
      child.output)
  }

  /// Run only as the child of the test below: a text sprite whose new text, measured when the
  /// script reads its width, takes the engine's text measuring (a stand-in that does not return
  /// in time) past the limit.
  func testStuckSpriteChild() throws {
    try XCTSkipUnless(ProcessInfo.processInfo.environment["TIDE_STUCK_CHILD"] == "3", "runs only as a child process")
    struct StuckMetrics: TextMetrics {
      func measure(_ text: String, size: Double) -> (width: Double, height: Double) {
        if text == "stuck" { Thread.sleep(forTimeInterval: 10) }
        return (Double(text.count) * size / 2, size)
      }
      func measure(_ text: String, size: Double, font: String) -> (width: Double, height: Double) { measure(text, size: size) }
    }
    let fixture = try GameFixture(
      main: "local label\ntide.scene.define('play', {\n  enter = function() label = tide.sprite.text('ok') end,\n"
        + "  update = function() label.text = 'stuck'; local _ = label.w end,\n})\n",
      conf: "return { scene = 'play' }")
    var options = EngineOptions()
    options.stuckTickSeconds = 1
    let engine = try Engine(gameDirectory: fixture.directory, displayPath: "game", backend: HeadlessBackend(), options: options)
    engine.scene.textMetrics = StuckMetrics()
    try engine.start()
    engine.step()
  }

  /// The message names the sprite being worked on: its kind, where it was made, what was done.
  func testAStuckTickNamesTheSprite() throws {
    let child = try runProgram(
      URL(fileURLWithPath: CommandLine.arguments[0]), ["TideScriptTests.StuckStepGuardTests/testStuckSpriteChild"],
      environment: ProcessInfo.processInfo.environment.merging(["TIDE_STUCK_CHILD": "3"]) { $1 }, output: .standardError)
    XCTAssertEqual(child.status, 70)
    XCTAssertTrue(
      child.output.contains(
        "in reading a field of a tide.Sprite, measuring the text of the text sprite made at game/main.lua:3, scene 'play'; "
          + "ending the process"),
      child.output)
  }

  /// Run only as the child of the test below: a frame whose drawing does not end in time, on a
  /// renderer's thread, while it draws a polygon the game made (the renderer, which cannot be
  /// made to stick by any input, is stood in for by its note and a sleep).
  func testStuckDrawingChild() throws {
    try XCTSkipUnless(ProcessInfo.processInfo.environment["TIDE_STUCK_CHILD"] == "4", "runs only as a child process")
    let fixture = try GameFixture(
      main: "tide.scene.define('play', {\n  enter = function()\n"
        + "    tide.sprite.polygon{ points = { 0, 0, 40, 0, 20, 30 }, fill = '#ffffff' }\n  end,\n})\n",
      conf: "return { scene = 'play' }")
    var options = EngineOptions()
    options.stuckTickSeconds = 1
    let engine = try Engine(gameDirectory: fixture.directory, displayPath: "game", backend: HeadlessBackend(), options: options)
    try engine.start()
    engine.step()
    let polygon = try XCTUnwrap(engine.scene.drawList().first { $0.look.kind == .polygon })
    let drawer = DrawingNote.Drawer()
    let note = engine.scene.drawingNote
    DispatchQueue.global().async {
      note.enter(drawer)
      drawer.drawing(polygon.id)
      Thread.sleep(forTimeInterval: 10)
      note.leave(drawer)
    }
    // The game's thread waits for the frame, as a window waits for its bands.
    Thread.sleep(forTimeInterval: 10)
  }

  /// A frame stuck in drawing ends the process too, naming the sprite drawn: its kind and
  /// where the script made it.
  func testAFrameStuckInDrawingNamesTheSprite() throws {
    let started = Date()
    let child = try runProgram(
      URL(fileURLWithPath: CommandLine.arguments[0]), ["TideScriptTests.StuckStepGuardTests/testStuckDrawingChild"],
      environment: ProcessInfo.processInfo.environment.merging(["TIDE_STUCK_CHILD": "4"]) { $1 }, output: .standardError)
    XCTAssertEqual(child.status, 70)
    XCTAssertLessThan(Date().timeIntervalSince(started), 9, "ended by the guard, not by the end of the sleep")
    XCTAssertTrue(
      child.output.contains(
        "tide: game (seed 1): drawing one frame has taken over 1 s in code the watchdog cannot stop (the engine's, or a "
          + "library function's): in no Lua call (the engine's own work between calls), drawing the polygon sprite made "
          + "at game/main.lua:3, scene 'play'; ending the process"),
      child.output)
  }

  /// Ticks that each end in time never trip it, however long they run in all (2 s against a 1 s
  /// limit). A trip would end this very process with exit 70, failing the whole run.
  func testTicksThatEndAreLeftAlone() throws {
    let guardian = StuckStepGuard(seconds: 1, what: "quick")
    for _ in 0..<20 {
      guardian.begin()
      Thread.sleep(forTimeInterval: 0.1)
      guardian.end()
    }
  }

  /// A tick begun on the engine's thread just after the guard read the clock starts later than
  /// the guard's `now`: that is a fresh tick, not one wrapped round to centuries old (which ended
  /// a healthy `tide test` of a long `app:advance` under a loaded machine).
  func testATickBegunAfterTheGuardsReadingIsNotOverdue() {
    let second: UInt64 = 1_000_000_000
    XCTAssertFalse(StuckStepGuard.overdue(started: 5 * second + 1, now: 5 * second, limit: second))
    XCTAssertFalse(StuckStepGuard.overdue(started: 0, now: 5 * second, limit: second), "no tick runs")
    XCTAssertFalse(StuckStepGuard.overdue(started: 5 * second, now: 6 * second, limit: second), "at the limit")
    XCTAssertTrue(StuckStepGuard.overdue(started: 5 * second, now: 6 * second + 1, limit: second))
  }
}
