import CLua
import CLuaBench
import Foundation
import LuaBridge
import TideCore
import TideSDL
import TideScript

/// One benchmark's figures: a name, the measured values and a verdict against its target.
public struct BenchmarkResult: Sendable {
  /// What was measured.
  public var name: String
  /// Rows of (label, value) in display order.
  public var figures: [(String, String)]
  /// The target, as stated in the issue.
  public var target: String
  /// Whether the target was met.
  public var met: Bool

  public init(name: String, figures: [(String, String)], target: String, met: Bool) {
    self.name = name
    self.figures = figures
    self.target = target
    self.met = met
  }

  /// As `tide bench` prints it (and `Scripts/bench` copies into BENCHMARKS.md): a heading, a
  /// table and the verdict.
  public var report: String {
    var lines = ["## \(name)", "| measure | value |", "| --- | --- |"]
    lines += figures.map { "| \($0.0) | \($0.1) |" }
    lines += ["", "Target: \(target) — \(met ? "met" : "missed")"]
    return lines.joined(separator: "\n")
  }
}

/// The engine-internal benchmarks behind `tide bench`; each compares against a baseline
/// measured in the same run, because the machines are shared and noisy.
public enum EngineBenchmarks {
  /// Wall-clock seconds `body` takes.
  public static func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  }

  /// The middle value (the upper one of an even count); 0 for none.
  public static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
  }

  /// Each case's best time over `rounds` rounds that take the cases in turn; each case returns
  /// the seconds one run of it took. Load on the shared machine only ever slows a run down, so
  /// the best is the least disturbed, and taking turns lets a burst of load hit every case alike.
  /// (`throws`, not `rethrows`: an array of closures is not a parameter `rethrows` can follow.)
  static func interleavedBest(rounds: Int, _ cases: [() throws -> Double]) throws -> [Double] {
    var best = [Double](repeating: .infinity, count: cases.count)
    for _ in 0..<rounds {
      for (index, time) in cases.enumerated() { best[index] = min(best[index], try time()) }
    }
    return best
  }

  /// A Lua→Swift call against a bare C function registered in the same state.
  public static func call(iterations: Int = 2_000_000) throws -> BenchmarkResult {
    let vm = LuaVM()
    vm.openSafeLibraries()
    let lua = vm.state
    lua.push { _ in 0 }
    lua.setGlobal("swift_noop")
    lua_pushcclosure(lua.L, tide_noop_cfunction, 0)
    lua.setGlobal("c_noop")
    let loop = "local f, n = ...; for i = 1, n do f() end"
    func run(_ name: String) throws -> Double {
      try lua.load(loop, chunkName: "=bench")
      _ = lua.getGlobal(name)
      lua.push(iterations)
      return try seconds { try lua.pcall(nargs: 2, nresults: 0) }
    }
    // Interleaved, best of seven each: a burst of load on the shared machine hits both alike.
    let bests = try interleavedBest(rounds: 7, [{ try run("c_noop") }, { try run("swift_noop") }])
    let c = bests[0]
    let swift = bests[1]
    let ratio = swift / c
    return BenchmarkResult(
      name: "Lua→Swift call",
      figures: [
        ("bare C function", String(format: "%.1f ns/call", c / Double(iterations) * 1e9)),
        ("Swift function via LuaBridge", String(format: "%.1f ns/call", swift / Double(iterations) * 1e9)),
        ("ratio", String(format: "%.2fx", ratio)),
      ],
      target: "at most 1.4x a bare C function", met: ratio <= 1.4)
  }

  /// 10,000 sprites moved by Lua each frame against the same logic on plain Lua tables and on
  /// userdata with bare C `__index`/`__newindex`, in two kinds: C fields (the userdata holds x and
  /// y, which its metamethods read and write, telling the keys apart by their first letter: the
  /// floor for fields served by metamethods) and dispatch alone (metamethods that ignore key and
  /// value: an `__index` answering 1 to every key and an `__newindex` that stores nothing).
  ///
  /// A sprite is a table whose `x` and `y` are plain fields (see `SpriteTables`), so the sprite
  /// case's frames are the Lua loop followed by what the engine does with the positions once a
  /// frame: take every one of them before drawing. That case is checked against both targets.
  /// Further sprite cases move the same sprites through `rotation` and `alpha`, then `scale_x`
  /// and `scale_y`, then `w` and `h`, then the uniform `scale` and `rotation`, which a sprite's
  /// table holds once a script has written them (C serves them until then), with the engine
  /// taking every field the tables hold each frame: what a spinning, fading, pulsing or
  /// stretching sprite costs, against the same floor. A last
  /// case moves them through `anchor_x` and `anchor_y`, which the metatable serves in C: what
  /// every other field costs.
  ///
  /// The per-frame figures time the moves alone: each case's items are made before and removed
  /// after the timed frames, and that setup is shown on its own row. Making a sprite is a call
  /// into Swift that builds a scene node, and removing 10,000 in order shifts the parent's child
  /// list each time, so counting them in the frames charged the field path with work it never
  /// does (about a quarter of the sprite case's time, against a floor whose proxies cost nothing
  /// to make).
  public static func sprites(
    count: Int = 10_000, frames: Int = Int(ProcessInfo.processInfo.environment["TIDE_BENCH_SPRITES_FRAMES"] ?? "") ?? 120
  ) throws -> BenchmarkResult {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tide-bench-sprites-\(getpid())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    try "return { scene = \"bench\" }".write(to: dir.appendingPathComponent("conf.lua"), atomically: true, encoding: .utf8)
    try """
      local n = \(count)
      -- The same update for every case: a bounce in a 1280x720 box, over two fields of each item.
      local function mover(kx, ky)
        return function(items, vel)
          for i = 1, #items do
            local s, v = items[i], vel[i]
            local x, y = s[kx] + v.vx, s[ky] + v.vy
            if x < 0 or x > 1280 then v.vx = -v.vx end
            if y < 0 or y > 720 then v.vy = -v.vy end
            s[kx], s[ky] = x, y
          end
        end
      end
      local moves = {
        sprites = mover("x", "y"), sprites_other = mover("rotation", "alpha"),
        sprites_scale = mover("scale_x", "scale_y"), sprites_box = mover("w", "h"),
        sprites_pulse = mover("scale", "rotation"), sprites_anchor = mover("anchor_x", "anchor_y"),
      }
      local function velocities()
        local vel = {}
        for i = 1, n do vel[i] = { vx = (i % 7) - 3, vy = (i % 5) - 2 } end
        return vel
      end
      local function sprites()
        local items = {}
        for i = 1, n do
          items[i] = tide.sprite.rect{ x = i % 1280, y = i % 720, rotation = i % 1280, alpha = i % 720, w = 4, h = 4 }
        end
        return items, velocities(), function() for i = 1, n do items[i]:remove() end end
      end
      -- Each case makes its items and returns them, their velocities and how to remove them.
      local cases = {
        tables = function()
          local items = {}
          for i = 1, n do items[i] = { x = i % 1280, y = i % 720 } end
          return items, velocities(), function() end
        end,
        c_userdata = function(new_proxy)
          local items = {}
          for i = 1, n do items[i] = new_proxy() end
          return items, velocities(), function() end
        end,
        c_fields = function(new_proxy)
          local items = {}
          for i = 1, n do items[i] = new_proxy(i % 1280, i % 720) end
          return items, velocities(), function() end
        end,
        sprites = sprites,
        sprites_other = sprites,
        sprites_scale = sprites,
        sprites_box = sprites,
        sprites_pulse = sprites,
        sprites_anchor = sprites,
      }
      local items, vel, remove, move
      tide.bench = {
        make = function(which, new_proxy)
          items, vel, remove = cases[which](new_proxy)
          move = moves[which] or moves.sprites
        end,
        frame = function() move(items, vel) end,
        remove = function() remove(); items, vel, remove = nil, nil, nil end,
      }
      tide.scene.define("bench", {})
      """.write(to: dir.appendingPathComponent("main.lua"), atomically: true, encoding: .utf8)
    // For an instruction count (callgrind), `TIDE_BENCH_SPRITES_ONLY=c_fields,sprites_other`
    // runs only those cases, once each (the rest read as 0), with no watchdog to trip at
    // valgrind's pace.
    let only = ProcessInfo.processInfo.environment["TIDE_BENCH_SPRITES_ONLY"].map { $0.split(separator: ",").map(String.init) }
    var options = EngineOptions()
    options.instructionBudget = 0
    if only != nil { options.watchdogSeconds = 0 }
    let engine = try Engine(gameDirectory: dir, displayPath: "bench", backend: HeadlessBackend.withGameFonts(), options: options)
    try engine.start()
    engine.vm.instructionBudget = 0
    let lua = engine.lua
    // The floors for any engine that serves fields through metamethods: __index/__newindex in bare C.
    let newProxy = floorUserdata(lua, index: tide_bench_index, newindex: tide_noop_cfunction, holdsXY: false)
    let newFields = floorUserdata(lua, index: tide_bench_xy_index, newindex: tide_bench_xy_newindex, holdsXY: true)
    func call(_ step: String, _ push: () -> Void = {}) throws -> Double {
      try lua.load("local step = ...; tide.bench[step](select(2, ...))", chunkName: "=bench")
      lua.push(step)
      push()
      let nargs = lua.top - 2  // the chunk and the step's name sit below the arguments
      return try seconds { try lua.pcall(nargs: Int32(nargs) + 1, nresults: 0) }
    }
    try lua.load("return tide.bench.frame", chunkName: "=bench")
    try lua.pcall(nargs: 0, nresults: 1)
    let frame = lua.ref(at: -1)
    lua.pop()
    /// One round of a case: (the timed frames, making and removing the items).
    func round(_ name: String) throws -> (frames: Double, setup: Double) {
      let made = try call("make") { lua.push(name); lua.push(name == "c_fields" ? newFields : newProxy) }
      // The engine takes every held sprite's raw fields before it draws, those held once written too.
      let drawn = name.hasPrefix("sprites")
      let moved = try seconds {
        for _ in 0..<frames {
          lua.push(frame)
          try lua.pcall(nargs: 0, nresults: 0)
          if drawn { engine.spriteTables.pullAllToDraw() }
        }
      }
      let removed = try call("remove")
      return (moved, made + removed)
    }
    // Rounds take the cases in turn and each keeps its best frames; a round's setup keeps its
    // best beside it, since the helper follows one time a case.
    let names = [
      "tables", "c_userdata", "c_fields", "sprites", "sprites_other", "sprites_scale", "sprites_box", "sprites_pulse",
      "sprites_anchor",
    ]
    var bestSetup = [Double](repeating: .infinity, count: names.count)
    let bestFrames = try interleavedBest(rounds: only == nil ? 5 : 1, names.indices.map { index in
      {
        if let only, !only.contains(names[index]) { return 0 }
        let timed = try round(names[index])
        bestSetup[index] = min(bestSetup[index], timed.setup)
        return timed.frames
      }
    })
    func best(_ index: Int) -> (frames: Double, setup: Double) { (bestFrames[index], bestSetup[index]) }
    let tables = best(0), dispatch = best(1), floor = best(2), sprites = best(3), other = best(4)
    let scaled = best(5), boxed = best(6), pulsed = best(7), anchored = best(8)
    let ratio = sprites.frames / tables.frames
    let ratioToFloor = sprites.frames / floor.frames
    let otherToFloor = other.frames / floor.frames
    func perFrame(_ t: Double) -> String { String(format: "%.2f ms/frame", t / Double(frames) * 1000) }
    // Every field a game writes is held to the floor, not x and y alone.
    let cases = [
      ("x/y", sprites), ("rotation/alpha", other), ("scale_x/scale_y", scaled), ("w/h", boxed),
      ("scale/rotation", pulsed), ("anchor_x/anchor_y", anchored),
    ]
    let over = cases.filter { $0.1.frames / floor.frames > 1.25 }.map {
      $0.0 + String(format: " %.2fx", $0.1.frames / floor.frames)
    }
    return BenchmarkResult(
      name: "10,000 sprites moved by Lua",
      figures: [
        ("plain Lua tables", perFrame(tables.frames)),
        ("userdata with bare C __index/__newindex, C fields: x and y stored and read (the floor for served fields)",
         perFrame(floor.frames) + String(format: " (%.2fx tables)", floor.frames / tables.frames)),
        ("userdata with bare C __index/__newindex, dispatch alone: nothing stored or read",
         perFrame(dispatch.frames) + String(format: " (%.2fx tables)", dispatch.frames / tables.frames)),
        ("Tide sprites, x and y (plain fields of the sprite's table), and the engine taking every position each frame",
         perFrame(sprites.frames) + String(format: " (%.2fx tables, %.2fx the C-fields floor)", ratio, ratioToFloor)),
        ("Tide sprites, rotation and alpha (plain fields once written), and the engine taking every sprite's fields each frame",
         perFrame(other.frames) + String(format: " (%.2fx the C-fields floor)", otherToFloor)),
        ("Tide sprites, scale_x and scale_y (plain fields once written), and the engine taking every sprite's fields each frame",
         perFrame(scaled.frames) + String(format: " (%.2fx the C-fields floor)", scaled.frames / floor.frames)),
        ("Tide sprites, w and h (plain fields once written), and the engine taking every sprite's fields each frame",
         perFrame(boxed.frames) + String(format: " (%.2fx the C-fields floor)", boxed.frames / floor.frames)),
        ("Tide sprites, scale and rotation (plain fields once written), and the engine taking every sprite's fields each frame",
         perFrame(pulsed.frames) + String(format: " (%.2fx the C-fields floor)", pulsed.frames / floor.frames)),
        ("Tide sprites, anchor_x and anchor_y (served by the metatable in C), and the engine taking every sprite's fields each frame",
         perFrame(anchored.frames) + String(format: " (%.2fx the C-fields floor)", anchored.frames / floor.frames)),
        ("making and removing the 10,000 (tables / C fields / sprites; not in the frames)",
         String(format: "%.1f / %.1f / %.1f ms", tables.setup * 1000, floor.setup * 1000, sprites.setup * 1000)),
      ],
      target: "x and y at most 2x plain Lua tables; every case at most 1.25x the C-fields floor"
        + (over.isEmpty ? "" : " (over it: " + over.joined(separator: ", ") + ")"),
      met: ratio <= 2 && over.isEmpty)
  }

  /// A Lua function that makes benchmark-floor userdata: a metatable of the bare C `index` and
  /// `newindex`, and with `holdsXY` two doubles set from the call's arguments `(x, y)`, the
  /// layout `tide_bench_xy_index`/`tide_bench_xy_newindex` serve.
  static func floorUserdata(_ lua: LuaState, index: lua_CFunction, newindex: lua_CFunction, holdsXY: Bool) -> LuaFunction {
    lua.newTable()
    lua_pushcclosure(lua.L, index, 0)
    lua.rawSet(-2, key: "__index")
    lua_pushcclosure(lua.L, newindex, 0)
    lua.rawSet(-2, key: "__newindex")
    let metatable = lua.ref(at: -1)
    lua.pop()
    return { lua in
      let memory = lua_newuserdatauv(lua.L, 2 * MemoryLayout<Double>.size, 0)
      if holdsXY, let xy = memory?.assumingMemoryBound(to: Double.self) {
        xy[0] = lua_tonumberx(lua.L, 1, nil)
        xy[1] = lua_tonumberx(lua.L, 2, nil)
      }
      lua.push(metatable)
      lua.setMetatable(-2)
      return 1
    }
  }

  /// 100,000 running tweens stepped one frame at a time.
  public static func tweens(count: Int = 100_000, frames: Int = 60) -> BenchmarkResult {
    let graph = SceneGraph()
    let system = TweenSystem()
    for i in 0..<count {
      let node = graph.makeNode(.rect)
      graph.root.add(node)
      system.tween([TweenTrack(node: node, property: .x, to: Double(i % 1000))], duration: 100, easing: .outQuad)
    }
    var worst = 0.0
    var total = 0.0
    for _ in 0..<frames {
      let t = seconds { system.update(1.0 / 60) }
      worst = max(worst, t)
      total += t
    }
    let mean = total / Double(frames)
    return BenchmarkResult(
      name: "100,000 running tweens",
      figures: [
        ("mean step", String(format: "%.2f ms", mean * 1000)),
        ("slowest step", String(format: "%.2f ms", worst * 1000)),
      ],
      target: "at most 3 ms a frame", met: mean <= 0.003)
  }
}
