import ArgumentParser
import Foundation
import TideSDL
import TideScript
import TideShots
import TideTesting

/// `tide test`: run games' Lua tests (with busted's command line), replays and golden screens headlessly.
struct Test: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "test",
    abstract: "Run games' Lua tests (busted), replays and golden screens headlessly.",
    discussion: "Takes busted's options with busted's meaning (busted's own modules read them and "
      + "`.busted`): tags, name patterns, --list, --shuffle/--seed, --repeat, output handlers. "
      + "With no argument it tests the current folder when it is a game or holds spec/ or .busted, and "
      + "every game in Content/ inside the Tide checkout; an argument is a game folder, or a test file or "
      + "folder inside one. Each `it` starts from a fresh game with virtual time and injected input, "
      + "and may run --test-timeout seconds before the watchdog stops it (it alone fails). "
      + "Each tests/replays/*.input must replay clean with its @expect lines true, and each "
      + "tests/golden/<name>.input that has <name>.png beside it must draw (as `tide shot --input` does) "
      + "what the PNG shows; a screen that differs is written beside it as <name>.actual.png. "
      + "Every replay and golden screen is one test in the report and the counts. "
      + "Closes with `N passed, N failed` and exits non-zero on any failure or error.")

  @Argument(help: "Game folders, or test files and folders inside one (busted's ROOT).")
  var games: [String] = []

  @Option(name: [.customShort("t"), .long], help: "Only run tests with these #tags (comma-separated, repeatable).")
  var tags: [String] = []

  @Option(name: .customLong("exclude-tags"), help: "Do not run tests with these #tags; takes precedence over --tags.")
  var excludeTags: [String] = []

  @Option(help: "Only run tests whose full name (`describe it`) matches this Lua pattern (repeatable).")
  var filter: [String] = []

  @Option(name: .customLong("filter-out"), help: "Do not run tests whose full name matches this Lua pattern; takes precedence over --filter.")
  var filterOut: [String] = []

  @Option(
    name: [.customShort("o"), .long],
    help: "Output handler: plain (plainTerminal), utfTerminal, TAP, junit, json or gtest. (A file name here is the old spelling of --output-file.)")
  var output: String?

  @Option(name: .customLong("output-file"), help: "Write the report to this file instead of standard output.")
  var outputFile: String?

  @Option(help: .hidden)
  var format: String?

  @Flag(name: [.customShort("l"), .long], help: "List the names of all tests instead of running them.")
  var list = false

  @Flag(inversion: .prefixedNo, help: "Randomize file and test order (--shuffle-files and --shuffle-tests).")
  var shuffle: Bool?

  @Flag(name: .customLong("shuffle-files"), inversion: .prefixedNo, help: "Randomize the order of files.")
  var shuffleFiles: Bool?

  @Flag(name: .customLong("shuffle-tests"), inversion: .prefixedNo, help: "Randomize the order of tests within a file.")
  var shuffleTests: Bool?

  @Flag(inversion: .prefixedNo, help: "Sort file and test order (--sort-files and --sort-tests).")
  var sort: Bool?

  @Option(help: "Random seed for --shuffle (default: a random one).")
  var seed: Int?

  @Option(name: .customLong("repeat"), help: "Run the tests this many times.")
  var repeatCount: Int?

  @Flag(name: [.customShort("v"), .long], help: "Verbose output of errors.")
  var verbose = false

  @Option(name: [.customShort("p"), .long], help: "Only run test files whose name matches this Lua pattern (default _spec; tests/ keeps _test).")
  var pattern: [String] = []

  @Option(name: .customLong("exclude-pattern"), help: "Do not run test files matching this Lua pattern.")
  var excludePattern: [String] = []

  @Option(name: [.customShort("m"), .long], help: "Path to put before the Lua module search path (relative to the project folder).")
  var lpath: [String] = []

  @Option(help: "Path to put before the Lua C module search path.")
  var cpath: [String] = []

  @Option(help: "A helper script run before the tests.")
  var helper: String?

  @Option(name: [.customShort("r"), .customLong("run")], help: "The task of .busted to run.")
  var task: String?

  @Option(name: [.customShort("f"), .customLong("config-file")], help: "Read busted's configuration from this file instead of .busted.")
  var configFile: String?

  @Flag(name: [.customShort("k"), .customLong("keep-going")], inversion: .prefixedNo, help: "Go on after an error or failure (the default).")
  var keepGoing: Bool?

  @Flag(name: [.customShort("R"), .customLong("recursive")], inversion: .prefixedNo, help: "Look for test files in subfolders (the default).")
  var recursive: Bool?

  @Flag(name: .customLong("suppress-pending"), help: "Leave pending tests out of the report.")
  var suppressPending = false

  @Flag(name: .customLong("lazy"), help: "Use lazy setup/teardown as the default.")
  var lazy = false

  @Flag(name: .customLong("auto-insulate"), inversion: .prefixedNo, help: "Insulate each file's globals (the default).")
  var autoInsulate: Bool?

  @Option(help: "Language of luassert's messages.")
  var lang: String?

  @Option(name: .customLong("test-timeout"), help: "Seconds one test may run before the watchdog stops it as stuck.")
  var testTimeout: Int = GameTestRunner.defaultTestSeconds

  @Option(help: "Run only shard I of N (e.g. 2/4): every Nth game from the Ith, for CI runners that fan out.")
  var shard: String?

  @Flag(help: "Rewrite each tests/golden/<name>.png from its <name>.input (made when missing), after a change meant to change the screens; TIDE_UPDATE_GOLDEN=1 does the same.")
  var updateGolden = false

  @Flag(help: "Re-run the tests on every save, one line per run (Ctrl-C stops).")
  var watch = false

  @Option(help: .hidden)
  var watchRuns: Int?

  /// Set on the worker process `tide test` runs the games in: the file its results go to.
  @Option(help: .hidden)
  var workerLog: String?

  /// With --worker-log: the game to start at and the tests of it to skip (`2:17`).
  @Option(help: .hidden)
  var resume: String?

  /// busted's command line for what was given, for busted's cli module to read.
  var bustedArguments: [String] {
    var arguments: [String] = []
    func add(_ name: String, _ values: [String]) { arguments += values.map { "--\(name)=\($0)" } }
    func add(_ name: String, _ flag: Bool?) {
      if let flag { arguments.append(flag ? "--\(name)" : "--no-\(name)") }
    }
    add("tags", tags)
    add("exclude-tags", excludeTags)
    add("filter", filter)
    add("filter-out", filterOut)
    add("pattern", pattern)
    add("exclude-pattern", excludePattern)
    add("lpath", lpath)
    add("cpath", cpath)
    add("helper", helper.map { [$0] } ?? [])
    add("run", task.map { [$0] } ?? [])
    add("config-file", configFile.map { [$0] } ?? [])
    add("seed", seed.map { [String($0)] } ?? [])
    add("repeat", repeatCount.map { [String($0)] } ?? [])
    add("lang", lang.map { [$0] } ?? [])
    if let output, (try? reportTarget())?.custom != nil { add("output", [output]) }
    add("shuffle", shuffle)
    add("shuffle-files", shuffleFiles)
    add("shuffle-tests", shuffleTests)
    add("sort", sort)
    add("keep-going", keepGoing)
    add("recursive", recursive)
    add("auto-insulate", autoInsulate)
    if list { arguments.append("--list") }
    if verbose { arguments.append("--verbose") }
    if suppressPending { arguments.append("--suppress-pending") }
    if lazy { arguments.append("--lazy") }
    return arguments
  }

  /// The report format and the file it goes to: busted's `-o HANDLER`, Tide's older
  /// `--format`, and `--output FILE` (what `--output` meant before it named a handler).
  /// A handler that is none of Tide's (`custom`) is loaded by busted's output_handler_loader
  /// and writes its own report while the tests run.
  func reportTarget() throws -> (format: TestReportFormat, file: String?, custom: String?) {
    var format = TestReportFormat.plain
    var file = outputFile
    if let name = self.format {
      guard let chosen = TestReportFormat(handler: name) else {
        throw ValidationError("--format must be one of: \(TestReportFormat.handlerNames)")
      }
      format = chosen
    }
    if let output {
      if let chosen = TestReportFormat(handler: output) {
        format = chosen
      } else if output.hasSuffix(".lua") || !(output.contains("/") || output.contains(".") || self.format != nil) {
        // Any other handler is busted's to load (a module or a .lua file), as busted does.
        return (format, file, output)
      } else {
        file = file ?? output
      }
    }
    return (format, file, nil)
  }

  func run() throws {
    var (reportFormat, output, custom) = try reportTarget()
    if let old = self.output, output == old, outputFile == nil, workerLog == nil {
      printError("--output FILE is deprecated: --output (-o) names busted's output handler now; write the file with --output-file \(shellQuoted(old))")
    }
    if custom != nil && output != nil { throw ValidationError("busted's handler '\(custom ?? "")' writes its own report; drop --output-file") }
    // Messages name the option the file was given with.
    let fileOption = outputFile == nil ? "--output" : "--output-file"
    if testTimeout < 1 { throw ValidationError("--test-timeout must be at least 1 second") }
    if let seed, seed < 0 { throw ValidationError("--seed must be 0 or more") }
    if let repeatCount, repeatCount < 1 { throw ValidationError("--repeat must be at least 1") }
    if !tags.isEmpty || !excludeTags.isEmpty {
      let both = Set(tags.flatMap { $0.split(separator: ",") }).intersection(excludeTags.flatMap { $0.split(separator: ",") })
      if !both.isEmpty { throw ValidationError("cannot use --tags and --exclude-tags for the same tags") }
    }
    // Checked before the tests run: finding out after a long run would lose its report.
    if let output, let problem = writeProblem(output) {
      throw ValidationError("cannot write \(fileOption) file '\(output)': \(problem)")
    }
    var targets = try TestTarget.targets(for: games)
    if let shard {
      let parts = shard.split(separator: "/").map { Int($0) }
      guard parts.count == 2, let index = parts[0], let count = parts[1], count >= 1, (1...count).contains(index) else {
        throw ValidationError("--shard takes I/N with 1 <= I <= N, e.g. 2/4")
      }
      targets = targets.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
      if targets.isEmpty { print("shard \(shard): no games"); return }
    }
    if watch {
      guard reportFormat == .plain, output == nil else { throw ValidationError("--watch prints plain lines; drop -o and --output-file") }
      try watchAndRerun(targets)
      return
    }
    if list {
      for target in targets { listTests(target) }
      return
    }
    let progress = Progress(total: targets.count, unit: "games")
    // What games print stays out of a TAP or JUnit stream and off the progress line.
    let printsToStandardError = custom == nil && (reportFormat != .plain || progress.active)
    if let workerLog {
      try runAsWorker(targets, log: workerLog, printsToStandardError: printsToStandardError)
      return
    }
    var reports: [GameTestReport]
    do {
      reports = try TestWorkers.run(targets, seedGiven: seed != nil, progress: progress)
    } catch TestWorkers.Failure.cannotStart(let reason) {
      // Where no process can be started (a sandbox, a tool that watches this one), the games
      // run here: all is as before but a test stuck in engine code, which then ends the run.
      printError("cannot start a test worker (\(reason)); testing in this process")
      reports = runHere(targets, progress: progress, printsToStandardError: printsToStandardError)
    }
    progress.finish()
    // `.busted`'s `output`, when the command line named no handler and the games agree on one.
    if output == nil && self.output == nil && self.format == nil,
      let handler = reports.first?.outputHandler, reports.allSatisfy({ $0.outputHandler == handler })
    {
      // One that is none of Tide's was loaded by busted and has written its report.
      guard let chosen = TestReportFormat(handler: handler) else {
        if reports.contains(where: { $0.failed > 0 }) { throw ExitCode.failure }
        return
      }
      reportFormat = chosen
    }
    let closing = TestReport.counts(reports.flatMap(\.entries))
    if custom != nil {
      // busted's handler has written the report; the exit status says the rest.
      if reports.contains(where: { $0.failed > 0 }) { throw ExitCode.failure }
      return
    }
    if let output {
      do {
        try writeUserFile(TestReport.render(reportFormat, reports), to: output)
      } catch {
        throw ValidationError("cannot write \(fileOption) file '\(output)': \(error.localizedDescription)")
      }
      print(closing)
    } else {
      // Colour (luassert's, in its messages) only for a person at a terminal who did not opt out.
      let colour = TestReport.colourAllowed(terminal: isatty(STDOUT_FILENO) == 1, environment: ProcessInfo.processInfo.environment)
      print(TestReport.render(reportFormat, reports, colour: colour), terminator: "")
    }
    if reports.contains(where: { $0.failed > 0 }) { throw ExitCode.failure }
  }

  /// Every game's tests in this process, one after the other.
  private func runHere(_ targets: [TestTarget], progress: Progress, printsToStandardError: Bool) -> [GameTestReport] {
    targets.enumerated().map { done, target in
      let location = target.location
      progress.update(done: done, note: location.name)
      var report: GameTestReport
      if FileManager.default.fileExists(atPath: location.url.path) {
        report = StandardOutput.toStandardError(while: printsToStandardError) {
          var report = GameTestRunner.run(game: location.url, displayPath: location.displayPath, options: testOptions(target))
          report.entries += fileTests(target)
          return report
        }
      } else {
        report = GameTestRunner.failedEntry(game: location.displayPath, message: "no game folder at '\(location.displayPath)'")
      }
      report.title = location.name
      return report
    }
  }

  /// The worker's half: runs the games from --resume's, streaming each test's start and result
  /// to the log as it goes, so a test that sticks the engine (which ends this process) costs the
  /// `tide test` that started it that one test only.
  private func runAsWorker(_ targets: [TestTarget], log path: String, printsToStandardError: Bool) throws {
    Run.stopWhenOrphaned()
    let log = try TestWorkerLog(appendingTo: URL(fileURLWithPath: path))
    let parts = (resume ?? "0:0").split(separator: ":").compactMap { Int($0) }
    guard parts.count == 2 else { throw ValidationError("--resume takes GAME:TESTS") }
    for (index, target) in targets.enumerated() where index >= parts[0] {
      log.write(.game(index))
      let location = target.location
      if FileManager.default.fileExists(atPath: location.url.path) {
        // Recorded sessions in tests/replays/ and golden screens in tests/golden/ are tests too
        // (docs/input-scripts.md).
        StandardOutput.toStandardError(while: printsToStandardError) {
          var options = testOptions(target)
          options.log = log
          options.skipTests = index == parts[0] ? parts[1] : 0
          let report = GameTestRunner.run(game: location.url, displayPath: location.displayPath, options: options)
          log.write(.luaDone(outputHandler: report.outputHandler))
          for entry in fileTests(target) { log.write(.entry(entry, index: 0)) }
        }
      } else {
        let report = GameTestRunner.failedEntry(game: location.displayPath, message: "no game folder at '\(location.displayPath)'")
        for entry in report.entries { log.write(.entry(entry, index: 0)) }
      }
      log.write(.gameDone)
    }
  }

  func testOptions(_ target: TestTarget) -> GameTestRunner.TestOptions {
    GameTestRunner.TestOptions(arguments: bustedArguments, roots: target.roots, testSeconds: testTimeout)
  }

  /// --list: busted's filter prints each chosen Lua test as `file:line: name`; the game's
  /// replays and golden screens follow, one file a line.
  private func listTests(_ target: TestTarget) {
    let location = target.location
    guard FileManager.default.fileExists(atPath: location.url.path) else {
      printError("no game folder at '\(location.displayPath)'")
      return
    }
    let report = GameTestRunner.run(game: location.url, displayPath: location.displayPath, options: testOptions(target))
    for entry in report.entries where entry.isFailure {
      printError(TestReport.withoutEscapes(TestReport.plainEntry(entry) ?? entry.fullName))
    }
    fflush(nil)
    if target.roots.isEmpty && tags.isEmpty {
      for entry in fileTests(target, run: false) { print(entry.file) }
    }
  }

  /// Runs the tests, then again after every save in the games' folders, one line per run.
  private func watchAndRerun(_ targets: [TestTarget]) throws {
    let watcher: FileWatcher
    do {
      watcher = try FileWatcher(roots: targets.map(\.location.url))
    } catch {
      printError(error.description)
      throw ExitCode.failure
    }
    var runs = 0
    var failedLast = false
    while true {
      failedLast = !runOnceForWatch(targets)
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

  /// The game's replays and golden screens, one entry each (after its Lua tests), chosen by
  /// --filter and --filter-out as its Lua tests are: they have no tags, so --tags leaves them
  /// out, and test files named on the command line leave them out too. Without `run`, only
  /// which ones (as passed entries).
  private func fileTests(_ target: TestTarget, run: Bool = true) -> [TestEntry] {
    guard target.roots.isEmpty, tags.isEmpty else { return [] }
    let location = target.location
    let chosen = { (name: String) in TestSelection.keeps(name, filters: filter, filtersOut: filterOut) }
    if !run {
      return (ReplayRunner.files(in: location.url).map { "tests/replays/" + $0.lastPathComponent }.filter(chosen)
        + GoldenScreens.chosen(in: location.url, update: false, keep: chosen).map { GoldenScreens.name(of: $0) })
        .map { TestEntry(game: location.displayPath, file: $0) }
    }
    return ReplayRunner.run(game: location.url, displayPath: location.displayPath, keep: chosen)
      + GoldenScreens.run(
        game: location.url, displayPath: location.displayPath, keep: chosen,
        update: updateGolden || GoldenImage.updateRequested)
  }

  /// One line: the time, the counts (Lua tests, replays and golden screens, as without
  /// --watch), and the first failure with what was expected.
  private func runOnceForWatch(_ targets: [TestTarget]) -> Bool {
    let started = Date()
    let locations = targets.map(\.location)
    let entries = targets.flatMap { target in
      GameTestRunner.run(game: target.location.url, displayPath: target.location.displayPath, options: testOptions(target)).entries
        + fileTests(target)
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
