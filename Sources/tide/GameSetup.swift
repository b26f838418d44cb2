import ArgumentParser
import Foundation
import TideCore
import TideScript

/// What every command that starts a game shares: the seed, the design size and conf.lua options.
struct GameSetup: ParsableArguments {
  @Option(help: "Seed of tide.random: the same seed and input give the same game (default: fresh each tide run, 1 for tide shot and check).")
  var seed: UInt64?

  @Option(help: "Design size as WxH, e.g. 375x667 (overrides conf.lua).")
  var size: String?

  @Option(name: .customLong("option"), help: "Override a conf.lua option: key=value (repeatable).")
  var gameOptions: [String] = []

  @Flag(name: .customLong("physics-debug"), help: "Draw physics bodies, joints and contacts over the game.")
  var physicsDebug = false

  /// Checks --option and --size while the arguments are parsed: thrown later, from `run()`, the
  /// error came with `tide`'s general usage instead of the subcommand's.
  func validate() throws {
    _ = try parseOptions(gameOptions)
    if let size { _ = try parseSize(size) }
  }

  /// Engine options from these flags, over an input script's `@seed`, `@size` and `@option` lines.
  /// Without either seed, `fresh` (tide run) picks a new one so each launch is another game;
  /// otherwise it is 1, so shots and checks stay reproducible.
  func engineOptions(script: InputScript = InputScript(), fresh: Bool = false) throws -> EngineOptions {
    var options = EngineOptions()
    options.seed = seed ?? script.seed ?? (fresh ? Self.freshSeed() : 1)
    options.options = script.options.merging(try parseOptions(gameOptions)) { $1 }
    options.designSize = script.size
    options.physicsDebug = physicsDebug
    // A tick stuck in engine code past three watchdog limits ends the process with a message.
    options.stuckTickSeconds = 3 * options.watchdogSeconds
    if let size {
      options.designSize = try parseSize(size)
    }
    return options
  }
}

extension GameSetup {
  /// A seed short enough to type back after `--seed`.
  static func freshSeed() -> UInt64 {
    var generator = SystemRandomNumberGenerator()
    return UInt64.random(in: 1...99_999, using: &generator)
  }

  /// A fresh seed other than `seed`: a game restarted after an error is another game.
  static func anotherFreshSeed(after seed: UInt64) -> UInt64 {
    var next = freshSeed()
    while next == seed { next = freshSeed() }
    return next
  }
}
