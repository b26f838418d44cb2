import CLua

/// A Lua value kept alive from Swift through a registry reference.
///
/// The reference is released when the `LuaRef` is deinitialized (if its VM
/// still lives). It reaches its VM through the VM's `VMLink`, so Swift objects
/// boxed in Lua may keep refs without keeping the VM alive.
public final class LuaRef {
  /// The registry index (`LUA_REFNIL` for nil).
  public let id: Int32
  private let link: VMLink

  init(id: Int32, vm: LuaVM) {
    self.id = id
    link = vm.link
  }

  deinit {
    link.vm?.releaseReference(id)
  }
}

/// A VM as its references see it: cleared as the VM goes, as a weak reference would be.
///
/// Not a `weak var` in each `LuaRef`: a weak reference gives the VM a side table, after which
/// every retain and release of it takes the runtime's slow path, and making and dropping a
/// reference (a handler, a tween's `on_done`, a field's table) formed and loaded one each time.
/// The link is held strongly and its pointer is plain: the VM clears it first thing in its deinit.
final class VMLink {
  unowned(unsafe) var vm: LuaVM?
  init() {}
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
    push(referenceID: ref.id)
  }

  /// Pushes the value of the reference numbered `id` (from `referenceID(at:)`) and returns its type.
  @discardableResult
  public func push(referenceID id: Int32) -> LuaType {
    LuaType(code: lua_rawgeti(L, tide_lua_registryindex(), lua_Integer(id)))
  }

  /// A registry reference to the value at `index` as a bare number, for an owner that keeps
  /// thousands (a `LuaRef` is an object each) and lets each go with `releaseReference(id:)`.
  public func referenceID(at index: Int32) -> Int32 {
    pushValue(at: index)
    return luaL_ref(L, tide_lua_registryindex())
  }

  /// Lets go of a reference from `referenceID(at:)`.
  public func releaseReference(id: Int32) {
    guard id >= 0, lua_checkstack(L, 2) != 0 else { return }
    luaL_unref(L, tide_lua_registryindex(), id)
  }
}

extension LuaVM {
  /// Frees a registry slot; the main thread's stack is only borrowed for two slots.
  func releaseReference(_ id: Int32) {
    guard id >= 0, lua_checkstack(L, 2) != 0 else { return }
    luaL_unref(L, tide_lua_registryindex(), id)
  }
}
