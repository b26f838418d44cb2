import Foundation
import TideCore
import TideScript
import TideDocs
import TideTesting
import XCTest

/// Bots (`tide run --input-bot`, docs/bots.md): they act through the test `App`, draw from their
/// own random stream, cannot take the host down, and the summary sums up what games report.
final class BotRunnerTests: XCTestCase {
  /// Reports the game's first three draws of `tide.random.int(1, 100)`, made at 0.5, 1 and 1.5 s
  /// whatever the bot does, and how many taps the full-screen pad got.
  static let game = """
    local draws, taps = {}, 0
    local pad = tide.sprite.rect{ name = "pad", x = 0, y = 0, w = 390, h = 844 }
    pad:on("tap", function() taps = taps + 1; tide.report{ taps = taps } end)
    tide.every(0.5, function(n)
      draws[n] = tide.random.int(1, 100)
      if n == 3 then tide.report{ first = draws[1], second = draws[2], third = draws[3] } end
    end, 3)
    """

  private func run(_ fixture: GameFixture, seed: UInt64, bot: String?, seconds: Double? = 2, capsules: URL? = nil) -> RunResult {
    var options = fixture.options(seed: seed)
    options.saveDirectory = nil
    return BotRunner.run(
      game: fixture.directory, displayPath: fixture.displayPath, options: options,
      bot: bot.map { BotFile(source: $0, displayPath: "bot.lua") }, seconds: seconds, capsules: capsules)
  }

  func testReportsAreTheGamesOwnDrawsWhateverTheBotDraws() throws {
    let fixture = try GameFixture(main: Self.game)
    let greedy = """
      return { every = 0.1, act = function(app, random)
        for _ = 1, 50 do random.int(1, 100); random.float(); random.pick({ 1, 2, 3 }) end
        app:tap(app:find{ name = "pad" })
      end }
      """
    for seed: UInt64 in [1, 2, 99] {
      var expected = TideRandom(seed: seed)
      let draws = (0..<3).map { _ in Double(expected.int(1...100)) }
      let alone = run(fixture, seed: seed, bot: nil)
      let botted = run(fixture, seed: seed, bot: greedy)
      XCTAssertEqual(alone.failures, [])
      XCTAssertEqual(botted.failures, [])
      XCTAssertEqual(alone.reports, ["first": draws[0], "second": draws[1], "third": draws[2]])
      // Acts at 0, 0.1, ... 1.9 s: twenty taps in two seconds.
      XCTAssertEqual(botted.reports, ["first": draws[0], "second": draws[1], "third": draws[2], "taps": 20])
      XCTAssertEqual(botted.ticks, 120)
    }
  }

  func testTheBotsOwnStreamIsSeededByTheRun() throws {
    let fixture = try GameFixture(main: Self.game)
    // The bot taps 1 to 5 times in its one act, as its random says.
    let bot = """
      return { every = 100, act = function(app, random)
        for _ = 1, random.int(1, 5) do app:tap(app:find{ name = "pad" }) end
      end }
      """
    let taps = (1...12).map { run(fixture, seed: $0, bot: bot).reports["taps"] ?? 0 }
    XCTAssertEqual(taps, (1...12).map { run(fixture, seed: $0, bot: bot).reports["taps"] ?? 0 })
    XCTAssertGreaterThan(Set(taps).count, 1, "\(taps)")
    XCTAssertTrue(taps.allSatisfy { (1...5).contains($0) }, "\(taps)")
  }

  func testDoneEndsTheRunEarly() throws {
    let fixture = try GameFixture(main: Self.game)
    let bot = """
      return { every = 0.25, seconds = 30, done = function(app) return #app:find_all{ name = "pad" } == 0 or app:time() >= 1 end,
        act = function(app) app:tap(app:find{ name = "pad" }) end }
      """
    let result = run(fixture, seed: 1, bot: bot, seconds: nil)
    XCTAssertEqual(result.ticks, 60)
    XCTAssertEqual(result.reports["taps"], 4)
    // Without --seconds and without done, the bot's own `seconds` is the length.
    let long = run(fixture, seed: 1, bot: "return { every = 1, seconds = 3, act = function() end }", seconds: nil)
    XCTAssertEqual(long.ticks, 180)
  }

