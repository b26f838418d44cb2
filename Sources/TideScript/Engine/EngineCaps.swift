import LuaBridge
import TideCore

// Engine objects a script makes are capped like the Lua heap (`Limits`, through `EngineOptions`): a script that makes
// sprites, timers or tweens without end gets a clear error at the call that would pass the cap,
// instead of the host growing until the machine gives out.
extension Engine {
  /// Refuses a new tween past `Limits.tweens`.
  func checkTweenCap() throws {
    guard tweens.count >= options.tweenLimit else { return }
    throw LuaRaise("too many tweens: at most \(options.tweenLimit) at once (cancel some)")
  }
}
