import LuaBridge
import TideCore
import TidePhysics

extension Physics {
  /// `tide.physics`: rigid bodies on sprites, on Chipmunk2D. Each scene has its own world, made
  /// with its first body (or `tide.physics.world`) and gone when the scene ends; the engine steps
  /// it on the fixed tick, so the same seed and input give the same positions bit for bit, in a
  /// window, headless, in a test and in a replay. A body's sprite follows it (position and
  /// rotation); a script that moves the sprite of a body moves the body (a kinematic one at the
  /// velocity that gets it there in one tick, so it pushes what is in its way). Removing the
  /// sprite removes its body. Bodies use their sprite's `x`, `y` and `rotation` as given, in its
  /// parent's space: keep the sprites of one world in one parent (the scene's world by default).
  /// At most 20,000 bodies and 20,000 joints live in one world, 64 shapes on a body, 64 corners
  /// in a polygon; numbers are checked before Chipmunk sees them (no NaN, no infinite masses, no
  /// zero-area polygons), and a body flung past ±1e6 stops there.
  func install() {
    let m = module("tide.physics")

    /// Sets up the current scene's world (made with defaults by its first body otherwise);
    /// called again, it changes the settings and keeps the bodies.
    /// @param opts WorldOptions?: `gravity`, `damping`, `iterations`, `sleep_time`
    /// @example tide.physics.world({ gravity = { 0, 900 }, iterations = 20 })
    m.function("world") { [unowned self] lua in
      let world = try currentWorld()
      var settings = world.settings
      if !lua.isNoneOrNil(at: 1) {
        try lua.checkTable(1)
        let reader = DefReader(lua, 1, path: "world")
        try reader.checkKeys(LuaTableShape.worldOptions.names)
        if let g = try reader.vector("gravity", in: -1e9...1e9) { settings.gravity = g }
        if let d = try reader.number("damping", in: 0...1) { settings.damping = d }
        if let i = try reader.number("iterations", in: 1...100) {
          guard i == i.rounded() else { throw reader.fail("iterations", "must be a whole number") }
          settings.iterations = Int(i)
        }
        if let s = try reader.number("sleep_time", in: 0...Double.infinity) { settings.sleepTime = s }
      }
      try physics { try world.update(settings) }
      return 0
    }

    /// Gives `sprite` a body in the current scene's world, described by `def` (keep bodies in a
    /// data file, checked with `tide.physics.bodies`). Without shapes it gets one from the
    /// sprite: a circle for a circle, a box (rounded as the rect) for a rect, image or text, the
    /// outline of its points for a polygon (cut into convex parts when concave), segments for a
    /// line. A sprite has one body: a second call replaces it.
    /// @param sprite Sprite
    /// @param def PhysicsBody?: `type`, `shapes` or `shape`, `material` and material keys, `velocity`, `angular_velocity`
    /// @return Sprite: the sprite
    /// @example tide.physics.body(ball, { type = "dynamic", elasticity = 0.6 })
    /// @example tide.physics.body(ground, { type = "static", friction = 1 })
    /// @example tide.physics.body(cart, { shapes = { { shape = "box", w = 80, h = 20 }, { shape = "circle", radius = 10, x = -30, y = 12 } } })
    m.function("body") { [unowned self] lua in
      let node = try sprites.checkSprite(lua, 1)
      guard node.isAttached else { throw LuaArgumentError(arg: 1, message: "the sprite was removed") }
      let world = try currentWorld()
      if !lua.isNoneOrNil(at: 2) { try lua.checkTable(2) }
      let (kind, specs, velocity, spin) = try bodyDef(lua, 2, path: "body", node: node)
      if let old = bodies[ObjectIdentifier(node)] { try physics { try world.remove(old) } }
      let angle = node.rotation * .pi / 180
      let body = try physics { try world.addBody(kind, at: Vec2(x: node.x, y: node.y), angle: angle, shapes: specs) }
      body.owner = node
      body.ownerFields = node.fieldsAddress
      body.synced = PhysicsBody.Vec3(x: node.x, y: node.y, angle: node.rotation)
      bodies[ObjectIdentifier(node)] = body
      if kind != .static {
        if let velocity { try physics { try world.setVelocity(body, velocity) } }
        if let spin { try physics { try world.setAngularVelocity(body, spin * .pi / 180) } }
      }
      lua.pushValue(at: 1)
      return 1
    }

    /// Checks a table of named body definitions (a data file's) as `tide.physics.body` would,
    /// without a sprite, and returns it; an error names the table and the field. Call it where
    /// the data is loaded, so a mistake shows at load, not when a body is first made.
    /// @param defs table<string, PhysicsBody>
    /// @param name string?: the table's name in errors, e.g. "data/blocks.lua"; default "bodies"
    /// @return table<string, PhysicsBody>: `defs`
    /// @example local blocks = tide.physics.bodies(require("data.blocks"), "data/blocks.lua")
    m.function("bodies") { [unowned self] lua in
      try lua.checkTable(1)
      let name = lua.isNoneOrNil(at: 2) ? "bodies" : try lua.checkString(2)
      try forEachNamed(lua, 1, name) { key, path in _ = try bodyDef(lua, -1, path: path, node: nil) }
      lua.pushValue(at: 1)
      return 1
    }

    /// Checks a table of named materials and makes them known by name for the rest of the game
    /// (a body or shape's `material = "ice"`); returns the table. An error names the table and
    /// the field.
    /// @param materials table<string, PhysicsMaterial>
    /// @param name string?: the table's name in errors, e.g. "data/materials.lua"; default "materials"
    /// @return table<string, PhysicsMaterial>: `materials`
    /// @example tide.physics.materials({ ice = { friction = 0.02 }, rubber = { elasticity = 0.9, friction = 1 } })
    m.function("materials") { [unowned self] lua in
      try lua.checkTable(1)
      let name = lua.isNoneOrNil(at: 2) ? "materials" : try lua.checkString(2)
      var found: [String: PhysicsMaterial] = [:]
      try forEachNamed(lua, 1, name) { key, path in
        let reader = DefReader(lua, -1, path: path)
        try reader.checkKeys(Physics.materialKeys + ["material"])
        found[key] = try material(reader, over: PhysicsMaterial())
      }
      materials.merge(found) { $1 }
      lua.pushValue(at: 1)
      return 1
    }

    /// Joins two bodies: "pin" (a rod), "slide" (a rope between `min` and `max`), "pivot" (a
    /// hinge at a world point), "groove", "spring" (damped), "rotary_limit", "motor" or "gear".
    /// `a` may be nil to join `b` to the world. A joint goes when either body goes.
    /// @param kind JointKind
    /// @param a Sprite?: a sprite with a body, or nil for the world
    /// @param b Sprite: a sprite with a body
    /// @param opts JointOptions?: anchors and the kind's settings, `max_force`, `collide`
    /// @return Joint: with `:remove()`, `:set_max_force(n)`, `:impulse()`
    /// @example tide.physics.joint("pivot", plank, nil, { x = 200, y = 300 }) -- a seesaw on the world
    /// @example tide.physics.joint("spring", a, b, { rest_length = 60, stiffness = 200, damping = 10 })
    /// @example tide.physics.joint("motor", nil, wheel, { rate = 180, max_force = 5e6 })
    m.function("joint") { [unowned self] lua in
      let kind = try lua.checkOption(1, Physics.jointKinds)
      let world = try currentWorld()
      let a = try lua.isNoneOrNil(at: 2) ? nil : bodyOf(lua, 2)
      let b: PhysicsBody
      // `joint("pivot", plank, nil, ...)` reads as hinging the plank to the world too.
      if lua.isNoneOrNil(at: 3), let a {
        b = a
        let joint = try makeJoint(kind, world: world, nil, b, optsAt: 4, lua: lua)
        return pushJoint(joint, on: lua)
      }
      b = try bodyOf(lua, 3)
      let joint = try makeJoint(kind, world: world, a, b, optsAt: 4, lua: lua)
      return pushJoint(joint, on: lua)
    }

    /// The sprites with a body at world point (`x`, `y`), or within `radius` of it, oldest body first.
    /// @param x number
    /// @param y number
    /// @param radius number?: default 0
    /// @return Sprite[]
    /// @example for _, s in ipairs(tide.physics.at(x, y)) do s:apply_impulse(0, -s:mass() * 300) end
    m.function("at") { [unowned self] lua in
      let p = Vec2(x: try lua.checkNumber(1, "x", in: Limits.position), y: try lua.checkNumber(2, "y", in: Limits.position))
      let radius = try lua.optNumber(3, "radius", in: Limits.radius, default: 0)
      guard let world = activeWorld() else { lua.newTable(); return 1 }
      pushSprites(try physics { try world.bodies(at: p, radius: radius) }, on: lua)
      return 1
    }

    /// The sprites with a body overlapping the box from (`x`, `y`), `w` wide and `h` high, oldest first.
    /// @param x number: left
    /// @param y number: top
    /// @param w number
    /// @param h number
    /// @return Sprite[]
    /// @example local landed = tide.physics.in_box(0, 600, 400, 40)
    m.function("in_box") { [unowned self] lua in
      let x = try lua.checkNumber(1, "x", in: Limits.position)
      let y = try lua.checkNumber(2, "y", in: Limits.position)
      let w = try lua.checkNumber(3, "w", in: NumberRange(0.001...2e6))
      let h = try lua.checkNumber(4, "h", in: NumberRange(0.001...2e6))
      guard let world = activeWorld() else { lua.newTable(); return 1 }
      pushSprites(try physics { try world.bodies(inBox: Vec2(x: x, y: y), Vec2(x: min(x + w, 1e6), y: min(y + h, 1e6))) }, on: lua)
      return 1
    }

    /// The first body a ray from (`x1`, `y1`) to (`x2`, `y2`) meets, or nil.
    /// @param x1 number
    /// @param y1 number
    /// @param x2 number
    /// @param y2 number
    /// @return RayHit?: `sprite`, `x`, `y`, `normal_x`, `normal_y`, `fraction`
    /// @example local hit = tide.physics.ray(gun.x, gun.y, gun.x + 500, gun.y); if hit then hit.sprite:remove() end
    m.function("ray") { [unowned self] lua in
      let from = Vec2(x: try lua.checkNumber(1, "x1", in: Limits.position), y: try lua.checkNumber(2, "y1", in: Limits.position))
      let to = Vec2(x: try lua.checkNumber(3, "x2", in: Limits.position), y: try lua.checkNumber(4, "y2", in: Limits.position))
      guard let world = activeWorld(), let hit = try physics({ try world.rayCast(from: from, to: to) }), let node = hit.body.owner as? Node
      else {
        lua.pushNil()
        return 1
      }
      lua.newTable(narr: 0, nrec: 6)
      sprites.pushSprite(node, on: lua)
      lua.rawSet(-2, key: "sprite")
      for (key, value) in [("x", hit.point.x), ("y", hit.point.y), ("normal_x", hit.normal.x), ("normal_y", hit.normal.y), ("fraction", hit.fraction)] {
        lua.push(value)
        lua.rawSet(-2, key: key)
      }
      return 1
    }

    /// Calls `fn(e)` for the contacts of the current scene's world, after the tick's step and
    /// never inside it (a handler may remove sprites or add bodies): "begin" when two bodies start
    /// touching, "pre_solve" every tick they touch awake (before the solver pushes them apart;
    /// `e.points` and `e.normal_x`, `e.normal_y` say where and which way), "post_solve" every tick
    /// they were pushed apart (`e.impulse_x`, `e.impulse_y`: how hard), "separate" when they part.
    /// A `begin` handler that returns false lets the two pass through each other until they part.
    /// A `pre_solve` handler that returns false cancels the pair: since it runs after the step, the
    /// step it saw is solved already, and Chipmunk skips the pair from the next step on, for as
    /// long as the handler keeps answering false (it is asked every tick they touch; any other
    /// answer lets them collide again; the answer is forgotten when they part). A one-way platform is a `pre_solve` that answers false
    /// while the body comes from below. An error in a handler is reported with its line, and the
    /// world goes on. The handlers go with the scene.
    /// @param event ContactPhase: "begin", "pre_solve", "post_solve" or "separate"
    /// @param fn fun(e: ContactEvent): boolean?: the handler; nil removes it
    /// @example tide.physics.on("begin", function(e) if e.b == floor then lose_heart(e.a) end end)
    /// @example tide.physics.on("pre_solve", function(e) if e.b == platform and e.a.y > platform.y then return false end end)
    /// @example tide.physics.on("post_solve", function(e) if math.abs(e.impulse_y) > 5000 then crack(e.a) end end)
    m.function("on") { [unowned self] lua in
      let event = try lua.checkOption(1, PhysicsAPIEnums.contactPhases)
      let world = try currentWorld()
      if lua.isNoneOrNil(at: 2) {
        handlers[event] = nil
      } else {
        try lua.checkFunction(2)
        handlers[event] = lua.ref(at: 2)
      }
      world.reportsContacts = handlers["begin"] != nil || handlers["separate"] != nil
      world.reportsPreSolve = handlers["pre_solve"] != nil
      world.reportsPostSolve = handlers["post_solve"] != nil
      // Nobody answers any more: nothing stays cancelled on an answer no one will change.
      if handlers["pre_solve"] == nil { world.clearCancelledContacts() }
      return 0
    }

    /// Starts dragging `sprite`'s body with pointer `pointer` (the mouse or a finger) from world
    /// point (`x`, `y`): Chipmunk's idiom of a hand pivoted to the body, so the body is pulled
    /// (and still collides) rather than teleported. Every pointer drags its own body at once.
    /// Follow with `drag_move` on `pointer_move` and `drag_end` on `pointer_up` (listeners get
    /// screen points: under a moved camera, turn them into world points with `tide.camera:to_world`).
    /// @param pointer integer|string: the pointer a `tide.input` listener got: "mouse" or a finger's number
    /// @param sprite Sprite: a sprite with a dynamic body
    /// @param x number
    /// @param y number
    /// @param max_force number?: the pull's strength; default 1e9 (the body's mass times 20,000 is a firm hand)
    /// @example tide.input.on("pointer_down", function(x, y, pointer) local s = tide.physics.at(x, y)[1]; if s then tide.physics.drag_start(pointer, s, x, y) end end)
    /// @example tide.input.on("pointer_move", function(x, y, pointer) tide.physics.drag_move(pointer, x, y) end)
    /// @example tide.input.on("pointer_up", function(x, y, pointer) tide.physics.drag_end(pointer) end)
    m.function("drag_start") { [unowned self] lua in
      let pointer = try Physics.pointer(lua, 1)
      let world = try currentWorld()
      let body = try bodyOf(lua, 2)
      let p = Vec2(x: try lua.checkNumber(3, "x", in: Limits.position), y: try lua.checkNumber(4, "y", in: Limits.position))
      let force = try lua.optNumber(5, "max_force", in: NumberRange(1e-6...1e15), default: 1e9)
      try physics { try world.startDrag(pointer, body, at: p, maxForce: force) }
      return 0
    }

    /// Moves pointer `pointer`'s hand to world point (`x`, `y`); the body follows over the next
    /// ticks. Harmless when the pointer drags nothing.
    /// @param pointer integer|string
    /// @param x number
    /// @param y number
    /// @example tide.physics.drag_move(pointer, x, y)
    m.function("drag_move") { [unowned self] lua in
      let pointer = try Physics.pointer(lua, 1)
      let p = Vec2(x: try lua.checkNumber(2, "x", in: Limits.position), y: try lua.checkNumber(3, "y", in: Limits.position))
      guard let world = activeWorld() else { return 0 }
      try physics { try world.moveDrag(pointer, to: p, dt: clock.dt) }
      return 0
    }

    /// Lets go of what pointer `pointer` drags; harmless when nothing.
    /// @param pointer integer|string
    /// @example tide.physics.drag_end(pointer)
    m.function("drag_end") { [unowned self] lua in
      let pointer = try Physics.pointer(lua, 1)
      activeWorld()?.endDrag(pointer)
      return 0
    }

    /// Turns the debug drawing on or off: every body's shapes (green awake, grey asleep, blue
    /// static; a concave polygon shows its convex parts), joints (yellow) and contact points (red
    /// crosses, one arm along the normal) in the current scene, over its world; `--physics-debug` starts
    /// with it on. Shown in the window, `tide shot` and goldens.
    /// @param on boolean
    /// @example tide.physics.debug(true)
    m.function("debug") { [unowned self] lua in
      debugDraw = try lua.checkBool(1)
      if !debugDraw { clearDebug() }
      return 0
    }

    /// How many bodies and joints the current scene's world holds.
    /// @return integer: bodies
    /// @return integer: joints
    /// @example local bodies = tide.physics.count()
    m.function("count") { [unowned self] lua in
      let world = activeWorld()
      lua.push(world?.bodies.count ?? 0)
      lua.push(world?.joints.count ?? 0)
      return 2
    }

    installBodyMethods()
    installJointMethods()
  }

