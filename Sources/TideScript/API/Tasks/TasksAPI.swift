import LuaBridge
import TideCore

extension Tasks {
  /// `tide.task`, `tide.wait`: sequences that read top to bottom, run as coroutines on the game clock.
  func install() {
    let m = module("tide")

    /// Runs `fn` as a task: inside it, `tide.wait` and `tween:await()` pause without blocking the game.
    /// It starts at once and runs until its first wait. Owned by the current scene.
    /// @param fn fun()
    /// @return Task: `:cancel()`, `:done()`
    /// @example tide.task(function() tide.tween(title, 1.2, { scale = 1 }):await(); tide.wait(0.5); title:remove() end)
    m.function("task") { [unowned self] lua in
      try lua.checkFunction(1)
      let task = start(functionAt: 1, lua: lua)
      lua.pushObject(task, metatable: "tide.Task")
      return 1
    }

    /// Inside a task: pauses it for `seconds` of game time.
    /// @param seconds number: 0 to 1e9
    /// @example tide.wait(0.5)
    m.function("wait") { [unowned self] lua in
      let seconds = try lua.checkNumber(1, "seconds", in: Limits.delay)
      try timers.checkCap()
      guard let task = self.task(for: lua.L) else {
        throw LuaRaise("tide.wait can only pause inside tide.task(function() ... end)")
      }
      task.hasWakeup = true
      task.wakeTimer = timers.queue.after(max(0, seconds), owner: task.owner) { [unowned self, weak task] in
        guard let task else { return }
        resume(task) { _ in 0 }
      }
      return lua.yield(0)
    }

    let t = type("Task")

    /// Stops the task; it never resumes. Harmless when it has finished. Called from inside the
    /// task itself (or from a task it started), the task runs on to its next wait or its end, and
    /// stops there.
    /// @example intro:cancel()
    t.method("cancel") { [unowned self] lua in
      cancel(try lua.checkUserdata(1, ScriptTask.self, name: "task"))
      return 0
    }

    /// True once the task has finished, failed or been cancelled.
    /// @return boolean
    /// @example if intro:done() then show_menu() end
    t.method("done") { [unowned self] lua in
      let task = try lua.checkUserdata(1, ScriptTask.self, name: "task")
      lua.push(isDone(task))
      return 1
    }
    registerMethodsMetatable("tide.Task", methods: "Task")
  }

  /// Pauses the calling task until the tween ends; resumes it with whether it completed.
  func awaitTween(_ handle: TweenHandle, of tweens: TweenSystem, lua: LuaState) throws -> Int32 {
    guard let task = self.task(for: lua.L) else {
      throw LuaRaise("tween:await() can only pause inside tide.task(function() ... end)")
    }
    task.hasWakeup = true
    let pending = tweens.onDone(handle) { [unowned self, weak task] completed in
      guard let task else { return }
      resume(task) { co in
        co.push(completed)
        return 1
      }
    }
    guard pending else {
      task.hasWakeup = false
      lua.push(true)
      return 1
    }
    return lua.yield(0)
  }
}
