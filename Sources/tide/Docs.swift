import ArgumentParser
import Foundation
import TideScript

/// `tide docs`: generate the Lua API reference from the bindings' doc comments.
struct Docs: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Generate docs/api.md from the doc comments in Sources/TideScript/API.",
    discussion: "With --check, fails when a binding has no doc comment or docs/api.md is out of date.")

  @Option(help: "The folder of binding sources.")
  var sources = "Sources/TideScript/API"

  @Option(help: "Where to write the reference.")
  var output = "docs/api.md"

  @Flag(help: "Check instead of writing.")
  var check = false

  func run() throws {
    printError("not wired yet")
    throw ExitCode.failure
  }
}
