import Foundation
import XCTest

/// A bad flag is answered with the usage of the subcommand it was given to.
extension CLITests {
  /// The outside author's report: `tide run . --option n` printed `Usage: tide <subcommand>`,
  /// because --option and --size were checked in `run()`, after parsing.
  func testABadOptionOrSizeShowsTheSubcommandsUsage() throws {
    let cases: [([String], String, String)] = [
      (["run", "Content/rps", "--option", "n"], "--option must look like key=value, got 'n'", "Usage: tide run "),
      (["shot", "Content/rps", "--size", "12", "-o", "/dev/null"], "--size must look like 375x667", "Usage: tide shot "),
      (["check", "Content/rps", "--option", "=x"], "--option must look like key=value, got '=x'", "Usage: tide check "),
    ]
    for (arguments, error, usage) in cases {
      let result = try tide(arguments)
      XCTAssertEqual(result.status, 64, "\(arguments): \(result.stderr)")
      XCTAssertTrue(result.stderr.contains(error), "\(arguments): \(result.stderr)")
      XCTAssertTrue(result.stderr.contains(usage), "\(arguments): \(result.stderr)")
    }
  }
}
