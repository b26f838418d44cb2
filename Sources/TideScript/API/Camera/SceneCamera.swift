import LuaBridge
import TideCore

/// `tide.camera`: the view of the current scene's world (each scene has a camera of its own,
/// made with it), read and moved from Lua; its `hud` is the scene's sprite that stays put.
final class SceneCamera: Part {
  let context: PartContext
  unowned let scenes: Scenes
  unowned let sprites: Sprites

  init(context: PartContext, scenes: Scenes, sprites: Sprites) {
    self.context = context
    self.scenes = scenes
    self.sprites = sprites
  }
}
