import Foundation
import XCTest

/// SIGINT and SIGTERM end `tide` in every mode, with the processes it started.
extension CLITests {
  /// Starts `tide`, signals it once `ready` holds (or after `after` seconds), and returns its
  /// exit status and how many seconds it took to end after the signal (nil: not within `limit`,
  /// then it is killed so the test goes on).
  /// `environment` is added to `tide`'s; `before` runs just before the signal, with its pid.
  private func signalled(
    _ arguments: [String], signal number: Int32, after: Double, window: Bool = false, limit: Double = 20,
    environment: [String: String] = [:], before: (pid_t) -> Void = { _ in }
  ) throws -> (status: Int32, reason: Process.TerminationReason, seconds: Double?, pid: pid_t) {
    let process = Process()
    process.executableURL = CLITests.tideBinary
    process.arguments = arguments
    process.currentDirectoryURL = CLITests.root
    process.environment = tideEnvironment(window: window).merging(environment) { $1 }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    Thread.sleep(forTimeInterval: after)
    XCTAssertTrue(process.isRunning, "tide ended before the signal: \(arguments)")
    before(process.processIdentifier)
    kill(process.processIdentifier, number)
    let sent = Date()
    while process.isRunning, Date().timeIntervalSince(sent) < limit { Thread.sleep(forTimeInterval: 0.05) }
    let seconds = process.isRunning ? nil : Date().timeIntervalSince(sent)
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    return (process.terminationStatus, process.terminationReason, seconds, process.processIdentifier)
  }

