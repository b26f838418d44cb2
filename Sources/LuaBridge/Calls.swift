import Dispatch
import CLua

// Loading and calling Lua from Swift, always protected, with a traceback
// handler. The outermost call from Swift resets the instruction budget and
// turns the memory cap on for the Lua code it runs.
extension LuaState {
  /// Compiles text `source` and pushes it as a function; binary chunks are refused.
  ///
  /// `chunkName` follows Lua: "@Content/rps/main.lua" names a file (messages
  /// say `Content/rps/main.lua:3:`), "=name" is used as is.
  public func load(_ source: String, chunkName: String) throws(LuaError) {
    var source = source
    noteChunkName(chunkName)
    let status = protected {
      source.withUTF8 { bytes in
        chunkName.withCString { name in
          bytes.withMemoryRebound(to: CChar.self) { chars in
            tide_luaL_loadbuffer(L, chars.baseAddress, chars.count, name, "t")
          }
        }
      }
    }
    if status != LUA_OK { throw popError(status: status) }
  }

  /// Compiles the text chunk in `bytes` as Lua does a file: bytes as they are, whatever their
  /// encoding (a Latin-1 comment or string is no error), binary chunks refused.
  public func load(bytes: [UInt8], chunkName: String) throws(LuaError) {
    noteChunkName(chunkName)
    let status = protected {
      bytes.withUnsafeBufferPointer { buffer in
        chunkName.withCString { name in
          buffer.withMemoryRebound(to: CChar.self) { chars in
            tide_luaL_loadbuffer(L, chars.baseAddress, chars.count, name, "t")
          }
        }
      }
    }
    if status != LUA_OK { throw popError(status: status) }
  }

  /// Calls the function below the top `nargs` values in protected mode.
  ///
  /// Leaves `nresults` results (or all with `LuaState.allResults`); on error
  /// pops the function and arguments and throws a `LuaError` with location
  /// and traceback.
  public func pcall(nargs: Int32, nresults: Int32) throws(LuaError) {
    let base = top - nargs
    tide_lua_pushcfunction(L, tide_msghandler)
    insert(at: base)
    let status = protected { tide_lua_pcall(L, nargs, nresults, base) }
    if status == LUA_OK {
      remove(at: base)
      return
    }
    let error = popError(status: status)
    remove(at: base)
    throw error
  }

  /// Loads `source` and runs it, leaving `nresults` results (default none).
  public func doString(_ source: String, chunkName: String, nresults: Int32 = 0) throws(LuaError) {
    try load(source, chunkName: chunkName)
    try pcall(nargs: 0, nresults: nresults)
  }

  /// Runs `body` (which enters Lua) as a protected call from Swift: resets
  /// the budget when outermost, hooks this thread, enforces the memory cap.
  func protected(_ body: () -> Int32) -> Int32 {
    let shared = self.shared
    let outermost = shared.pointee.call_depth == 0
    if outermost {
      shared.pointee.budget_left = shared.pointee.budget
      shared.pointee.budget_tripped = 0
      if let watchdog = shared.pointee.watchdog {
        tide_watchdog_arm(watchdog, MonotonicClock.nanoseconds())
      }
    }
    syncBudgetHook()
    shared.pointee.call_depth += 1
    let enforce = shared.pointee.enforce_limit
    shared.pointee.enforce_limit = 1
    let status = body()
    // Lua ran: raw fields of table-backed objects may hold what it wrote.
    if let epoch = shared.pointee.epoch { epoch.pointee &+= 1 }
    shared.pointee.enforce_limit = enforce
    shared.pointee.call_depth -= 1
    if outermost, let watchdog = shared.pointee.watchdog { tide_watchdog_disarm(watchdog) }
    return status
  }

  /// Keeps `chunkName` when Lua's messages will cut it, so that they name the whole file.
  public func noteChunkName(_ chunkName: String) {
    vm.longChunkNames.note(chunkName)
  }

  /// `text` (a message, a place or a traceback from Lua) with file names Lua cut short whole.
  public func wholeChunkNames(_ text: String) -> String {
    vm.longChunkNames.expand(text)
  }

  /// Pops the error value a failed load or pcall left and describes it.
  func popError(status: Int32) -> LuaError {
    let error = rawPopError(status: status)
    let names = vm.longChunkNames
    guard !names.names.isEmpty else { return error }
    return LuaError(
      kind: error.kind, message: names.expand(error.message), location: error.location.map(names.expand),
      traceback: names.expand(error.traceback))
  }

  private func rawPopError(status: Int32) -> LuaError {
    defer { pop() }
    let kind = LuaState.errorKind(status: status, budgetTripped: shared.pointee.budget_tripped != 0)
    if type(at: -1) == .table {  // made by tide_msghandler
      let message = rawGet(-1, index: 1) == .string ? stringValue(at: -1) ?? "" : ""
      let frame = rawGet(-2, index: 2) == .string ? stringValue(at: -1) : nil
      let traceback = rawGet(-3, index: 3) == .string ? stringValue(at: -1) ?? "" : ""
      pop(3)
      // An error object that is not a string (a table, nil) says nothing of where it came
      // from: it gets the place where it was raised, so every error names one. Strings raised
      // without a place (level 0) keep their own wording: libraries use it to name a data file.
      let located = LuaError.location(inMessage: message)
      var shown = message
      // Lua's own errors raised inside a C function (`ipairs(nil)`'s iterator, a library's
      // argument check) carry no place either: they get the Lua line that called it.
      if located == nil, let frame, !frame.isEmpty,
        message.hasPrefix("(error object is a ") || LuaError.isUnplacedRuntimeMessage(message)
      {
        shown = "\(frame): \(message)"
      }
      return LuaError(kind: kind, message: shown, location: located ?? frame, traceback: traceback)
    }
    tide_pushmessage(L, -1, 0)
    var message = stringValue(at: -1) ?? ""
    pop()
    if kind == .memory, shared.pointee.limit > 0 {
      // Lua runs no handler for this one, so the place is the caller's to add.
      message += " (the Lua memory cap of \(shared.pointee.limit >> 20) MiB was reached)"
    }
    return LuaError(
      kind: kind, message: message, location: LuaError.location(inMessage: message), traceback: "")
  }

  /// The error kind for a Lua status code.
  static func errorKind(status: Int32, budgetTripped: Bool) -> LuaError.Kind {
    switch status {
    case LUA_ERRSYNTAX: return .syntax
    case LUA_ERRMEM: return .memory
    case LUA_ERRERR: return .errorHandler
    default: return budgetTripped ? .instructionBudget : .runtime
    }
  }
}
