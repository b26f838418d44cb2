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

/// Script tasks (`tide.task`, `tide.wait`): starts, resumes and cancels them, and finds the task
/// a Swift function was called from. A task waits on a timer of `timers`.
final class Tasks: Part {
  let context: PartContext
  unowned let timers: Timers
  /// Whose tasks these are: the scene current when one starts owns it.
  unowned let scenes: Scenes
  private var running: [OpaquePointer: ScriptTask] = [:]

  init(context: PartContext, timers: Timers, scenes: Scenes) {
    self.context = context
    self.timers = timers
    self.scenes = scenes
  }

  /// The task whose coroutine is `L`, if `L` is one.
  func task(for L: OpaquePointer) -> ScriptTask? { running[L] }

  /// Number of live tasks.
  var count: Int { running.count }

  /// Starts the function at `index` of `lua` as a task and runs it to its first wait.
  func start(functionAt index: Int32, lua: LuaState) -> ScriptTask {
    let task = ScriptTask(thread: lua.newThread(function: index), owner: scenes.currentOwner)
    running[task.thread.state.L] = task
    resume(task, from: lua) { _ in 0 }
    return task
  }

  /// Resumes `task`, passing the values `pushArgs` pushes as the results of the wait.
  func resume(_ task: ScriptTask, from: LuaState? = nil, _ pushArgs: (LuaState) -> Int32) {
    guard !task.thread.isFinished, !task.cancelled, running[task.thread.state.L] === task else { return }
    task.hasWakeup = false
    task.wakeTimer = nil
    let co = task.thread.state
    let nargs = pushArgs(co)
    switch task.thread.resume(nargs: nargs, from: from) {
    case .yielded(let n):
      co.pop(n)
      if task.cancelled {
        close(task)
      } else if !task.hasWakeup {
        // A bare coroutine.yield(): carry on next tick, like waiting one frame.
        task.hasWakeup = true
        task.wakeTimer = timers.queue.after(0, owner: task.owner) { [unowned self, weak task] in
          guard let task else { return }
          resume(task) { _ in 0 }
        }
      }
    case .finished(let n):
      co.pop(n)
      running[co.L] = nil
    case .errored(let error):
      running[co.L] = nil
      errors.report(error, context: "tide.task")
    }
  }

  /// Cancels a task: it never resumes, and what it holds is released. A running task (one that
  /// cancels itself or the task that started it) ends at its next yield or return instead.
  func cancel(_ task: ScriptTask) {
    if task.thread.isActive {
      // It stays in `running` (anchored, found by tide.wait) until it yields back to `resume`.
      task.cancelled = true
      if let timer = task.wakeTimer { timers.queue.cancel(timer) }
      task.wakeTimer = nil
      return
    }
    close(task)
  }

  /// True once `task` has finished, failed or been cancelled.
  func isDone(_ task: ScriptTask) -> Bool {
    task.cancelled || running[task.thread.state.L] !== task
  }

  private func close(_ task: ScriptTask) {
    if let timer = task.wakeTimer { timers.queue.cancel(timer) }
    task.wakeTimer = nil
    running[task.thread.state.L] = nil
    task.thread.cancel()
  }

  /// Cancels every task the scene `owner` started.
  func cancelAll(owner: Int) {
    for task in running.values where task.owner == owner { cancel(task) }
  }

  /// Cancels every task.
  func resetGame(seed: UInt64) {
    for task in Array(running.values) { cancel(task) }
  }
}

extension Tasks: SceneScoped {
  func sceneDidEnd(_ scene: Scenes.Active) { cancelAll(owner: scene.owner) }
}
