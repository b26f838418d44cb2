import ArgumentParser
import Foundation
import TideBench
import TideScript
import TideTesting

/// `tide bench`: the engine-internal benchmarks; `Scripts/bench` runs them and writes BENCHMARKS.md.
struct Bench: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench",
    abstract: "Run an engine benchmark: headless, call, sprites, tweens, reload, particles, clip, physics, play or serve.",
    discussion: "Each compares with a baseline measured in the same run. Use a release build.")

  @Argument(help: "Which benchmark: headless, call, sprites, tweens, reload, particles, clip, physics, play, serve.")
  var name: String

  func run() throws {
    let result: BenchmarkResult
    switch name {
    case "headless":
      // Headless under load: the bunnymark's ticks against its own update on plain
      // Lua tables. Idle first screens cost next to nothing and told nothing (`play` times play).
      let bunnymark = GameLocation("Benchmarks/tide-bunnymark")
      result = try EngineBenchmarks.headlessBunnymark(game: bunnymark.url, displayPath: bunnymark.displayPath)
    case "call": result = try EngineBenchmarks.call()
    case "sprites": result = try EngineBenchmarks.sprites()
    case "tweens": result = EngineBenchmarks.tweens()
    case "reload": result = try HotReloader.reloadBenchmark(game: URL(fileURLWithPath: "Content/rps"))
    case "particles": result = try DrawingBenchmarks.particles()
    case "clip": result = try DrawingBenchmarks.clip()
    case "physics":
      let game = GameLocation("Benchmarks/tide-physics")
      result = try EngineBenchmarks.physics(game: game.url, displayPath: game.displayPath)
    case "serve":
      // The server is a program of its own (`tide-serve`), measured as it runs.
      guard let server = Run.companion("tide-serve") else {
        throw ValidationError("bench serve needs the tide-serve program beside tide or on PATH")
      }
      try Run.become(server, ["bench"])
    case "play":
      let game = GameLocation("Content/bubblepop")
      let bot = try BotFile(path: "Content/bubblepop/bots/tap_bubbles.lua")
      result = try EngineBenchmarks.play(game: game.url, displayPath: game.displayPath, bot: bot)
    default: throw ValidationError("unknown benchmark '\(name)' (expected one of: headless, call, sprites, tweens, reload, particles, clip, physics, play, serve)")
    }
    print(result.report)
  }
}
