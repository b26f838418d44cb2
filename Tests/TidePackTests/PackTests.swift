import Foundation
import TideCore
import TidePack
import TideScript
import XCTest
import ZIPFoundation

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
