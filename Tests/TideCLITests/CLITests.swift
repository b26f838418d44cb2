import Foundation
#if canImport(FoundationXML)
  import FoundationXML
#endif
import XCTest

/// End-to-end tests of the `tide` command: the one-line errors authors see, and the commands' output.
final class CLITests: XCTestCase {
  /// The package root, found from this file.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The built `tide` binary, next to the test bundle.
  static var tideBinary: URL {
    // On Linux the test bundle's URL is the products folder itself; elsewhere it is the .xctest inside it.
    let bundle = Bundle(for: CLITests.self).bundleURL
    let candidates = [bundle.appendingPathComponent("tide"), bundle.deletingLastPathComponent().appendingPathComponent("tide")]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
  }

  func testMissingFolderIsOneLine() throws {
    let result = try tide(["check", "/nonexistent/game"])
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(result.stderr, "tide: no game folder at '/nonexistent/game'\n")
  }

  func testMissingMainIsOneLine() throws {
    let game = try makeGame(["conf.lua": "return {}"])
    let result = try tide(["check", game.path])
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(result.stderr, "tide: '\(game.path)' has no main.lua (every game starts there)\n")
  }

  func testSyntaxErrorNamesFileAndLine() throws {
    let game = try makeGame(["main.lua": "local x = 1\nlocal y = = 2\n"])
    let result = try tide(["check", game.path])
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.stderr.hasPrefix("tide: \(game.path)/main.lua:2:"), result.stderr)
    XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
  }

  func testInvalidDataTableNamesFileAndField() throws {
    let game = try makeGame([
      "main.lua": """
        local rules = require("data.rules")
        tide.rules.duel(rules, { source = "data/rules.lua" })
        """,
      "data/rules.lua": "return { rock = { 'scissors' }, paper = { 'rock' }, scissors = { 'tiger' } }",
    ])
    let result = try tide(["check", game.path])
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(result.stderr, "tide: data/rules.lua: rules.scissors: 'tiger' is not one of the choices (paper, rock, scissors)\n")
  }

  func testBadConfigNamesTheField() throws {
    let game = try makeGame(["conf.lua": "return { width = 'wide' }", "main.lua": ""])
    let result = try tide(["check", game.path])
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(result.stderr, "tide: \(game.path)/conf.lua: width must be a number from 16 to 8192, got \"wide\"\n")
  }

  /// `while true do end` in conf.lua hung check, run, shot, list and test.
  func testEndlessLoopInConfHitsTheBudget() throws {
    let game = try makeGame(["conf.lua": "while true do end\nreturn {}\n", "main.lua": "", "tests/t_test.lua": ""])
    let shot = game.appendingPathComponent("shot.png").path
    let commands = [
      ["check", game.path], ["run", game.path, "--headless", "--seconds", "1"], ["test", game.path],
      ["shot", game.path, "--output", shot],
    ]
    for command in commands {
      let result = try tide(command, timeout: 120)
      let output = result.stdout + result.stderr
      XCTAssertEqual(result.status, 1, "\(command[0]): \(output)")
      XCTAssertTrue(output.contains("conf.lua:1: instruction budget exceeded"), "\(command[0]): \(output)")
    }
  }

  func testRuntimeErrorInCallbackDoesNotStopAHeadlessRun() throws {
    let game = try makeGame([
      "conf.lua": "return { scene = 'play' }",
      "main.lua": """
        tide.scene.define("play", {
          enter = function(self) self.ticks = 0 end,
          update = function(self) self.ticks = self.ticks + 1; if self.ticks == 3 then error("boom") end end,
        })
        """,
    ])
    let result = try tide(["run", game.path, "--headless", "--seconds", "1"])
    XCTAssertEqual(result.status, 1, "a run with script errors reports failure")
    XCTAssertTrue(result.stdout.contains("ran 1.0 virtual s (60 ticks)"), result.stdout)
    XCTAssertTrue(result.stderr.contains("\(game.path)/main.lua:3: boom"), result.stderr)
  }

  func testRunWithoutDisplaySaysHowToRunHeadless() throws {
    let result = try tide(["run", "rps"])
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(result.stderr, "tide: no display here; play headless instead: tide run Content/rps --headless --seconds 10\n")
  }

  func testHelpOnEverySubcommand() throws {
    for command in ["run", "test", "check", "list", "shot", "docs", "bench"] {
      let result = try tide([command, "--help"])
      XCTAssertEqual(result.status, 0, command)
      XCTAssertTrue(result.stdout.contains("USAGE: tide \(command)"), "\(command): \(result.stdout)")
    }
  }

  func testListShowsTheGames() throws {
    let result = try tide(["list"])
    XCTAssertEqual(result.status, 0)
    XCTAssertTrue(result.stdout.contains("rps"), result.stdout)
    XCTAssertTrue(result.stdout.contains("Rock Paper Scissors"), result.stdout)
  }

  func testFailingGameTestExitsNonZeroWithFileLine() throws {
    let game = try makeGame([
      "main.lua": "",
      "tests/math_test.lua": """
        describe("sums", function()
          it("adds", function() assert.are.equal(4, 2 + 2) end)
          it("fails", function()
            assert.are.equal(5, 2 + 2)
          end)
        end)
        """,
    ])
    let result = try tide(["test", game.path])
    XCTAssertEqual(result.status, 1)
    // Lua shortens long chunk names (LUA_IDSIZE), so only the tail of a temp path is certain.
    XCTAssertTrue(result.stdout.contains("/tests/math_test.lua:4: sums > fails"), result.stdout)
    XCTAssertTrue(result.stdout.contains("expected: (number) 5"), result.stdout)
    XCTAssertTrue(result.stdout.contains("actual: (number) 4"), result.stdout)
    XCTAssertTrue(result.stdout.hasSuffix("1 passed, 1 failed\n"), result.stdout)
  }

  func testVersionPrintsTheVersion() throws {
    let result = try tide(["--version"])
    XCTAssertEqual(result.status, 0)
    XCTAssertTrue(result.stdout.hasPrefix("tide "), result.stdout)
  }

  /// A missing game folder fails a TAP or JUnit reader too, not only the exit code.
  func testMissingGameFolderIsAFailedEntryInEveryFormat() throws {
    let tap = try tide(["test", "/nonexistent/game", "--format", "tap"])
    XCTAssertEqual(tap.status, 1)
    XCTAssertTrue(tap.stdout.hasPrefix("TAP version 13\n1..1\nnot ok 1 - /nonexistent/game\n"), tap.stdout)
    let junit = try tide(["test", "/nonexistent/game", "--format", "junit"])
    XCTAssertEqual(junit.status, 1)
    XCTAssertTrue(junit.stdout.contains("<error message=\"no game folder at &apos;/nonexistent/game&apos;\""), junit.stdout)
    XCTAssertNoThrow(try XMLDocument(xmlString: junit.stdout))
    let plain = try tide(["test", "/nonexistent/game"])
    XCTAssertEqual(plain.status, 1)
    XCTAssertTrue(plain.stdout.hasSuffix("0 passed, 0 failed, 1 error\n"), plain.stdout)
  }

  /// `print` in a test (or in the game it starts) goes to standard error, so the stream stays valid.
  func testPrintsStayOutOfTapAndJUnit() throws {
    let game = try makeGame([
      "main.lua": "print('from the game')",
      "tests/print_test.lua": """
        describe("talk", function()
          it("prints", function() print("<from the test>") tide.test.start{} assert.is_true(true) end)
        end)
        """,
      // A replay loads the game too, so it prints as well.
      "tests/replays/a.input": "0.5 tap 1 1\n",
    ])
    let tap = try tide(["test", game.path, "--format", "tap"])
    XCTAssertEqual(tap.status, 0, tap.stdout + tap.stderr)
    XCTAssertTrue(tap.stdout.hasPrefix("TAP version 13\n"), tap.stdout)
    XCTAssertFalse(tap.stdout.contains("from the"), tap.stdout)
    XCTAssertTrue(tap.stderr.contains("<from the test>"), tap.stderr)
    let junit = try tide(["test", game.path, "--format", "junit"])
    XCTAssertFalse(junit.stdout.contains("from the"), junit.stdout)
    XCTAssertNoThrow(try XMLDocument(xmlString: junit.stdout))
  }

  /// `tide test --watch` counts what `tide test` counts: Lua tests, replays and golden screens.
  func testWatchCountsReplaysLikeAPlainRun() throws {
    let game = try makeGame([
      "main.lua": "tide.sprite.text('hi', { name = 'label' })",
      "tests/a_test.lua": "describe('a', function() it('starts', function() tide.test.start{} end) end)",
      "tests/replays/a.input": "@expect 0.5 find{ name = 'label' }.text == 'bye'\n",
    ])
    let plain = try tide(["test", game.path])
    XCTAssertTrue(plain.stdout.contains(": 1 passed, 1 failed\n"), plain.stdout)
    let watched = try tide(["test", game.path, "--watch", "--watch-runs", "1"])
    XCTAssertEqual(watched.status, 1, watched.stdout + watched.stderr)
    let output = watched.stdout + watched.stderr
    XCTAssertTrue(output.contains(": 1 passed, 1 failed in "), output)
    XCTAssertTrue(output.contains("FAIL tests/replays/a.input: line 1 (@expect at tick 30): not true"), output)
  }

  func testShotIsDeterministic() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tide-shot-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let input = dir.appendingPathComponent("tap.input")
    try "0.5 tap 98 680\n".write(to: input, atomically: true, encoding: .utf8)
    var images: [Data] = []
    for name in ["a.png", "b.png"] {
      let out = dir.appendingPathComponent(name)
      let result = try tide(["shot", "rps", "--at", "1.5", "--seed", "3", "--input", input.path, "-o", out.path])
      XCTAssertEqual(result.status, 0, result.stderr)
      images.append(try Data(contentsOf: out))
    }
    XCTAssertGreaterThan(images[0].count, 1000)
    XCTAssertEqual(images[0], images[1], "same game, seed and input must give the same PNG")
  }

  /// `--seconds 1e300` and `--at inf` trapped converting seconds to ticks, and
  /// an input file with `inf tap 1 2` crashed `tide shot`; each is now a one-line error.
  func testOutOfRangeNumbersAreOneLineErrors() throws {
    let game = try makeGame(["main.lua": "tide.sprite.rect{ w = 10, h = 10 }\n"])
    let input = game.appendingPathComponent("bad.input")
    try "inf tap 1 2\n".write(to: input, atomically: true, encoding: .utf8)
    let cases: [([String], String)] = [
      (["run", game.path, "--headless", "--seconds", "1e300"], "--seconds must be a finite number from 0 to 100000, got 1e+300"),
      (["run", game.path, "--headless", "--seconds", "nan"], "--seconds must be a finite number from 0 to 100000, got nan"),
      (["shot", game.path, "--at", "inf", "-o", "/dev/null"], "--at must be a finite number from 0 to 100000, got inf"),
      (["shot", game.path, "--size", "1e308x1e308", "-o", "/dev/null"], "--size must look like 375x667"),
      (["run", game.path, "--headless", "--input", input.path], "line 1: the time must be a finite number from 0 to 100000, got inf"),
    ]
    for (arguments, message) in cases {
      let result = try tide(arguments)
      XCTAssertNotEqual(result.status, 0, arguments.joined(separator: " "))
      XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
      XCTAssertFalse(result.stderr.contains("Fatal error"), result.stderr)
    }
    let ok = try tide(["run", game.path, "--headless", "--seconds", "100"])
    XCTAssertEqual(ok.status, 0, ok.stderr)
  }

  /// Text and images flipped and scaled far off screen (every field in range,
  /// the world position three billion pixels away through a group's scale) overflowed SDL's
  /// software renderer in `tide shot` (valgrind: invalid writes under `NodeRenderer.drawTexture`).
  func testShotOfFarFlippedSpritesSucceeds() throws {
    let game = try makeGame([
      "main.lua": """
        local g = tide.sprite.group{ scale = 1e4 }
        tide.sprite.text("hi", { x = -3e5, scale = 0.0057, flip_y = true, parent = g })
        tide.sprite.text("hi", { x = -3e5, y = 0.001, scale = 0.0057, flip_x = true, flip_y = true, parent = g })
        local h = tide.sprite.group{ scale = 1e4, parent = g }
        tide.sprite.text("hi", { x = -1e6, scale = 57, flip_y = true, parent = h })
        tide.sprite.circle{ radius = 1e5, scale = 1e4, parent = h }
        tide.sprite.text("ok", { x = 20, y = 20 })
        """
    ])
    let out = game.appendingPathComponent("shot.png")
    let result = try tide(["shot", game.path, "-o", out.path])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertGreaterThan(try Data(contentsOf: out).count, 100)
  }
}

