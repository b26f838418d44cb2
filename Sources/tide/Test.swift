import ArgumentParser
import Foundation
import TideSDL
import TideScript
import TideShots
import TideTesting

/// `tide test`: run games' `tests/*_test.lua`, replays and golden screens headlessly.
struct Test: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Run games' Lua tests, replays and golden screens headlessly (all of Content/ by default).",
    discussion: "Each `it` starts from a fresh game with virtual time and injected input. "
      + "Each tests/replays/*.input must replay clean with its @expect lines true, and each "
      + "tests/golden/<name>.input that has <name>.png beside it must draw (as `tide shot --input` does) "
      + "what the PNG shows; a screen that differs is written beside it as <name>.actual.png. "
      + "Every replay and golden screen is one test in the report and the counts. "
      + "Closes with `N passed, N failed` and exits non-zero on any failure.")

  @Argument(help: "Game folders to test (default: every game in Content/).")
  var games: [String] = []

  @Option(help: "Only run tests whose full name (describe > it) contains this text.")
  var filter: String?

  @Option(help: "Report format: plain, tap or junit.")
  var format: String = "plain"

  @Option(help: "Write the report to this file instead of standard output.")
  var output: String?

  @Option(help: "Run only shard I of N (e.g. 2/4): every Nth game from the Ith, for CI runners that fan out.")
  var shard: String?

  @Flag(help: "Rewrite each tests/golden/<name>.png from its <name>.input (made when missing), after a change meant to change the screens; TIDE_UPDATE_GOLDEN=1 does the same.")
  var updateGolden = false

  @Flag(help: "Re-run the tests on every save, one line per run (Ctrl-C stops).")
  var watch = false

  @Option(help: .hidden)
  var watchRuns: Int?

  func run() throws {
    guard let reportFormat = TestReportFormat(rawValue: format) else {
      throw ValidationError("--format must be one of: plain, tap, junit")
    }
    // Checked before the tests run: finding out after a long run would lose its report.
    if let output, let problem = writeProblem(output) {
      throw ValidationError("cannot write --output file '\(output)': \(problem)")
    }
    var locations = games.isEmpty ? GameLocation.all() : games.map(GameLocation.init)
    if let shard {
      let parts = shard.split(separator: "/").map { Int($0) }
      guard parts.count == 2, let index = parts[0], let count = parts[1], count >= 1, (1...count).contains(index) else {
        throw ValidationError("--shard takes I/N with 1 <= I <= N, e.g. 2/4")
      }
      locations = locations.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
      if locations.isEmpty { print("shard \(shard): no games"); return }
    }
    if locations.isEmpty { throw ValidationError("no games to test (none in Content/)") }
    if watch {
      guard reportFormat == .plain, output == nil else { throw ValidationError("--watch prints plain lines; drop --format and --output") }
      try watchAndRerun(locations)
      return
    }
    var reports: [GameTestReport] = []
    for location in locations {
      var report: GameTestReport
      if FileManager.default.fileExists(atPath: location.url.path) {
        // Recorded sessions in tests/replays/ and golden screens in tests/golden/ are tests too
        // (docs/input-scripts.md); what their games print stays out of a TAP or JUnit stream.
        report = StandardOutput.toStandardError(while: reportFormat != .plain) {
          var report = GameTestRunner.run(game: location.url, displayPath: location.displayPath, filter: filter)
          report.entries += fileTests(location)
          return report
        }
      } else {
        report = GameTestRunner.failedEntry(game: location.displayPath, message: "no game folder at '\(location.displayPath)'")
      }
      report.title = location.name
      reports.append(report)
    }
    let closing = TestReport.counts(reports.flatMap(\.entries))
    if let output {
      do {
        try writeUserFile(TestReport.render(reportFormat, reports), to: output)
      } catch {
        throw ValidationError("cannot write --output file '\(output)': \(error.localizedDescription)")
      }
      print(closing)
    } else {
      // Colour (luassert's, in its messages) only for a person at a terminal who did not opt out.
      let colour = TestReport.colourAllowed(terminal: isatty(STDOUT_FILENO) == 1, environment: ProcessInfo.processInfo.environment)
      print(TestReport.render(reportFormat, reports, colour: colour), terminator: "")
    }
    if reports.contains(where: { $0.failed > 0 }) { throw ExitCode.failure }
  }

  /// Runs the tests, then again after every save in the games' folders, one line per run.
  private func watchAndRerun(_ locations: [GameLocation]) throws {
    let watcher: FileWatcher
    do {
      watcher = try FileWatcher(roots: locations.map(\.url))
    } catch {
      printError(error.description)
      throw ExitCode.failure
    }
    var runs = 0
    var failedLast = false
    while true {
      failedLast = !runOnceForWatch(locations)
      runs += 1
      if let watchRuns, runs >= watchRuns { break }
      if runs == 1 { HotReloader.printToConsole("watching for changes (Ctrl-C stops)") }
      // Block until something is saved, then let the burst settle into one run.
      while watcher.readBurst(settle: HotReloader.defaultSettle, maxSettle: 1).isEmpty && !watcher.overflowed {
        _ = watcher.wait(timeout: nil)
      }
      watcher.overflowed = false
    }
    if failedLast { throw ExitCode.failure }
  }

  /// The game's replays and golden screens, one entry each (after its Lua tests).
  private func fileTests(_ location: GameLocation) -> [TestEntry] {
    ReplayRunner.run(game: location.url, displayPath: location.displayPath, filter: filter)
      + GoldenScreens.run(
        game: location.url, displayPath: location.displayPath, filter: filter,
        update: updateGolden || GoldenImage.updateRequested)
  }

  /// One line: the time, the counts (Lua tests, replays and golden screens, as without
  /// --watch), and the first failure with what was expected.
  private func runOnceForWatch(_ locations: [GameLocation]) -> Bool {
    let started = Date()
    let entries = locations.flatMap { location in
      GameTestRunner.run(game: location.url, displayPath: location.displayPath, filter: filter).entries + fileTests(location)
    }
    let failures = entries.filter(\.isFailure)
    let clock = DateFormatter()
    clock.dateFormat = "HH:mm:ss"
    var line = "\(clock.string(from: started)) \(locations.map(\.displayPath).joined(separator: ", ")): "
      + "\(entries.filter { $0.outcome == .passed }.count) passed, \(failures.count) failed"
      + String(format: " in %.2f s", Date().timeIntervalSince(started))
    if let first = failures.first, let shown = TestReport.plainEntry(first, inGame: true) {
      // Its expected/actual lines folded into the one line.
      let folded = shown.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "; ")
      line += " — " + TestReport.withoutEscapes(folded) + (failures.count > 1 ? " (+\(failures.count - 1) more)" : "")
    }
    HotReloader.printToConsole(line)
    return failures.isEmpty
  }
}

