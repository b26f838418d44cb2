import Foundation
import LuaBridge
import TideCore

extension Engine {
  /// `tide.stats`, `tide.warn`: diagnostics from the host (frame counts, real time) and warnings. Real time differs from
  /// run to run, so a game must not let it steer play; use it for benchmarks and debug text.
  func installStatsAPI() {
    let m = module("tide")

    /// Frames presented, real seconds since start, ticks run and sprites in the scene.
    /// @return table: `{ frames = , real_time = , ticks = , sprites = }`
    /// @example local s = tide.stats(); print(s.frames / s.real_time .. " fps")
    m.function("stats") { [unowned self] lua in
      lua.newTable(nrec: 4)
      lua.push(framesPresented)
      lua.rawSet(-2, key: "frames")
      lua.push(Double(DispatchTime.now().uptimeNanoseconds - startedAt) / 1e9)
      lua.rawSet(-2, key: "real_time")
      lua.push(clock.tick)
      lua.rawSet(-2, key: "ticks")
      lua.push(scene.nodeCount)
      lua.rawSet(-2, key: "sprites")
      return 1
    }

    /// Game time: virtual seconds since the game started, counted in fixed ticks (1/60 s), so it is
    /// the same in the window, headless and in tests, never runs while the game is not stepped, and
    /// is kept by a hot reload. Use it, not `stats().real_time`, for anything that steers play.
    /// `tide.scene.time()` counts from when the current scene was entered.
    /// @return number: seconds
    /// @example clock.text = string.format("%.1f s", tide.time())
    m.function("time") { [unowned self] lua in
      lua.push(clock.time)
      return 1
    }

    /// Shows a warning: printed once, listed by `app:errors()` in tests; the game goes on.
    /// @param message string
    /// @example tide.warn("scores were damaged; started a fresh board")
    m.function("warn") { [unowned self] lua in
      errors.warn(try lua.checkString(1))
      return 0
    }
  }
}
