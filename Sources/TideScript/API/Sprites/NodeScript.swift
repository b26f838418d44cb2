import LuaBridge

/// What the script layer hangs on a node (through `Node.attachment`): handlers, data, owner.
final class NodeScript {
  /// Lua handlers by event name ("tap", "drag", "press", "release").
  var handlers: [String: LuaRef] = [:]
  /// The sprite's `data` table, made on first use, for the game's own fields.
  var data: LuaRef?
  /// The font the script named (`font = "ComicNeue-Bold"`), read back as given; nil: the game's.
  var fontName: String?
  /// The scene instance that made the node (0: made outside any scene).
  let owner: Int
  /// Where a script made the sprite ("main.lua:31"), for errors that cannot name a line of
  /// their own (a bad `x` found after the script set it).
  let madeAt: ScriptPlace?

  init(owner: Int, madeAt: ScriptPlace? = nil) {
    self.owner = owner
    self.madeAt = madeAt
  }
}
