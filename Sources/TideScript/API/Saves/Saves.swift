import Foundation
import LuaBridge
import TideCore

/// The game's saves: small tables kept between runs as JSON files in the game's data folder.
final class Saves: Part {
  let context: PartContext
  /// Where the files are; a test gives each of its cases a folder of its own.
  var store: SaveStore

  init(context: PartContext, store: SaveStore) {
    self.context = context
    self.store = store
  }
}
