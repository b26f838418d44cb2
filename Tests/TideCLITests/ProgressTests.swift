import Foundation
import XCTest

/// Long work shows a progress line on a terminal, and none in a pipe or under CI.
extension CLITests {
  /// Runs `tide` under `script`, so its standard error is a terminal; returns what it drew.
  func tideOnAScriptTerminal(_ arguments: [String], environment extra: [String: String]) throws -> String {
    let script = URL(fileURLWithPath: "/usr/bin/script")
    guard FileManager.default.isExecutableFile(atPath: script.path) else { throw XCTSkip("no script(1) here") }
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("tide-progress-\(UUID().uuidString).log")
    defer { try? FileManager.default.removeItem(at: log) }
    let command = ([CLITests.tideBinary.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    let process = Process()
    process.executableURL = script
    process.arguments = ["-qfec", command.joined(separator: " "), log.path]
    var environment = tideEnvironment(window: false)
    environment["CI"] = nil
    environment.merge(extra) { $1 }
    process.environment = environment
    process.currentDirectoryURL = CLITests.root
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return String(decoding: try Data(contentsOf: log), as: UTF8.self)
  }

  func testTestingSeveralGamesShowsProgressOnATerminalOnly() throws {
    let test = "describe('a', function() it('b', function() assert.is_true(true) end) end)\n"
    let first = try makeGame(["main.lua": "", "tests/a_test.lua": test])
    let second = try makeGame(["main.lua": "", "tests/a_test.lua": test])
    let report = first.deletingLastPathComponent().appendingPathComponent("progress-\(UUID().uuidString).txt")
    defer { try? FileManager.default.removeItem(at: report) }
    let arguments = ["test", first.path, second.path, "--output-file", report.path]
    let drawn = try tideOnAScriptTerminal(arguments, environment: [:])
    XCTAssertTrue(drawn.contains("\r[0/2]"), drawn)
    XCTAssertTrue(drawn.contains("\r[1/2] "), drawn)
    XCTAssertTrue(drawn.contains(" left  "), "a rate and the time left: \(drawn)")
    XCTAssertTrue(drawn.contains("2 passed, 0 failed"), drawn)
    let underCI = try tideOnAScriptTerminal(arguments, environment: ["CI": "true"])
    XCTAssertFalse(underCI.contains("[0/2]"), underCI)
    let piped = try tide(arguments)
    XCTAssertEqual(piped.stderr, "", "no progress into a pipe")
  }
}
