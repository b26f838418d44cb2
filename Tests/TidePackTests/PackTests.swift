import Foundation
import TideCore
import TidePack
import TideScript
import XCTest

/// `tide pack`'s archive: what goes in, and a game played from it in memory as from its folder.
final class PackTests: XCTestCase {
  func testTheArchiveHoldsWhatTheGameRunsOnAndNothingElse() throws {
    let scratch = try PackScratch()
    let game = try scratch.standardGame()
    let archive = try scratch.pack(game)
    let files = try GameArchive.open(archive, shown: "cards.tide")
    XCTAssertEqual(files.paths, ["assets/card.png", "assets/flip.wav", "assets/readme.md", "conf.lua", "data/deck.lua", "main.lua"])
    XCTAssertEqual(files.manifest.version, "1.2.0")
    XCTAssertEqual(files.manifest.engine, Engine.version)
    XCTAssertEqual(files.manifest.folder, "cards")
    XCTAssertEqual(files.manifest.fingerprint, Engine.gameVersion(of: game))
    XCTAssertNil(files.folder, "nothing of an archive is on the disk")
  }

  func testTheSameGamePacksToTheSameBytes() throws {
    let scratch = try PackScratch()
    let game = try scratch.standardGame()
    let first = try Data(contentsOf: scratch.pack(game, name: "one"))
    let second = try Data(contentsOf: scratch.pack(game, name: "two"))
    XCTAssertEqual(first, second)
  }

  func testAPackedGamePlaysAsItsFolderDoes() throws {
    let scratch = try PackScratch()
    let game = try scratch.standardGame()
    let archive = try scratch.pack(game)
    var options = EngineOptions()
    options.logErrors = false
    options.saveDirectory = scratch.root.appendingPathComponent("saves")
    func play(_ engine: Engine) throws -> ([String: Double], [String], Double?) {
      try engine.start()
      engine.advance(seconds: 0.2)
      XCTAssertEqual(engine.errors.failures.map(\.message), [])
      return (engine.reports, engine.soundLog, engine.voices.first?.remaining)
    }
    let fromFolder = try play(Engine(gameDirectory: game, backend: HeadlessBackend(), options: options))
    // The folder is gone: everything the packed game reads comes from the archive.
    try FileManager.default.removeItem(at: game)
    let files = try GameArchive.open(archive, shown: "cards.tide")
    let packed = try Engine(files: files, displayPath: "cards.tide", backend: HeadlessBackend(), options: options)
    let fromArchive = try play(packed)
    XCTAssertEqual(fromArchive.0, ["cards": 3, "width": 3])
    XCTAssertEqual(fromArchive.0, fromFolder.0)
    XCTAssertEqual(fromArchive.1, fromFolder.1)
    XCTAssertEqual(try XCTUnwrap(fromArchive.2), try XCTUnwrap(fromFolder.2), accuracy: 1e-9, "the sound's length is read from memory")
    XCTAssertEqual(packed.gameVersion, files.manifest.fingerprint, "recordings of the packed game match its folder's")
    XCTAssertEqual(packed.config.version, "1.2.0")
    XCTAssertThrowsError(try packed.watchForChanges(), "a packed game has no folder to watch")
  }

  func testSiblingModulesAreCarriedInTheArchive() throws {
    let scratch = try PackScratch()
    try scratch.game("rules", ["conf.lua": "return {}\n", "main.lua": "\n", "data/beats.lua": "return { rock = 'scissors' }\n"])
    let game = try scratch.game("match", [
      "conf.lua": "return { modules = { rules = \"../rules\" } }\n",
      "main.lua": "tide.report{ n = require(\"rules.data.beats\").rock == 'scissors' and 1 or 0 }\n",
    ])
    let archive = try scratch.pack(game, siblings: ["../rules"])
    try FileManager.default.removeItem(at: scratch.root.appendingPathComponent("rules"))
    let files = try GameArchive.open(archive, shown: "match.tide")
    var options = EngineOptions()
    options.logErrors = false
    options.saveDirectory = scratch.root.appendingPathComponent("saves")
    let engine = try Engine(files: files, backend: HeadlessBackend(), options: options)
    try engine.start()
    XCTAssertEqual(engine.reports, ["n": 1])
  }

  func testTheDataFolderIsNamedByIdentityElseByTheFolderPackedFrom() throws {
    let scratch = try PackScratch()
    let options = EngineOptions()
    let plain = try scratch.standardGame("memory")
    XCTAssertEqual(try Engine(gameDirectory: plain, backend: HeadlessBackend(), options: options).dataDirectory.lastPathComponent, "memory")
    let named = try scratch.standardGame("memory-2", conf: ", identity = \"memory-cards\"")
    XCTAssertEqual(try Engine(gameDirectory: named, backend: HeadlessBackend(), options: options).dataDirectory.lastPathComponent, "memory-cards")
    // Packed and renamed, the archive still keeps its saves where its folder did.
    let archive = try scratch.pack(plain, name: "renamed")
    let files = try GameArchive.open(archive, shown: "renamed.tide")
    XCTAssertEqual(try Engine(files: files, backend: HeadlessBackend(), options: options).dataDirectory.lastPathComponent, "memory")
  }