  /// The processes whose environment names `parent` as the `tide` that started them.
  private func workers(of parent: pid_t) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return names.filter { name in
      guard Int(name) != nil, let environment = FileManager.default.contents(atPath: "/proc/\(name)/environ") else { return false }
      return environment.split(separator: 0).contains { String(decoding: $0, as: UTF8.self) == "TIDE_RUNS_PARENT=\(parent)" }
    }
  }

  /// Whether a luacheck process is running whose command line names `path` (its config's folder).
  private func luacheckRunning(mentioning path: String) -> Bool {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return names.contains { name in
      guard Int(name) != nil, let line = FileManager.default.contents(atPath: "/proc/\(name)/cmdline") else { return false }
      let text = String(decoding: line, as: UTF8.self)
      return text.contains("luacheck") && text.contains(path)
    }
  }

  /// A window busy in engine code (fitting a long text at its start) let SIGTERM wait for the
  /// frame loop that would read SDL's quit event: the window ran on until the stuck-tick guard.
  /// The generous limit only catches a hang; the exit is expected at once.
  func testSigtermEndsAWindowBusyInEngineCode() throws {
    let game = try makeGame([
      "main.lua": "for i = 1, 20 do tide.sprite.text(('a'):rep(20000), { max_width = 1, max_height = 1 }) end\n",
    ])
    let result = try signalled(["run", game.path, "--no-watch", "--quit-after", "60"], signal: SIGTERM, after: 3, window: true, limit: 10)
    XCTAssertNotNil(result.seconds, "the window did not end within 10 s of SIGTERM")
    XCTAssertEqual(result.status, 128 + SIGTERM)
  }

  /// SIGINT ends a window that is running normally: it closes as if its button was pressed.
  func testSigintClosesARunningWindow() throws {
    let result = try signalled(["run", "Content/rps", "--no-watch", "--quit-after", "60"], signal: SIGINT, after: 3, window: true)
    XCTAssertNotNil(result.seconds)
    XCTAssertEqual(result.status, 128 + SIGINT)
  }

  /// A window served to browsers as well: the server is a `tide-serve` child, and SIGTERM
  /// ends both, with the window's status.
  func testSigtermEndsAServedWindowAndItsServer() throws {
    let game = try makeGame(["main.lua": "tide.sprite.rect{ x = 10, y = 10, w = 50, h = 50, fill = '#ff0000' }\n"])
    let result = try signalled(
      ["run", game.path, "--serve", "--port", "0", "--bind", "127.0.0.1", "--no-watch", "--quit-after", "60"],
      signal: SIGTERM, after: 2.5, window: true, limit: 10)
    XCTAssertNotNil(result.seconds)
    XCTAssertEqual(result.status, 128 + SIGTERM)
    let deadline = Date().addingTimeInterval(5)
    while Date() < deadline, !servers(of: game).isEmpty { Thread.sleep(forTimeInterval: 0.05) }
    XCTAssertEqual(servers(of: game), [], "the tide-serve child outlived its window")
  }

  /// The `tide-serve` processes serving `game`.
  private func servers(of game: URL) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return names.filter { name in
      guard Int(name) != nil, let line = FileManager.default.contents(atPath: "/proc/\(name)/cmdline") else { return false }
      let arguments = line.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
      return arguments.first?.hasSuffix("tide-serve") == true && arguments.contains(game.path)
    }
  }

  /// `--runs` ends on SIGTERM, and so do its workers.
  func testSigtermEndsRunsAndTheirWorkers() throws {
    let result = try signalled(
      ["run", "Content/rps", "--headless", "--runs", "100000", "--jobs", "2", "--seconds", "100"], signal: SIGTERM, after: 3)
    XCTAssertNotNil(result.seconds)
    XCTAssertEqual(result.status, 128 + SIGTERM)
    XCTAssertEqual(workers(of: result.pid), [], "workers left running")
  }

  /// `tide test` and `tide shot` end on SIGINT, `tide check` on SIGTERM; `tide test` leaves no
  /// worker running and `tide check` no luacheck, and neither leaves anything in the temporary
  /// folder (the workers' logs and saves, luacheck's config), which they used to leave there.
  func testSigintEndsTestAndShot() throws {
    let game = try makeGame([
      "main.lua": "",
      "tests/slow_test.lua": "describe('d', function() it('runs long', function()\n"
        + "  local app = tide.test.start{}\n  app:advance(90000)\nend) end)\n",
    ])
    let temporary = game.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    func left() -> [String] {
      (FileManager.default.enumerator(atPath: temporary.path)?.allObjects as? [String] ?? []).sorted()
    }
    var before: (files: [String], workers: [String]) = ([], [])
    let test = try signalled(["test", game.path], signal: SIGINT, after: 3, environment: ["TMPDIR": temporary.path]) { pid in
      before = (left(), workers(of: pid))
    }
    XCTAssertNotNil(test.seconds)
    XCTAssertEqual(test.status, 128 + SIGINT)
    XCTAssertFalse(before.files.isEmpty, "the run had written nothing to its temporary folder yet")
    XCTAssertEqual(before.workers.count, 1, "no worker ran the test")
    XCTAssertEqual(left(), [], "left in the temporary folder")
    XCTAssertEqual(workers(of: test.pid), [], "workers left running")
    // `tide check` too: luacheck (slow over a long file) ends, and its config goes with it.
    let long = (0..<60_000).map { "local v\($0) = \($0)\nprint(v\($0))" }.joined(separator: "\n")
    try long.write(to: game.appendingPathComponent("long.lua"), atomically: true, encoding: .utf8)
    var checking: (files: [String], luacheck: Bool) = ([], false)
    let check = try signalled(["check", game.path], signal: SIGTERM, after: 2, environment: ["TMPDIR": temporary.path]) { _ in
      checking = (left(), self.luacheckRunning(mentioning: temporary.path))
    }
    XCTAssertNotNil(check.seconds)
    XCTAssertEqual(check.status, 128 + SIGTERM)
    XCTAssertFalse(checking.files.isEmpty, "tide check had written no luacheck config yet")
    XCTAssertTrue(checking.luacheck, "luacheck was not running when the signal came")
    XCTAssertEqual(left(), [], "left in the temporary folder by tide check")
    XCTAssertFalse(luacheckRunning(mentioning: temporary.path), "luacheck left running")
    try FileManager.default.removeItem(at: game.appendingPathComponent("long.lua"))
    let input = game.appendingPathComponent("long.input")
    try "@at 99999\n".write(to: input, atomically: true, encoding: .utf8)
    let shot = try signalled(
      ["shot", game.path, "--input", input.path, "--output", game.appendingPathComponent("x.png").path], signal: SIGINT, after: 3)
    XCTAssertNotNil(shot.seconds)
    XCTAssertEqual(shot.status, 128 + SIGINT)
  }
}
