import Foundation
import TideCore
import TideScript

/// A game engine in a real window, as `tide run` gives it, that a test looks at after each
/// tick: subclasses override `didStep()`. Every `GameDriver` member goes to the engine, the
/// window settings and screenshot requests included.
class WatchedEngine: GameDriver {
  let engine: Engine

  init(_ engine: Engine) { self.engine = engine }

  var designSize: Vec2 { engine.designSize }
  var title: String { engine.title }
  var background: Color { engine.background }
  var scene: SceneGraph { engine.scene }
  var overlay: Overlay? { engine.overlay }
  var window: WindowSettings { engine.window }
  func takeScreenshotRequests() -> [URL] { engine.takeScreenshotRequests() }
  func enqueue(_ event: InputEvent) { engine.enqueue(event) }
  func frameDidPresent() { engine.frameDidPresent() }
  func poll() { engine.poll() }
  func step() {
    engine.step()
    didStep()
  }

  /// Called after every tick the window runs.
  func didStep() {}
}