  func testABotCannotTakeTheHostDown() throws {
    let fixture = try GameFixture(main: Self.game)
    let cases: [(String, String)] = [
      ("return { act = function() while true do end end }", "instruction budget exceeded"),
      ("return { act = function(app) app:tap({ x = 1 }) end }", "point needs x and y"),
      ("return { act = function() return tide.random.int(1, 2) end }", "attempt to index a nil value (global 'tide')"),
      ("return { act = function() require('main') end }", "attempt to call a nil value (global 'require')"),
      // load compiles into the bot's environment unless told another, so it cannot reach the game's.
      ("return { act = function() load('return tide.random.int(1, 2)')() end }", "attempt to index a nil value (global 'tide')"),
      ("return { act = function() load('return require')()('main') end }", "attempt to call a nil value"),
      ("return { act = function() error(load('return x', 'x', 't', { x = 'own env' })()) end }", "own env"),
      ("return 5", "bot.lua: a bot returns a table { every = , act = }, got number"),
      ("return { every = 1 }", "bot.lua: act must be a function (app, random), got nil"),
      ("return { act = print, every = 0 }", "bot.lua: every must be a number of seconds from 1/60 to 3600, got 0"),
      // tostring(0/0) is "-nan" here: a message says nan.
      ("return { act = print, every = 0/0 }", "bot.lua: every must be a number of seconds from 1/60 to 3600, got nan"),
      ("return { act = print, seconds = 0/0 }", "bot.lua: seconds must be a number from 0 to 1e5, got nan"),
      ("return { act = print, done = 3 }", "bot.lua: done must be a function (app, random), got number"),
      ("return { act = print, seconds = -1 }", "bot.lua: seconds must be a number from 0 to 1e5, got -1"),
      ("return { act = print, evry = 1 }", "bot.lua: unknown field 'evry' (a bot has act, every, done, seconds)"),
      ("return {", "bot.lua:1: unexpected symbol near <eof>"),
    ]
    for (source, message) in cases {
      let result = run(fixture, seed: 4, bot: source)
      XCTAssertEqual(result.failures.count, 1, source)
      XCTAssertEqual(result.failures.first?.kind, "bot", source)
      XCTAssertTrue(result.failures.first?.message.contains(message) ?? false, "\(source): \(result.failures)")
    }
  }

  /// pairs() order differs between Lua states: with two unknown fields the message named either,
  /// run to run. It names the first by name, in every fresh engine.
  func testTwoUnknownFieldsNameTheFirstByNameEveryRun() throws {
    let fixture = try GameFixture(main: Self.game)
    let source = "return { act = print, zeta = 1, alpha = 2, mid = 3, omega = 4, beta = 5 }"
    for seed in 1...6 {
      let result = run(fixture, seed: UInt64(seed), bot: source)
      XCTAssertEqual(
        result.failures.map(\.message), ["bot.lua: unknown field 'alpha' (a bot has act, every, done, seconds)"], "seed \(seed)")
    }
  }

  /// `tide check` lints `bots/` with `Engine.botGlobals`: they must be what a bot really sees,
  /// each library table with its fields, or lint and run disagree (a `tide.` in a bot passed).
  func testTheBotLintStandardIsWhatABotSees() throws {
    let fixture = try GameFixture(main: Self.game)
    let bot = """
      return { act = function()
        local names = {}
        for name, value in pairs(_ENV) do
          names[#names + 1] = name
          if type(value) == "table" and name ~= "_G" then
            for field in pairs(value) do names[#names + 1] = name .. "." .. field end
          end
        end
        table.sort(names)
        error(table.concat(names, " "), 0)
      end }
      """
    let result = run(fixture, seed: 1, bot: bot)
    let seen = try XCTUnwrap(result.failures.first?.message).split(separator: " ").map(String.init)
    let standard = Engine.botGlobals.children.keys.flatMap { name -> [String] in
      [name] + (Engine.botGlobals.children[name]?.children.keys.map { name + "." + $0 } ?? [])
    }
    XCTAssertEqual(seen, standard.sorted())
    XCTAssertFalse(seen.contains("tide"))
    XCTAssertFalse(seen.contains("require"))
  }

