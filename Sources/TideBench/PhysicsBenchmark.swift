import CLuaBench
import Foundation
import TideCore
import TideSDL
import TideScript

extension EngineBenchmarks {
  /// 1,000 circles settling in a box, stepped by the engine against the same world stepped by
  /// C on Chipmunk directly (`Sources/CLuaBench/physics.c`), in the same process and run.
  ///
  /// Each round builds both worlds afresh (a settled world costs less to step) and times only
  /// the steps: for Tide a whole engine tick (input, timers, the scene's update, the world's
  /// step with every sprite synced both ways, contacts handed out, the scene graph). The
  /// bodies' final heights are summed on both sides, to show they are the same world.
  public static func physics(game: URL, displayPath: String, bodies: Int = 1000, ticks: Int = 300, rounds: Int = 5) throws -> BenchmarkResult {
    var options = EngineOptions()
    options.logErrors = false
    options.options = ["bodies": String(bodies)]
    options.saveDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("tide-bench-\(getpid())")
    var tideSum = 0.0
    var cSum = 0.0
    func tideRound() throws -> Double {
      let engine = try Engine(gameDirectory: game, displayPath: displayPath, backend: HeadlessBackend(), options: options)
      try engine.start()
      guard engine.scene.nodeCount >= bodies else {
        throw BenchmarkError("\(displayPath) made \(engine.scene.nodeCount) sprites, expected \(bodies)")
      }
      let time = seconds { for _ in 0..<ticks { engine.step() } }
      var sum = 0.0
      engine.scene.root.forEachInSubtree { node in if node.kind == .circle { sum += node.y } }
      tideSum = sum
      if let error = engine.errors.overlay { throw BenchmarkError("\(displayPath): \(error.message)") }
      return time
    }
    func cRound() -> Double {
      tide_bench_physics(Int32(bodies), Int32(ticks), &cSum)
    }
    _ = try tideRound()
    _ = cRound()
    let bests = try interleavedBest(rounds: rounds, [{ cRound() }, { try tideRound() }])
    let ratio = bests[1] / bests[0]
    func perTick(_ t: Double) -> String { String(format: "%.3f ms/tick", t / Double(ticks) * 1000) }
    return BenchmarkResult(
      name: "\(bodies) dynamic bodies settling in a box, \(ticks) ticks (best of \(rounds))",
      figures: [
        ("C on Chipmunk directly", perTick(bests[0])),
        ("Tide (whole engine tick)", perTick(bests[1])),
        ("ratio", String(format: "%.2f×", ratio)),
        ("sum of final y, C / Tide", String(format: "%.6f / %.6f", cSum, tideSum)),
        ("headless, real time", String(format: "%.0f× (ticks of 1/60 s)", Double(ticks) / 60 / bests[1])),
      ],
      target: "at most 1.2× the C program", met: ratio <= 1.2)
  }
}
