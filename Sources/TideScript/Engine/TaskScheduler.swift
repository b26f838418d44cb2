import LuaBridge
import TideCore

/// A coroutine started by `tide.task`: code that waits (`tide.wait`, `tween:await()`) reads
/// top to bottom instead of as nested callbacks.
final class ScriptTask {
  let thread: LuaThread
  let owner: Int
  /// Something will resume the task (a timer or a tween); a bare `coroutine.yield()` sets none,
  /// and the scheduler resumes it on the next tick.
  var hasWakeup = false
  var wakeTimer: TimerHandle?
  /// Cancelled while running (by itself, or by a task it started): it ends at its next yield or
  /// return, since its coroutine cannot be closed while its frames are live.
  var cancelled = false

  init(thread: LuaThread, owner: Int) {
    self.thread = thread
    self.owner = owner
  }
}

/// Starts, resumes and cancels script tasks; finds the task a Swift function was called from.
final class TaskScheduler {
  private var running: [OpaquePointer: ScriptTask] = [:]

  /// The task whose coroutine is `L`, if `L` is one.
  func task(for L: OpaquePointer) -> ScriptTask? { running[L] }

  /// Number of live tasks.
  var count: Int { running.count }

  /// Starts the function at `index` of `lua` as a task and runs it to its first wait.
  func start(functionAt index: Int32, lua: LuaState, engine: Engine) -> ScriptTask {
    let task = ScriptTask(thread: lua.newThread(function: index), owner: engine.scenes.currentOwner)
    running[task.thread.state.L] = task
    resume(task, from: lua, engine: engine) { _ in 0 }
    return task
  }

  /// Resumes `task`, passing the values `pushArgs` pushes as the results of the wait.
  func resume(_ task: ScriptTask, from: LuaState? = nil, engine: Engine, _ pushArgs: (LuaState) -> Int32) {
    guard !task.thread.isFinished, !task.cancelled, running[task.thread.state.L] === task else { return }
    task.hasWakeup = false
    task.wakeTimer = nil
    let co = task.thread.state
    let nargs = pushArgs(co)
    switch task.thread.resume(nargs: nargs, from: from) {
    case .yielded(let n):
      co.pop(n)
      if task.cancelled {
        close(task, engine: engine)
      } else if !task.hasWakeup {
        // A bare coroutine.yield(): carry on next tick, like waiting one frame.
        task.hasWakeup = true
        task.wakeTimer = engine.timers.after(0, owner: task.owner) { [unowned engine, weak task] in
          guard let task else { return }
          engine.tasks.resume(task, engine: engine) { _ in 0 }
        }
      }
    case .finished(let n):
      co.pop(n)
      running[co.L] = nil
    case .errored(let error):
      running[co.L] = nil
      engine.errors.report(error, context: "tide.task")
    }
  }

  /// Cancels a task: it never resumes, and what it holds is released. A running task (one that
  /// cancels itself or the task that started it) ends at its next yield or return instead.
  func cancel(_ task: ScriptTask, engine: Engine) {
    if task.thread.isActive {
      // It stays in `running` (anchored, found by tide.wait) until it yields back to `resume`.
      task.cancelled = true
      if let timer = task.wakeTimer { engine.timers.cancel(timer) }
      task.wakeTimer = nil
      return
    }
    close(task, engine: engine)
  }

  /// True once `task` has finished, failed or been cancelled.
  func isDone(_ task: ScriptTask) -> Bool {
    task.cancelled || running[task.thread.state.L] !== task
  }

  private func close(_ task: ScriptTask, engine: Engine) {
    if let timer = task.wakeTimer { engine.timers.cancel(timer) }
    task.wakeTimer = nil
    running[task.thread.state.L] = nil
    task.thread.cancel()
  }

  /// Cancels every task the scene `owner` started.
  func cancelAll(owner: Int, engine: Engine) {
    for task in running.values where task.owner == owner { cancel(task, engine: engine) }
  }

  /// Cancels every task.
  func cancelAll(engine: Engine) {
    for task in Array(running.values) { cancel(task, engine: engine) }
  }
}
