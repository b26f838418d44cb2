import CLua

/// A Lua value kept alive from Swift through a registry reference.
///
/// The reference is released when the `LuaRef` is deinitialized (if its VM
/// still lives). It holds its VM weakly, so Swift objects boxed in Lua may
/// keep refs without keeping the VM alive.
public final class LuaRef {
  /// The registry index (`LUA_REFNIL` for nil).
  public let id: Int32
  private weak var vm: LuaVM?

  init(id: Int32, vm: LuaVM) {
    self.id = id
    self.vm = vm
  }

  deinit {
    vm?.releaseReference(id)
  }
}

extension LuaState {
  /// A registry reference to the value at `index` (the stack is unchanged).
  public func ref(at index: Int32) -> LuaRef {
    pushValue(at: index)
    let id = luaL_ref(L, tide_lua_registryindex())
    return LuaRef(id: id, vm: vm)
  }

  /// Pushes the value `ref` refers to and returns its type.
  @discardableResult
  public func push(_ ref: LuaRef) -> LuaType {
    LuaType(rawValue: lua_rawgeti(L, tide_lua_registryindex(), lua_Integer(ref.id))) ?? .nil
  }
}

extension LuaVM {
  /// Frees a registry slot; the main thread's stack is only borrowed for two slots.
  func releaseReference(_ id: Int32) {
    guard id >= 0, lua_checkstack(L, 2) != 0 else { return }
    luaL_unref(L, tide_lua_registryindex(), id)
  }
}
