import CLua
import CLuaBench
import Foundation
import LuaBridge
import TideCore
import TideSDL
import TideScript

extension EngineBenchmarks {
  /// The headless bunnymark against the same update over plain Lua tables.
  ///
  /// The bunnymark's tick is `Benchmarks/tide-bunnymark/move.lua`; the baseline runs that very
  /// file over plain `{ x, y }` tables in a bare Lua state (Debian's liblua5.4 as the engine
  /// loads it, no engine, no hooks: what `lua5.4` itself would do), in the same process and run.
  /// A whole engine tick is timed for Tide (input, timers, tweens, the scene's update, the scene
  /// graph, the end-of-tick check of positions scripts wrote), so anything the engine does per
  /// tick counts against it. Further rows: the baseline inside the engine's own Lua state (what
  /// the state itself costs); the same loop over userdata whose fields bare C metamethods serve
  /// (the least a sprite could cost before sprites were tables); and what a window adds to each
  /// tick before it draws: taking every bunny's position from its table; and the whole tick
  /// with ten fingers held down and moving every tick, which must cost next to nothing more.
  public static func headlessBunnymark(game: URL, displayPath: String, bunnies: Int = 2000, ticks: Int = 300, rounds: Int = 7) throws -> BenchmarkResult {
    let moveSource = try String(contentsOf: game.appendingPathComponent("move.lua"), encoding: .utf8)
    var options = EngineOptions()
    options.logErrors = false
    // A warm-up longer than any run keeps the bunnymark's once-a-second fps lines quiet.
    options.options = ["bunnies": String(bunnies), "warmup": "1e9"]
    options.saveDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("tide-bench-\(getpid())")
    let engine = try Engine(gameDirectory: game, displayPath: displayPath, backend: HeadlessBackend.withGameFonts(), options: options)
    try engine.start()
    guard engine.scene.nodeCount >= bunnies else {
      throw BenchmarkError("\(displayPath) made \(engine.scene.nodeCount) sprites, expected \(bunnies)")
    }

    let bare = LuaVM()
    bare.openSafeLibraries()
    let bareTables = try plainTablesRunner(bare.state, moveSource: moveSource, bunnies: bunnies)
    let engineTables = try plainTablesRunner(engine.lua, moveSource: moveSource, bunnies: bunnies)
    let bareUserdata = try plainTablesRunner(
      bare.state, moveSource: moveSource, bunnies: bunnies,
      newBunny: floorUserdata(bare.state, index: tide_bench_xy_index, newindex: tide_bench_xy_newindex, holdsXY: true))
    func run(_ runner: LuaRef, on lua: LuaState) throws {
      lua.push(runner)
      lua.push(ticks)
      try lua.pcall(nargs: 1, nresults: 0)
    }

    // Warm up every case once, then interleave rounds and keep each one's best: load on the
    // shared machine only slows a run down, and bursts hit all cases alike.
    for _ in 0..<ticks { engine.step() }
    try run(bareTables, on: bare.state)
    try run(engineTables, on: engine.lua)
    try run(bareUserdata, on: bare.state)
    // Ten fingers down on the screen; each tick moves every one a little, as a class of
    // children sliding their fingers would.
    let fingers = (1...10).map { PointerID.finger($0) }
    for (i, id) in fingers.enumerated() { engine.enqueue(.pointerDown(Vec2(x: Double(20 + 30 * i), y: 400), pointer: id)) }
    engine.step()
    var fingerTick = 0
    let bests = try interleavedBest(rounds: rounds, [
      { try seconds { try run(bareTables, on: bare.state) } },
      { try seconds { try run(engineTables, on: engine.lua) } },
      { try seconds { try run(bareUserdata, on: bare.state) } },
      { seconds { for _ in 0..<ticks { engine.step() } } },
      {
        seconds {
          for _ in 0..<ticks {
            engine.step()
            engine.spriteTables.pullAllToDraw()
          }
        }
      },
      {
        seconds {
          for _ in 0..<ticks {
            fingerTick += 1
            let y = 400 + Double(fingerTick % 60)
            for (i, id) in fingers.enumerated() { engine.enqueue(.pointerMove(Vec2(x: Double(20 + 30 * i), y: y), pointer: id)) }
            engine.step()
          }
        }
      },
    ])
    let (tables, tablesInEngine, userdataFloor, sprites, drawn) = (bests[0], bests[1], bests[2], bests[3], bests[4])
    let withFingers = bests[5]
    guard engine.errors.failureCount == 0 else { throw BenchmarkError("\(displayPath) reported a script error while timed") }
    let perBunny = { (time: Double) in time / Double(ticks * bunnies) * 1e9 }
    let ratio = sprites / tables
    return BenchmarkResult(
      name: "headless bunnymark: \(bunnies) sprites moved by Lua each tick vs the same update on plain Lua tables",
      figures: [
        ("plain Lua tables, bare Lua state (the baseline)", String(format: "%.0f ns per bunny per tick", perBunny(tables))),
        ("plain Lua tables, in the engine's Lua state", String(format: "%.0f ns per bunny per tick (%.2fx the baseline)", perBunny(tablesInEngine), tablesInEngine / tables)),
        ("userdata with bare C `__index`/`__newindex`, bare Lua state (the least fields served by metamethods cost)", String(format: "%.0f ns per bunny per tick (%.2fx the baseline)", perBunny(userdataFloor), userdataFloor / tables)),
        ("Tide: a whole headless tick (`Engine.step`)", String(format: "%.0f ns per bunny per tick", perBunny(sprites))),
        ("ratio to the baseline", String(format: "%.2fx", ratio)),
        ("Tide in a window: each tick followed by taking every position to draw", String(format: "%.0f ns per bunny per tick (%.2fx the baseline)", perBunny(drawn), drawn / tables)),
        ("virtual time", String(format: "%.0fx real time (%.1f µs a tick)", (Double(ticks) / 60) / sprites, sprites / Double(ticks) * 1e6)),
        ("Tide: a whole headless tick with 10 fingers moving each tick", String(format: "%.0f ns per bunny per tick (%.3fx the tick without)", perBunny(withFingers), withFingers / sprites)),
      ],
      target: "a headless tick at most 1.3x the same update on plain Lua tables", met: ratio <= 1.3)
  }

