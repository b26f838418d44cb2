import Foundation
import TideTesting

/// `tide test` runs the games' tests in a worker process (this same command with `--worker-log`),
/// which streams each test's start and result as it goes. Code the watchdog cannot stop (the
/// engine's own) that sticks a test ends the worker by the stuck-tick guard; that test alone
/// fails, named by its file and line, and a new worker resumes after it, so every other test of
/// the game still reports and the other games still run.
enum TestWorkers {
  enum Failure: Error {
    /// The first worker could not be started.
    case cannotStart(String)
  }

  /// The reports of `targets`, in order. `seedGiven`: the command line names busted's seed
  /// (else a resumed worker is given the one the stopped worker's busted shuffled with).
  static func run(_ targets: [TestTarget], seedGiven: Bool, progress: Progress) throws -> [GameTestReport] {
    var reports = targets.map { target in
      var report = GameTestReport(game: target.location.displayPath)
      report.title = target.location.name
      return report
    }
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tide-test-\(UUID().uuidString)")
    try ScratchFolders.make(scratch)
    defer { ScratchFolders.remove(scratch) }
    let baseArguments = Array(CommandLine.arguments.dropFirst())
    var resume = (game: 0, skip: 0)
    var seed: Int?
    var workers = 0
    var shown = -1
    while resume.game < targets.count {
      workers += 1
      let log = scratch.appendingPathComponent("\(workers).log")
      _ = FileManager.default.createFile(atPath: log.path, contents: nil)
      var arguments = baseArguments + ["--worker-log", log.path, "--resume", "\(resume.game):\(resume.skip)"]
      if !seedGiven, let seed { arguments += ["--seed", String(seed)] }
      let process = Process()
      process.executableURL = Run.executableURL()
      process.arguments = arguments
      process.standardInput = FileHandle.nullDevice
      var environment = ProcessInfo.processInfo.environment
      environment[Run.parentVariable] = String(getpid())
      // What a worker writes to temporary files (each test's saves, replays, shots) goes in the
      // scratch folder, so a worker killed mid-test leaves nothing behind once it is removed.
      environment["TMPDIR"] = scratch.path
      process.environment = environment
      do {
        try ChildProcesses.run(process)
      } catch {
        if workers == 1 { throw Failure.cannotStart(error.localizedDescription) }
        throw error
      }
      // Progress from the games the worker has finished so far, each count drawn in turn.
      func showProgress() {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        var done = resume.game
        var current = resume.game
        for event in TestWorkerLog.events(in: text) {
          if case .game(let index) = event { current = index }
          if case .gameDone = event { done = current + 1 }
        }
        while shown < done || shown < 0 {
          shown += 1
          progress.update(done: shown, note: targets[min(shown, targets.count - 1)].location.name)
        }
      }
      while progress.active && process.isRunning {
        showProgress()
        usleep(100_000)
      }
      process.waitUntilExit()
      if progress.active { showProgress() }
      ChildProcesses.ended(process)

      // The worker's results, and what it was doing when it ended.
      var game = resume.game
      var begun: (index: Int, name: String, file: String, line: Int)?
      var luaDone = false
      var finished = false
      var stuck: String?
      let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
      for event in TestWorkerLog.events(in: text) {
        switch event {
        case .game(let index):
          (game, begun, luaDone, finished) = (index, nil, false, false)
          reports[index].started = Date()
        case .begin(let index, let name, let file, let line): begun = (index, name, file, line)
        case .entry(let entry, _):
          reports[game].entries.append(entry)
          if let test = begun, entry.name == test.name, entry.file == test.file, entry.line == test.line { begun = nil }
        case .seed(let value): seed = value
        case .stuck(let message): stuck = message
        case .luaDone(let handler):
          reports[game].outputHandler = handler
          (begun, luaDone) = (nil, true)
        case .gameDone: finished = true
        }
      }
      if finished && game == targets.count - 1 { break }
      if process.terminationReason == .exit && process.terminationStatus == 0 && stuck == nil {
        // Ended cleanly without finishing: nothing more will come from another try.
        reports[game].entries.append(
          TestEntry(game: reports[game].game, name: "", file: reports[game].game, line: nil, outcome: .errored,
            message: "the test worker ended before the game's tests did"))
        break
      }
      let how =
        stuck.map { "stuck in engine code: " + cleaned($0) }
        ?? (process.terminationReason == .uncaughtSignal
          ? "the test process was killed by signal \(process.terminationStatus)"
          : "the test process exited \(process.terminationStatus)")
      let displayPath = reports[game].game
      if finished {
        resume = (game + 1, 0)
      } else if let test = begun {
        reports[game].entries.append(
          TestEntry(
            game: displayPath, name: test.name, file: test.file, line: test.line, outcome: .errored,
            message: "\(test.file):\(test.line): \(how); the game's other tests ran on in a new process"))
        resume = (game, test.index)
      } else {
        let phase = luaDone ? "its replays and golden screens" : "its tests (outside any test)"
        reports[game].entries.append(
          TestEntry(game: displayPath, name: "", file: displayPath, line: nil, outcome: .errored,
            message: "\(displayPath): \(how) while running \(phase)"))
        resume = (game + 1, 0)
      }
    }
    return reports
  }

  /// The guard's message without what it says for a process on its own: here the run goes on.
  static func cleaned(_ message: String) -> String {
    var text = message
    if text.hasPrefix("tide: ") { text.removeFirst(6) }
    if text.hasSuffix("; ending the process") { text.removeLast("; ending the process".count) }
    return text
  }
}
