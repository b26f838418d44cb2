import CLua

/// A Swift function callable from Lua: reads its arguments from `state`,
/// pushes its results and returns how many; throws to raise a Lua error.
///
/// Return `state.yield(n)` instead of a count to yield the running coroutine.
public typealias LuaFunction = (LuaState) throws -> Int32

/// The type of a Lua value, as `lua_type` reports it.
public enum LuaType: Int32, Sendable {
  /// No value: an index above the top of the stack.
  case none = -1
  /// `nil`.
  case `nil` = 0
  /// `true` or `false`.
  case boolean = 1
  /// A raw C pointer.
  case lightUserdata = 2
  /// An integer or a float.
  case number = 3
  /// A string.
  case string = 4
  /// A table.
  case table = 5
  /// A Lua or Swift/C function.
  case function = 6
  /// A full userdata (for example a boxed Swift object).
  case userdata = 7
  /// A coroutine.
  case thread = 8

  /// The type Lua's C API answers `code` for (`lua_type`, `lua_rawget`, ...), `.none` for any
  /// code it never gives. Inlined where `init?(rawValue:)` is a call of its own, on the path of
  /// every value a binding looks at.
  @inline(__always) public init(code: Int32) {
    switch code {
    case 0: self = .nil
    case 1: self = .boolean
    case 2: self = .lightUserdata
    case 3: self = .number
    case 4: self = .string
    case 5: self = .table
    case 6: self = .function
    case 7: self = .userdata
    case 8: self = .thread
    default: self = .none
    }
  }
}

/// A view of one Lua thread (the main state or a coroutine) of a `LuaVM`.
///
/// A plain pointer wrapper: copying it is free and it owns nothing. Swift
/// functions called from Lua receive the view of the thread that called them,
/// so inside a coroutine every push and check acts on the coroutine's stack.
/// Valid while its `LuaVM` lives (and, for a coroutine, while the thread does).
public struct LuaState {
  /// The raw `lua_State` this view acts on.
  public let L: OpaquePointer

  /// Wraps a raw state that belongs to a `LuaVM` (created by it or one of its coroutines).
  public init(_ L: OpaquePointer) {
    self.L = L
  }

  /// The `LuaVM` this thread belongs to.
  public var vm: LuaVM { LuaVM.owner(of: L) }

  /// The VM's shared C bookkeeping.
  var shared: UnsafeMutablePointer<tide_State> { tide_state(L) }

  /// The registry's pseudo-index (`LUA_REGISTRYINDEX`).
  public static let registryIndex: Int32 = tide_lua_registryindex()

  /// Makes the count hook of this thread match the VM's instruction budget.
  ///
  /// A hooked thread runs every Lua instruction through the hook's check (plain Lua loops ran
  /// 1.7x slower), so when a watchdog runs and the budget is large the main thread stays
  /// unhooked: the watchdog's timer hooks it once a call from Swift has run for
  /// `LuaVM.lazyHookDelay`, and the budget counts from there. A call shorter than that cannot
  /// be a runaway loop; a longer one is stopped as before, a fraction of a second later.
  /// Coroutines are always hooked (they are not the hot path, and the timer cannot see them).
  func syncBudgetHook() {
    let budget = shared.pointee.budget
    let hooked = lua_gethook(L) != nil
    // The watchdog raises from the same hook, so it stays installed while one watches.
    if budget > 0 || shared.pointee.watchdog != nil {
      if L == shared.pointee.main_thread, shared.pointee.watchdog != nil, LuaVM.hooksLazily(budget: budget) {
        // A fresh call from Swift starts unhooked; a nested one leaves the timer's hook alone.
        if hooked && shared.pointee.call_depth == 0 { tide_sethook(L, 0) }
        return
      }
      if !hooked || lua_gethookcount(L) != shared.pointee.hook_period {
        tide_sethook(L, shared.pointee.hook_period)
      }
    } else if hooked {
      tide_sethook(L, 0)
    }
  }
}