  func testScriptErrorsAreCollectedWithCapsules() throws {
    let fixture = try GameFixture(main: "tide.after(0.5, function() error('half a second') end)\ntide.after(1, function() error('one second') end)")
    let capsules = fixture.root.appendingPathComponent("crashes")
    let result = run(fixture, seed: 8, bot: nil, seconds: 2, capsules: capsules)
    XCTAssertEqual(result.failures.map(\.kind), ["script", "script"])
    XCTAssertEqual(result.failures.map(\.message), ["game/main.lua:1: half a second", "game/main.lua:2: one second"])
    XCTAssertEqual(result.failures.map(\.tick), [30, 60])
    XCTAssertEqual(result.failures.map(\.capsule), [
      capsules.appendingPathComponent("seed-8.input").path, capsules.appendingPathComponent("seed-8-2.input").path,
    ])
    let text = try String(contentsOf: capsules.appendingPathComponent("seed-8.input"), encoding: .utf8)
    XCTAssertTrue(text.contains("@seed 8"), text)
    XCTAssertTrue(text.contains("half a second"), text)
  }

  func testAnErrorIsReportedEvenWhenItsCapsuleCannotBeWritten() throws {
    let fixture = try GameFixture(main: "tide.after(0.5, function() error('no room') end)")
    // A folder inside a file cannot be made.
    let capsules = fixture.directory.appendingPathComponent("main.lua/crashes")
    let result = run(fixture, seed: 2, bot: nil, seconds: 1, capsules: capsules)
    XCTAssertEqual(result.failures, [.init(kind: "script", message: "game/main.lua:1: no room", tick: 30, capsule: nil)])
  }

