import Foundation
import TideScript
import TideTesting
import XCTest

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Runs the busted feature probe (Tests/Fixtures/busted-probe: a plain Lua library and one small
/// spec per busted/luassert feature) through Debian's `busted` and through `tide test`, and
/// compares the outcome of every test.
///
/// `notYetLikeBusted` lists the tests whose outcome under `tide test` differs from busted 2.1.1
/// on Lua 5.4; it is empty since `tide test` runs busted itself, and the test fails when the
/// list is wrong either way, so a difference cannot creep back unnoticed.
final class BustedProbeTests: XCTestCase {
  static let probe = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/busted-probe")

  /// Test name → what tide does today, where busted does otherwise (missing: tide never ran it).
  static let notYetLikeBusted: [String: String?] = [:]

  /// passed / failure / error / pending for each test case of a JUnit report, by name
  /// (tide's `a > b` written as busted's `a b`).
  static func outcomes(junit: String) throws -> [String: String] {
    let document = try XMLDocument(xmlString: junit)
    var result: [String: String] = [:]
    for case let testcase as XMLElement in try document.nodes(forXPath: "//testcase") {
      let name = (testcase.attribute(forName: "name")?.stringValue ?? "").replacingOccurrences(of: " > ", with: " ")
      let tags = Set((testcase.children ?? []).compactMap(\.name))
      result[name] = tags.contains("failure") ? "failure" : tags.contains("error") ? "error" : tags.contains("skipped") ? "pending" : "passed"
    }
    return result
  }

  func testProbeGivesTheSameOutcomesAsBusted() throws {
    // Debian's `busted` runs on whichever `lua` is the default; Tide embeds Lua 5.4.
    let busted = try runProgram(
      URL(fileURLWithPath: "/usr/bin/env"), ["lua5.4", "/usr/bin/busted", "-o", "junit", "spec"], in: Self.probe,
      output: .standardOutput)
    let byBusted = try Self.outcomes(junit: busted.output)

    // The probe itself is right about busted: "fails: ..." fail, "pending: ..." are pending.
    XCTAssertGreaterThanOrEqual(byBusted.count, 60, "busted ran too few probe tests: \(byBusted)")
    for (name, outcome) in byBusted {
      let meant = name.hasPrefix("fails: ") ? "failure" : name.hasPrefix("pending: ") ? "pending" : name == "runtime error" ? "error" : "passed"
      XCTAssertEqual(outcome, meant, "busted: \(name)")
    }

    let report = GameTestRunner.run(game: Self.probe, displayPath: ".")
    let byTide = try Self.outcomes(junit: TestReport.junit([report]))
    var differences: [String: String?] = [:]
    for name in Set(byBusted.keys).union(byTide.keys) where byBusted[name] != byTide[name] {
      differences[name] = byTide[name]
    }
    let agreeing = byBusted.count - differences.keys.filter { byBusted[$0] != nil }.count
    XCTAssertEqual(differences, Self.notYetLikeBusted, "features where tide test and busted differ (\(agreeing) of \(byBusted.count) agree)")
  }
}
