import CLua

/// Heap box that keeps a Swift closure alive while a Lua function refers to it.
final class FunctionBox {
  let function: LuaFunction
  /// What argument errors call the function when Lua cannot name it ("tide.sprite.circle").
  let name: String?
  /// What the function does when it has no name (a field's setter), for a stuck tick's message.
  let role: String?

  init(_ function: @escaping LuaFunction, name: String? = nil, role: String? = nil) {
    self.function = function
    self.name = name
    self.role = role
  }
}

/// The dispatcher `tide_trampoline` calls: runs the boxed closure on a view
/// of the calling thread and turns a thrown error into a marker. Every Swift
/// frame has returned before the trampoline raises or yields.
@_cdecl("tide_dispatch")
func dispatchSwiftFunction(_ L: OpaquePointer?, _ box: UnsafeMutableRawPointer?) -> Int32 {
  guard let L else { return TIDE_MARK_ERROR }
  let state = LuaState(L)
  guard let box else {
    state.push("attempt to call a released Swift function")
    return TIDE_MARK_RAISE
  }
  do {
    let count = try Unmanaged<FunctionBox>.fromOpaque(box)._withUnsafeGuaranteedRef {
      try $0.function(state)
    }
    assert(count < 0 || count <= state.top, "Swift function returned more results than it pushed")
    return count
  } catch {
    return state.pushMarker(for: error, function: Unmanaged<FunctionBox>.fromOpaque(box)._withUnsafeGuaranteedRef { $0.name })
  }
}

/// `__gc` of a function box userdata: releases the closure once and empties its slot, if any.
let releaseFunctionBox: lua_CFunction = { L in
  guard let L, let memory = lua_touserdata(L, 1)?.assumingMemoryBound(to: tide_FunctionBox.self),
    let box = memory.pointee.box
  else { return 0 }
  memory.pointee.box = nil
  let slot = Int(memory.pointee.slot)
  if slot >= 0, let slots = tide_state(L).pointee.fast_boxes { slots[slot] = nil }
  Unmanaged<FunctionBox>.fromOpaque(box).release()
  return 0
}

extension LuaState {
  /// Pushes a Swift function as a Lua function.
  ///
  /// Lua names it in error messages from the call site (`'after'` for
  /// `tide.after(...)`), so argument errors read like Lua's own.
  ///
  /// `name` ("tide.sprite.circle") is what its argument errors call it where Lua cannot name
  /// it: a call through a computed field (`tide.sprite[kind](opts)`) would say `'?'`.
  public func push(_ function: @escaping LuaFunction, name: String? = nil) {
    pushFunctionBox(function, name: name)
    tide_pushtrampoline(L)
  }

  /// Pushes the userdata that keeps `function` alive, for a C closure to call through
  /// `tide_callswift` (it is upvalue 1 of every trampoline).
  func pushFunctionBox(_ function: @escaping LuaFunction, name: String? = nil, role: String? = nil) {
    // lua_newuserdatauv never returns NULL: it raises on failure instead.
    let memory = tide_lua_newuserdata(L, MemoryLayout<tide_FunctionBox>.size).assumingMemoryBound(to: tide_FunctionBox.self)
    memory.initialize(
      to: tide_FunctionBox(box: Unmanaged.passRetained(FunctionBox(function, name: name, role: role)).toOpaque(), slot: -1))
    lua_rawgeti(L, tide_lua_registryindex(), lua_Integer(shared.pointee.function_meta_ref))
    _ = lua_setmetatable(L, -2)
  }

  /// Sets `table[name] = function` (raw) for each entry; the table is at `table`.
  public func setFunctions(_ table: Int32, _ functions: [String: LuaFunction]) {
    let table = absIndex(table)
    for (name, function) in functions.sorted(by: { $0.key < $1.key }) {
      push(function)
      rawSet(table, key: name)
    }
  }

  /// Marker to return from a Swift function to yield the running coroutine with the top `count` values.
  ///
  /// `return lua.yield(1)`. When the coroutine is resumed, the values passed
  /// to the resume become the results of the Swift function's call in Lua.
  /// Outside a coroutine Lua raises "attempt to yield from outside a coroutine".
  public func yield(_ count: Int32) -> Int32 {
    shared.pointee.yield_count = count
    return TIDE_MARK_YIELD
  }

  /// True when the running function may yield (it runs in a coroutine, not across a C call).
  public var isYieldable: Bool {
    lua_isyieldable(L) != 0
  }

  /// Pushes what the trampoline needs to raise `error` and returns the marker; `function` names
  /// the function in an argument error where Lua cannot.
  func pushMarker(for error: any Error, function: String? = nil) -> Int32 {
    switch error {
    case let error as LuaArgumentError:
      shared.pointee.error_arg = error.arg
      if let function { push(function) } else { pushNil() }
      if let expected = error.expectedType {
        push(expected)
        return TIDE_MARK_TYPEERROR
      }
      // A table from a game's data file is named, since the mistake is there, not at this call.
      var message = error.message
      if let origin = origin(ofTableAt: error.arg) { message += ", in the table \(origin)" }
      // luaL_argerror formats the message with %s, which ends at a NUL: a name a script gave
      // ("a\0b") would cut off the rest of the message, so the NUL is written as \0.
      push(message.replacingOccurrences(of: "\0", with: "\\0"))
      return TIDE_MARK_ARGERROR
    case let error as LuaRaise:
      push(error.message)
      return error.addsLocation ? TIDE_MARK_RAISE : TIDE_MARK_ERROR
    case let error as LuaError:
      // Already carries its position; the outer handler adds a fresh traceback.
      push(error.message)
      return TIDE_MARK_ERROR
    default:
      push(String(describing: error))
      return TIDE_MARK_RAISE
    }
  }
}
