import ArgumentParser
import Foundation
import TideCore
import TideSDL
import TideScript
import TideTesting

/// `tide run --runs N`: many seeded headless games at once, in worker processes, summed up.
extension Run {
  /// Most runs one command plays; most worker processes.
  static let runLimit = 1...1_000_000
  static let jobLimit = 1...256

  /// The many-run flags, checked before anything starts; each refusal is one line.
  func validateRuns() throws {
    guard runs != nil || jobs != nil || inputBot != nil || worker else { return }
    func refuse(_ message: String) throws -> Never {
      printError(message)
      throw ExitCode.validationFailure
    }
    if let runs, Run.parseCount(runs, Run.runLimit) == nil {
      try refuse("--runs must be a whole number from \(Run.runLimit.lowerBound) to \(Run.runLimit.upperBound), got '\(runs)'")
    }
    if let jobs, Run.parseCount(jobs, Run.jobLimit) == nil {
      try refuse("--jobs must be a whole number from \(Run.jobLimit.lowerBound) to \(Run.jobLimit.upperBound), got '\(jobs)'")
    }
    if jobs != nil && runs == nil { try refuse("--jobs needs --runs (how many games to play)") }
    if !headless { try refuse("--runs and --input-bot play headless: add --headless") }
    if input != nil { try refuse("--input replays one recorded session; with --runs let a bot play (--input-bot)") }
    if record != nil && runs != nil {
      try refuse("--record writes one session; with --runs each error has its crash capsule instead")
    }
  }

  /// `text` as a whole number in `range`, or nil.
  static func parseCount(_ text: String, _ range: ClosedRange<Int>) -> Int? {
    guard let n = Int(text.trimmingCharacters(in: .whitespaces)), range.contains(n) else { return nil }
    return n
  }

  /// `--runs`, checked by `validate()`; 1 for a bot given without it.
  var runCount: Int { runs.flatMap { Run.parseCount($0, Run.runLimit) } ?? 1 }

  func runMany() throws {
    let location = GameLocation(game)
    let files = try location.files()
    var options = try setup.engineOptions()
    let first = setup.seed ?? 1
    let count = runCount
    // The last seed is first + count - 1: --seed 18446744073709551615 leaves room for one run.
    guard UInt64(count - 1) <= UInt64.max - first else {
      throw ValidationError("--seed \(first) leaves no room for \(count) runs (the last seed would pass \(UInt64.max))")
    }
    var bot: BotFile?
    if let inputBot {
      do throws(GameLoadError) {
        bot = try BotFile(path: inputBot)
      } catch {
        // A packed game's bots stayed in its folder: the bot is named on the disk, not in it.
        let packed = files.folder == nil
          ? "; \(location.displayPath) is a packed game, which carries no bots/ (tide pack leaves them out): name a bot file on disk, e.g. in the game's folder" : ""
        printError(error.description + packed)
        throw ExitCode.failure
      }
    }
    if worker {
      try playSlice(location, files, &options, first: first, count: count, bot: bot)
      return
    }
    if let record {
      try recordBotGame(location, files, options, bot: bot, to: record)
      return
    }
    // A missing folder, a broken conf.lua or a bot that does not load is one line here, not
    // the same error once per run.
    var probe = options
    probe.logErrors = false
    probe.saveDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("tide-runs-probe-\(UUID().uuidString)")
    defer { if let saves = probe.saveDirectory { try? FileManager.default.removeItem(at: saves) } }
    let engine: Engine
    do throws(GameLoadError) {
      engine = try location.engine(files, backend: HeadlessBackend.withGameFonts(), options: probe)
    } catch {
      printError(error.description)
      throw ExitCode.failure
    }
    if let bot, let message = StandardOutput.discarded({ BotRunner.loadError(of: bot, on: engine) }) {
      printError("bot error: \(message)")
      throw ExitCode.failure
    }
    let jobCount = min(jobs.flatMap { Run.parseCount($0, Run.jobLimit) } ?? ProcessInfo.processInfo.activeProcessorCount, count)
    let started = Date()
    let results = try runWorkers(location, first: first, count: count, jobs: max(1, jobCount))
    let elapsed = Date().timeIntervalSince(started)
    let summary = RunSummary(results: results)
    let last = first + UInt64(count - 1)
    var header = "\(location.name): \(RunSummary.count(count, "run")), seed\(count == 1 ? " \(first)" : "s \(first)..\(last)")"
    header += bot.map { ", bot \($0.displayPath)" } ?? ", no bot"
    if let seconds { header += ", \(ReportFormat.number(seconds)) virtual s each at most" }
    print(summary.text(header: header) { location.runCommand("--input", $0) }, terminator: "")
    let ticks = results.reduce(0) { $0 + $1.ticks }
    // Wall time varies from run to run; it comes last, apart from the figures, which do not.
    print("\nplayed \(RunSummary.count(results.count, "game"))"
      + String(format: " (%.0f virtual s) in %.2f s with ", Double(ticks) / 60, elapsed)
      + RunSummary.count(jobCount, "job") + String(format: ": %.0fx real time", Double(ticks) / 60 / max(elapsed, 1e-9)))
    if summary.failedRuns > 0 { throw ExitCode.failure }
  }

