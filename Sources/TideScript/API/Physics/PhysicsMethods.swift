import LuaBridge
import TideCore
import TidePhysics

extension Physics {
  /// The body methods of sprites, added to the Sprite type's methods.
  func installBodyMethods() {
    let t = type("Sprite")

    /// Sprites with a body: pushes the body at once by (`ix`, `iy`), at world point (`x`, `y`)
    /// (default its centre of gravity, which turns nothing). An impulse of the body's mass times
    /// a speed changes its velocity by that speed.
    /// @param ix number
    /// @param iy number
    /// @param x number?
    /// @param y number?
    /// @example ball:apply_impulse(0, -ball:mass() * 400) -- jump at 400 units a second
    t.method("apply_impulse") { [unowned self] lua in
      try push(lua, "ix", "iy") { try $0.applyImpulse($1, $2, at: $3) }
    }

    /// Sprites with a body: pushes the body by (`fx`, `fy`) over the next tick, at world point
    /// (`x`, `y`) (default its centre of gravity). Call it each tick for a steady push.
    /// @param fx number
    /// @param fy number
    /// @param x number?
    /// @param y number?
    /// @example balloon:apply_force(0, -balloon:mass() * 1000)
    t.method("apply_force") { [unowned self] lua in
      try push(lua, "fx", "fy") { try $0.applyForce($1, $2, at: $3) }
    }

    /// Sprites with a body: turns the body by `torque` over the next tick.
    /// @param torque number
    /// @example wheel:apply_torque(1e6)
    t.method("apply_torque") { [unowned self] lua in
      let (world, body) = try sprite(lua)
      let torque = try lua.checkNumber(2, "torque", in: NumberRange(-1e12...1e12))
      try physics { try world.applyTorque(body, torque) }
      return 0
    }

    /// Sprites with a body: its velocity, units a second.
    /// @return number: vx
    /// @return number: vy
    /// @example local vx, vy = ball:velocity()
    t.method("velocity") { [unowned self] lua in
      let (_, body) = try sprite(lua)
      lua.push(body.velocity.x)
      lua.push(body.velocity.y)
      return 2
    }

    /// Sprites with a dynamic or kinematic body: sets its velocity, units a second.
    /// @param vx number
    /// @param vy number
    /// @example platform:set_velocity(120, 0)
    t.method("set_velocity") { [unowned self] lua in
      let (world, body) = try sprite(lua)
      let v = try vector(lua, 2, "vx", "vy", Limits.force)
      try physics { try world.setVelocity(body, v) }
      return 0
    }

    /// Sprites with a body: how fast it turns, degrees a second, clockwise.
    /// @return number
    /// @example print(wheel:angular_velocity())
    t.method("angular_velocity") { [unowned self] lua in
      let (_, body) = try sprite(lua)
      lua.push(body.angularVelocity * 180 / .pi)
      return 1
    }

    /// Sprites with a dynamic or kinematic body: sets how fast it turns, degrees a second, clockwise.
    /// @param degrees number
    /// @example fan:set_angular_velocity(360)
    t.method("set_angular_velocity") { [unowned self] lua in
      let (world, body) = try sprite(lua)
      let w = try lua.checkNumber(2, "degrees", in: NumberRange(-1e9...1e9))
      try physics { try world.setAngularVelocity(body, w * .pi / 180) }
      return 0
    }

    /// Sprites with a body: its mass (0 for static and kinematic bodies, which no push moves).
    /// @return number
    /// @example print(block:mass())
    t.method("mass") { [unowned self] lua in
      let (_, body) = try sprite(lua)
      lua.push(body.mass)
      return 1
    }

    /// Sprites with a dynamic body: puts it to sleep until something touches or pushes it.
    /// @example crate:sleep()
    t.method("sleep") { [unowned self] lua in
      let (world, body) = try sprite(lua)
      try physics { try world.sleep(body) }
      return 0
    }

    /// Sprites with a body: wakes it.
    /// @example crate:wake()
    t.method("wake") { [unowned self] lua in
      let (world, body) = try sprite(lua)
      world.wake(body)
      return 0
    }

    /// Sprites with a body: whether it sleeps (it has been still a while, or was put to sleep).
    /// @return boolean
    /// @example if block:is_sleeping() then settled = settled + 1 end
    t.method("is_sleeping") { [unowned self] lua in
      let (_, body) = try sprite(lua)
      lua.push(body.isSleeping)
      return 1
    }

    /// Whether the sprite has a body in the current scene's world.
    /// @return boolean
    /// @example if not s:has_body() then tide.physics.body(s) end
    t.method("has_body") { [unowned self] lua in
      let node = try sprites.checkSprite(lua, 1)
      lua.push(activeWorld() != nil && body(of: node) != nil && node.isAttached)
      return 1
    }

    /// Sprites with a body: takes the body (and its joints) away; the sprite stays where it is.
    /// Harmless when it has none.
    /// @example block:remove_body()
    t.method("remove_body") { [unowned self] lua in
      let node = try sprites.checkSprite(lua, 1)
      guard let world = activeWorld(), let body = body(of: node) else { return 0 }
      try physics { try world.remove(body) }
      bodies[ObjectIdentifier(node)] = nil
      return 0
    }

    /// Sprites with a body: the bodies it touches now, each as `{ sprite = ..., normal_x, normal_y, impulse_x, impulse_y }`
    /// (the normal pointing away from this sprite, the impulse of the last tick).
    /// @return table[]
    /// @example for _, c in ipairs(block:contacts()) do if c.sprite == ground then on_ground = true end end
    t.method("contacts") { [unowned self] lua in
      let (world, body) = try sprite(lua)
      let contacts = world.contacts(of: body)
      lua.newTable(narr: Int32(contacts.count), nrec: 0)
      var i = 0
      for contact in contacts {
        let mine = contact.a === body
        guard let other = (mine ? contact.b : contact.a).owner as? Node else { continue }
        let sign: Double = mine ? 1 : -1
        i += 1
        lua.newTable(narr: 0, nrec: 5)
        sprites.pushSprite(other, on: lua)
        lua.rawSet(-2, key: "sprite")
        for (key, value) in [
          ("normal_x", contact.normal.x * sign), ("normal_y", contact.normal.y * sign),
          ("impulse_x", contact.impulse.x * sign), ("impulse_y", contact.impulse.y * sign),
        ] {
          lua.push(value)
          lua.rawSet(-2, key: key)
        }
        lua.rawSet(-2, index: i)
      }
      return 1
    }
  }

