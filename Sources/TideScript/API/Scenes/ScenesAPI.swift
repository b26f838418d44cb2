import LuaBridge
import TideCore

extension Scenes {
  /// `tide.scene`: named screens. Leaving one removes its sprites, timers, tweens, tasks and listeners.
  func install() {
    let m = module("tide.scene")

    /// Defines (or, on hot reload, redefines) a scene. Its functions receive the scene's `self`:
    /// `enter(self, params)`, `leave(self)`, `update(self, dt)`, `key(self, name)`, `text(self, s)`,
    /// `reload(self)` (after a hot reload), and any of your own methods.
    /// @param name string
    /// @param definition Scene
    /// @example tide.scene.define("play", { enter = function(self, params) self.score = 0 end })
    m.function("define") { [unowned self] lua in
      let name = try lua.checkString(1)
      try lua.checkTable(2)
      lua.push(definitions)
      lua.pushValue(at: 2)
      lua.rawSet(-2, key: name)
      lua.pop(1)
      return 0
    }

    /// Goes to a scene at the end of the current tick: the current one's `leave` runs and all it
    /// made is removed, then the new one's `enter(self, params)` runs.
    /// @param name string: a defined scene
    /// @param params table?: handed to `enter`
    /// @example tide.scene.go("play", { name = "Ada" })
    m.function("go") { [unowned self] lua in
      let name = try lua.checkString(1)
      if lua.type(at: 2) != .none && lua.type(at: 2) != .nil { try lua.checkTable(2) }
      do {
        try go(name, paramsIndex: lua.type(at: 2) == .table ? 2 : nil, on: lua)
      } catch let error as LuaError {
        throw LuaArgumentError(arg: 1, message: error.message)
      }
      return 0
    }

    /// Game seconds since the current scene was entered (0 before the first scene): like
    /// `tide.time()`, virtual and in fixed ticks, so it restarts at 0 on every `tide.scene.go`.
    /// @return number: seconds
    /// @example if tide.scene.time() > 30 then tide.scene.go("over") end
    m.function("time") { [unowned self] lua in
      guard let current else {
        lua.push(0.0)
        return 1
      }
      lua.push(Double(clock.tick - current.enteredTick) * clock.dt)
      return 1
    }

    /// The name of the active scene, or nil before the first one, and its instance number: a new
    /// one each time a scene is entered, so code can tell this visit from an earlier one.
    /// @return string?
    /// @return integer?
    /// @example if tide.scene.current() == "play" then pause() end
    m.function("current") { [unowned self] lua in
      guard let current else {
        lua.pushNil()
        return 1
      }
      lua.push(current.name)
      lua.push(current.owner)
      return 2
    }
  }
}
