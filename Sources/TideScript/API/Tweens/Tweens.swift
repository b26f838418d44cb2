import LuaBridge
import TideCore

/// The running tweens (`tide.tween`, `tide.sequence`, `tide.parallel`): sprite and camera
/// fields moved over game time, each owned by the scene current when it starts.
final class Tweens: Part {
  let context: PartContext
  /// What tweens move: sprites' fields, or the camera's.
  unowned let sprites: Sprites
  unowned let camera: SceneCamera
  /// Where `tween:await()` pauses.
  unowned let tasks: Tasks
  unowned let scenes: Scenes
  let system = TweenSystem()
  /// Most tweens at once (`EngineOptions.tweenLimit`).
  private let limit: Int

  init(context: PartContext, sprites: Sprites, camera: SceneCamera, tasks: Tasks, scenes: Scenes, limit: Int) {
    self.context = context
    self.sprites = sprites
    self.camera = camera
    self.tasks = tasks
    self.scenes = scenes
    self.limit = limit
  }

  /// Refuses a new tween past `Limits.tweens`.
  func checkCap() throws {
    guard system.count >= limit else { return }
    throw LuaRaise("too many tweens: at most \(limit) at once (cancel some)")
  }
}

extension Tweens {
  /// Removes every tween, resuming whatever awaits them.
  func resetGame(seed: UInt64) { system.removeAll() }
}

extension Tweens: SceneScoped {
  func sceneDidEnd(_ scene: Scenes.Active) { system.cancelAll(owner: scene.owner) }
}
