import ArgumentParser
import Foundation
import TideCore
import TideScript

/// What every command that starts a game shares: the seed, the design size and conf.lua options.
struct GameSetup: ParsableArguments {
  @Option(help: "Seed of tide.random: the same seed and input give the same game (default 1).")
  var seed: UInt64?

  @Option(help: "Design size as WxH, e.g. 375x667 (overrides conf.lua).")
  var size: String?

  @Option(name: .customLong("option"), help: "Override a conf.lua option: key=value (repeatable).")
  var gameOptions: [String] = []

  /// Engine options from these flags, over an input script's `@seed`, `@size` and `@option` lines.
  func engineOptions(script: InputScript = InputScript()) throws -> EngineOptions {
    var options = EngineOptions()
    options.seed = seed ?? script.seed ?? 1
    options.options = script.options.merging(try parseOptions(gameOptions)) { $1 }
    options.designSize = script.size
    if let size {
      let (w, h) = try parseSize(size)
      options.designSize = Vec2(x: w, y: h)
    }
    return options
  }
}
