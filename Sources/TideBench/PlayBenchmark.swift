import Foundation
import TideScript
import TideTesting

extension EngineBenchmarks {
  /// A game played by its bot for 60 virtual seconds, seed after seed, against real time: play,
  /// not an idle first screen. Each timing is a whole run as `tide run --runs` plays it (a fresh
  /// engine, the game loaded, 60 s of bot and game), so it is what many runs cost per game.
  ///
  /// Every seed is played in `rounds` rounds that take the seeds in turn, and each seed keeps its
  /// best time: this machine is shared, and load from elsewhere only ever slows a game down (a
  /// single pass swung from 27 to 47 ms a game with nothing else of ours running). The target is
  /// checked on the median of those bests; the median of every game played is shown beside it.
  public static func play(game: URL, displayPath: String, bot: BotFile, seeds: Int = 12, rounds: Int = 3) throws -> BenchmarkResult {
    var bestCPU = [Double](repeating: .infinity, count: seeds)
    var all: [Double] = []
    var totalTicks = 0
    let best = try interleavedBest(rounds: rounds, (0..<seeds).map { index in
      {
        var options = EngineOptions()
        options.seed = UInt64(index + 1)
        var result: RunResult?
        let cpu = cpuSeconds()
        let time = seconds {
          result = BotRunner.run(game: game, displayPath: displayPath, options: options, bot: bot, seconds: 60, capsules: nil)
        }
        let cpuTime = cpuSeconds() - cpu
        guard let result, result.failures.isEmpty else {
          throw BenchmarkError("seed \(index + 1) failed: \(result?.failures.first?.message ?? "no result")")
        }
        bestCPU[index] = min(bestCPU[index], cpuTime)
        all.append(time)
        totalTicks += result.ticks
        return time
      }
    })
    let typical = median(best)
    let fastest = best.min() ?? .infinity
    let speed = 60 / typical
    let typicalOfAll = median(all)
    // Summed over every game: a game can end early (the bot may lose), so one game's count is not all's.
    let meanTicks = all.isEmpty ? 0 : Double(totalTicks) / Double(all.count)
    return BenchmarkResult(
      name: "play: \(displayPath) with \(bot.displayPath), 60 virtual s",
      figures: [
        ("games", "\(seeds) (seeds 1..\(seeds)), \(String(format: "%.0f", meanTicks)) ticks a game on average, each played \(rounds) times in turn"),
        ("one game, median of each seed's best", String(format: "60 s in %.1f ms = %.0fx real time", typical * 1000, speed)),
        ("one game, best", String(format: "60 s in %.1f ms = %.0fx real time", fastest * 1000, 60 / fastest)),
        ("one game, median of all \(all.count) games played", String(format: "60 s in %.1f ms = %.0fx real time", typicalOfAll * 1000, 60 / typicalOfAll)),
        // CPU time is what the game cost this process; on a shared machine wall time adds others' load.
        ("one game, median of each seed's best CPU time", String(format: "%.1f ms = %.0fx real time on an idle core", median(bestCPU) * 1000, 60 / median(bestCPU))),
      ],
      target: "at least 2000x real time, on the median of each seed's best", met: speed >= 2000)
  }
}

/// CPU seconds this process has used.
public func cpuSeconds() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
  return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// A benchmark that could not run as set up.
public struct BenchmarkError: Error, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}
