import ArgumentParser
import Foundation
import TideScript

/// `tide docs`: generate the Lua API reference from the bindings' doc comments.
struct Docs: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Generate docs/api.md from the doc comments in Sources/TideScript/API.",
    discussion: "Fails when a binding has no doc comment. With --check, also fails when docs/api.md is out of date.")

  @Option(help: "The package root (holding Sources/ and docs/).")
  var root = "."

  @Flag(help: "Check docs/api.md instead of writing it.")
  var check = false

  func run() throws {
    let rootURL = URL(fileURLWithPath: root).standardizedFileURL
    let folder = rootURL.appendingPathComponent(APIDocGenerator.sourceFolder)
    let result = APIDocGenerator.generate(sources: try APIDocGenerator.sources(in: folder, relativeTo: rootURL))
    for problem in result.problems { printError(problem) }
    if !result.problems.isEmpty { throw ExitCode.failure }
    let output = rootURL.appendingPathComponent("docs/api.md")
    if check {
      let current = try? String(contentsOf: output, encoding: .utf8)
      guard current == result.markdown else {
        printError("docs/api.md is out of date: run `swift run tide docs`")
        throw ExitCode.failure
      }
      print("docs/api.md is up to date")
    } else {
      try FileManager.default.createDirectory(at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
      try result.markdown.write(to: output, atomically: true, encoding: .utf8)
      print("wrote docs/api.md")
    }
  }
}