  /// The joint methods.
  func installJointMethods() {
    /// A joint between two bodies (`tide.physics.joint`); it goes when either body goes.
    let t = type("Joint")

    /// Takes the joint away; harmless when it is gone.
    /// @example rope:remove()
    t.method("remove") { [unowned self] lua in
      guard let joint = lua.toObject(at: 1, as: PhysicsJoint.self) else { throw LuaArgumentError(arg: 1, message: "expected a joint") }
      if let world = activeWorld(), joint.isInWorld { try physics { try world.remove(joint) } }
      return 0
    }

    /// Limits the force the joint applies: a weaker joint gives way (a soft motor, a breakable rope).
    /// @param force number: above 0; `math.huge` for no limit
    /// @example motor:set_max_force(2e5)
    t.method("set_max_force") { [unowned self] lua in
      guard let joint = lua.toObject(at: 1, as: PhysicsJoint.self) else { throw LuaArgumentError(arg: 1, message: "expected a joint") }
      let force = try lua.checkNumber(2)
      guard force > 0 else { throw LuaArgumentError(arg: 2, message: "force must be above 0 (math.huge: no limit), got \(NumberRange.format(force))") }
      _ = self
      joint.maxForce = force
      return 0
    }

    /// The impulse the joint applied in the last tick: how hard it holds (break a rope above some).
    /// @return number
    /// @example if rope:impulse() > 5e4 then rope:remove() end
    t.method("impulse") { lua in
      guard let joint = lua.toObject(at: 1, as: PhysicsJoint.self) else { throw LuaArgumentError(arg: 1, message: "expected a joint") }
      lua.push(joint.impulse)
      return 1
    }

    /// Whether the joint is still in its world.
    /// @return boolean
    /// @example if not rope:active() then snap() end
    t.method("active") { lua in
      guard let joint = lua.toObject(at: 1, as: PhysicsJoint.self) else { throw LuaArgumentError(arg: 1, message: "expected a joint") }
      lua.push(joint.isInWorld)
      return 1
    }
    registerMethodsMetatable("tide.Joint", methods: "Joint")
  }

  /// Pushes `joint` on `lua`, the state that called (a test's coroutine under `tide test`).
  func pushJoint(_ joint: PhysicsJoint, on lua: LuaState) -> Int32 {
    lua.pushObject(joint, metatable: "tide.Joint")
    return 1
  }

