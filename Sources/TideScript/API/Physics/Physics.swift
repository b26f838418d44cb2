import LuaBridge
import TideCore
import TidePhysics

/// `tide.physics`: the current scene's Chipmunk world (`PhysicsWorld`), made with the scene's
/// first body or `tide.physics.world` and gone with the scene, and the bodies on its sprites.
///
/// The engine steps it once a tick, after the scene's `update`: sprites a script moved move
/// their bodies first, then the world steps, then every body that moved moves its sprite, and
/// last the contacts the step found reach the game's handlers, outside Chipmunk's step, so a
/// handler may remove sprites or add bodies.
final class Physics: Part {
  let context: PartContext
  unowned let scenes: Scenes
  unowned let sprites: Sprites
  /// The current scene's world, and the scene it belongs to.
  private(set) var world: PhysicsWorld?
  private(set) var worldOwner = 0
  /// The body of each sprite that has one.
  var bodies: [ObjectIdentifier: PhysicsBody] = [:]
  /// `begin`, `pre_solve`, `post_solve` and `separate` handlers of the current scene's world.
  var handlers: [String: LuaRef] = [:]
  /// Materials by name (`tide.physics.materials`): the game's, kept across scenes.
  var materials: [String: PhysicsMaterial] = [:]
  /// Kinematic bodies whose sprite a script moved this tick, and the velocity to give back
  /// after the step.
  private var driven: [(body: PhysicsBody, target: PhysicsBody.Vec3, velocity: Vec2)] = []
  /// Whether the debug drawing is on (`tide.physics.debug`, `--physics-debug`).
  var debugDraw = false
  /// The debug drawing's sprite in the current scene, rebuilt each tick while on.
  var debugNode: Node?

  init(context: PartContext, scenes: Scenes, sprites: Sprites) {
    self.context = context
    self.scenes = scenes
    self.sprites = sprites
    debugDraw = context.options.physicsDebug
  }

  func resetGame(seed: UInt64) {
    dropWorld()
    materials = [:]
    debugDraw = context.options.physicsDebug
  }

  private func dropWorld() {
    world = nil
    worldOwner = 0
    bodies = [:]
    driven = []
    handlers = [:]
    debugNode = nil
  }

  /// The current scene's world, made with default settings when it has none yet.
  func currentWorld() throws -> PhysicsWorld {
    guard let scene = scenes.current else {
      throw LuaRaise("physics belongs to a scene: call tide.scene.go first (no scene is active)")
    }
    if let world, worldOwner == scene.owner { return world }
    dropWorld()
    let made = try PhysicsWorld()
    world = made
    worldOwner = scene.owner
    return made
  }

  /// The body on `node`, if it has one still in the world.
  func body(of node: Node) -> PhysicsBody? {
    guard let body = bodies[ObjectIdentifier(node)], body.isInWorld else { return nil }
    return body
  }

  // MARK: The tick

  /// Steps the current scene's world by `dt`, syncing sprites both ways and handing contacts to Lua.
  func step(dt: Double) {
    guard let world, let scene = scenes.current, scene.owner == worldOwner else { return }
    do {
      try pushSpritesToBodies(world, dt: dt)
      try world.step(dt)
      for entry in driven where entry.body.isInWorld {
        // Exactly where the script put it, not where velocity times dt rounds to.
        try world.setPosition(entry.body, Vec2(x: entry.target.x, y: entry.target.y), angle: entry.target.angle)
        try world.setVelocity(entry.body, entry.velocity)
      }
      driven = []
      pullBodiesToSprites(world)
    } catch {
      errors.report(LuaError(kind: .runtime, message: "physics: \(error)", location: nil, traceback: ""), context: "physics")
    }
    deliverContacts(world)
    if debugDraw || debugNode != nil { drawDebug() }
  }

  /// The sprite of `body`: every body this part makes has one.
  static func node(of body: PhysicsBody) -> Node? {
    guard let owner = body.owner else { return nil }
    return unsafeDowncast(owner, to: Node.self)
  }

