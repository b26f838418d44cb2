import Foundation
#if canImport(FoundationXML)
  import FoundationXML
#endif
import XCTest

/// `tide test` takes busted's command line with busted's meaning: the suite in
/// Tests/Fixtures/busted-cli (a library with specs in busted's layout, tagged, with a pending
/// test, a failure and an error) is run under `tide test` and under Debian's `busted` (on Lua
/// 5.4: /usr/bin/lua is 5.1 here) with the same flags, and both must choose the same tests, in
/// the same order, with the same outcomes.
extension CLITests {
  static let bustedSuite = CLITests.root.appendingPathComponent("Tests/Fixtures/busted-cli")

  /// A third party's suite, vendored unchanged: argparse 0.7.1's specs (see its README.md).
  static let argparseSuite = CLITests.root.appendingPathComponent("Tests/Fixtures/lua-argparse")

  /// Runs Debian's busted in the suite's folder.
  func busted(_ arguments: [String], in suite: URL = CLITests.bustedSuite) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["lua5.4", "/usr/bin/busted"] + arguments
    process.currentDirectoryURL = suite
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { throw XCTSkip("no busted here: \(error)") }
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  /// `name outcome` per test of a TAP stream, in order; names as busted writes them.
  static func tapResults(_ tap: String) -> [String] {
    tap.split(separator: "\n").compactMap { line -> String? in
      var text = String(line)
      let outcome: String
      if text.hasPrefix("ok ") { outcome = "ok" } else if text.hasPrefix("not ok ") { outcome = "not ok" } else { return nil }
      guard let dash = text.range(of: " - ") else { return nil }
      text = String(text[dash.upperBound...])
      let skipped = text.contains("# SKIP")
      text = text.replacingOccurrences(of: "# SKIP ", with: "").replacingOccurrences(of: " # SKIP", with: "")
      // tide names a test by its file too, and joins the names with " > ".
      if let file = text.range(of: "_spec.lua > ") { text = String(text[file.upperBound...]) }
      text = text.replacingOccurrences(of: " > ", with: " ").replacingOccurrences(of: "\\#", with: "#")
      return "\(text): \(skipped ? "pending" : outcome)"
    }
  }

