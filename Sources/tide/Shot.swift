import ArgumentParser
import Foundation
import TideCore
import TideSDL
import TideScript
import TideShots

/// `tide shot`: render one frame of a game to PNG with no display at all.
struct Shot: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "shot",
    abstract: "Render a game's frame at a given time to a PNG, with no display.",
    discussion: """
      Runs the game headlessly (software renderer into memory), replaying --input, and writes the frame \
      at --at seconds. The same game, seed and input give the same PNG.

      An input file has one event a line (times in game seconds; # starts a comment):
        0.5  tap 195 680
        1.0  drag 80 640 195 300
        2.0  text Ada
        2.5  key return
      Times are 0 to 100000 s, coordinates ±1e6; CRLF line endings are fine.
      """)

  @Argument(help: "The game folder (e.g. Content/rps, or rps), or a packed game (.tide).")
  var game: String

  @Option(help: "Game time of the frame, in seconds (default: the input's @at, else 1).")
  var at: Double?

  @Option(help: "Replay input from this file (its @seed, @size and @option lines apply too).")
  var input: String?

  @OptionGroup var setup: GameSetup

  @Option(name: .shortAndLong, help: "Where to write the PNG.")
  var output: String

  func validate() throws {
    try checkOption(at, "at", Limits.gameSeconds)
  }

  func run() throws {
    let location = GameLocation(game)
    let script = try input.map { try loadInputScript($0) } ?? InputScript()
    var options = try setup.engineOptions(script: script)
    options.logErrors = false
    let time = at ?? script.shotTime ?? 1
    do {
      // The same drawing `tide test` compares with golden PNGs (TideShots).
      let files = try location.files()
      let backend = try SDLBackend(files: files, audio: false)
      let frame = try ScreenShot.render(
        files: files, displayPath: location.displayPath, script: script, time: time, options: options, backend: backend)
      try frame.image.writePNG(to: URL(fileURLWithPath: output))
      print("wrote \(output) (\(location.name) at \(time) s, seed \(options.seed))")
    } catch let error as GameLoadError {
      printError(error.description)
      throw ExitCode.failure
    }
  }
}

/// Reads and parses an input script, naming the file in errors.
func loadInputScript(_ path: String, regularFileOnly: Bool = false, inside roots: [URL] = []) throws -> InputScript {
  let text: String
  do {
    text = try InputScript.text(of: URL(fileURLWithPath: path), regularFileOnly: regularFileOnly, inside: roots)
  } catch {
    throw ValidationError("input file '\(path)': \(error.description)")
  }
  do {
    return try InputScript(text: text)
  } catch {
    throw ValidationError("\(path): \(error.description)")
  }
}
