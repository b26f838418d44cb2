import Foundation
import LuaBridge
import TideCore

extension Stats {
  /// `tide.stats`, `tide.warn`: diagnostics from the host (frame counts, real time) and warnings. Real time differs from
  /// run to run, so a game must not let it steer play; use it for benchmarks and debug text.
  func install() {
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
      lua.push(graph.nodeCount)
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

    /// Reads a colour as sprites take it (`"#rrggbb"`, `"#rrggbbaa"`, `"#rgb"` or a name like
    /// `"white"`): its red, green, blue and alpha, each 0 to 1. For anything else it returns nil
    /// and why, as `io.open` does, so a game can check the colours of its data tables at load
    /// and name the field that is wrong.
    /// @param value string
    /// @return number?: red, or nil
    /// @return number|string: green, or why it is not a colour
    /// @return number?: blue
    /// @return number?: alpha
    /// @example local r, why = tide.colour(item.fill); if not r then error("data/colours.lua: colours[" .. i .. "].fill: " .. why, 0) end
    m.function("colour") { lua in
      guard lua.type(at: 1) == .string, let text = lua.toString(at: 1) else {
        lua.pushNil()
        lua.push("expected a colour string, got \(lua.typeName(at: 1))")
        return 2
      }
      guard let colour = Color(string: text) else {
        lua.pushNil()
        lua.push(Color.notAColour(text))
        return 2
      }
      for channel in [colour.r, colour.g, colour.b, colour.a] { lua.push(channel) }
      return 4
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
