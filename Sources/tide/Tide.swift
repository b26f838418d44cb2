import ArgumentParser
import Foundation

/// The `tide` command: run, test, check and list games.
@main
struct Tide: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tide",
    abstract: "Run, test and check Tide games (Lua 5.4 on a Swift engine).",
    version: tideVersion,
    subcommands: [Run.self, Test.self, Check.self, List.self, Docs.self, Bench.self, Shot.self, New.self, Pack.self, Meta.self],
    defaultSubcommand: nil)

  /// ArgumentParser's main, with signals taken over first, and an error thrown while a
  /// subcommand runs (a bad `--input` file) followed by that subcommand's usage, not the root's.
  static func main() {
    Signals.install()
    var command: ParsableCommand
    do {
      command = try parseAsRoot()
    } catch {
      exit(withError: error)
    }
    do {
      try command.run()
      Signals.endIfSignalled()
    } catch let error as ValidationError {
      Signals.endIfSignalled()
      // Thrown by run() the parser no longer knows which command it was in, and printed the
      // root's usage: say it as it says a flag's error, with this command's usage.
      let name = type(of: command)._commandName
      let usage = usageString(for: type(of: command))
      let message = "Error: \(error.message)\nUsage: \(usage)\n  See 'tide \(name) --help' for more information.\n"
      FileHandle.standardError.write(Data(message.utf8))
      Foundation.exit(ExitCode.validationFailure.rawValue)
    } catch {
      Signals.endIfSignalled()
      exit(withError: error)
    }
  }
}

/// What `tide --version` prints.
let tideVersion = "tide 0.9.0 (Lua 5.4, SDL2)"
