import Foundation
import LuaBridge
import TideCore

/// The game's saves: small tables kept between runs as JSON files in the game's data folder.
final class Saves: Part {
  let context: PartContext
  /// Where the files are; a test gives each of its cases a folder of its own.
  var store: SaveStore
  /// Whether the saves say which versions wrote them (a packed game's: a player's saves
  /// outlive the version that made them).
  var stampsVersions = false
  private var stamped = false

  init(context: PartContext, store: SaveStore) {
    self.context = context
    self.store = store
  }

  /// The file beside the saves naming the game's and the engine's versions that last wrote
  /// them; not a save (`savedNames` lists `.json` files only).
  static let stampName = "tide-versions.txt"

  /// What the stamp says now: conf.lua's `version` (`-` when it names none) and the engine's.
  var stamp: String { "game \(context.config.version ?? "-")\nengine \(Engine.version)\n" }

  /// Notes a save written: the first of a session stamps the folder with today's versions.
  func didWrite() {
    guard stampsVersions, !stamped else { return }
    stamped = true
    try? stamp.write(to: store.directory.appendingPathComponent(Self.stampName), atomically: true, encoding: .utf8)
  }

  /// The versions that wrote the saves here, as `game 1.1.0, engine 0.8.0`, when they are not
  /// today's; nil when they are or no stamp is there.
  func otherVersions() -> String? {
    let url = store.directory.appendingPathComponent(Self.stampName)
    guard let text = try? String(contentsOf: url, encoding: .utf8), text != stamp else { return nil }
    let words = text.split(separator: "\n").map { $0.prefix(80) }
    return words.joined(separator: ", ")
  }
}
