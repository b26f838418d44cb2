import Foundation
import XCTest

/// `tide run --record` and crash capsules, end to end through the real command.
final class ReplayCLITests: XCTestCase {
  /// A game whose state depends on every tap and on the seed: each tap adds a random amount.
  static let counter = """
    local total = 0
    local label = tide.sprite.text("0", { name = "total", x = 10, y = 10 })
    local pad = tide.sprite.rect{ name = "pad", x = 0, y = 100, width = 390, height = 400 }
    pad:on("tap", function(e)
      total = total + tide.random.int(1, 6) + math.floor(e.x)
      label.text = tostring(total)
      if total > 1e9 then error("never") end
    end)
    tide.input.on("key", function(name) total = total * 2; label.text = tostring(total) end)
    tide.input.on("text", function(t) total = total + #t; label.text = tostring(total) end)
    """


  /// An input script of `count` taps from 0.2 s, `every` seconds apart, starting at point `from`
  /// and moving by `step` each tap.
  private func tapScript(count: Int, every: Double, from: (Int, Int), step: (Int, Int)) throws -> URL {
    let taps = scratch("taps.input")
    var lines: [String] = []
    for i in 0..<count {
      let time: Double = 0.2 + Double(i) * every
      lines.append(String(format: "%.3f tap %d %d", time, from.0 + i * step.0, from.1 + i * step.1))
    }
    try lines.joined(separator: "\n").write(to: taps, atomically: true, encoding: .utf8)
    return taps
  }

