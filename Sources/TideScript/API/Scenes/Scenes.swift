import LuaBridge
import TideCore

/// Runs the game's scenes: one is active; leaving it removes everything it made.
///
/// Each entered scene gets an owner number. Sprites, timers, tweens, tasks and input listeners
/// made while it is active carry that number, so `go` can tear all of them down at once.
/// A scene's `self` looks its methods up in the *current* definition by name, so a hot reload
/// that redefines the scene changes behaviour without touching `self`.
final class Scenes: Part {
  /// A class, not a struct: the scene's methods are called several times a tick, and taking a
  /// struct of references out of `current` would retain and release each of them every time.
  final class Active {
    package let name: String
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

    init(name: String, nameKey: LuaRef, owner: Int, selfRef: LuaRef, root: Node, enteredTick: Int, hud: Node, camera: Camera) {
      self.name = name
      self.nameKey = nameKey
      self.owner = owner
      self.selfRef = selfRef
      self.root = root
      self.enteredTick = enteredTick
      self.hud = hud
      self.camera = camera
    }
  }

  let context: PartContext
  /// Where a scene's world and HUD go.
  let graph: SceneGraph
  /// The game's scene definitions by name (`tide.scene.define`), afresh for each start.
  var definitions: LuaRef
  /// Makes a scene's `self` (see `makeSelfFactory`).
  let selfFactory: LuaRef
  /// The parts holding what a scene owns, told in this order when it ends.
  private var endingWithScene: [any SceneScoped] = []

  private(set) var current: Active?
  var pending: (name: String, params: LuaRef?)?
  private var nextOwner = 1
  /// "update" as a Lua string in the registry: pushing it from there each tick skips hashing
  /// and interning the name anew (made on the first update; the engine's state never changes).
  private var updateKey: LuaRef?

  /// The owner number for things made now (0 between scenes).
  var currentOwner: Int { current?.owner ?? 0 }

  init(context: PartContext, graph: SceneGraph) throws(LuaError) {
    self.context = context
    self.graph = graph
    let lua = context.lua
    lua.newTable()
    definitions = lua.ref(at: -1)
    lua.pop()
    selfFactory = try Scenes.makeSelfFactory(lua)
  }

  /// Has `part` let go of what each scene owns when the scene ends, after the parts added before it.
  func endWithEachScene(_ part: any SceneScoped) { endingWithScene.append(part) }

  /// Forgets every definition, for a fresh start.
  func forgetDefinitions() {
    lua.newTable()
    definitions = lua.ref(at: -1)
    lua.pop()
  }

  /// A scene's self finds its methods in the current definition, so redefining it (hot reload)
  /// changes behaviour while self keeps its fields.
  private static func makeSelfFactory(_ lua: LuaState) throws(LuaError) -> LuaRef {
    try lua.doString(
      """
      return function(definitions, name)
        return setmetatable({ name = name }, { __index = function(_, key)
          local definition = definitions[name]
          return definition and definition[key]
        end })
      end
      """, chunkName: "=[tide scene]", nresults: 1)
    defer { lua.pop() }
    return lua.ref(at: -1)
  }

  /// Names of the defined scenes, sorted (for error messages).
  func definedNames() -> [String] {
        var names: [String] = []
    lua.push(definitions)
    lua.forEachPair(-1) { k, _ in
      if let name = lua.toString(at: k) { names.append(name) }
    }
    lua.pop(1)
    return names.sorted()
  }

  /// Asks for a change of scene at the end of the current tick.
  func go(_ name: String, paramsIndex: Int32?, on lua: LuaState) throws(LuaError) {
    lua.push(definitions)
    let defined = lua.rawGet(-1, key: name) == .table
    lua.pop(2)
    guard defined else {
      let names = definedNames()
      throw LuaError(message: "unknown scene '\(name)' (defined: \(names.isEmpty ? "none" : names.joined(separator: ", ")))")
    }
    pending = (name, paramsIndex.map { lua.ref(at: $0) })
  }

  /// Leaves the current scene and enters the pending one, whose camera shows `screen` (the design size).
  func applyPending(screen: Vec2) {
    guard let next = pending else { return }
    pending = nil
    leaveCurrent()
    let owner = nextOwner
    nextOwner += 1
    let root = graph.makeNode(.group)
    root.name = "scene:\(next.name)"
    graph.root.add(root)
    let hud = graph.makeNode(.group)
    hud.name = "hud:\(next.name)"
    graph.root.add(hud)
    let camera = Camera(world: root, screen: screen)
    lua.push(selfFactory)
    lua.push(definitions)
    lua.push(next.name)
    do {
      try lua.pcall(nargs: 2, nresults: 1)
    } catch {
      errors.report(error, context: "scene '\(next.name)'")
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
      name: next.name, nameKey: nameKey, owner: owner, selfRef: selfRef, root: root, enteredTick: clock.tick,
      hud: hud, camera: camera)
    call("enter") { lua in
      if let params = next.params { lua.push(params) } else { lua.newTable() }
      return 1
    }
  }

  /// Leaves the scene and forgets the one asked for.
  func resetGame(seed: UInt64) {
    leaveCurrent()
    pending = nil
  }

  /// Calls `leave`, then removes everything the scene owned.
  func leaveCurrent() {
    guard let active = current else { return }
    call("leave")
    // In the order the engine added the parts: tasks first (see `Engine.init`).
    for part in endingWithScene { part.sceneDidEnd(active) }
    current = nil
    active.root.removeFromParent()
    active.hud.removeFromParent()
  }

  /// Calls the current scene's `update(self, dt)` when it has one.
  func update(dt: Double) {
    guard current != nil else { return }
    let key: LuaRef
    if let updateKey {
      key = updateKey
    } else {
      lua.push("update")
      key = lua.ref(at: -1)
      lua.pop(1)
      updateKey = key
    }
    call("update", key: key) { lua in
      lua.push(dt)
      return 1
    }
  }

  /// Calls `self:<method>(...)` on the current scene when the definition has that method;
  /// `key`, when given, is `method` as a registry-held Lua string.
  @discardableResult
  func call(_ method: String, key: LuaRef? = nil, _ pushArgs: (LuaState) -> Int32 = { _ in 0 }) -> Bool {
    guard let active = current else { return false }
        let top = lua.top
    // Look the method up in the definition with raw gets: nothing a script wrote can raise here.
    lua.push(definitions)
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
      errors.report(error, context: "scene '\(active.name)' \(method)")
    }
    lua.top = top
    return true
  }
}

/// A part that keeps things a scene owns (tasks, timers, tweens, listeners, sprites): they go
/// when the scene ends. `Scenes.endWithEachScene` says in which order.
protocol SceneScoped: AnyObject {
  /// Lets go of everything `scene` owns; it is still the current scene.
  func sceneDidEnd(_ scene: Scenes.Active)
}