  /// `name outcome` per test case of a JUnit document, in order.
  static func junitResults(_ junit: String) throws -> [String] {
    let document = try XMLDocument(xmlString: junit)
    return try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }.map { testcase in
      let name = (testcase.attribute(forName: "name")?.stringValue ?? "").replacingOccurrences(of: " > ", with: " ")
      let tags = Set((testcase.children ?? []).compactMap(\.name))
      let outcome = tags.contains("failure") ? "failure" : tags.contains("error") ? "error" : tags.contains("skipped") ? "pending" : "passed"
      return "\(name): \(outcome)"
    }
  }

  func testBustedFlagsChooseOrderAndJudgeAsBustedDoes() throws {
    let suite = Self.bustedSuite
    for flags in [["-t", "unit"], ["--exclude-tags", "slow"], ["--shuffle", "--seed", "7"], ["--filter", "stack", "--filter-out", "wrong"], []] {
      let byBusted = Self.tapResults(try busted(flags + ["-o", "TAP"]))
      XCTAssertFalse(byBusted.isEmpty, "busted ran nothing with \(flags)")
      let tide = try tide(["test"] + flags + ["-o", "TAP"], in: suite, timeout: 120)
      XCTAssertEqual(Self.tapResults(tide.stdout), byBusted, "tide test \(flags.joined(separator: " ")) -o TAP\n\(tide.stderr)")
    }
    let all = Self.tapResults(try busted(["-o", "TAP"]))
    XCTAssertEqual(all.count, 17)
    XCTAssertTrue(all.contains("a stack #unit when asked wrongly fails on purpose: a wrong count: not ok"), "\(all)")
    let shuffled = Self.tapResults(try busted(["--shuffle", "--seed", "7", "-o", "TAP"]))
    XCTAssertNotEqual(shuffled, all, "the seed shuffles")
    XCTAssertEqual(Set(shuffled), Set(all))
  }

  func testBustedJUnitAndListAgreeWithBusted() throws {
    let suite = Self.bustedSuite
    for flags in [["-t", "fast,unit"], ["--shuffle", "--seed", "7"]] {
      let byBusted = try Self.junitResults(try busted(flags + ["-o", "junit"]))
      let tide = try tide(["test"] + flags + ["-o", "junit"], in: suite, timeout: 120)
      XCTAssertEqual(try Self.junitResults(tide.stdout), byBusted, "tide test \(flags.joined(separator: " ")) -o junit")
      // Tested from inside its folder, the suite is named by the folder, not `.`.
      XCTAssertTrue(tide.stdout.contains("<testsuite name=\"busted-cli\" "), tide.stdout)
    }
    let list = try busted(["--list", "--exclude-tags", "fast"])
    let tideList = try tide(["test", "--list", "--exclude-tags", "fast"], in: suite, timeout: 120)
    XCTAssertEqual(tideList.status, 0, tideList.stderr)
    XCTAssertEqual(tideList.stdout.replacingOccurrences(of: "./spec/", with: "spec/"), list)
    XCTAssertTrue(list.contains("spec/stack_spec.lua:21: a stack #unit grows past a million items #slow\n"), list)
  }

  /// Proved from outside: a suite Tide did not write (argparse's, 192 tests, the command-line ones
  /// tagged #unsafe) chooses, orders and judges its tests under `tide test` as under busted.
  func testAThirdPartySuiteRunsUnderTideAsUnderBusted() throws {
    let suite = Self.argparseSuite
    let all = Self.tapResults(try busted(["-o", "TAP"], in: suite))
    XCTAssertEqual(all.count, 192, "\(all)")
    for flags in [["-t", "unsafe"], ["--exclude-tags", "unsafe"], ["--shuffle", "--seed", "7"]] {
      let byBusted = Self.tapResults(try busted(flags + ["-o", "TAP"], in: suite))
      let tide = try tide(["test"] + flags + ["-o", "TAP"], in: suite, timeout: 120)
      XCTAssertEqual(Self.tapResults(tide.stdout), byBusted, "tide test \(flags.joined(separator: " ")) -o TAP\n\(tide.stderr)")
      XCTAssertEqual(byBusted.count, flags[0] == "-t" ? 15 : flags[0] == "--exclude-tags" ? 177 : 192, "\(flags)")
    }
    let shuffled = Self.tapResults(try busted(["--shuffle", "--seed", "7", "-o", "TAP"], in: suite))
    XCTAssertNotEqual(shuffled, all, "the seed shuffles")
    let junitFlags = ["--exclude-tags", "unsafe", "--shuffle", "--seed", "7", "-o", "junit"]
    let junit = try tide(["test"] + junitFlags, in: suite, timeout: 120)
    XCTAssertEqual(try Self.junitResults(junit.stdout), try Self.junitResults(try busted(junitFlags, in: suite)))
    let list = try busted(["--list", "-t", "unsafe"], in: suite)
    let tideList = try tide(["test", "--list", "-t", "unsafe"], in: suite, timeout: 120)
    XCTAssertEqual(tideList.status, 0, tideList.stderr)
    XCTAssertEqual(tideList.stdout.replacingOccurrences(of: "./spec/", with: "spec/"), list)
    XCTAssertEqual(list.split(separator: "\n").count, 15, list)
  }

  /// File and folder arguments are busted's ROOT inside the project that holds them.
  func testFileAndFolderArgumentsAreBustedsRoot() throws {
    let suite = Self.bustedSuite
    let file = try tide(["test", "spec/spy_spec.lua"], in: suite, timeout: 120)
    XCTAssertEqual(file.status, 0, file.stdout + file.stderr)
    XCTAssertTrue(file.stdout.hasSuffix("busted-cli: 2 passed, 0 failed\n"), file.stdout)
    let folder = try tide(["test", "./spec/more", "-o", "TAP"], in: suite, timeout: 120)
    XCTAssertEqual(Self.tapResults(folder.stdout), Self.tapResults(try busted(["spec/more", "-o", "TAP"])))
    let none = try tide(["test", "spec/more", "--pattern", "nothing_matches"], in: suite, timeout: 120)
    XCTAssertEqual(none.status, 1, "no test file is an error, as under busted: \(none.stdout)")
  }

  /// `--output FILE`, the old spelling, still writes the file, with a one-line notice.
  func testOldOutputFileSpellingStillWorks() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tide-out-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("report.xml")
    let result = try tide(["test", "spec/spy_spec.lua", "--format", "junit", "--output", file.path], in: Self.bustedSuite, timeout: 120)
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(result.stdout, "2 passed, 0 failed\n")
    XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
    XCTAssertTrue(result.stderr.contains("deprecated"), result.stderr)
    XCTAssertEqual(try Self.junitResults(String(contentsOf: file, encoding: .utf8)).count, 2)
    let refused = try tide(["test", "--test-timeout", "0"], in: Self.bustedSuite)
    XCTAssertEqual(refused.status, 64)
    XCTAssertTrue(refused.stderr.contains("tide test --help"), "the usage names the subcommand: \(refused.stderr)")
  }

  /// A handler that is none of Tide's is busted's to load, and reports as under busted.
  func testAnyOtherOutputHandlerIsLoadedByBusted() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tide-handler-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let handler = folder.appendingPathComponent("count.lua")
    try """
      return function(options)
        local busted = require("busted")
        local handler = require("busted.outputHandlers.base")()
        busted.subscribe({ "suite", "end" }, function()
          print(("counted %d successes, %d failures, %d errors, %d pending"):format(
            #handler.successes, #handler.failures, #handler.errors, #handler.pendings))
          return nil, true
        end)
        return handler
      end
      """.write(to: handler, atomically: true, encoding: .utf8)
    let byBusted = try busted(["-o", handler.path])
    XCTAssertTrue(byBusted.hasPrefix("counted 14 successes, 1 failures, 1 errors, 1 pending"), byBusted)
    let byTide = try tide(["test", "-o", handler.path], in: Self.bustedSuite, timeout: 120)
    XCTAssertEqual(byTide.status, 1)
    XCTAssertEqual(byTide.stdout, byBusted)
  }
}