/// Sends what tests and games print to standard error while a TAP or JUnit report is built,
/// so `print()` in a test never lands inside the machine-read stream on standard output.
enum StandardOutput {
  static func toStandardError<T>(while active: Bool, _ body: () -> T) -> T {
    redirected(to: STDERR_FILENO, while: active, body)
  }

  /// Runs `body` with standard output thrown away: a probe of a game whose prints nobody asked for.
  static func discarded<T>(_ body: () -> T) -> T {
    let null = open("/dev/null", O_WRONLY)
    guard null >= 0 else { return body() }
    defer { close(null) }
    return redirected(to: null, while: true, body)
  }

  /// Sends standard output to standard error for the rest of the process and returns a handle
  /// on the original: a worker's results own that stream, whatever its games print.
  static func toStandardErrorForGood() -> FileHandle {
    // Not flushed first: anything printed before belongs on standard error too, not in the results.
    let saved = dup(STDOUT_FILENO)
    // Without a copy of the original there is nowhere else to write the results: leave it be.
    guard saved >= 0 else { return FileHandle.standardOutput }
    dup2(STDERR_FILENO, STDOUT_FILENO)
    return FileHandle(fileDescriptor: saved, closeOnDealloc: true)
  }

  private static func redirected<T>(to target: Int32, while active: Bool, _ body: () -> T) -> T {
    guard active else { return body() }
    fflush(nil)
    let saved = dup(STDOUT_FILENO)
    guard saved >= 0 else { return body() }
    guard dup2(target, STDOUT_FILENO) >= 0 else {
      close(saved)
      return body()
    }
    defer {
      fflush(nil)
      dup2(saved, STDOUT_FILENO)
      close(saved)
    }
    return body()
  }
}