  /// One bot game, played here and written as an input script: a replay to keep as a test.
  private func recordBotGame(_ location: GameLocation, _ files: any GameFiles, _ options: EngineOptions, bot: BotFile?, to path: String) throws {
    var text: String?
    let result = BotRunner.run(
      files: files, displayPath: location.displayPath, options: options, bot: bot, seconds: seconds,
      capsules: BotRunner.capsuleDirectory(files: files)
    ) { text = $0 }
    guard let text else { throw ValidationError("nothing was recorded") }
    do {
      try writeUserFile(text, to: path)
    } catch {
      throw ValidationError("cannot write --record file '\(path)': \(error.localizedDescription)")
    }
    let reports = result.reports.keys.sorted().map { "\($0)=\(ReportFormat.number(result.reports[$0] ?? 0))" }
    print("recorded seed \(options.seed) over \(result.ticks) ticks to \(path)" + (reports.isEmpty ? "" : "; report: " + reports.joined(separator: " ")))
    for failure in result.failures { printError(failure.message) }
    if !result.failures.isEmpty { throw ExitCode.failure }
  }

  /// The worker's half: plays seeds first..first+count-1 and prints one `RunResult` JSON a line.
  private func playSlice(
    _ location: GameLocation, _ files: any GameFiles, _ options: inout EngineOptions, first: UInt64, count: Int, bot: BotFile?
  ) throws {
    Run.stopWhenOrphaned()
    // The results own standard output: whatever the game prints goes to standard error.
    let results = StandardOutput.toStandardErrorForGood()
    let capsules = BotRunner.capsuleDirectory(files: files)
    let version = files.packedFingerprint ?? Engine.gameVersion(of: location.url)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    for i in 0..<count {
      options.seed = first + UInt64(i)
      let result = BotRunner.run(
        files: files, displayPath: location.displayPath, options: options, bot: bot, seconds: seconds, capsules: capsules,
        gameVersion: version)
      var line = try encoder.encode(result)
      line.append(0x0A)
      results.write(line)
    }
  }

