import ArgumentParser
import Foundation
import TideDocs
import TideScript

/// `tide docs`: generate the Lua API reference from the bindings' doc comments.
struct Docs: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "docs",
    abstract: "Generate docs/api.md and the LuaLS library docs/meta/tide.lua from the doc comments (and docs/meta/busted.lua for specs), docs/examples.md from Content/, docs/keys.md from the key names, and .luacheckrc from the names under `tide`.",
    discussion: "Fails when a binding has no doc comment. With --check, also fails when a generated file is out of date.")

  @Option(help: "The package root (holding Sources/ and docs/).")
  var root = "."

  @Flag(help: "Check the generated files instead of writing them.")
  var check = false

  func run() throws {
    let rootURL = URL(fileURLWithPath: root).standardizedFileURL
    // The reference is generated from the engine's own sources: anywhere else there is nothing
    // to read, which Foundation reported as a raw error dump.
    var isFolder: ObjCBool = false
    let sources = rootURL.appendingPathComponent("Sources/TideScript/API")
    guard FileManager.default.fileExists(atPath: sources.path, isDirectory: &isFolder), isFolder.boolValue else {
      printError(
        "tide docs generates the reference from a Tide checkout's sources, and '\(rootURL.path)' has no "
          + "Sources/TideScript/API; run it in the checkout or name it with --root")
      throw ExitCode.failure
    }
    let result = try APIDocGenerator.generate(root: rootURL)
    for problem in result.problems { printError(problem) }
    if !result.problems.isEmpty { throw ExitCode.failure }
    let names = try Engine.runtimeNames()
    try write(LintStandard.luacheckConfig(game: names.game, test: names.test, sandbox: names.sandbox, conf: names.conf), to: ".luacheckrc", in: rootURL)
    try write(result.markdown, to: "docs/api.md", in: rootURL)
    try write(result.meta, to: "docs/meta/tide.lua", in: rootURL)
    try write(BustedMeta.library, to: "docs/meta/busted.lua", in: rootURL)
    try write(ExamplesPage.generate(content: rootURL.appendingPathComponent("Content")), to: "docs/examples.md", in: rootURL)
    try write(KeysPage.generate(), to: "docs/keys.md", in: rootURL)
  }

  /// Writes `text` to `path`, or with --check fails when the file differs.
  private func write(_ text: String, to path: String, in rootURL: URL) throws {
    let output = rootURL.appendingPathComponent(path)
    if check {
      let current = try? String(contentsOf: output, encoding: .utf8)
      guard current == text else {
        printError("\(path) is out of date: run `swift run tide docs`")
        throw ExitCode.failure
      }
      print("\(path) is up to date")
    } else {
      try FileManager.default.createDirectory(at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: output, atomically: true, encoding: .utf8)
      print("wrote \(path)")
    }
  }
}
