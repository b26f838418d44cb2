import LuaBridge
import TideCore

/// The game's sprites: the nodes of `graph` that scripts make, and the Lua tables that stand
/// for them (`tables`), whose `x` and `y` scripts write unseen.
///
/// A sprite belongs to the scene current when it is made, and goes into that scene's world.
final class Sprites: Part {
  let context: PartContext
  let graph: SceneGraph
  unowned let scenes: Scenes
  /// Most sprites alive at once (`EngineOptions.spriteLimit`).
  private let limit: Int
  /// The Lua tables that stand for sprites, whose `x` and `y` scripts write unseen.
  let tables = SpriteTables()
  /// Anchors the interned sprite field names the Sprite metatable compares by identity.
  var fieldNames: LuaRef?
  /// The iterator `pairs(sprite)` returns (see `installMetatable`).
  var pairsIterator: LuaRef?
  /// The sprite fields by the address of their interned names (anchored in `fieldNames`).
  var fieldTable = FieldTable<SpriteField>()
  /// The names of the chunks sprites were made in (`NodeScript.madeAt`), by a hash of each.
  var chunkNames: [UInt64: String] = [:]
  /// Font files by the name a script gave, each checked once (see `fontFile`).
  var fontFiles: [String: String] = [:]
  /// Where a stuck tick's message is told which sprite is being made, changed or measured (set
  /// by the engine).
  var stuckNotes: StuckStepGuard.Notes? {
    didSet {
      graph.measuringText = stuckNotes.map { notes in
        { node in
          notes.set(measuring: node.map { .init(kind: $0.kind.rawValue, madeAt: ($0.attachment as? NodeScript)?.madeAt) })
        }
      }
    }
  }

  init(context: PartContext, graph: SceneGraph, scenes: Scenes, limit: Int) {
    self.context = context
    self.graph = graph
    self.scenes = scenes
    self.limit = limit
    tables.connect(to: context.vm, errors: context.errors)
    graph.willBuildDrawList = { [unowned tables] in tables.pullAllToDraw() }
    graph.didRemoveByItself = { [unowned self] node in releaseSubtree(node) }
  }

  deinit {
    // Nodes a caller still holds keep their positions but no longer ask for them.
    tables.disconnect()
  }

  /// Refuses a new sprite past `Limits.sprites`. Removed sprites still count until Lua lets go
  /// of them, so a full collection runs first.
  func checkCap() throws {
    guard graph.liveNodeCount >= limit else { return }
    context.vm.collectGarbage()
    guard graph.liveNodeCount >= limit else { return }
    throw LuaRaise("too many sprites: at most \(limit) at once (remove some, and drop your references to removed ones)")
  }
}

extension Sprites {
  /// Lets go of every sprite and empties the scene graph.
  func resetGame(seed: UInt64) {
    // A restart after an edit may find a font file replaced or gone.
    fontFiles.removeAll()
    graph.sheets.removeAll()
    for child in graph.root.children { releaseSubtree(child) }
    graph.root.removeAllChildren()
  }
}

extension Sprites: SceneScoped {
  /// Lets go of the tables of the scene's world and HUD sprites.
  func sceneDidEnd(_ scene: Scenes.Active) {
    releaseSubtree(scene.root)
    releaseSubtree(scene.hud)
  }
}