  /// Starts `jobs` copies of this `tide` on consecutive slices of the seeds and gathers their results.
  /// A worker that dies leaves its unplayed seeds as errors, so a crash of the host is reported, not lost.
  private func runWorkers(_ location: GameLocation, first: UInt64, count: Int, jobs: Int) throws -> [RunResult] {
    let executable = Run.executableURL()
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tide-runs-\(UUID().uuidString)")
    try ScratchFolders.make(scratch)
    defer { ScratchFolders.remove(scratch) }
    var workers: [(process: Process, seeds: ClosedRange<UInt64>, out: URL, err: StandardErrorTail)] = []
    var next = first
    for job in 0..<jobs {
      // Slices differ by at most one run.
      let size = count / jobs + (job < count % jobs ? 1 : 0)
      guard size > 0 else { continue }
      let seeds = next...(next + UInt64(size - 1))
      // Wraps only past the last slice, where the seed after it is never used.
      next = seeds.upperBound &+ 1
      var arguments = ["run", game, "--headless", "--worker", "--runs", String(size), "--seed", String(seeds.lowerBound)]
      if let inputBot { arguments += ["--input-bot", inputBot] }
      if let seconds { arguments += ["--seconds", String(seconds)] }
      if let size = setup.size { arguments += ["--size", size] }
      for option in setup.gameOptions { arguments += ["--option", option] }
      let out = scratch.appendingPathComponent("\(job).out")
      // An empty file to write to: FileHandle(forWritingTo:) below fails on its own if it is missing.
      _ = FileManager.default.createFile(atPath: out.path, contents: nil)
      let errors = Pipe()
      let process = Process()
      process.executableURL = executable
      process.arguments = arguments
      process.standardOutput = try FileHandle(forWritingTo: out)
      process.standardError = errors
      process.standardInput = FileHandle.nullDevice
      var environment = ProcessInfo.processInfo.environment
      environment[Run.parentVariable] = String(getpid())
      process.environment = environment
      try ChildProcesses.run(process)
      // Only this worker holds the writing end now: the reader sees the end of the pipe when it exits.
      try? errors.fileHandleForWriting.close()
      workers.append((process, seeds, out, StandardErrorTail(errors.fileHandleForReading)))
    }
    // Progress from the results the workers have written so far (one line a game).
    let progress = Progress(total: count, unit: "runs")
    if progress.active {
      while workers.contains(where: { $0.process.isRunning }) {
        let done = workers.reduce(0) { sum, worker in
          sum + ((try? Data(contentsOf: worker.out))?.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 } ?? 0)
        }
        progress.update(done: done)
        Thread.sleep(forTimeInterval: 0.25)
      }
      progress.finish()
    }
    var results: [RunResult] = []
    let decoder = JSONDecoder()
    for worker in workers {
      worker.process.waitUntilExit()
      ChildProcesses.ended(worker.process)
      var played = Set<UInt64>()
      let text = (try? String(contentsOf: worker.out, encoding: .utf8)) ?? ""
      for line in text.split(separator: "\n") {
        guard let result = try? decoder.decode(RunResult.self, from: Data(line.utf8)), worker.seeds.contains(result.seed) else { continue }
        if played.insert(result.seed).inserted { results.append(result) }
      }
      let missing = worker.seeds.filter { !played.contains($0) }
      guard !missing.isEmpty else { continue }
      let how = worker.process.terminationReason == .uncaughtSignal
        ? "was killed by signal \(worker.process.terminationStatus)" : "exited \(worker.process.terminationStatus)"
      let stderr = worker.err.text()
      let lastLine = stderr.split(separator: "\n").last.map { ": \($0)" } ?? ""
      for seed in missing {
        let message = "the worker for seeds \(worker.seeds.lowerBound)..\(worker.seeds.upperBound) \(how) before this run ended\(lastLine)"
        results.append(RunResult(seed: seed, failures: [.init(kind: "worker", message: message, tick: 0)]))
      }
    }
    return results
  }

  /// The last bytes a worker wrote to standard error, read as it goes: its last line says why it
  /// died. A file of all of it grew by gigabytes when a game printed a megabyte a frame.
  final class StandardErrorTail: @unchecked Sendable {
    static let kept = 64 * 1024
    private let lock = NSLock()
    private var tail = Data()
    private let finished = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
      let reader = Thread { [self] in
        while true {
          let chunk = handle.availableData
          if chunk.isEmpty { break }
          lock.lock()
          tail.append(chunk)
          if tail.count > 2 * Self.kept { tail = Data(tail.suffix(Self.kept)) }
          lock.unlock()
        }
        finished.signal()
      }
      reader.start()
    }

    /// What was kept, once the worker has closed its end (it exited).
    func text() -> String {
      finished.wait()
      lock.lock()
      defer { lock.unlock() }
      return String(decoding: tail.suffix(Self.kept), as: UTF8.self)
    }
  }

  /// Names the `tide` that started a worker, so the worker can tell when it is gone.
  static let parentVariable = "TIDE_RUNS_PARENT"

  /// Ends this worker as soon as the `tide` that started it is gone (killed, or stopped by a
  /// timeout): else its slice of a million runs plays on for hours with no one to read it.
  static func stopWhenOrphaned() {
    // The parent's pid comes from the parent: one that died before this line ran is noticed too.
    guard let parent = ProcessInfo.processInfo.environment[parentVariable].flatMap({ pid_t($0) }) else { return }
    let watcher = Thread {
      while getppid() == parent { usleep(100_000) }
      FileHandle.standardError.write(Data("tide: the tide that started this worker is gone; stopping\n".utf8))
      _exit(3)
    }
    watcher.start()
  }

  /// This very `tide`, to start as a worker (a relative argv[0] would break from another folder).
  static func executableURL() -> URL {
    let link = URL(fileURLWithPath: "/proc/self/exe")
    if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: link.path) {
      return URL(fileURLWithPath: resolved)
    }
    return Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
  }
}