  private func scratch(_ name: String) -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("tide-replay-\(UUID().uuidString)-\(name)")
    addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url
  }

  /// Records a headless session fed random taps, keys and text (with `#` and edge spaces), replays
  /// the recording while recording again: the same events at the same ticks and the same end state.
  func testRecordingReplaysToTheSameState() throws {
    let game = try makeGame(["main.lua": Self.counter])
    var generator = SystemRandomNumberGenerator()
    var lines = ["@seed \(Int.random(in: 1...1_000_000, using: &generator))"]
    for i in 0..<40 {
      let t = Double(i) * 0.25 + Double.random(in: 0..<0.2, using: &generator)
      lines.append(String(format: "%.3f tap %.2f %.2f", t, Double.random(in: 0..<390), Double.random(in: 100..<500)))
    }
    lines.append("3.3 keydown left shift")
    lines.append("3.4 keyup left shift")
    lines.append("4.1 text \\u{20}a\\u{23}b\\u{5c} ")
    let taps = scratch("taps.input")
    try lines.joined(separator: "\n").write(to: taps, atomically: true, encoding: .utf8)
    try withDataHome { _ in
      let first = scratch("first.input")
      let a = try tide(["run", game.path, "--headless", "--seconds", "12", "--input", taps.path, "--record", first.path])
      XCTAssertEqual(a.status, 0, a.stderr)
      let recorded = try String(contentsOf: first, encoding: .utf8)
      XCTAssertTrue(recorded.contains("@end 12.0000"), recorded)
      XCTAssertTrue(recorded.contains("keydown left shift"), recorded)
      XCTAssertTrue(recorded.contains("text \\u{20}a\\u{23}b\\u{5c}"), recorded)
      let second = scratch("second.input")
      let b = try tide(["run", game.path, "--headless", "--input", first.path, "--record", second.path])
      XCTAssertEqual(b.status, 0, b.stderr)
      XCTAssertEqual(try String(contentsOf: second, encoding: .utf8), recorded)
      // Same ticks, sprites and sounds; the wall-clock time is the only difference.
      let summary = { (s: String) in s.replacingOccurrences(of: #"in [0-9.]+ s"#, with: "", options: .regularExpression) }
      let ran = { (s: String) in summary(s.components(separatedBy: "\n").first { $0.contains(" ran ") } ?? "") }
      XCTAssertEqual(ran(a.stdout), ran(b.stdout))
      XCTAssertTrue(ran(a.stdout).contains("0 errors"), a.stdout)
      XCTAssertEqual(b.stderr, "", "same engine and game: no version warning")
    }
  }

  /// "Window or headless": a session recorded in the real window replays headless,
  /// and through `tide shot`, to the same state; a script error in the window writes a capsule
  /// that replays headless to the same error at the same tick.
  func testAWindowSessionRecordsAndWritesCapsulesThatReplayHeadless() throws {
    guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else {
      throw XCTSkip("needs a display (Scripts/test runs swift test under xvfb-run)")
    }
    let game = try makeGame(["main.lua": Self.counter + "\ntide.after(2.5, function() tide.report{ total = total } end)\n"])
    let taps = try tapScript(count: 8, every: 0.25, from: (30, 150), step: (40, 30))
    try withDataHome { _ in
      let recorded = scratch("window.input")
      // The report comes at 2.5 s of game time, and `--quit-after` counts the wall clock, which a
      // loaded machine's stalled frames put ahead of the game's: room for a second of them.
      let window = try tide(
        ["run", game.path, "--no-watch", "--seed", "9", "--input", taps.path, "--record", recorded.path, "--quit-after", "3.5"],
        timeout: 60, window: true)
      XCTAssertEqual(window.status, 0, window.stderr)
      let report = try XCTUnwrap(window.stdout.split(separator: "\n").first { $0.hasPrefix("report: total=") }, window.stdout)
      let text = try String(contentsOf: recorded, encoding: .utf8)
      XCTAssertEqual(text.components(separatedBy: " down ").count - 1, 8, text)
      let headless = try tide(["run", game.path, "--headless", "--input", recorded.path, "--seconds", "3"])
      XCTAssertEqual(headless.status, 0, headless.stderr)
      XCTAssertTrue(headless.stdout.contains(report + "\n"), "window \(report), headless \(headless.stdout)")
      // tide shot of the recording draws the total the window reached.
      let fromWindow = scratch("from-window.png")
      let fromScript = scratch("from-script.png")
      XCTAssertEqual(try tide(["shot", game.path, "--input", recorded.path, "--at", "2.9", "-o", fromWindow.path]).status, 0)
      let rerecorded = scratch("headless.input")
      XCTAssertEqual(try tide(["run", game.path, "--headless", "--input", recorded.path, "--record", rerecorded.path]).status, 0)
      XCTAssertEqual(try tide(["shot", game.path, "--input", rerecorded.path, "--at", "2.9", "-o", fromScript.path]).status, 0)
      XCTAssertEqual(try Data(contentsOf: fromWindow), try Data(contentsOf: fromScript))
    }
    // A tap handler that fails on the fifth tap, in the window.
    let broken = try makeGame(["main.lua": Self.counter.replacingOccurrences(of: "if total > 1e9", with: "taps = (taps or 0) + 1\n      if taps == 5")])
    try withDataHome { _ in
      let window = try tide(["run", broken.path, "--no-watch", "--input", taps.path, "--quit-after", "3"], timeout: 60, window: true)
      let line = try XCTUnwrap(window.stderr.split(separator: "\n").first { $0.hasPrefix("replay with: ") }, window.stderr)
      let path = try XCTUnwrap(line.components(separatedBy: " --input ").last)
      let capsule = try String(contentsOfFile: path, encoding: .utf8)
      let errorLine = try XCTUnwrap(capsule.split(separator: "\n").first { $0.contains(" at tick ") }, capsule)
      XCTAssertTrue(errorLine.contains("tap handler") && errorLine.contains("never"), String(errorLine))
      let replay = try tide(["run", broken.path, "--headless", "--input", path])
      XCTAssertEqual(replay.status, 1)
      let again = try XCTUnwrap(replay.stderr.split(separator: "\n").first { $0.hasPrefix("replay with: ") })
      let second = try String(contentsOfFile: try XCTUnwrap(again.components(separatedBy: " --input ").last), encoding: .utf8)
      XCTAssertEqual(second.split(separator: "\n").first { $0.contains(" at tick ") }, errorLine)
    }
  }

  /// A screenshot is of game time, which a stalled window lags behind the wall clock: asked for
  /// later than `--quit-after`, the window stays open until it is taken, then quits.
  func testTheWindowWaitsForTheScreenshotPastQuitAfter() throws {
    guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else {
      throw XCTSkip("needs a display (Scripts/test runs swift test under xvfb-run)")
    }
    let game = try makeGame(["main.lua": Self.counter])
    let shot = scratch("late.png")
    try withDataHome { _ in
      let window = try tide(
        ["run", game.path, "--no-watch", "--quit-after", "0.2", "--screenshot", shot.path, "--screenshot-at", "1.5"],
        timeout: 60, window: true)
      XCTAssertEqual(window.status, 0, window.stderr)
      XCTAssertGreaterThan(try Data(contentsOf: shot).count, 1000, "the PNG was written")
    }
  }

  func testReplayWarnsOfAnotherGameVersion() throws {
    let game = try makeGame(["main.lua": Self.counter])
    try withDataHome { _ in
      let file = scratch("r.input")
      XCTAssertEqual(try tide(["run", game.path, "--headless", "--seconds", "1", "--record", file.path]).status, 0)
      try (Self.counter + "\n-- changed\n").write(to: game.appendingPathComponent("main.lua"), atomically: true, encoding: .utf8)
      let replay = try tide(["run", game.path, "--headless", "--input", file.path])
      XCTAssertTrue(replay.stderr.contains("was recorded with another version of"), replay.stderr)
      let text = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "@engine ", with: "@engine old-")
      try text.write(to: file, atomically: true, encoding: .utf8)
      XCTAssertTrue(try tide(["run", game.path, "--headless", "--input", file.path]).stderr.contains("was recorded with engine old-"))
    }
  }

  /// A script error writes a capsule and names it; replaying the capsule hits the same error at
  /// the same tick. One error is in a tap handler (after random taps), one in a timer.
  func testCrashCapsulesReproduceErrors() throws {
    let games = [
      "tap": """
        local taps = 0
        local pad = tide.sprite.rect{ x = 0, y = 0, width = 390, height = 844 }
        pad:on("tap", function(e)
          taps = taps + tide.random.int(1, 3)
          if taps > 12 then local broken = nil; broken.field = e.x end
        end)
        """,
      "timer": """
        local n = 0
        tide.every(0.1, function() n = n + tide.random.int(1, 4); if n > 40 then error("timer went over") end end)
        """,
    ]
    for (kind, source) in games {
      let game = try makeGame(["main.lua": source])
      let taps = try tapScript(count: 30, every: 0.21, from: (20, 100), step: (11, 20))
      try withDataHome { home in
        let run = try tide(["run", game.path, "--headless", "--seconds", "10", "--seed", "5", "--input", taps.path])
        XCTAssertEqual(run.status, 1, kind)
        let line = try XCTUnwrap(run.stderr.split(separator: "\n").first { $0.hasPrefix("replay with: ") }, run.stderr)
        let path = try XCTUnwrap(line.components(separatedBy: " --input ").last)
        XCTAssertEqual(String(line), "replay with: tide run \(game.path) --input \(path)")
        XCTAssertTrue(path.hasPrefix(home.appendingPathComponent("tide/\(game.lastPathComponent)/crashes/").path), path)
        let capsule = try String(contentsOfFile: path, encoding: .utf8)
        let errorLine = try XCTUnwrap(capsule.split(separator: "\n").first { $0.contains(" at tick ") }, capsule)
        XCTAssertTrue(errorLine.contains(kind == "tap" ? "tap handler" : "timer"), String(errorLine))
        // The replay (no --seed: the capsule's) stops at the error's tick and reports it again.
        let replay = try tide(["run", game.path, "--headless", "--input", path])
        XCTAssertEqual(replay.status, 1)
        let again = try XCTUnwrap(replay.stderr.split(separator: "\n").first { $0.hasPrefix("replay with: ") })
        let second = try String(contentsOfFile: try XCTUnwrap(again.components(separatedBy: " --input ").last), encoding: .utf8)
        XCTAssertEqual(second.split(separator: "\n").first { $0.contains(" at tick ") }, errorLine)
      }
    }
  }

  /// Each `tide run` without --seed is another game, says its seed in one line, and
  /// the error log carries it; --seed with that number plays the same game again.
  func testEachRunHasAFreshSeedThatReplaysTheSameGame() throws {
    let game = try makeGame(["main.lua": "tide.after(0.05, function() error('rolled ' .. tide.random.int(1, 1000000)) end)"])
    func seedLine(_ text: String) -> String? {
      text.split(separator: "\n").first { $0.hasPrefix("seed ") }.map(String.init)
    }
    func rolled(_ text: String) -> String? {
      text.split(separator: "\n").first { $0.contains("rolled ") }.map(String.init)
    }
    try withDataHome { _ in
      let first = try tide(["run", game.path, "--headless", "--seconds", "0.2"])
      let second = try tide(["run", game.path, "--headless", "--seconds", "0.2"])
      let line = try XCTUnwrap(seedLine(first.stdout), first.stdout)
      let seed = try XCTUnwrap(line.split(separator: " ").dropFirst().first.map(String.init))
      XCTAssertEqual(line, "seed \(seed) (replay with --seed \(seed))")
      XCTAssertNotEqual(seedLine(second.stdout), line, "two launches, two seeds")
      // The error log names the seed, and gives one way to replay: the crash capsule.
      XCTAssertTrue(first.stderr.contains("\nseed \(seed)\nreplay with: tide run "), "the error log names the seed: \(first.stderr)")
      XCTAssertFalse(first.stderr.contains("--seed"), first.stderr)
      let replay = try tide(["run", game.path, "--headless", "--seconds", "0.2", "--seed", seed])
      XCTAssertEqual(seedLine(replay.stdout), line)
      XCTAssertEqual(rolled(replay.stderr), try XCTUnwrap(rolled(first.stderr)), "the same seed rolls the same")
      // An input script's @seed is kept too (golden inputs stay fixed).
      let input = scratch("seeded.input")
      try "@seed 42\n@end 0.2\n".write(to: input, atomically: true, encoding: .utf8)
      let scripted = try tide(["run", game.path, "--headless", "--input", input.path])
      XCTAssertEqual(seedLine(scripted.stdout), "seed 42 (replay with --seed 42)")
    }
  }

  /// `--record` into a folder, or into a folder that does not exist, used to play the whole
  /// session first and only then fail (in a window, silently): it is refused before the game starts.
  func testARecordFileThatCannotBeWrittenIsRefusedBeforeTheGameStarts() throws {
    let game = try makeGame(["main.lua": Self.counter])
    let folder = scratch("folder")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try withDataHome { _ in
      let cases = [
        (folder.path, "it is a folder; name a file in it"),
        (folder.appendingPathComponent("missing/play.input").path, "there is no folder \(folder.path)/missing"),
      ]
      for (path, why) in cases {
        let result = try tide(["run", game.path, "--headless", "--seconds", "1000", "--record", path], timeout: 60)
        XCTAssertEqual(result.status, 64, result.stderr)
        XCTAssertEqual(result.stderr, "tide: cannot write --record file '\(path)': \(why)\n")
        XCTAssertEqual(result.stdout, "", "the game did not start")
      }
    }
  }

  /// `tide test --output` into a folder ran every test, then failed with "Error: Is a directory"
  /// (or a Foundation error dump), naming no file and losing the report.
  func testATestReportThatCannotBeWrittenIsRefusedFirst() throws {
    let folder = scratch("reports")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let game = try makeGame(["main.lua": Self.counter, "tests/a_test.lua": "describe('a', function() it('b', function() end) end)"])
    let result = try tide(["test", game.path, "--format", "junit", "--output", folder.path], timeout: 60)
    XCTAssertEqual(result.status, 64, result.stderr)
    XCTAssertTrue(result.stderr.contains("cannot write --output file '\(folder.path)': it is a folder; name a file in it"), result.stderr)
    let written = try tide(["test", game.path, "--format", "junit", "--output", folder.appendingPathComponent("report.xml").path], timeout: 60)
    XCTAssertEqual(written.status, 0, written.stderr)
    XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("report.xml").path))
  }

  /// `--record` renamed a new file over the path it was given: a symlink lost its link (and its
  /// target stayed old), a pipe became a plain file, and as root `--record /dev/null` would replace
  /// the system's /dev/null. It writes through a symlink and into anything that is not a file.
  func testARecordGoesThroughASymlinkAndIntoAPipe() throws {
    let game = try makeGame(["main.lua": Self.counter])
    let folder = scratch("links")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try withDataHome { _ in
      let target = folder.appendingPathComponent("target.input")
      try "old\n".write(to: target, atomically: true, encoding: .utf8)
      let link = folder.appendingPathComponent("link.input")
      try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
      let linked = try tide(["run", game.path, "--headless", "--seconds", "0.5", "--record", link.path], timeout: 60)
      XCTAssertEqual(linked.status, 0, linked.stderr)
      XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), target.path)
      XCTAssertTrue(try String(contentsOf: target, encoding: .utf8).contains("@end 0.5000"))

      let pipe = folder.appendingPathComponent("pipe.input")
      XCTAssertEqual(mkfifo(pipe.path, 0o600), 0)
      let box = ReadBox()
      let done = DispatchSemaphore(value: 0)
      DispatchQueue.global().async {
        box.data = FileHandle(forReadingAtPath: pipe.path)?.readDataToEndOfFile()
        done.signal()
      }
      let piped = try tide(["run", game.path, "--headless", "--seconds", "0.5", "--record", pipe.path], timeout: 60)
      XCTAssertEqual(piped.status, 0, piped.stderr)
      XCTAssertEqual(done.wait(timeout: .now() + 30), .success, "the reader of the pipe got the recording")
      XCTAssertTrue(String(decoding: box.data ?? Data(), as: UTF8.self).contains("@end 0.5000"))
      var status = stat()
      XCTAssertEqual(lstat(pipe.path, &status), 0)
      XCTAssertEqual(status.st_mode & S_IFMT, S_IFIFO, "still a pipe")
      // A pipe no one reads is an error at once, not a command that waits forever.
      let unread = try tide(["run", game.path, "--headless", "--seconds", "0.5", "--record", pipe.path], timeout: 60)
      XCTAssertEqual(unread.status, 1)
      XCTAssertTrue(unread.stderr.contains("cannot write --record file '\(pipe.path)': no one is reading the pipe"), unread.stderr)
      XCTAssertTrue(unread.stderr.contains("the session is kept in "), unread.stderr)
    }
  }

  /// A game option with a space, a `#` or a backslash (`--option "title=Ada #1"`) is recorded so
  /// that the recording replays: it was written raw and read back cut at the `#`, or refused.
  func testARecordingKeepsOptionValuesWithSpacesAndHashes() throws {
    let game = try makeGame([
      "conf.lua": "return { title = 't', width = 390, height = 844, options = { greeting = 'hi' } }",
      "main.lua": #"if tide.options.greeting ~= " Hello, Ada #1 \\o/ " then error("greeting [" .. tide.options.greeting .. "]") end"#,
    ])
    try withDataHome { _ in
      let recording = scratch("greeting.input")
      let greeting = " Hello, Ada #1 \\o/ "
      let a = try tide(["run", game.path, "--headless", "--seconds", "0.5", "--option", "greeting=\(greeting)", "--record", recording.path])
      XCTAssertEqual(a.status, 0, a.stderr)
      let recorded = try String(contentsOf: recording, encoding: .utf8)
      XCTAssertTrue(recorded.contains(#"@option greeting=\u{20}Hello, Ada \u{23}1 \u{5c}o/\u{20}"#), recorded)
      // The game errors unless it sees the very same greeting.
      let b = try tide(["run", game.path, "--headless", "--input", recording.path])
      XCTAssertEqual(b.status, 0, b.stderr)
    }
  }

  /// A game whose error message changes every frame wrote a capsule a frame (up to a thousand)
  /// and so pruned away every earlier session's; now a session writes ten at most.
  func testASessionWritesAtMostTenCapsules() throws {
    let game = try makeGame(["main.lua": "local n = 0\ntide.every(1 / 60, function() n = n + 1; error('tick ' .. n) end)"])
    try withDataHome { home in
      let folder = home.appendingPathComponent("tide/\(game.lastPathComponent)/crashes")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let earlier = (10..<20).map { "2020-01-01T00-00-\($0).000.input" }
      for name in earlier { try "@end 1\n".write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
      let result = try tide(["run", game.path, "--headless", "--seconds", "2"])
      XCTAssertEqual(result.status, 1)
      XCTAssertEqual(result.stderr.components(separatedBy: "replay with: ").count - 1, 10, result.stderr)
      XCTAssertTrue(result.stderr.contains("tide: 10 crash capsules written; later errors of this session get none\n"), result.stderr)
      let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      XCTAssertEqual(names.count, 20)
      XCTAssertEqual(Set(names).intersection(earlier).count, 10, "the ten earlier ones are kept")
    }
  }

  /// A game folder with a space (or a quote) in its name printed `replay with: tide run my game
  /// --input ...`, which a shell splits into two arguments: the line now pastes as it is.
  func testTheReplayCommandPastesIntoAShell() throws {
    let parent = scratch("games")
    let game = parent.appendingPathComponent("Ada's game")
    try FileManager.default.createDirectory(at: game, withIntermediateDirectories: true)
    try "tide.after(0.1, function() error('boom') end)".write(to: game.appendingPathComponent("main.lua"), atomically: true, encoding: .utf8)
    try withDataHome { _ in
      let first = try tide(["run", game.path, "--headless", "--seconds", "0.5"])
      let line = try XCTUnwrap(first.stderr.split(separator: "\n").first { $0.hasPrefix("replay with: ") }, first.stderr)
      let command = line.dropFirst("replay with: tide ".count)
      let shell = Process()
      shell.executableURL = URL(fileURLWithPath: "/bin/sh")
      shell.arguments = ["-c", "\"$0\" " + command + " --headless", CLITests.tideBinary.path]
      let err = Pipe()
      shell.standardError = err
      shell.standardOutput = FileHandle.nullDevice
      try shell.run()
      let replayed = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      shell.waitUntilExit()
      XCTAssertEqual(shell.terminationStatus, 1, replayed)
      XCTAssertTrue(replayed.contains("main.lua:1: boom"), "\(line)\n\(replayed)")
    }
  }

  /// A script without `@end` whose events go past 10 s ran 10 s and dropped the rest unplayed.
  func testAScriptWithoutAnEndPlaysAllItsEvents() throws {
    let game = try makeGame(["main.lua": "tide.input.on('text', function(t) error('got ' .. t) end)"])
    let input = scratch("late.input")
    try "30 text late\n".write(to: input, atomically: true, encoding: .utf8)
    try withDataHome { _ in
      let result = try tide(["run", game.path, "--headless", "--input", input.path])
      XCTAssertEqual(result.status, 1, result.stdout)
      XCTAssertTrue(result.stderr.contains("got late"), result.stderr)
      XCTAssertTrue(result.stdout.contains("ran 31.0 virtual s"), result.stdout)
    }
  }

  func testOnlyTheNewestTwentyCapsulesAreKept() throws {
    let game = try makeGame(["main.lua": "tide.after(0.05, function() error('boom') end)"])
    try withDataHome { home in
      for _ in 0..<22 { _ = try tide(["run", game.path, "--headless", "--seconds", "0.1"]) }
      let folder = home.appendingPathComponent("tide/\(game.lastPathComponent)/crashes")
      XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).count, 20)
    }
  }

  func testShardsSplitTheGamesBetweenThem() throws {
    // How the games are split is the question, not how their tests fare (ContentTests runs
    // them all): a filter that matches no test still names every game of the shard.
    let one = try tide(["test", "--shard", "1/2", "--filter", "no test is called this"])
    let two = try tide(["test", "--shard", "2/2", "--filter", "no test is called this"])
    XCTAssertEqual(one.status, 0, one.stdout + one.stderr)
    XCTAssertEqual(two.status, 0, two.stdout + two.stderr)
    let games = { (s: String) in Set(s.split(separator: "\n").filter { $0.hasPrefix("Content/") && $0.contains(" passed, ") }.map { $0.split(separator: ":")[0] }) }
    let content = CLITests.root.appendingPathComponent("Content")
    let all = try FileManager.default.contentsOfDirectory(atPath: content.path).filter {
      FileManager.default.fileExists(atPath: content.appendingPathComponent("\($0)/main.lua").path)
    }
    XCTAssertEqual(games(one.stdout).count, (all.count + 1) / 2, one.stdout)
    XCTAssertEqual(games(one.stdout).union(games(two.stdout)).count, all.count)
    XCTAssertTrue(games(one.stdout).isDisjoint(with: games(two.stdout)))
    XCTAssertEqual(try tide(["test", "--shard", "3/2"]).status, 64)
  }
}

/// What a reader thread read, handed back to the test.
private final class ReadBox: @unchecked Sendable {
  var data: Data?
}
