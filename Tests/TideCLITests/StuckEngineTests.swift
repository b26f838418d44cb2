import Foundation
import XCTest

/// A test stuck in engine code (which the per-test watchdog cannot stop) fails alone under
/// `tide test`, named by its file and line; the game's other tests and the next game still report.
extension CLITests {
  func testATestStuckInEngineCodeFailsAloneAndTheRunGoesOn() throws {
    let game = CLITests.root.appendingPathComponent("Tests/Fixtures/stuck-engine")
    let started = Date()
    let result = try tide(
      ["test", "--test-timeout", "1", game.path, "Tests/Fixtures/busted-cli/spec/spy_spec.lua"], timeout: 60,
      environment: ["TIDE_TEST_STALL_HOOK": "1"])
    let out = result.stdout
    XCTAssertEqual(result.status, 1, out + result.stderr)
    XCTAssertTrue(
      out.contains(
        "stuck-engine/tests/stuck_test.lua:5: a game > sticks the engine: stuck in engine code: "),
      out)
    // The guard's message names the last Lua call, the scene and the test.
    XCTAssertTrue(out.contains("in tide.test.stall_engine, scene 'play', test 'a game > sticks the engine' at "), out)
    XCTAssertTrue(out.contains("stuck-engine/tests/stuck_test.lua:13: a game > fails after: Expected objects to be equal."), out)
    XCTAssertTrue(out.contains("stuck-engine: 2 passed, 1 failed, 1 error\n"), out)
    XCTAssertTrue(out.contains("busted-cli: 2 passed, 0 failed\n"), "the next game still runs: \(out)")
    XCTAssertTrue(out.hasSuffix("4 passed, 1 failed, 1 error\n"), out)
    XCTAssertLessThan(Date().timeIntervalSince(started), 30, "ended by the guard, not by the hour-long stall")
    // Shuffled without a seed: the new worker takes the seed the stopped one's busted drew, so
    // every test reports once, none twice or never.
    let shuffled = try tide(
      ["test", "--test-timeout", "1", "--shuffle", "-o", "TAP", game.path], timeout: 60, environment: ["TIDE_TEST_STALL_HOOK": "1"])
    let names = Self.tapResults(shuffled.stdout).map { $0.replacingOccurrences(of: game.path + "/tests/stuck_test.lua ", with: "") }.sorted()
    XCTAssertEqual(
      names,
      [
        "a game fails after: not ok", "a game passes after: ok", "a game passes before: ok", "a game sticks the engine: not ok",
      ], shuffled.stdout + shuffled.stderr)
  }
}
