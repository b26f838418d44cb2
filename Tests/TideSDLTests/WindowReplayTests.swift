import Foundation
import TideCore
import TideScript
import XCTest

@testable import TideSDL

/// A session played in a real window replays headless to the same scenes, second by second.
///
/// Text is where the two used to part: the window fitted text with the fonts it draws, headless
/// runs with approximate widths, so a long name that the window cut with "…" could fit whole in
/// the replay and every test, bot and replay judged a layout no player saw. Both now measure
/// with `GameFonts`; this plays the ui-gallery's text fields, where typing fills, shrinks and
/// cuts text, and compares every node of the scene at every second.
final class WindowReplayTests: XCTestCase {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Wraps the window's engine and takes a snapshot of its scene after every whole second.
  final class SnapshotTaker: WatchedEngine {
    private(set) var snapshots: [SceneSnapshot] = []

    override func didStep() {
      if engine.tick % 60 == 0 { snapshots.append(SceneSnapshot(of: engine.scene)) }
    }
  }

  func testASessionRecordedInAWindowReplaysHeadlessToTheSameScenes() throws {
    guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else {
      throw XCTSkip("no display; run under xvfb-run to open a real window")
    }
    XCTAssertNil(GameFonts.problem, "the game fonts load, so headless runs measure as the window does")
    let game = Self.root.appendingPathComponent("Content/ui-gallery")
    let saves = FileManager.default.temporaryDirectory.appendingPathComponent("tide-window-replay-\(UUID().uuidString)")
    addTeardownBlock { try? FileManager.default.removeItem(at: saves) }
    var options = EngineOptions()
    options.seed = 11
    options.options = ["start": "fields"]
    options.logErrors = false

    options.saveDirectory = saves.appendingPathComponent("window")
    let backend = try SDLBackend(gameDirectory: game, audio: false)
    let played = try Engine(gameDirectory: game, displayPath: "Content/ui-gallery", backend: backend, options: options)
    played.startRecording()
    try played.start()
    let taker = SnapshotTaker(played)
    var window = WindowOptions()
    window.backend = backend
    window.gameDirectory = game
    window.maxSeconds = 4.5
    // A name longer than the field takes (it keeps 12 characters), then the age: the greeting
    // label is laid out from both.
    window.scriptedInput = [
      (0.3, InputEvent.pointerDown(Vec2(195, 144))), (0.35, .pointerUp(Vec2(195, 144))),
      (0.6, .text("Wolfeschlegel")), (1.3, .text("steinhausen")),
      (2.1, .pointerDown(Vec2(195, 232))), (2.15, .pointerUp(Vec2(195, 232))), (2.4, .text("42")),
      (3.1, .key("return", down: true)), (3.15, .key("return", down: false)),
    ].map { ScheduledInput(time: $0.0, event: $0.1) }
    _ = try runWindow(driver: taker, options: window)
    XCTAssertEqual(played.errors.failureCount, 0, "script errors in the window")
    XCTAssertGreaterThanOrEqual(taker.snapshots.count, 4, "the window ran its four seconds")
    let script = try InputScript(text: try XCTUnwrap(played.recordedScript()))
    XCTAssertGreaterThanOrEqual(script.entries.count, 9, "every scripted event was recorded")

    options.saveDirectory = saves.appendingPathComponent("headless")
    let replayed = try Engine(
      gameDirectory: game, displayPath: "Content/ui-gallery",
      backend: HeadlessBackend.withGameFonts(assetDirectory: game.appendingPathComponent("assets")), options: options)
    try replayed.start()
    var next = 0
    for (second, expected) in taker.snapshots.enumerated() {
      while replayed.tick < (second + 1) * 60 {
        while next < script.entries.count, script.entries[next].tick <= replayed.tick {
          replayed.enqueue(script.entries[next].event)
          next += 1
        }
        replayed.step()
      }
      let got = SceneSnapshot(of: replayed.scene)
      XCTAssertEqual(got.hash, expected.hash, "second \(second + 1): the replay's scene differs from the window's")
      if got != expected {
        let lines = zip(expected.text.split(separator: "\n"), got.text.split(separator: "\n")).filter { $0 != $1 }
        XCTFail("first differing node at second \(second + 1):\nwindow:   \(lines.first?.0 ?? "")\nheadless: \(lines.first?.1 ?? "")")
        break
      }
    }
    // The session did what it was scripted to: the name field kept its first 12 characters and
    // the greeting was laid out from them, so the widths compared above are those of real text.
    XCTAssertNotNil(played.scene.find(where: { $0.text == "Wolfeschlege" }), "the typed name is in its field")
    XCTAssertNotNil(played.scene.find(where: { $0.text == "Hello Wolfeschlege, 42" }), "the greeting names the player")
  }
}
