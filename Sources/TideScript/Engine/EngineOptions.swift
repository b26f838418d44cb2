import Foundation
import TideCore

/// How a game is run: its seed, option overrides, window size and limits.
public struct EngineOptions: Sendable {
  /// Seed of `tide.random`; the same seed and input give the same game.
  public var seed: UInt64 = 1
  /// Overrides of the game's `conf.lua` options, from `--option key=value`.
  public var options: [String: String] = [:]
  /// Overrides the design size from `conf.lua` (`--size WxH`).
  public var designSize: Vec2?
  /// Fills the screen whatever conf.lua's `window.fullscreen` says (`--fullscreen`).
  public var fullscreen = false
  /// Where `tide.save` keeps its files; nil keeps them under the user's data folder.
  public var saveDirectory: URL?
  /// Lua instructions one callback may run before it is stopped as a runaway loop.
  public var instructionBudget = 200_000_000
  /// Seconds one call from the engine into Lua may run before the watchdog stops it: the net
  /// under the budget, for Lua the budget does not count (0 turns it off).
  public var watchdogSeconds = 5
  /// Seconds a whole tick (or the start) may run before the process ends with a message: the
  /// net under the watchdog for engine code it cannot stop. 0 (the default, so tests hosting an
  /// engine are never ended) turns it off; `tide run` and `tide shot` set three watchdog limits.
  public var stuckTickSeconds = 0
  /// Takes the stuck-tick message instead of standard error, just before the process ends
  /// (a `tide test` worker hands it to the `tide test` that started it).
  public var stuckReport: (@Sendable (String) -> Void)?
  /// Bytes the game's Lua state may hold before allocations fail.
  public var memoryLimit = 512 << 20
  /// Sprites, timers and tweens a game may have at once (`Limits` by default; tests lower them).
  /// They are capped like the Lua heap: a script that makes them without end gets a clear error
  /// at the call that would pass the cap, instead of the host growing until the machine gives out.
  public var spriteLimit = Limits.sprites
  public var timerLimit = Limits.timers
  public var tweenLimit = Limits.tweens
  /// Runs the game for a player rather than its author (a packed game without `--debug`): a
  /// script error goes to `errors.log` in the data folder and the player sees a plain screen
  /// with a Restart button instead of the error (`PlayerScreen`).
  public var playerMode = false
  /// The seed a game restarted from the player's screen plays, given the one before: a launch
  /// without a seed passes a fresh one, so Restart is another game, as the launch was. Nil (a
  /// seed the player or author gave, or a replay's) plays the same seed again.
  public var restartSeed: (@Sendable (UInt64) -> UInt64)?
  /// Prints script errors to standard error as they happen.
  public var logErrors = true
  /// Draws every physics body's shapes, joints and contacts over the game (`--physics-debug`).
  public var physicsDebug = false
  /// Refuses a folder without `main.lua`; `tide test` allows one, to test a plain Lua library.
  public var requiresMain = true

  /// Default options.
  public init() {}
}
