import LuaBridge
import TideCore

/// A timer as Lua sees it: `h:cancel()`, `h:active()`.
final class TimerToken {
  let handle: TimerHandle
  init(_ handle: TimerHandle) { self.handle = handle }
}

extension Timers {
  /// `tide.after`, `tide.every`: callbacks on the game clock (virtual time, 60 ticks a second).
  /// At most 100,000 timers (waiting tasks included) are scheduled at once.
  func install() {
    let m = module("tide")

    /// Calls `fn` once, `delay` seconds of game time from now. Owned by the current scene.
    /// @param delay number: seconds, 0 to 1e9 (0 runs it on the next tick)
    /// @param fn fun(): called with no arguments
    /// @return Timer: `:cancel()` stops it; a finished or cancelled timer ignores it
    /// @example local h = tide.after(1.5, function() title.visible = false end)
    m.function("after") { [unowned self] lua in
      let delay = try lua.checkNumber(1, "delay", in: Limits.delay)
      try lua.checkFunction(2)
      try checkCap()
      let fn = lua.ref(at: 2)
      let handle = queue.after(delay, owner: scenes.currentOwner) { [unowned self] in
        invoke(fn, context: "tide.after callback")
      }
      lua.pushObject(TimerToken(handle), metatable: "tide.Timer")
      return 1
    }

    /// Calls `fn` every `interval` seconds of game time, `count` times or until cancelled.
    /// A timer that falls behind (a long step) catches up with one call per interval, but at most
    /// 1000 calls in one tick; the rest of that step is skipped, keeping its rhythm. All timers
    /// together make at most 100,000 calls a tick; the ones still due then run next tick.
    /// @param interval number: seconds between calls, 0.001 to 1e6
    /// @param fn fun(count: integer): called with the call number (1, 2, ...)
    /// @param count integer?: how many times, at least 1; nil repeats until cancelled or the scene ends
    /// @return Timer
    /// @example tide.every(1, function(n) clock.text = tostring(60 - n) end, 60)
    m.function("every") { [unowned self] lua in
      let interval = try lua.checkNumber(1, "interval", in: Limits.interval)
      try lua.checkFunction(2)
      let count = try lua.optInt(3, "count", in: Limits.repeatCount, default: 0)
      try checkCap()
      let fn = lua.ref(at: 2)
      var calls = 0
      let handle = queue.every(interval, count: count > 0 ? count : nil, owner: scenes.currentOwner) { [unowned self] in
        calls += 1
        let n = calls
        invoke(fn, context: "tide.every callback") { lua in
          lua.push(n)
          return 1
        }
      }
      lua.pushObject(TimerToken(handle), metatable: "tide.Timer")
      return 1
    }

    let t = type("Timer")

    /// Stops the timer. Harmless on a timer that already fired or was cancelled.
    /// @example h:cancel()
    t.method("cancel") { [unowned self] lua in
      let token = try lua.checkUserdata(1, TimerToken.self, name: "timer")
      queue.cancel(token.handle)
      return 0
    }

    /// True while the timer will still fire.
    /// @return boolean
    /// @example if h:active() then h:cancel() end
    t.method("active") { [unowned self] lua in
      let token = try lua.checkUserdata(1, TimerToken.self, name: "timer")
      lua.push(queue.isActive(token.handle))
      return 1
    }
    registerMethodsMetatable("tide.Timer", methods: "Timer")
  }
}
