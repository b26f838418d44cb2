import Foundation
import XCTest

/// `tide run --runs N --jobs J --input-bot FILE`: many seeded games in worker processes, summed
/// up, end to end through the real command.
final class RunsCLITests: XCTestCase {
  /// A game whose reports are known: `fixed` is always 7, `taps` counts the bot's taps on a
  /// full-screen pad, `roll` is the game's first `tide.random.int(1, 4)`; `boom` makes a roll of 3
  /// an error one second in.
  static func game(boom: Bool = false) -> [String: String] {
    [
      "main.lua": """
        local roll = tide.random.int(1, 4)
        local taps = 0
        local pad = tide.sprite.rect{ name = "pad", x = 0, y = 0, w = 390, h = 844 }
        pad:on("tap", function()
          taps = taps + 1
          tide.report{ taps = taps }
        end)
        tide.report{ fixed = 7, roll = roll }
        tide.after(1, function()
          if \(boom ? "roll == 3" : "false") then error("rolled a three") end
        end)
        """,
      // Taps the pad every half second: over 3 s, at 0, 0.5, ... 2.5, six taps.
      "bot.lua": """
        return {
          every = 0.5,
          act = function(app, random)
            app:tap(app:find{ name = "pad" })
            random.int(1, 100)
          end,
        }
        """,
    ]
  }


  private func runs(_ game: URL, _ extra: [String]) throws -> CLIResult {
    try tide(["run", game.path, "--headless", "--seconds", "3", "--input-bot", game.appendingPathComponent("bot.lua").path] + extra, timeout: 300)
  }

  /// The summary without its last line, the only one with wall time in it.
  private func figures(_ text: String) -> String {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    XCTAssertTrue(lines.dropLast().last?.hasPrefix("played ") ?? false, text)
    return lines.dropLast(2).joined(separator: "\n")
  }

