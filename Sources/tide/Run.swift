import ArgumentParser
import Foundation
import TideCore
import TideScript

/// `tide run`: play a game in a window, or headlessly for a number of virtual seconds.
struct Run: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Play a game in a window, or headlessly with --headless.",
    discussion: "Headless runs step the fixed 60 Hz clock as fast as the CPU allows and print a summary.")

  @Argument(help: "The game folder (e.g. Content/rps, or rps).")
  var game: String

  @Flag(help: "Run without a window, for --seconds of virtual time.")
  var headless = false

  @Option(help: "Virtual seconds to run headless.")
  var seconds: Double = 10

  @Option(help: "Seed of tide.random (same seed and input, same game).")
  var seed: UInt64 = 1

  @Option(help: "Window/design size as WxH, e.g. 375x667 (overrides conf.lua).")
  var size: String?

  @Option(name: .customLong("option"), help: "Override a conf.lua option: key=value (repeatable).")
  var gameOptions: [String] = []

  func run() throws {
    let location = GameLocation(game)
    var options = EngineOptions()
    options.seed = seed
    options.options = try parseOptions(gameOptions)
    if let size {
      let (w, h) = try parseSize(size)
      options.designSize = Vec2(x: w, y: h)
    }
    guard headless else {
      try runWindow(location, options)
      return
    }
    guard seconds >= 0 else { throw ValidationError("--seconds must not be negative") }
    do {
      let engine = try Engine(gameDirectory: location.url, displayPath: location.displayPath, backend: HeadlessBackend(), options: options)
      let started = Date()
      try engine.start()
      engine.advance(seconds: seconds)
      let elapsed = Date().timeIntervalSince(started)
      let scene = engine.currentSceneName.map { "'\($0)'" } ?? "none"
      print(String(format: "%@: ran %.1f virtual s (%d ticks) in %.3f s; scene %@; %d sprites; %d sounds; %d errors",
        location.displayPath, engine.time, engine.tick, elapsed, scene, engine.scene.nodeCount, engine.soundLog.count, engine.errors.all.count))
      if !engine.errors.all.isEmpty { throw ExitCode.failure }
    } catch let error as GameLoadError {
      printError(error.description)
      throw ExitCode.failure
    }
  }

  private func runWindow(_ location: GameLocation, _ options: EngineOptions) throws {
    printError("the window backend is not wired in yet; run with --headless")
    throw ExitCode.failure
  }
}
