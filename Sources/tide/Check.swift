import ArgumentParser
import Foundation
import TideCore
import TideScript

/// `tide check`: load a game, validate its data and run one tick, without playing.
struct Check: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Load and validate a game without playing it.",
    discussion: "First lints every .lua file with luacheck against the names under `tide` (unknown globals, "
      + "unknown fields of `tide`, unused variables: file:line:column warnings). Then runs conf.lua and main.lua, "
      + "enters the first scene and steps one tick. Any syntax error, "
      + "invalid data table or script error is printed as one line naming the file.")

  @Argument(help: "The game folder (e.g. Content/rps, or rps).")
  var game: String

  @OptionGroup var setup: GameSetup

  @Flag(help: "Fail when lint finds anything (warnings alone do not fail otherwise).")
  var strict = false

  func run() throws {
    let location = GameLocation(game)
    let warnings = try Lint.run(game: location.url, displayPath: location.displayPath) ?? 0
    var options = try setup.engineOptions()
    options.logErrors = false
    options.saveDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("tide-check-\(getpid())")
    defer { if let dir = options.saveDirectory { try? FileManager.default.removeItem(at: dir) } }
    do {
      let engine = try Engine(gameDirectory: location.url, displayPath: location.displayPath, backend: HeadlessBackend(), options: options)
      try engine.start()
      engine.step()
      if let error = engine.errors.failures.first {
        printError(error.message)
        throw ExitCode.failure
      }
      let scene = engine.currentSceneName.map { "scene '\($0)'" } ?? "no scene"
      if strict && warnings > 0 {
        printError("\(location.displayPath): \(warnings) lint warning\(warnings == 1 ? "" : "s") (--strict)")
        throw ExitCode.failure
      }
      print("\(location.displayPath): ok — \(engine.config.title), \(Int(engine.config.width))x\(Int(engine.config.height)), \(scene), \(engine.scene.nodeCount) sprites")
    } catch let error as GameLoadError {
      printError(error.description)
      throw ExitCode.failure
    }
  }
}
