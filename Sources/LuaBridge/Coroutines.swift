import CLua

/// How a resume of a `LuaThread` ended.
public enum LuaResumeResult {
  /// The thread yielded; this many yielded values are on top of its stack.
  case yielded(Int32)
  /// The body returned; this many results are on top of its stack.
  case finished(Int32)
  /// The body raised; the thread is dead and its stack is reset.
  case errored(LuaError)
}

/// A coroutine created and driven from Swift (the building block of tasks).
///
/// Push the body function (or create it with `newThread(function:)`), push
/// arguments onto `state`, and `resume`. Between resumes, pop the yielded
/// values and push the values `yield` should return. The thread stays alive
/// while this object does.
public final class LuaThread {
  /// The view of the coroutine's own stack.
  public let state: LuaState
  /// Keeps the thread from being collected.
  private let anchor: LuaRef
  /// True once the body returned, raised or was cancelled.
  public private(set) var isFinished = false

  init(state: LuaState, anchor: LuaRef) {
    self.state = state
    self.anchor = anchor
  }

  /// Starts or continues the coroutine with the top `nargs` values of its stack.
  ///
  /// Counts as a protected call from Swift for the instruction budget. Pass
  /// `from` when resuming inside a Swift function that Lua called.
  public func resume(nargs: Int32 = 0, from: LuaState? = nil) -> LuaResumeResult {
    guard !isFinished else { return refuse("cannot resume dead coroutine", nargs: nargs) }
    if isActive {
      // Lua would refuse too, but the error path below must not reset a live thread.
      return refuse("cannot resume non-suspended coroutine", nargs: nargs)
    }
    var nresults: Int32 = 0
    let status = state.protected { tide_lua_resume(state.L, from?.L, nargs, &nresults) }
    switch status {
    case LUA_YIELD:
      return .yielded(nresults)
    case LUA_OK:
      isFinished = true
      return .finished(nresults)
    default:
      isFinished = true
      let error = failure(status: status, host: from ?? LuaState(state.shared.pointee.main_thread))
      _ = lua_resetthread(state.L)  // close pending to-be-closed variables
      return .errored(error)
    }
  }

  /// True while the coroutine runs, or is resuming another one: its frames are live on the C
  /// stack, so it can be neither resumed nor closed.
  public var isActive: Bool {
    var frame = lua_Debug()
    return lua_status(state.L) == LUA_OK && lua_getstack(state.L, 0, &frame) != 0
  }

  /// Abandons a suspended coroutine, closing its pending to-be-closed variables.
  ///
  /// Returns false, and does nothing, while the coroutine is active: resetting a running
  /// thread frees the stack its frames still use. The caller closes it once it yields.
  @discardableResult
  public func cancel() -> Bool {
    guard !isFinished else { return true }
    guard !isActive else { return false }
    isFinished = true
    _ = lua_resetthread(state.L)
    return true
  }

  /// Drops the arguments and reports a resume that could not start, like lua_resume does.
  private func refuse(_ message: String, nargs: Int32) -> LuaResumeResult {
    state.pop(nargs)
    return .errored(LuaError(kind: .runtime, message: message, location: nil, traceback: ""))
  }

  /// Describes the error on top of the dead thread's stack, working on `host`.
  private func failure(status: Int32, host: LuaState) -> LuaError {
    let L = host.L
    lua_xmove(state.L, L, 1)
    tide_pushmessage(L, -1, 0)
    let message = host.stringValue(at: -1) ?? ""
    tide_pushlocation(L, state.L, 0)
    let frame = host.type(at: -1) == .string ? host.stringValue(at: -1) : nil
    luaL_traceback(L, state.L, nil, 0)
    let traceback = host.stringValue(at: -1) ?? ""
    host.pop(4)
    let kind = LuaState.errorKind(
      status: status, budgetTripped: state.shared.pointee.budget_tripped != 0)
    return LuaError(
      kind: kind, message: host.wholeChunkNames(message),
      location: (LuaError.location(inMessage: message) ?? frame).map(host.wholeChunkNames),
      traceback: host.wholeChunkNames(traceback))
  }
}

extension LuaState {
  /// Creates a coroutine anchored from Swift; its stack starts empty.
  public func newThread() -> LuaThread {
    // lua_newthread never returns NULL: it raises on failure instead.
    let thread: OpaquePointer = lua_newthread(L)
    let anchor = ref(at: -1)
    pop()
    return LuaThread(state: LuaState(thread), anchor: anchor)
  }

  /// Creates a coroutine whose body is the function at `index` (the stack is unchanged).
  public func newThread(function index: Int32) -> LuaThread {
    let function = absIndex(index)
    let thread = newThread()
    pushValue(at: function)
    move(1, to: thread.state)
    return thread
  }
}