  /// Reads the options at `optsAt` for a joint of `kind` and adds it.
  func makeJoint(_ kind: String, world: PhysicsWorld, _ a: PhysicsBody?, _ b: PhysicsBody, optsAt arg: Int32, lua: LuaState) throws -> PhysicsJoint {
    var index = arg
    let empty = lua.isNoneOrNil(at: arg)
    if empty {
      lua.newTable()
      index = lua.absIndex(-1)
    } else {
      try lua.checkTable(arg)
    }
    defer { if empty { lua.pop() } }
    let r = DefReader(lua, index, path: "joint")
    try r.checkKeys(LuaTableShape.jointOptions.names)
    let origin = Vec2(x: 0, y: 0)
    let anchorA = try r.vector("anchor_a", in: -1e5...1e5) ?? origin
    let anchorB = try r.vector("anchor_b", in: -1e5...1e5) ?? origin
    let degrees = Double.pi / 180
    let spec: JointSpec
    switch kind {
    case "pin": spec = .pin(anchorA: anchorA, anchorB: anchorB)
    case "slide":
      spec = .slide(
        anchorA: anchorA, anchorB: anchorB, min: try r.number("min", in: 0...1e6) ?? 0,
        max: try r.number("max", in: 0...1e6) ?? distance(a, anchorA, b, anchorB))
    case "pivot":
      let p = b.position
      spec = .pivot(point: Vec2(x: try r.number("x", in: -1e6...1e6) ?? p.x, y: try r.number("y", in: -1e6...1e6) ?? p.y))
    case "groove":
      guard let ga = try r.vector("groove_a", in: -1e5...1e5), let gb = try r.vector("groove_b", in: -1e5...1e5) else {
        throw LuaRaise("a groove joint needs groove_a and groove_b")
      }
      spec = .groove(grooveA: ga, grooveB: gb, anchorB: anchorB)
    case "spring":
      spec = .spring(
        anchorA: anchorA, anchorB: anchorB, restLength: try r.number("rest_length", in: 0...1e6) ?? distance(a, anchorA, b, anchorB),
        stiffness: try r.number("stiffness", in: 0...1e9) ?? 100, damping: try r.number("damping", in: 0...1e9) ?? 5)
    case "rotary_limit":
      spec = .rotaryLimit(min: (try r.number("min", in: -1e6...1e6) ?? 0) * degrees, max: (try r.number("max", in: -1e6...1e6) ?? 0) * degrees)
    case "motor": spec = .motor(rate: (try r.number("rate", in: -1e7...1e7) ?? 0) * degrees)
    default: spec = .gear(phase: (try r.number("phase", in: -1e6...1e6) ?? 0) * degrees, ratio: try r.number("ratio", in: -1e4...1e4) ?? 1)
    }
    let collide = try r.bool("collide") ?? false
    let maxForce = try r.number("max_force", in: 1e-9...Double.infinity)
    let joint = try physics { try world.addJoint(spec, a, b, collide: collide) }
    if let maxForce { joint.maxForce = maxForce }
    return joint
  }

  private func distance(_ a: PhysicsBody?, _ anchorA: Vec2, _ b: PhysicsBody, _ anchorB: Vec2) -> Double {
    let pa = a?.toWorld(anchorA) ?? anchorA
    let pb = b.toWorld(anchorB)
    return ((pa.x - pb.x) * (pa.x - pb.x) + (pa.y - pb.y) * (pa.y - pb.y)).squareRoot()
  }

  /// Reads `sprite, x, y[, at_x, at_y]` and hands them to `apply`.
  private func push(
    _ lua: LuaState, _ x: String, _ y: String, _ apply: (PhysicsWorld, PhysicsBody, Vec2, Vec2?) throws -> Void
  ) throws -> Int32 {
    let (world, body) = try sprite(lua)
    let v = try vector(lua, 2, x, y, Limits.force)
    let at = try optPoint(lua, 4)
    try physics { try apply(world, body, v, at) }
    return 0
  }

  /// The world and body of the sprite at 1.
  private func sprite(_ lua: LuaState) throws -> (PhysicsWorld, PhysicsBody) {
    let body = try bodyOf(lua, 1)
    guard let world = activeWorld() else { throw LuaArgumentError(arg: 1, message: "the sprite has no body in this scene") }
    return (world, body)
  }

  private func vector(_ lua: LuaState, _ arg: Int32, _ x: String, _ y: String, _ range: NumberRange) throws -> Vec2 {
    Vec2(x: try lua.checkNumber(arg, x, in: range), y: try lua.checkNumber(arg + 1, y, in: range))
  }

  private func optPoint(_ lua: LuaState, _ arg: Int32) throws -> Vec2? {
    guard !lua.isNoneOrNil(at: arg) else { return nil }
    return Vec2(x: try lua.checkNumber(arg, "x", in: Limits.position), y: try lua.checkNumber(arg + 1, "y", in: Limits.position))
  }
}

extension Limits {
  /// Velocities, forces and impulses from scripts: ±1e9.
  static let force = NumberRange(-1e9...1e9)
}