  /// A game whose error names the tick made a thousand distinct errors a run, each with a
  /// capsule: a few hundred runs took gigabytes of memory and disk. Ten are listed, the rest counted.
  func testAnErrorEveryFrameListsTheFirstTenAndCountsTheRest() throws {
    let fixture = try GameFixture(main: "local n = 0\ntide.every(1 / 60, function() n = n + 1; error('tick ' .. n) end)")
    let capsules = fixture.root.appendingPathComponent("crashes")
    let result = run(fixture, seed: 5, bot: nil, seconds: 1, capsules: capsules)
    XCTAssertEqual(result.failures.map(\.message), (1...10).map { "game/main.lua:2: tick \($0)" })
    XCTAssertEqual(result.moreFailures, 50)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: capsules.path).count, 10)
    let text = RunSummary(results: [result]).text(header: "game") { $0 }
    XCTAssertTrue(text.hasSuffix("  and 50 more errors in 1 run (seed 5), past the first 10 of each run\n"), text)
  }

  /// Reports of -1.7e308 and 1.7e308 are finite, so tide.report takes them, but their span is
  /// not: the histogram's Int(NaN) took the whole summary down with a trap, and the mean was inf.
  func testTheSummaryOfReportsAtTheEdgesOfDouble() {
    let results = [
      RunResult(seed: 1, reports: ["big": -1.7e308]),
      RunResult(seed: 2, reports: ["big": 1.7e308]),
      RunResult(seed: 3, reports: ["big": 1.7e308]),
    ]
    let summary = RunSummary(results: results)
    let figure = summary.figures[0]
    XCTAssertEqual(figure.mean, 1.7e308 / 3, accuracy: 1e293)
    XCTAssertEqual(figure.bins.map(\.count), [1, 0, 0, 0, 0, 0, 0, 0, 0, 2])
    XCTAssertEqual(figure.bins.first?.label, "[-1.7e+308, -1.36e+308)")
    XCTAssertEqual(figure.bins.last?.label, "[1.36e+308, 1.7e+308]")
    let text = summary.text(header: "game") { $0 }
    XCTAssertFalse(text.contains("nan") || text.contains("inf"), text)
  }

  /// Each run may report other keys (one per seed): 5000 runs printed 5000 blocks of a dozen lines.
  func testTheSummaryShowsAtMostAHundredKeys() {
    let results = (1...5000).map { RunResult(seed: UInt64($0), reports: [String(format: "seed_%05d", $0): 1]) }
    let text = RunSummary(results: results).text(header: "game") { $0 }
    XCTAssertTrue(text.contains("\nseed_00100: 1 run, mean 1, min 1, max 1\n"), String(text.prefix(300)))
    XCTAssertFalse(text.contains("\nseed_00101: "))
    XCTAssertTrue(text.contains("\nand 4900 more keys (seed_00101..seed_05000), not shown: the first 100 keys are\n"))
    XCTAssertLessThan(text.split(separator: "\n").count, 500)
  }

  func testTheSummaryOfKnownResults() {
    let results = [
      RunResult(seed: 3, reports: ["score": 10, "time": 0.5]),
      RunResult(seed: 1, reports: ["score": 30]),
      RunResult(seed: 2, reports: ["score": 20, "time": 2.5]),
      RunResult(seed: 4, failures: [.init(kind: "script", message: "main.lua:1: boom", tick: 7, capsule: "/c/seed-4.input")]),
    ]
    let summary = RunSummary(results: results)
    XCTAssertEqual(summary.results.map(\.seed), [1, 2, 3, 4])
    XCTAssertEqual(summary.figures.map(\.key), ["score", "time"])
    XCTAssertEqual(summary.figures[0].count, 3)
    XCTAssertEqual(summary.figures[0].mean, 20)
    XCTAssertEqual(summary.figures[0].min, 10)
    XCTAssertEqual(summary.figures[0].max, 30)
    XCTAssertEqual(summary.figures[1].mean, 1.5)
    XCTAssertEqual(summary.failedRuns, 1)
    let text = summary.text(header: "game: 4 runs") { "replay \($0)" }
    XCTAssertEqual(text, """
      game: 4 runs
      1 of 4 runs reported nothing

      score: 3 runs, mean 20, min 10, max 30
        [10, 12) ██████████████████████████████ 1
        [12, 14)  0
        [14, 16)  0
        [16, 18)  0
        [18, 20)  0
        [20, 22) ██████████████████████████████ 1
        [22, 24)  0
        [24, 26)  0
        [26, 28)  0
        [28, 30] ██████████████████████████████ 1

      time: 2 runs, mean 1.5, min 0.5, max 2.5
        [0.5, 0.7) ██████████████████████████████ 1
        [0.7, 0.9)  0
        [0.9, 1.1)  0
        [1.1, 1.3)  0
        [1.3, 1.5)  0
        [1.5, 1.7)  0
        [1.7, 1.9)  0
        [1.9, 2.1)  0
        [2.1, 2.3)  0
        [2.3, 2.5] ██████████████████████████████ 1

      1 of 4 runs had errors:
        script error: main.lua:1: boom
          in 1 run (seed 4)
          seed 4, tick 7: replay /c/seed-4.input

      """)
    // Whole numbers a few apart get a bar each; the longest bar is the most common value.
    let dice = RunSummary(results: [1, 2, 2, 2, 4, 4].enumerated().map { RunResult(seed: UInt64($0.offset), reports: ["d": Double($0.element)]) })
    XCTAssertEqual(dice.figures[0].bins.map(\.label), ["1", "2", "3", "4"])
    XCTAssertEqual(dice.figures[0].bins.map(\.count), [1, 3, 0, 2])
    XCTAssertTrue(dice.text(header: "") { $0 }.contains("  2 ██████████████████████████████ 3\n  3  0\n  4 ████████████████████ 2\n"))
  }
}
