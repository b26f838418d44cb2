import Foundation

extension EngineBenchmarks {
  /// A game played by its bot for 60 virtual seconds, seed after seed, against real time: play,
  /// not an idle first screen. Each timing is a whole run as `tide run --runs` plays it (a fresh
  /// engine, the game loaded, 60 s of bot and game), so it is what many runs cost per game.
  public static func play(game: URL, displayPath: String, bot: BotFile, seeds: Int = 12) throws -> BenchmarkResult {
    var times: [Double] = []
    var cpuTimes: [Double] = []
    var ticks = 0
    for seed in 1...UInt64(seeds) {
      var options = EngineOptions()
      options.seed = seed
      var result: RunResult?
      let cpu = cpuSeconds()
      times.append(seconds {
        result = BotRunner.run(game: game, displayPath: displayPath, options: options, bot: bot, seconds: 60, capsules: nil)
      })
      cpuTimes.append(cpuSeconds() - cpu)
      guard let result, result.failures.isEmpty else {
        throw BenchmarkError("seed \(seed) failed: \(result?.failures.first?.message ?? "no result")")
      }
      ticks += result.ticks
    }
    let sorted = times.sorted()
    let median = sorted[sorted.count / 2]
    let best = sorted[0]
    let speed = 60 / median
    let cpuMedian = cpuTimes.sorted()[cpuTimes.count / 2]
    return BenchmarkResult(
      name: "play: \(displayPath) with \(bot.displayPath), 60 virtual s",
      figures: [
        ("games", "\(seeds) (seeds 1..\(seeds)), \(ticks / seeds) ticks each"),
        ("one game, median", String(format: "60 s in %.1f ms = %.0fx real time", median * 1000, speed)),
        ("one game, best", String(format: "60 s in %.1f ms = %.0fx real time", best * 1000, 60 / best)),
        // CPU time is what the game cost this process; on a shared machine wall time adds others' load.
        ("one game, median CPU time", String(format: "%.1f ms = %.0fx real time on an idle core", cpuMedian * 1000, 60 / cpuMedian)),
      ],
      target: "at least 2000x real time (issue 18), on the median", met: speed >= 2000)
  }
}

/// CPU seconds this process has used.
func cpuSeconds() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
  return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// A benchmark that could not run as set up.
public struct BenchmarkError: Error, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}
