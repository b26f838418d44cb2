import CLua
import Dispatch
import Foundation

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
  /// How `LuaRef`s reach this VM; cleared as it goes.
  let link = VMLink()
  /// Keeps the memory of the epoch counter (`useEpoch(_:keptBy:)`) until the state is closed.
  var epochOwner: AnyObject?
  /// The metatables objects are pushed with, resolved (`LuaState.objectKind(_:)`).
  var objectKinds: [String: ObjectKind] = [:]
  /// Chunk names too long for Lua's messages, to write whole again (see `LongChunkNames`).
  var longChunkNames = LongChunkNames()
  /// The registry reference of the weak-keyed table of data tables' origins (`noteOrigins`).
  var originsRef: Int32?

  /// Names the Swift function Lua is calling now, from any thread (see `LuaCallProbe`).
  public var callProbe: LuaCallProbe { LuaCallProbe(shared: shared) }

  /// Creates a state whose allocations stop at `memoryLimit` bytes (0 = no limit).
  private static let boxCacheBytes = Int(TIDE_BOX_CACHE_SLOTS) * MemoryLayout<tide_BoxCacheEntry>.stride

  public init(memoryLimit: Int = 512 << 20) {
    let shared = UnsafeMutablePointer<tide_State>.allocate(capacity: 1)
    shared.initialize(to: tide_State())
    shared.pointee.limit = memoryLimit > 0 ? memoryLimit : 0
    shared.pointee.hook_period = TIDE_HOOK_PERIOD
    let slots = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: Int(TIDE_FAST_SLOTS))
    slots.initialize(repeating: nil, count: Int(TIDE_FAST_SLOTS))
    shared.pointee.fast_boxes = slots
    // Fresh pages from the kernel, zero until touched: most VMs (a test's, a bot's) never touch
    // most of the cache. calloc would clear the whole of it in a process that has freed a
    // block this big before (malloc then serves it from the heap), once per VM.
    let cache = mmap(nil, Self.boxCacheBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
    guard let cache, cache != MAP_FAILED else {
      preconditionFailure("the box cache could not be allocated: out of memory")
    }
    shared.pointee.box_cache = cache.assumingMemoryBound(to: tide_BoxCacheEntry.self)
    guard let L = tide_newstate(shared) else {
      preconditionFailure("lua_newstate failed: out of memory")
    }
    self.shared = shared
    self.state = LuaState(L)
    shared.pointee.owner = Unmanaged.passUnretained(self).toOpaque()
    link.vm = self
    installBridgeTables()
  }

  deinit {
    // References released from here on (closing runs every __gc) find no VM, as a weak one would.
    link.vm = nil
    watchdogTimer?.cancel()
    // The timer's handler may still run once: it must not hook a closed state.
    watchdogState?.forgetState()
    shared.pointee.watchdog = nil
    // Closing runs every __gc, which releases boxed Swift objects and closures.
    lua_close(state.L)
    shared.pointee.fast_boxes?.deallocate()
    munmap(shared.pointee.box_cache, Self.boxCacheBytes)
    shared.deinitialize(count: 1)
    shared.deallocate()
  }

  /// How many of the VM's slot trampolines (`TIDE_FAST_SLOTS`) Swift functions have taken.
  ///
  /// Functions pushed once the slots are gone still work, one API call slower each call: the
  /// engine's tests check that its whole API fits, with room to grow.
  public var slotTrampolinesUsed: Int { Int(shared.pointee.fast_used) }

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
      // A fresh budget in the middle of a call (the test runner's, before each test) is a
      // fresh start for the watchdog's clock too.
      if shared.pointee.call_depth > 0, let watchdog = shared.pointee.watchdog {
        tide_watchdog_arm(watchdog, MonotonicClock.nanoseconds())
      }
      state.syncBudgetHook()
    }
  }

  /// Seconds one call from Swift into Lua may run before the watchdog stops it (0: no
  /// watchdog, the default). A timer thread looks four times a second; once a call has run
  /// past the limit, the next Lua instruction raises "stopped by the watchdog ..." (and every
  /// one after, until the call ends), in any coroutine, whatever the instruction budget.
  /// It is the net under the budget: engine work done for a script is bounded on its own,
  /// so only Lua code the budget cannot count (a budget of 0) should ever reach it.
  public var watchdogSeconds: Int = 0 {
    didSet { startWatchdog() }
  }

  private var watchdogTimer: DispatchSourceTimer?
  private var watchdogState: WatchdogState?

  /// How long a call from Swift runs before the watchdog's timer hooks the main thread (see
  /// `LuaState.syncBudgetHook`); with the timer's period, the hook comes 0.1 to 0.35 s in.
  static let lazyHookDelay: UInt64 = 100_000_000
  /// Budgets below this keep the main thread hooked from the start, so that they are exact:
  /// a test that asks for a small budget means it. Games get 200 million instructions.
  static let lazyHookMinimumBudget: lua_Integer = 1_000_000

  /// Whether a main thread under this instruction budget (0: none) waits for the watchdog's
  /// timer to hook it, rather than running hooked from the start of each call.
  static func hooksLazily(budget: lua_Integer) -> Bool {
    budget == 0 || budget >= lazyHookMinimumBudget
  }

  private func startWatchdog() {
    watchdogTimer?.cancel()
    watchdogState?.forgetState()
    watchdogTimer = nil
    shared.pointee.watchdog = nil
    watchdogState = nil
    guard watchdogSeconds > 0 else {
      state.syncBudgetHook()
      return
    }
    let watch = WatchdogState(seconds: watchdogSeconds, shared: shared)
    watchdogState = watch
    shared.pointee.watchdog = watch.pointer
    let limit = UInt64(watchdogSeconds) * 1_000_000_000
    let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
    timer.schedule(deadline: .now() + .milliseconds(250), repeating: .milliseconds(250))
    // The handler keeps `watch` alive: it may run once more after the VM is gone.
    timer.setEventHandler {
      let started = tide_watchdog_started(watch.pointer)
      guard started != 0 else { return }
      let ran = MonotonicClock.nanoseconds() &- started
      if ran > LuaVM.lazyHookDelay { watch.hookMainThread() }
      if ran > limit { tide_watchdog_trip(watch.pointer) }
    }
    timer.resume()
    watchdogTimer = timer
    state.syncBudgetHook()
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

/// The C record a watchdog timer and the count hook share; freed when neither holds it.
final class WatchdogState: @unchecked Sendable {
  let pointer: UnsafeMutablePointer<tide_Watchdog>
  /// The VM's bookkeeping, until the VM stops this watchdog or closes; guarded by `lock`.
  private var shared: UnsafeMutablePointer<tide_State>?
  private let lock = NSLock()

  init(seconds: Int, shared: UnsafeMutablePointer<tide_State>) {
    pointer = .allocate(capacity: 1)
    pointer.initialize(to: tide_Watchdog(started_ns: 0, tripped: 0, seconds: Int32(clamping: seconds)))
    self.shared = shared
  }

  /// Called by the VM before it closes its state or replaces this watchdog.
  func forgetState() {
    lock.lock()
    shared = nil
    lock.unlock()
  }

  /// Hooks the VM's main thread, if not hooked yet, from the timer's thread while a call runs.
  ///
  /// Lua's own interpreter sets a hook from a signal handler in the middle of a running call
  /// (`lua_sethook` is written to allow it); here it comes from another thread, at most once a
  /// long call. The main thread unhooks again at its next call from Swift.
  func hookMainThread() {
    lock.lock()
    defer { lock.unlock() }
    guard let shared, LuaVM.hooksLazily(budget: shared.pointee.budget) else { return }
    if let main = shared.pointee.main_thread, lua_gethook(main) == nil { tide_sethook(main, shared.pointee.hook_period) }
    // A test the runner runs in a thread of its own (tide_callisolated) is watched the same way.
    if let isolated = shared.pointee.isolated, lua_gethook(isolated) == nil {
      tide_sethook(isolated, shared.pointee.hook_period)
    }
  }

  deinit {
    pointer.deinitialize(count: 1)
    pointer.deallocate()
  }
}

/// Reads, from another thread, which Swift function a VM's Lua code is in: for a last-resort
/// message when the VM's thread is stuck in it, and only then (the read is not synchronized;
/// a thread stuck in the function keeps its box alive). Valid while the VM lives.
public struct LuaCallProbe: @unchecked Sendable {
  let shared: UnsafeMutablePointer<tide_State>

  /// The function's name ("tide.sprite.text"), what it does ("setting a field of a
  /// tide.Sprite"), "a method" for one Lua names itself, or nil when no Swift function runs.
  public var currentCall: String? {
    guard let pointer = shared.pointee.current_call else { return nil }
    let box = Unmanaged<FunctionBox>.fromOpaque(pointer).takeUnretainedValue()
    return box.name ?? box.role ?? "a method"
  }
}
