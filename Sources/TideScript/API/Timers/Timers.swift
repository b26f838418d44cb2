import LuaBridge
import TideCore

/// The timers on the game clock (`tide.after`, `tide.every`): virtual time, stepped in fixed
/// ticks, so a game does the same in a window, headless and in a replay.
///
/// It also watches how long a tick's callbacks run: each callback has the watchdog's limit, but
/// a tick of many could add them up, so past the limit the timers still due wait for the next tick.
final class Timers: Part {
  let context: PartContext
  /// Whose timers these are: the scene current when one is made owns it.
  unowned let scenes: Scenes
  let queue = TimerQueue()
  /// Most timers at once (`EngineOptions.timerLimit`).
  private let limit: Int
  /// How long a tick's callbacks may run, in seconds; 0 never holds timers over.
  private let watchdogSeconds: Int
  /// When the running tick began (uptime ns; 0 when the watchdog is off), and how often its
  /// timers were held over for running too long.
  private var tickStarted: UInt64 = 0
  private var tickOverruns = 0

  init(context: PartContext, scenes: Scenes, limit: Int, watchdogSeconds: Int) {
    self.context = context
    self.scenes = scenes
    self.limit = limit
    self.watchdogSeconds = watchdogSeconds
    queue.shouldStop = { [unowned self] in tickOverran() }
  }

  /// Starts timing a tick whose work began at `now` (uptime ns).
  func beginTick(at now: UInt64) {
    tickStarted = watchdogSeconds > 0 ? now : 0
  }

  /// Runs the timers due in the tick's `dt`.
  func update(_ dt: Double) { queue.update(dt) }

  /// Says once a tick that its timers were held over, so a game that does so is not a mystery.
  func endTick() {
    guard tickOverruns > 0 else { return }
    tickOverruns = 0
    errors.warn("tick \(clock.tick): its callbacks ran past \(watchdogSeconds) s, so the timers still due wait for the next tick")
  }

  /// Whether this tick's callbacks have run past the watchdog's limit (checked between timers).
  private func tickOverran() -> Bool {
    guard tickStarted != 0, MonotonicClock.nanoseconds() &- tickStarted > UInt64(watchdogSeconds) * 1_000_000_000
    else { return false }
    tickOverruns += 1
    return true
  }

  /// Refuses a new timer past `Limits.timers`.
  func checkCap() throws {
    guard queue.count >= limit else { return }
    throw LuaRaise("too many timers: at most \(limit) at once (cancel some)")
  }

  /// No timers, for a fresh start.
  func resetGame(seed: UInt64) { queue.removeAll() }
}

extension Timers: SceneScoped {
  func sceneDidEnd(_ scene: Scenes.Active) { queue.cancelAll(owner: scene.owner) }
}
