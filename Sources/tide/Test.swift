import ArgumentParser
import Foundation
import TideScript

/// `tide test`: run games' `tests/*_test.lua` headlessly.
struct Test: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Run games' Lua tests headlessly (all of Content/ by default).",
    discussion: "Each `it` starts from a fresh game with virtual time and injected input. "
      + "Closes with `N passed, N failed` and exits non-zero on any failure.")

  @Argument(help: "Game folders to test (default: every game in Content/).")
  var games: [String] = []

  @Option(help: "Only run tests whose full name (describe > it) contains this text.")
  var filter: String?

  @Option(help: "Report format: plain, tap or junit.")
  var format: String = "plain"

  @Option(help: "Write the report to this file instead of standard output.")
  var output: String?

  func run() throws {
    guard let reportFormat = TestReportFormat(rawValue: format) else {
      throw ValidationError("--format must be one of: plain, tap, junit")
    }
    let locations = games.isEmpty ? GameLocation.all() : games.map(GameLocation.init)
    if locations.isEmpty { throw ValidationError("no games to test (none in Content/)") }
    var passed = 0
    var failed = 0
    var skipped = 0
    var outputs: [String] = []
    for location in locations {
      guard FileManager.default.fileExists(atPath: location.url.path) else {
        printError("no game folder at '\(location.displayPath)'")
        failed += 1
        continue
      }
      let report = GameTestRunner.run(game: location.url, displayPath: location.displayPath, filter: filter, format: reportFormat)
      passed += report.passed
      failed += report.failed
      skipped += report.skipped
      outputs.append(reportFormat == .plain ? "\(location.displayPath): \(report.output)" : report.output)
    }
    var closing = "\(passed) passed, \(failed) failed"
    if skipped > 0 { closing += ", \(skipped) skipped" }
    let text: String
    switch reportFormat {
    case .plain: text = outputs.joined() + (locations.count > 1 ? closing + "\n" : "")
    case .junit: text = outputs.count == 1 ? outputs[0] : ReportMerger.junit(outputs, passed: passed, failed: failed, skipped: skipped)
    case .tap: text = outputs.count == 1 ? outputs[0] : ReportMerger.tap(outputs, passed: passed, failed: failed, skipped: skipped)
    }
    if let output {
      try text.write(toFile: output, atomically: true, encoding: .utf8)
      print(closing)
    } else {
      print(text, terminator: "")
    }
    if failed > 0 { throw ExitCode.failure }
  }
}
