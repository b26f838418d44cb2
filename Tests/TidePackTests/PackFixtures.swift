import Foundation
import TideCore
@testable import TidePack
import TideScript
import XCTest

/// Game folders and archives made for a test, in a scratch folder removed after it.
final class PackScratch {
  let root: URL

  init() throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("tide-pack-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: root) }

  /// Writes `files` (path: text) under `folder`, making the folders between.
  @discardableResult
  func game(_ folder: String, _ files: [String: String]) throws -> URL {
    let game = root.appendingPathComponent(folder)
    for (path, text) in files {
      let url = game.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    return game
  }

  /// A 3x2 PNG's first bytes: all `ImageInfo` reads of it.
  static let png: [UInt8] = [
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 3, 0, 0, 0, 2, 8, 6, 0, 0, 0,
  ]

  /// A small game whose main.lua draws an image, plays a sound and requires a data module.
  func standardGame(_ folder: String = "cards", conf extra: String = "") throws -> URL {
    let game = try self.game(folder, [
      "conf.lua": "return { title = \"Cards\", version = \"1.2.0\", scene = \"play\"\(extra) }\n",
      "main.lua": """
        local deck = require("data.deck")
        tide.scene.define("play", {
          enter = function(self)
            self.card = tide.sprite.image("card", { x = 10, y = 10 })
            self.voice = tide.audio.play("flip")
            tide.report{ cards = #deck, width = self.card.w }
          end,
        })
        """,
      "data/deck.lua": "return { \"ace\", \"king\", \"queen\" }\n",
      "tests/deck_test.lua": "describe('deck', function() it('has cards', function() end) end)\n",
      "tests/golden/start.input": "@at 1\n",
      "tests/replays/win.input": "@seed 1\n",
      "bots/random.lua": "return { act = function() end }\n",
      ".luarc.json": "{}\n",
      ".luacheckrc": "std = 'max'\n",
      "main.lua~": "-- an editor's backup\n",
      "notes.txt": "what I meant to do\n",
      "assets/readme.md": "where the art came from\n",
    ])
    try Data(Self.png).write(to: game.appendingPathComponent("assets/card.png"))
    try Data([0]).write(to: game.appendingPathComponent("tests/golden/start.png"))
    try SoundFiles.writeTone(seconds: 0.5, to: game.appendingPathComponent("assets/flip.wav"))
    return game
  }

  /// The archive of `game`, written as `tide pack` writes it.
  func pack(_ game: URL, siblings: [String] = [], name: String? = nil) throws -> URL {
    let archive = root.appendingPathComponent((name ?? game.lastPathComponent) + ".tide")
    let manifest = PackManifest(
      title: "Cards", version: "1.2.0", engine: Engine.version, fingerprint: Engine.gameVersion(of: game), folder: game.lastPathComponent)
    _ = try GamePacker.pack(folder: game, siblings: siblings, manifest: manifest, to: archive)
    return archive
  }

  /// A zip written entry by entry, for archives `tide pack` would never write.
  func zip(_ name: String, _ build: (ZipWriter) throws -> Void) throws -> URL {
    let url = root.appendingPathComponent(name)
    let archive = try ZipWriter(creating: url)
    try build(archive)
    try archive.close()
    return url
  }
}

extension ZipWriter {
  /// Adds `data` as a file at `path` (any path, `../` and absolute ones too), or as a symbolic
  /// link whose target is `data`.
  func add(_ path: String, _ data: Data, symlink: Bool = false, deflate: Bool = false) throws {
    try add(path, data, deflate: deflate, mode: symlink ? 0o120777 : 0o100644)
  }

  /// Adds a manifest, conf.lua and main.lua: the least an archive needs to open.
  func addGame(main: String = "tide.report{ ran = 1 }\n") throws {
    let manifest = PackManifest(title: "T", version: nil, engine: Engine.version, fingerprint: "0", folder: "t")
    try add(PackManifest.fileName, try JSONEncoder().encode(manifest))
    try add("conf.lua", Data("return {}\n".utf8))
    try add("main.lua", Data(main.utf8))
  }
}
