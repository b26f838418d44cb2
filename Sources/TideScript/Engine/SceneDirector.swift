import LuaBridge
import TideCore

/// Runs the game's scenes: one is active; leaving it removes everything it made.
///
/// Each entered scene gets an owner number. Sprites, timers, tweens, tasks and input listeners
/// made while it is active carry that number, so `go` can tear all of them down at once.
/// A scene's `self` looks its methods up in the *current* definition by name, so a hot reload
/// that redefines the scene changes behaviour without touching `self`.
final class SceneDirector {
  struct Active {
    let name: String
    /// `name` as a Lua string in the registry: the definition is looked up by it every tick.
    let nameKey: LuaRef
    let owner: Int
    let selfRef: LuaRef
    let root: Node
    /// The clock's tick when the scene was entered, for `tide.scene.time()`.
    let enteredTick: Int
    /// Drawn above `root` and never moved by the camera: scores, buttons, pause menus.
    let hud: Node
    /// Moves `root`, the scene's world.
    let camera: Camera
  }

  private(set) var current: Active?
  var pending: (name: String, params: LuaRef?)?
  private var nextOwner = 1
  /// "update" as a Lua string in the registry: pushing it from there each tick skips hashing
  /// and interning the name anew (made on the first update; the engine's state never changes).
  private var updateKey: LuaRef?

  /// The owner number for things made now (0 between scenes).
  var currentOwner: Int { current?.owner ?? 0 }

  /// Names of the defined scenes, sorted (for error messages).
  func definedNames(engine: Engine) -> [String] {
    let lua = engine.lua
    var names: [String] = []
    lua.push(engine.sceneDefinitions)
    lua.forEachPair(-1) { k, _ in
      if let name = lua.toString(at: k) { names.append(name) }
    }
    lua.pop(1)
    return names.sorted()
  }

  /// Asks for a change of scene at the end of the current tick.
  func go(_ name: String, paramsIndex: Int32?, on lua: LuaState, engine: Engine) throws(LuaError) {
    lua.push(engine.sceneDefinitions)
    let defined = lua.rawGet(-1, key: name) == .table
    lua.pop(2)
    guard defined else {
      let names = definedNames(engine: engine)
      throw LuaError(message: "unknown scene '\(name)' (defined: \(names.isEmpty ? "none" : names.joined(separator: ", ")))")
    }
    pending = (name, paramsIndex.map { lua.ref(at: $0) })
  }

  /// Leaves the current scene and enters the pending one.
  func applyPending(engine: Engine) {
    guard let next = pending else { return }
    pending = nil
    leaveCurrent(engine: engine)
    let owner = nextOwner
    nextOwner += 1
    let root = engine.scene.makeNode(.group)
    root.name = "scene:\(next.name)"
    engine.scene.root.add(root)
    let hud = engine.scene.makeNode(.group)
    hud.name = "hud:\(next.name)"
    engine.scene.root.add(hud)
    let camera = Camera(world: root, screen: engine.designSize)
    let lua = engine.lua
    lua.push(engine.sceneSelfFactory)
    lua.push(engine.sceneDefinitions)
    lua.push(next.name)
    do {
      try lua.pcall(nargs: 2, nresults: 1)
    } catch {
      engine.errors.report(error, context: "scene '\(next.name)'")
      root.removeFromParent()
      hud.removeFromParent()
      return
    }
    let selfRef = lua.ref(at: -1)
    lua.pop(1)
    lua.push(next.name)
    let nameKey = lua.ref(at: -1)
    lua.pop(1)
    current = Active(
      name: next.name, nameKey: nameKey, owner: owner, selfRef: selfRef, root: root, enteredTick: engine.tick,
      hud: hud, camera: camera)
    call("enter", engine: engine) { lua in
      if let params = next.params { lua.push(params) } else { lua.newTable() }
      return 1
    }
  }

  /// Calls `leave`, then removes everything the scene owned.
  func leaveCurrent(engine: Engine) {
    guard let active = current else { return }
    call("leave", engine: engine)
    // Tasks first: cancelling a tween resumes whatever awaits it, and a task of this scene must
    // not run again while the scene is going.
    engine.tasks.cancelAll(owner: active.owner)
    engine.timers.queue.cancelAll(owner: active.owner)
    engine.tweens.cancelAll(owner: active.owner)
    current = nil
    engine.removeInputListeners(owner: active.owner)
    engine.sprites.releaseSubtree(active.root)
    active.root.removeFromParent()
    engine.sprites.releaseSubtree(active.hud)
    active.hud.removeFromParent()
  }

  /// Calls the current scene's `update(self, dt)` when it has one.
  func update(dt: Double, engine: Engine) {
    guard current != nil else { return }
    let key: LuaRef
    if let updateKey {
      key = updateKey
    } else {
      engine.lua.push("update")
      key = engine.lua.ref(at: -1)
      engine.lua.pop(1)
      updateKey = key
    }
    call("update", key: key, engine: engine) { lua in
      lua.push(dt)
      return 1
    }
  }

  /// Calls `self:<method>(...)` on the current scene when the definition has that method;
  /// `key`, when given, is `method` as a registry-held Lua string.
  @discardableResult
  func call(_ method: String, key: LuaRef? = nil, engine: Engine, _ pushArgs: (LuaState) -> Int32 = { _ in 0 }) -> Bool {
    guard let active = current else { return false }
    let lua = engine.lua
    let top = lua.top
    // Look the method up in the definition with raw gets: nothing a script wrote can raise here.
    lua.push(engine.sceneDefinitions)
    lua.push(active.nameKey)
    guard lua.rawGet(-2) == .table else {
      lua.top = top
      return false
    }
    if let key { lua.push(key) } else { lua.push(method) }
    guard lua.rawGet(-2) == .function else {
      lua.top = top
      return false
    }
    lua.push(active.selfRef)
    let nargs = pushArgs(lua) + 1
    do {
      try lua.pcall(nargs: nargs, nresults: 0)
    } catch {
      engine.errors.report(error, context: "scene '\(active.name)' \(method)")
    }
    lua.top = top
    return true
  }
}
