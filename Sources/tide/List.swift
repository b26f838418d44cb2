import ArgumentParser
import Foundation
import TideCore
import TideSDL
import TideScript

/// `tide list`: the games in `Content/`.
struct List: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list", abstract: "List the games in Content/ with their titles.")

  @Option(help: "The folder holding game folders.")
  var content = "Content"

  func run() throws {
    let games = GameLocation.all(in: content)
    if games.isEmpty { print("no games in \(content)/") }
    for game in games { print(Self.describe(game)) }
  }

  private static func describe(_ game: GameLocation) -> String {
    let name = game.url.lastPathComponent.padding(toLength: 16, withPad: " ", startingAt: 0)
    let engine: Engine
    do {
      engine = try Engine(gameDirectory: game.url, displayPath: game.displayPath, backend: HeadlessBackend.withGameFonts(), options: EngineOptions())
    } catch {
      return "\(name) cannot load: \(error.description)"
    }
    let files = (try? FileManager.default.contentsOfDirectory(atPath: "\(game.displayPath)/tests")) ?? []
    let tests = files.filter { $0.hasSuffix("_test.lua") }.count
    return "\(name) \(engine.config.title) (\(Int(engine.config.width))x\(Int(engine.config.height)), \(tests) test files)"
  }
}