/// Running the built `tide` and making scratch games, for every CLI test class.
extension XCTestCase {
  struct CLIResult {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// Runs `tide` (`executable`: another copy of it); past `timeout` seconds it is killed, so a
  /// hang fails the test instead of CI.
  /// With `window`, the display is kept (the test runs under Xvfb) so `tide run` opens its window.
  func tide(
    _ arguments: [String], in directory: URL = CLITests.root, timeout: Double? = nil, executable: URL = CLITests.tideBinary,
    window: Bool = false, environment extra: [String: String] = [:]
  ) throws -> CLIResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.environment = tideEnvironment(window: window).merging(extra) { $1 }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    if let timeout {
      DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [process] in
        if process.isRunning { process.terminate() }
      }
    }
    // Standard error is read at the same time: read after standard output, a command that
    // wrote more than a pipe holds (64 KB of error logs) blocked, and so did the test, for good.
    let errors = PipeReader(err.fileHandleForReading)
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = errors.data()
    process.waitUntilExit()
    return CLIResult(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
  }

  /// The environment `tide` runs in: a scratch data folder, and a display only for a window.
  func tideEnvironment(window: Bool) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    // Saves and crash capsules of scratch games go to a scratch data folder, never the real one
    // (withDataHome picks a folder of its own for tests that look inside).
    if environment["XDG_DATA_HOME"] == nil {
      environment["XDG_DATA_HOME"] = FileManager.default.temporaryDirectory.appendingPathComponent("tide-cli-data").path
    }
    if window {
      environment["SDL_AUDIODRIVER"] = environment["SDL_AUDIODRIVER"] ?? "dummy"
    } else {
      environment["DISPLAY"] = nil
      environment["WAYLAND_DISPLAY"] = nil
    }
    return environment
  }

  /// Runs `body` with `XDG_DATA_HOME` (where saves and crash capsules go) pointing at a scratch
  /// folder, so a test never writes into the real data folder.
  func withDataHome<T>(_ body: (URL) throws -> T) throws -> T {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("tide-data-\(UUID().uuidString)")
    let old = ProcessInfo.processInfo.environment["XDG_DATA_HOME"]
    setenv("XDG_DATA_HOME", home.path, 1)
    defer {
      if let old { setenv("XDG_DATA_HOME", old, 1) } else { unsetenv("XDG_DATA_HOME") }
      try? FileManager.default.removeItem(at: home)
    }
    return try body(home)
  }

  /// A scratch game folder with the given files.
  func makeGame(_ files: [String: String]) throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tide-cli-\(UUID().uuidString)")
    for (path, text) in files {
      let url = dir.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    return dir
  }
}

/// Reads a pipe to its end on a thread of its own.
final class PipeReader: @unchecked Sendable {
  private var result = Data()
  private let finished = DispatchSemaphore(value: 0)

  init(_ handle: FileHandle) {
    Thread { [self] in
      result = handle.readDataToEndOfFile()
      finished.signal()
    }.start()
  }

  /// Everything read, once the writer closed its end.
  func data() -> Data {
    finished.wait()
    return result
  }
}