  // The two loops below walk every body every tick through its record, and reach its sprite
  // unretained (its body's `owner` holds it, and the world the body): a retain and release
  // of each object they touched, several a body, cost more than the rest of their work.

  /// Bodies whose sprite is gone go; a sprite a script moved moves its body.
  private func pushSpritesToBodies(_ world: PhysicsWorld, dt: Double) throws {
    // Every sprite's position from its table in one C loop, not one lookup a body.
    sprites.tables.pullAll()
    var gone: [PhysicsBody] = []
    let epoch = sprites.tables.epoch.pointee
    for record in world.records {
      // Compared in the sprite's own terms (degrees): radians turned into degrees and back
      // need not come back the same, and a body must not be moved by its own rounding.
      let now = record.pointee.owner.flatMap { owner -> PhysicsBody.Vec3? in
        Unmanaged<Node>.fromOpaque(owner)._withUnsafeGuaranteedRef { node -> PhysicsBody.Vec3? in
          guard node.isAttached else { return nil }
          // A position taken from its table this epoch (`pullAll`) is what `Node.x` would
          // answer: read from the field block, the node's own memory stays untouched.
          if let fields = record.pointee.ownerFields?.assumingMemoryBound(to: NodeFields.self),
            fields.pointee.positionEpoch == epoch
          {
            return PhysicsBody.Vec3(x: fields.pointee.x, y: fields.pointee.y, angle: fields.pointee.rotation)
          }
          return PhysicsBody.Vec3(x: node.x, y: node.y, angle: node.rotation)
        }
      }
      guard let now else {
        if let body = record.pointee.object { gone.append(body.takeUnretainedValue()) }
        continue
      }
      guard now != record.pointee.synced else { continue }
      guard let body = record.pointee.object?.takeUnretainedValue() else { continue }
      let angle = now.angle * .pi / 180
      if body.kind == .kinematic {
        // Given the velocity that gets it there in one step, so it pushes what is in its way.
        let velocity = body.velocity
        let p = body.position
        try world.setVelocity(body, Vec2(x: (now.x - p.x) / dt, y: (now.y - p.y) / dt))
        try world.setAngularVelocity(body, (angle - body.angle) / dt)
        driven.append((body, PhysicsBody.Vec3(x: now.x, y: now.y, angle: angle), velocity))
      } else {
        try world.setPosition(body, Vec2(x: now.x, y: now.y), angle: angle)
        if body.kind == .dynamic { world.wake(body) }
      }
      record.pointee.synced = now
    }
    for body in gone {
      try world.remove(body)
      if let node = Self.node(of: body) { bodies[ObjectIdentifier(node)] = nil }
    }
  }

  /// Every body that moved moves its sprite; the tables of those that changed place are
  /// written together (`SpriteTables.queueMove`, `flushMoves`), one C loop rather than one call each.
  private func pullBodiesToSprites(_ world: PhysicsWorld) {
    let tables = sprites.tables
    let inPlace = BodyState.matches
    for record in world.records where record.pointee.kind != .static {
      guard let owner = record.pointee.owner else { continue }
      let p = record.place(inPlace: inPlace)
      let now = PhysicsBody.Vec3(x: p.x, y: p.y, angle: p.angle * 180 / .pi)
      let synced = record.pointee.synced
      guard now != synced else { continue }
      if let fields = record.pointee.ownerFields {
        // Through the sprite's field block, which the record keeps: the node itself stays
        // untouched, one cache line a body less for the step that follows to find evicted.
        if now.x != synced.x || now.y != synced.y {
          tables.queueMove(Unmanaged<Node>.fromOpaque(owner), fields: fields, x: now.x, y: now.y)
        }
        if now.angle != synced.angle { tables.turn(Unmanaged<Node>.fromOpaque(owner), fields: fields, angle: now.angle) }
      } else {
        Unmanaged<Node>.fromOpaque(owner)._withUnsafeGuaranteedRef { node in
          if now.x != synced.x || now.y != synced.y { tables.queueMove(node, x: now.x, y: now.y) }
          if now.angle != synced.angle { node.rotation = now.angle }
        }
      }
      record.pointee.synced = now
    }
    tables.flushMoves()
  }

