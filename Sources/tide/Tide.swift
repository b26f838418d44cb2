import ArgumentParser
import Foundation

/// The `tide` command: run, test, check and list games.
@main
struct Tide: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tide",
    abstract: "Run, test and check Tide games (Lua 5.4 on a Swift engine).",
    version: tideVersion,
    subcommands: [Run.self, Test.self, Check.self, List.self, Docs.self, Bench.self, Shot.self, New.self],
    defaultSubcommand: nil)
}

/// What `tide --version` prints.
let tideVersion = "tide 0.9.0 (Lua 5.4, SDL2)"