  func testABadIdentityNamesConfLuaAndTheField() throws {
    let scratch = try PackScratch()
    for bad in ["\"../up\"", "\".hidden\"", "\"a/b\"", "\"\"", "42", "\"" + String(repeating: "x", count: 65) + "\""] {
      let game = try scratch.game("bad", ["conf.lua": "return { identity = \(bad) }\n", "main.lua": "\n"])
      XCTAssertThrowsError(try Engine(gameDirectory: game, displayPath: "bad", backend: HeadlessBackend(), options: EngineOptions())) { error in
        XCTAssertTrue("\(error)".hasPrefix("bad/conf.lua: identity must name the game's data folder"), "\(bad): \(error)")
      }
    }
    let game = try scratch.game("badversion", ["conf.lua": "return { version = 2 }\n", "main.lua": "\n"])
    XCTAssertThrowsError(try Engine(gameDirectory: game, displayPath: "v", backend: HeadlessBackend(), options: EngineOptions())) { error in
      XCTAssertTrue("\(error)".hasPrefix("v/conf.lua: version must be a string"), "\(error)")
    }
  }
}

/// A packed game's error, as its player meets it: a screen with a Restart button that takes
/// every input, a log in the data folder, and the game started again by the button.
final class PlayerModeTests: XCTestCase {
  /// A game whose field breaks on a tap; it reports a draw of its seed's random stream.
  static let breaksOnTap = [
    "conf.lua": "return { width = 400, height = 300, scene = \"play\" }\n",
    "main.lua": """
      tide.scene.define("play", {
        enter = function()
          tide.report{ draw = tide.random.int(1, 1000000000) }
          local field = tide.sprite.rect{ x = 0, y = 0, w = 400, h = 300 }
          field:on("tap", function() error("a tap breaks it") end)
        end,
      })
      """,
  ]

  func testRestartStartsTheGameAgainAndTheErrorIsLogged() throws {
    let scratch = try PackScratch()
    let game = try scratch.game("breaks", Self.breaksOnTap)
    var options = EngineOptions()
    options.playerMode = true
    options.logErrors = false
    options.saveDirectory = scratch.root.appendingPathComponent("data")
    let engine = try Engine(gameDirectory: game, backend: HeadlessBackend(), options: options)
    try engine.start()
    func tap(_ x: Double, _ y: Double) { engine.tapAndWait(x, y) }
    XCTAssertNil(engine.overlay)
    tap(50, 50)
    let screen = try XCTUnwrap(engine.overlay)
    let button = try XCTUnwrap(screen.button)
    XCTAssertEqual(button.label, "Restart")
    XCTAssertFalse(screen.message.contains("a tap breaks it"), "the player is spared the details")
    let log = try String(contentsOf: scratch.root.appendingPathComponent("data/errors.log"), encoding: .utf8)
    XCTAssertTrue(log.contains("a tap breaks it"), log)
    tap(50, 50)
    XCTAssertEqual(engine.errors.failureCount, 1, "the failed game gets no input while the screen shows")
    tap(button.frame.x + button.frame.width / 2, button.frame.y + button.frame.height / 2)
    XCTAssertNil(engine.overlay, "Restart starts the game again")
    XCTAssertEqual(engine.currentSceneName, "play")
    tap(50, 50)
    XCTAssertNotNil(engine.overlay, "the new game takes taps again")
  }

  /// Restart is another game, as a launch without a seed is: its recording and log name the
  /// new seed. A seed given (the options leave `restartSeed` nil) is played again.
  func testRestartPlaysANewSeedUnlessOneWasGiven() throws {
    let scratch = try PackScratch()
    let game = try scratch.game("seeded", Self.breaksOnTap)
    let next: @Sendable (UInt64) -> UInt64 = { $0 + 1 }
    for (restartSeed, expected) in [(next, UInt64(8)), (nil, UInt64(7))] {
      var options = EngineOptions()
      options.seed = 7
      options.restartSeed = restartSeed
      options.playerMode = true
      options.logErrors = false
      options.saveDirectory = scratch.root.appendingPathComponent("data-\(expected)")
      let engine = try Engine(gameDirectory: game, backend: HeadlessBackend(), options: options)
      engine.startRecording()
      try engine.start()
      let first = engine.reports["draw"]
      func tap(_ x: Double, _ y: Double) { engine.tapAndWait(x, y) }
      tap(50, 50)
      let button = try XCTUnwrap(engine.overlay?.button)
      tap(button.frame.x + button.frame.width / 2, button.frame.y + button.frame.height / 2)
      XCTAssertNil(engine.overlay)
      XCTAssertEqual(engine.options.seed, expected)
      XCTAssertEqual(engine.recording?.seed, expected, "the new session is recorded with its seed")
      if expected == 7 {
        XCTAssertEqual(engine.reports["draw"], first, "the same seed draws the same")
      } else {
        XCTAssertNotEqual(engine.reports["draw"], first, "another seed, another game")
      }
      tap(50, 50)
      let log = try String(contentsOf: scratch.root.appendingPathComponent("data-\(expected)/errors.log"), encoding: .utf8)
      // Each error's entry names the seed it happened in: the first game's, then the restarted one's.
      let seeds = log.split(separator: "\n").filter { $0.hasPrefix("seed ") }.map { String($0.split(separator: " ")[1]) }
      XCTAssertEqual(seeds, ["7", "\(expected)"], log)
    }
  }
}

extension Engine {
  /// A tap at (`x`, `y`), then a tenth of a second.
  func tapAndWait(_ x: Double, _ y: Double) {
    enqueue(.pointerDown(Vec2(x: x, y: y)))
    enqueue(.pointerUp(Vec2(x: x, y: y)))
    advance(seconds: 0.1)
  }
}