  /// Calls the handlers for the contacts of the step just taken, in the order Chipmunk found
  /// them; a `begin` handler that returns false lets the two pass through each other until they
  /// part, and a `pre_solve` answer decides whether the pair is solved from the next step on.
  private func deliverContacts(_ world: PhysicsWorld) {
    let contacts = world.takeContacts()
    guard !contacts.isEmpty else { return }
    for contact in contacts {
      guard let handler = handlers[contact.phase.rawValue], let a = contact.a.owner as? Node, let b = contact.b.owner as? Node
      else { continue }
      let top = lua.top
      lua.push(handler)
      pushContact(contact, a: a, b: b)
      do {
        try lua.pcall(nargs: 1, nresults: 1)
        let refused = lua.type(at: -1) == .boolean && !lua.toBool(at: -1)
        if contact.a.isInWorld, contact.b.isInWorld {
          if contact.phase == .begin, refused { world.ignoreContact(between: contact.a, contact.b) }
          if contact.phase == .preSolve { world.cancelContact(between: contact.a, contact.b, refused) }
        }
      } catch {
        errors.report(error, context: "physics \(contact.phase.rawValue)")
      }
      lua.top = top
      // A handler may have ended the scene, and the world with it.
      if self.world !== world { return }
    }
  }

  /// Pushes the event table of `contact`.
  func pushContact(_ contact: Contact, a: Node, b: Node) {
    lua.newTable(narr: 0, nrec: 8)
    sprites.pushSprite(a, on: lua)
    lua.rawSet(-2, key: "a")
    sprites.pushSprite(b, on: lua)
    lua.rawSet(-2, key: "b")
    lua.push(contact.normal.x)
    lua.rawSet(-2, key: "normal_x")
    lua.push(contact.normal.y)
    lua.rawSet(-2, key: "normal_y")
    lua.push(contact.impulse.x)
    lua.rawSet(-2, key: "impulse_x")
    lua.push(contact.impulse.y)
    lua.rawSet(-2, key: "impulse_y")
    lua.newTable(narr: Int32(contact.points.count), nrec: 0)
    for (i, p) in contact.points.enumerated() {
      lua.newTable(narr: 0, nrec: 2)
      lua.push(p.x)
      lua.rawSet(-2, key: "x")
      lua.push(p.y)
      lua.rawSet(-2, key: "y")
      lua.rawSet(-2, index: i + 1)
    }
    lua.rawSet(-2, key: "points")
  }
}

extension Physics: SceneScoped {
  /// The world goes with its scene, and every body in it.
  func sceneDidEnd(_ scene: Scenes.Active) {
    if worldOwner == scene.owner { dropWorld() }
  }
}

extension Physics {
  /// Redraws the debug lines of the current scene's world over its sprites: a group of line
  /// sprites the game never sees (not tables, never hit, no handlers), made afresh each tick.
  func drawDebug() {
    clearDebug()
    guard debugDraw, let world = activeWorld(), let scene = scenes.current else { return }
    let group = sprites.graph.makeNode(.group)
    group.name = "physics-debug"
    group.z = 1e9
    for line in world.debugLines() {
      let node = sprites.graph.makeNode(.line)
      node.anchorX = 0
      node.anchorY = 0
      node.points = line.points
      node.strokeWidth = 1.5
      node.stroke = Self.debugColor(line.role)
      group.add(node)
    }
    scene.root.add(group)
    debugNode = group
  }

  func clearDebug() {
    debugNode?.removeFromParent()
    debugNode = nil
  }

  static func debugColor(_ role: DebugLine.Role) -> Color {
    switch role {
    case .awake: Color(r: 0.2, g: 0.9, b: 0.3, a: 1)
    case .asleep: Color(r: 0.6, g: 0.6, b: 0.6, a: 1)
    case .fixed: Color(r: 0.3, g: 0.6, b: 1, a: 1)
    case .joint: Color(r: 1, g: 0.85, b: 0.2, a: 1)
    case .contact: Color(r: 1, g: 0.25, b: 0.25, a: 1)
    }
  }
}