  func testTheSummaryCountsTheKnownReports() throws {
    let game = try makeGame(Self.game())
    let result = try runs(game, ["--runs", "24", "--jobs", "2"])
    XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
    let out = result.stdout
    XCTAssertTrue(out.hasPrefix("\(game.path): 24 runs, seeds 1..24, bot \(game.path)/bot.lua, 3 virtual s each at most\n"), out)
    XCTAssertTrue(out.contains("\nfixed: 24 runs, mean 7, min 7, max 7\n  7 ██████████████████████████████ 24\n"), out)
    XCTAssertTrue(out.contains("\ntaps: 24 runs, mean 6, min 6, max 6\n"), out)
    XCTAssertTrue(out.contains("\nno errors in 24 runs\n"), out)
    XCTAssertTrue(out.contains("played 24 games (72 virtual s) in "), out)
    // The rolls: one bar per value 1..4, the counts add up to 24 and give the mean printed.
    let lines = out.split(separator: "\n").map(String.init)
    let head = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("roll: 24 runs, mean ") }, out)
    let bars = lines[(head + 1)...].prefix { $0.hasPrefix("  ") }
    var counts: [Int: Int] = [:]
    for bar in bars {
      let parts = bar.split(separator: " ")
      counts[try XCTUnwrap(Int(parts[0]))] = try XCTUnwrap(Int(try XCTUnwrap(parts.last)))
    }
    XCTAssertEqual(counts.values.reduce(0, +), 24, out)
    XCTAssertTrue(Set(counts.keys).isSubset(of: [1, 2, 3, 4]), out)
    let mean = Double(counts.reduce(0) { $0 + $1.key * $1.value }) / 24
    let shown = try XCTUnwrap(Double(lines[head].components(separatedBy: "mean ")[1].components(separatedBy: ",")[0]))
    XCTAssertEqual(shown, mean, accuracy: 1e-5, out)
    XCTAssertTrue(lines[head].hasSuffix("min \(counts.keys.min() ?? 0), max \(counts.keys.max() ?? 0)"), lines[head])
  }

  func testTheSameSeedsGiveTheSameSummaryWithAnyNumberOfJobs() throws {
    let game = try makeGame(Self.game())
    let one = try runs(game, ["--runs", "30", "--seed", "11", "--jobs", "1"])
    let two = try runs(game, ["--runs", "30", "--seed", "11", "--jobs", "2"])
    let again = try runs(game, ["--runs", "30", "--seed", "11", "--jobs", "2"])
    let three = try runs(game, ["--runs", "30", "--seed", "11", "--jobs", "3"])
    XCTAssertEqual(one.status, 0, one.stdout + one.stderr)
    XCTAssertTrue(one.stdout.contains("seeds 11..40"), one.stdout)
    XCTAssertTrue(one.stdout.contains("with 1 job: "), one.stdout)
    XCTAssertTrue(two.stdout.contains("with 2 jobs: "), two.stdout)
    XCTAssertEqual(figures(one.stdout), figures(two.stdout))
    XCTAssertEqual(figures(two.stdout), figures(again.stdout))
    XCTAssertEqual(figures(one.stdout), figures(three.stdout))
    // Other seeds are other games.
    let other = try runs(game, ["--runs", "30", "--seed", "12", "--jobs", "2"])
    XCTAssertNotEqual(figures(one.stdout).replacingOccurrences(of: "11..40", with: "12..41"), figures(other.stdout))
  }

  func testAnErrorIsReportedWithACapsuleThatReplaysIt() throws {
    let game = try makeGame(Self.game(boom: true))
    try withDataHome { home in
      let result = try runs(game, ["--runs", "16", "--jobs", "2"])
      XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
      let out = result.stdout
      let errorLine = "  script error: \(game.path)/main.lua:10: rolled a three\n"
      XCTAssertTrue(out.contains(errorLine), out)
      // The rolls of 3 are the runs with errors.
      let lines = out.split(separator: "\n").map(String.init)
      let threes = try XCTUnwrap(lines.first { $0.hasPrefix("  3 ") }.flatMap { Int($0.split(separator: " ").last ?? "") }, out)
      XCTAssertTrue(out.contains("\n\(threes) of 16 runs had errors:\n"), out)
      let capsuleLine = try XCTUnwrap(lines.first { $0.contains(" --input ") }, out)
      XCTAssertTrue(capsuleLine.hasPrefix("    seed "), capsuleLine)
      XCTAssertTrue(capsuleLine.contains(", tick 60: tide run \(game.path) --input "), capsuleLine)
      let path = try XCTUnwrap(capsuleLine.components(separatedBy: " --input ").last)
      let seed = try XCTUnwrap(capsuleLine.split(separator: " ")[1].split(separator: ",").first)
      XCTAssertEqual(path, home.appendingPathComponent("tide/\(game.lastPathComponent)/crashes/runs/seed-\(seed).input").path)
      // The capsule holds the bot's taps and replays to the same error.
      let capsule = try String(contentsOfFile: path, encoding: .utf8)
      XCTAssertTrue(capsule.contains("@seed \(seed)"), capsule)
      XCTAssertTrue(capsule.contains("\n0.0000 down 195 422\n"), capsule)
      let replay = try tide(["run", game.path, "--headless", "--input", path])
      XCTAssertEqual(replay.status, 1)
      XCTAssertTrue(replay.stderr.contains("main.lua:10: rolled a three"), replay.stderr)
      // The same runs name the same capsules: the summary repeats exactly.
      let again = try runs(game, ["--runs", "16", "--jobs", "2"])
      XCTAssertEqual(figures(again.stdout), figures(out))
    }
  }

  func testABotErrorStopsOnlyItsRun() throws {
    var files = Self.game()
    files["bot.lua"] = """
      return { every = 0.5, act = function(app, random)
        if random.int(1, 4) == 1 then local gone = nil; return gone.field end
        app:tap(app:find{ name = "pad" })
      end }
      """
    let game = try makeGame(files)
    try withDataHome { _ in
      let result = try runs(game, ["--runs", "12", "--jobs", "2"])
      XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
      XCTAssertTrue(result.stdout.contains("  bot error: \(game.path)/bot.lua:2: attempt to index a nil value (local 'gone')\n"), result.stdout)
      XCTAssertTrue(result.stdout.contains("fixed: 12 runs, mean 7"), result.stdout)
    }
  }

  /// Killing `tide run --runs` (a CI timeout, a closed terminal) left its workers playing their
  /// slices on for hours, parented to init; now each stops within a moment of its parent.
  func testWorkersStopWhenTheTideThatStartedThemIsKilled() throws {
    let game = try makeGame(Self.game())
    try withDataHome { _ in
      let process = Process()
      process.executableURL = CLITests.tideBinary
      process.arguments = ["run", game.path, "--headless", "--seconds", "3", "--runs", "100000", "--jobs", "2",
        "--input-bot", game.appendingPathComponent("bot.lua").path]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      var workers: [pid_t] = []
      let deadline = Date().addingTimeInterval(30)
      while workers.count < 2, Date() < deadline {
        usleep(100_000)
        workers = Self.children(of: process.processIdentifier)
      }
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      XCTAssertEqual(workers.count, 2, "two workers started")
      let gone = Date().addingTimeInterval(10)
      while !workers.allSatisfy(Self.isGone), Date() < gone { usleep(100_000) }
      for worker in workers where !Self.isGone(worker) {
        kill(worker, SIGKILL)
        XCTFail("worker \(worker) still runs after its parent was killed")
      }
    }
  }

  /// Workers' standard error went to files in the temporary folder, whole: a game that printed a
  /// megabyte a frame wrote gigabytes there. Now only its last bytes are kept, in memory.
  func testAGameThatPrintsALotDoesNotFillTheTemporaryFolder() throws {
    var files = Self.game()
    files["main.lua"] = (files["main.lua"] ?? "") + "\nlocal noise = string.rep('x', 1e6)\ntide.every(1 / 60, function() print(noise) end)\n"
    let game = try makeGame(files)
    let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("tide-tmp-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: temporary) }
    let old = ProcessInfo.processInfo.environment["TMPDIR"]
    setenv("TMPDIR", temporary.path, 1)
    defer { if let old { setenv("TMPDIR", old, 1) } else { unsetenv("TMPDIR") } }
    try withDataHome { _ in
      let watch = SizeWatch()
      let done = DispatchSemaphore(value: 0)
      DispatchQueue.global().async {
        while !watch.stopped {
          watch.largest = max(watch.largest, Self.bytes(under: temporary))
          usleep(20_000)
        }
        done.signal()
      }
      let result = try runs(game, ["--runs", "2", "--jobs", "2"])
      watch.stopped = true
      done.wait()
      XCTAssertEqual(result.status, 0, result.stderr)
      XCTAssertTrue(result.stdout.contains("fixed: 2 runs, mean 7"), result.stdout)
      XCTAssertLessThan(watch.largest, 20 << 20, "360 MB were printed; the temporary folder held \(watch.largest) bytes")
    }
  }

  /// Bytes of the files under `folder`.
  private static func bytes(under folder: URL) -> Int {
    guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return 0 }
    var total = 0
    while let path = walker.nextObject() as? String {
      let attributes = try? FileManager.default.attributesOfItem(atPath: folder.path + "/" + path)
      total += (attributes?[.size] as? Int) ?? 0
    }
    return total
  }

  /// Processes whose parent is `parent`, from /proc.
  private static func children(of parent: pid_t) -> [pid_t] {
    let ids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return ids.compactMap { pid_t($0) }.filter { id in
      guard let stat = try? String(contentsOfFile: "/proc/\(id)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return false }
      // After "pid (name) ": the state, then the parent's pid.
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      return fields.count > 1 && pid_t(fields[1]) == parent
    }
  }

  /// True when `pid` has exited (a zombie not yet reaped counts as gone).
  private static func isGone(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else {
      return true
    }
    return stat[stat.index(after: close)...].split(separator: " ").first == "Z"
  }

  /// The largest seed is a seed like any other: `--seed 18446744073709551615` was refused for one
  /// bot run ("no room for 1 runs"), and the last two seeds in two jobs overflowed a UInt64.
  func testTheLastSeedsCanBePlayed() throws {
    let game = try makeGame(Self.game())
    try withDataHome { _ in
      let one = try runs(game, ["--seed", "18446744073709551615"])
      XCTAssertEqual(one.status, 0, one.stdout + one.stderr)
      XCTAssertTrue(one.stdout.contains("1 run, seed 18446744073709551615,"), one.stdout)
      let two = try runs(game, ["--seed", "18446744073709551614", "--runs", "2", "--jobs", "2"])
      XCTAssertEqual(two.status, 0, two.stdout + two.stderr)
      XCTAssertTrue(two.stdout.contains("fixed: 2 runs, mean 7"), two.stdout)
      let over = try runs(game, ["--seed", "18446744073709551615", "--runs", "2"])
      XCTAssertEqual(over.status, 64)
      XCTAssertTrue(over.stderr.contains("--seed 18446744073709551615 leaves no room for 2 runs"), over.stderr)
    }
  }

  func testBadFlagsAreRefusedInOneLine() throws {
    let game = try makeGame(Self.game())
    let cases: [([String], String)] = [
      (["--headless", "--runs", "0"], "tide: --runs must be a whole number from 1 to 1000000, got '0'\n"),
      (["--headless", "--runs", "many"], "tide: --runs must be a whole number from 1 to 1000000, got 'many'\n"),
      (["--headless", "--runs=-3"], "tide: --runs must be a whole number from 1 to 1000000, got '-3'\n"),
      (["--headless", "--runs", "5", "--jobs", "0"], "tide: --jobs must be a whole number from 1 to 256, got '0'\n"),
      (["--headless", "--runs", "5", "--jobs", "1.5"], "tide: --jobs must be a whole number from 1 to 256, got '1.5'\n"),
      (["--headless", "--jobs", "2"], "tide: --jobs needs --runs (how many games to play)\n"),
      (["--runs", "5"], "tide: --runs and --input-bot play headless: add --headless\n"),
      (["--headless", "--runs", "2", "--input-bot", "/nonexistent/bot.lua"], "tide: cannot read the bot file '/nonexistent/bot.lua'\n"),
    ]
    for (flags, expected) in cases {
      let result = try tide(["run", game.path] + flags)
      XCTAssertNotEqual(result.status, 0, flags.joined(separator: " "))
      XCTAssertEqual(result.stderr, expected, flags.joined(separator: " "))
      XCTAssertEqual(result.stdout, "", flags.joined(separator: " "))
    }
    let missing = try tide(["run", "/nonexistent/game", "--headless", "--runs", "3"])
    XCTAssertEqual(missing.status, 1)
    XCTAssertEqual(missing.stderr, "tide: no game folder at '/nonexistent/game'\n")
    XCTAssertEqual(missing.stdout, "")
    // A bot that does not load fails the same way in every run: refused once, before any.
    let bad = try makeGame(["main.lua": "print('hello from the game')", "bot.lua": "return { act = function() end, evry = 1 }"])
    let result = try tide(["run", bad.path, "--headless", "--runs", "200", "--input-bot", bad.appendingPathComponent("bot.lua").path])
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(result.stderr, "tide: bot error: \(bad.path)/bot.lua: unknown field 'evry' (a bot has act, every, done, seconds)\n")
    XCTAssertEqual(result.stdout, "", "no runs played, and the probe's game prints nothing")
    // The probe of a good bot prints nothing of the game's either: the summary is all there is.
    try "return { act = function() end }".write(to: bad.appendingPathComponent("bot.lua"), atomically: true, encoding: .utf8)
    let good = try tide(["run", bad.path, "--headless", "--runs", "2", "--seconds", "0.1", "--input-bot", bad.appendingPathComponent("bot.lua").path])
    XCTAssertEqual(good.status, 0, good.stderr)
    XCTAssertFalse(good.stdout.contains("hello from the game"), good.stdout)
  }

  /// One bot game kept as a replay: the recording plays back to the same reports.
  func testABotGameRecordsAReplayThatPlaysTheSame() throws {
    try withDataHome { _ in
      let game = try makeGame(Self.game())
      let file = game.appendingPathComponent("played.input")
      let recorded = try runs(game, ["--seed", "5", "--record", file.path])
      XCTAssertEqual(recorded.status, 0, recorded.stderr)
      XCTAssertTrue(recorded.stdout.contains("recorded seed 5 over 180 ticks to \(file.path); report: fixed=7 roll="), recorded.stdout)
      let text = try String(contentsOf: file, encoding: .utf8)
      XCTAssertTrue(text.contains("@seed 5\n"), text)
      XCTAssertEqual(text.components(separatedBy: " down ").count - 1, 6, "six taps of the bot\n" + text)
      let replayed = try tide(["run", game.path, "--headless", "--input", file.path])
      XCTAssertEqual(replayed.status, 0, replayed.stderr)
      XCTAssertTrue(replayed.stdout.contains("report: fixed=7 roll="), replayed.stdout)
      XCTAssertTrue(replayed.stdout.contains("taps=6"), replayed.stdout)
      let refused = try tide(["run", game.path, "--headless", "--runs", "2", "--record", file.path])
      XCTAssertEqual(refused.stderr, "tide: --record writes one session; with --runs each error has its crash capsule instead\n")
    }
  }

  func testAPlainRunPrintsItsReportsAtTheEnd() throws {
    let game = try makeGame(Self.game())
    let result = try tide(["run", game.path, "--headless", "--seconds", "1", "--seed", "3"])
    XCTAssertEqual(result.status, 0, result.stderr)
    let last = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
    XCTAssertTrue(last.hasPrefix("report: fixed=7 roll="), result.stdout)
  }
}

/// The most bytes a folder held while a command ran, watched from another queue.
private final class SizeWatch: @unchecked Sendable {
  var largest = 0
  var stopped = false
}