  static let jointKinds = PhysicsAPIEnums.jointKinds

  /// The pointer at `arg` (`"mouse"` or a finger's number) as the world's drag key.
  static func pointer(_ lua: LuaState, _ arg: Int32) throws -> Int {
    switch try Input.checkPointer(lua, arg) {
    case .mouse: 0
    case .finger(let n): n
    }
  }

  /// The world of the current scene, if it has one (queries on a scene with none find nothing).
  func activeWorld() -> PhysicsWorld? {
    guard let world, let scene = scenes.current, scene.owner == worldOwner else { return nil }
    return world
  }

  /// Runs `body`, turning a world's refusal into a Lua error.
  func physics<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as PhysicsError {
      throw LuaRaise(error.message)
    }
  }

  /// The body of the sprite at `arg`, or an error saying it has none.
  func bodyOf(_ lua: LuaState, _ arg: Int32) throws -> PhysicsBody {
    let node = try sprites.checkSprite(lua, arg)
    guard let body = body(of: node), node.isAttached else {
      throw LuaArgumentError(arg: arg, message: "the sprite has no body (give it one with tide.physics.body)")
    }
    return body
  }

  /// Reads a body definition at `index` (nil or none: all defaults).
  func bodyDef(_ lua: LuaState, _ index: Int32, path: String, node: Node?) throws -> (BodyKind, [ShapeSpec], Vec2?, Double?) {
    if lua.isNoneOrNil(at: index) {
      lua.newTable()
      defer { lua.pop() }
      return try bodyDef(lua, -1, path: path, node: node)
    }
    guard lua.type(at: index) == .table, !lua.isObject(at: index) else {
      throw LuaRaise("\(path) must be a table, got \(lua.typeName(at: index))")
    }
    let reader = DefReader(lua, index, path: path)
    try reader.checkKeys(LuaTableShape.bodyDef.names)
    let kindName = try reader.string("type") ?? "dynamic"
    guard let kind = BodyKind(rawValue: kindName) else {
      throw reader.fail("type", "must be one of dynamic, static, kinematic, got '\(kindName)'")
    }
    let specs = try shapes(reader, node: node)
    let velocity = try reader.vector("velocity", in: -1e9...1e9)
    let spin = try reader.number("angular_velocity", in: -1e9...1e9)
    // A body that cannot move anything must still have something to be: checked here too, so
    // `tide.physics.bodies` finds what `body` would.
    if kind == .dynamic {
      let mass = specs.reduce(0.0) { $0 + ($1.material.mass ?? ($1.material.density > 0 ? 1 : 0)) }
      guard mass > 0 else { throw LuaRaise("\(path) is dynamic and needs mass: a density above 0 or a mass") }
    }
    return (kind, specs, velocity, spin)
  }

  /// Calls `body(key, path)` with each entry of the table at `index` pushed, in key order.
  func forEachNamed(_ lua: LuaState, _ index: Int32, _ name: String, _ body: (String, String) throws -> Void) throws {
    var keys: [String] = []
    var bad: String?
    lua.forEachPair(index) { k, v in
      guard lua.type(at: k) == .string, let key = lua.toString(at: k) else {
        bad = bad ?? "\(name) must be keyed by names, got a \(lua.typeName(at: k)) key"
        return
      }
      if lua.type(at: v) != .table { bad = bad ?? "\(name).\(key) must be a table, got \(lua.typeName(at: v))" }
      keys.append(key)
    }
    if let bad { throw LuaRaise(bad) }
    guard keys.count <= 10_000 else { throw LuaRaise("\(name) has \(keys.count) entries; at most 10000") }
    for key in keys.sorted() {
      lua.rawGet(index, key: key)
      defer { lua.pop() }
      try body(key, "\(name).\(key)")
    }
  }

  /// Pushes the sprites of `found` as a list on `lua`: the state that called, which is a test's
  /// own coroutine under `tide test`, not the engine's main state.
  private func pushSprites(_ found: [PhysicsBody], on lua: LuaState) {
    lua.newTable(narr: Int32(found.count), nrec: 0)
    var i = 0
    for body in found {
      guard let node = body.owner as? Node, node.isAttached else { continue }
      i += 1
      sprites.pushSprite(node, on: lua)
      lua.rawSet(-2, index: i)
    }
  }
}

/// The strings the physics functions take, for the docs' aliases.
public enum PhysicsAPIEnums {
  public static let jointKinds = ["pin", "slide", "pivot", "groove", "spring", "rotary_limit", "motor", "gear"]
  public static let contactPhases = ["begin", "pre_solve", "post_solve", "separate"]
}
