import CLua

/// Owns one Lua 5.4 state and the bookkeeping its threads share.
///
/// Opens no libraries (see `openSafeLibraries()`). Not thread-safe: use it
/// from one thread. Every `LuaState` view, including those handed to Swift
/// functions called from Lua, is valid only while its `LuaVM` lives.
public final class LuaVM {
  /// The view on the main thread; use it for stack work outside Lua calls.
  public let state: LuaState
  /// Per-VM C bookkeeping; outlives `lua_close`, which still frees through it.
  let shared: UnsafeMutablePointer<tide_State>

  /// Creates a state whose allocations stop at `memoryLimit` bytes (0 = no limit).
  public init(memoryLimit: Int = 512 << 20) {
    let shared = UnsafeMutablePointer<tide_State>.allocate(capacity: 1)
    shared.initialize(to: tide_State())
    shared.pointee.limit = memoryLimit > 0 ? memoryLimit : 0
    shared.pointee.hook_period = TIDE_HOOK_PERIOD
    shared.pointee.dispatch = dispatchSwiftFunction
    guard let L = tide_newstate(shared) else {
      preconditionFailure("lua_newstate failed: out of memory")
    }
    self.shared = shared
    self.state = LuaState(L)
    shared.pointee.owner = Unmanaged.passUnretained(self).toOpaque()
    installBridgeTables()
  }

  deinit {
    // Closing runs every __gc, which releases boxed Swift objects and closures.
    lua_close(state.L)
    shared.deinitialize(count: 1)
    shared.deallocate()
  }

  /// The raw main `lua_State`, for bindings that need the C API directly.
  public var L: OpaquePointer { state.L }

  /// Instructions each protected call from Swift may run; 0 = unlimited (the default).
  ///
  /// The budget is shared by everything the outermost `pcall`/`resume` from
  /// Swift runs, including nested calls and coroutines. Counted in steps of
  /// 1000 instructions.
  public var instructionBudget: Int {
    get { Int(shared.pointee.budget) }
    set {
      let budget = max(0, newValue)
      shared.pointee.budget = lua_Integer(budget)
      shared.pointee.budget_left = lua_Integer(budget)
      shared.pointee.hook_period = budget == 0 ? TIDE_HOOK_PERIOD : min(Int32(TIDE_HOOK_PERIOD), Int32(clamping: budget))
      state.syncBudgetHook()
    }
  }

  /// Bytes currently allocated by this state.
  public var memoryUsed: Int { Int(shared.pointee.used) }

  /// Allocation cap in bytes while Lua code runs; 0 = no limit.
  public var memoryLimit: Int {
    get { Int(shared.pointee.limit) }
    set { shared.pointee.limit = newValue > 0 ? newValue : 0 }
  }

  /// Runs a full garbage-collection cycle (finalizers included).
  public func collectGarbage() {
    _ = tide_lua_gc(state.L, LUA_GCCOLLECT, 0)
  }

  /// The VM that owns `L` (any of its threads).
  static func owner(of L: OpaquePointer) -> LuaVM {
    guard let owner = tide_state(L).pointee.owner else {
      preconditionFailure("lua_State was not created by a LuaVM")
    }
    return Unmanaged<LuaVM>.fromOpaque(owner).takeUnretainedValue()
  }

  /// Creates the registry tables LuaBridge relies on: the metatable of
  /// function boxes and the weak cache that gives each Swift object one userdata.
  private func installBridgeTables() {
    let L = state.L
    let registry = tide_lua_registryindex()
    lua_createtable(L, 0, 2)
    lua_pushcclosure(L, releaseFunctionBox, 0)
    lua_setfield(L, -2, "__gc")
    shared.pointee.function_meta_ref = luaL_ref(L, registry)

    lua_createtable(L, 0, 0)
    lua_createtable(L, 0, 1)
    lua_pushstring(L, "v")
    lua_setfield(L, -2, "__mode")
    _ = lua_setmetatable(L, -2)
    shared.pointee.object_cache_ref = luaL_ref(L, registry)
  }
}