  /// Loads `move.lua` into `lua` with `bunnies` seeded plain-table bunnies placed as the bunnymark
  /// places its sprites; returns a function `(ticks)` that moves them `ticks` times. With
  /// `newBunny`, each bunny is instead what that function makes from `(x, y)`.
  private static func plainTablesRunner(_ lua: LuaState, moveSource: String, bunnies: Int, newBunny: LuaFunction? = nil) throws -> LuaRef {
    try lua.load(
      """
      local move_source, n, new_bunny = ...
      new_bunny = new_bunny or function(x, y) return { x = x, y = y } end
      local move = assert(load(move_source, "=move.lua"))()
      local seed = 42
      local function rnd()
        seed = (seed * 16807) % 2147483647
        return seed / 2147483647
      end
      local bunnies, vxs, vys = {}, {}, {}
      for i = 1, n do
        bunnies[i] = new_bunny(rnd() * (1280 - 26), rnd() * (720 - 37))
        vxs[i] = rnd() * 10
        vys[i] = rnd() * 10 - 5
      end
      return function(ticks)
        for _ = 1, ticks do move(bunnies, vxs, vys, n, rnd) end
      end
      """, chunkName: "=bench")
    lua.push(moveSource)
    lua.push(bunnies)
    if let newBunny {
      lua.push(newBunny)
    } else {
      lua.pushNil()
    }
    try lua.pcall(nargs: 3, nresults: 1)
    let runner = lua.ref(at: -1)
    lua.pop()
    return runner
  }
}
