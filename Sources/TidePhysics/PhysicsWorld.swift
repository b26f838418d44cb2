import CChipmunk
import Foundation
import TideCore

/// A Chipmunk2D space with the bodies, shapes and joints in it, and nothing of Lua.
///
/// Everything a caller hands in is checked before Chipmunk sees it: its assertions abort the
/// process, so a NaN, a zero-area polygon or a joint of a body to itself must never reach it.
/// Contacts are gathered during `step` and handed out after it (`takeContacts`), so whatever
/// reacts to them (removing bodies, adding joints) runs outside Chipmunk's step, where the space
/// is unlocked. The same calls in the same order give the same positions bit for bit.
public final class PhysicsWorld {
  let space: OpaquePointer
  /// Bodies in creation order: stepping, syncing and results walk them in this order.
  public private(set) var bodies: [PhysicsBody] = []
  /// The records of `bodies`, index for index: what the loops that run every tick walk.
  package private(set) var records: [UnsafeMutablePointer<BodyRecord>] = []
  public private(set) var joints: [PhysicsJoint] = []
  public private(set) var settings: WorldSettings
  private let sink = ContactSink()
  private let recordStore = BodyRecords()
  /// The space's default collision handler, added the first time something listens or decides:
  /// once added, Chipmunk looks up two wildcard handlers for every touching pair every step,
  /// which a world nobody listens to need not pay. Chipmunk calls its pre- and post-solve
  /// functions for every touching pair every step, so they are the trivial ones unless there is
  /// work: a pair to let through or to report, or a contact begun this step whose impulse to read.
  private(set) var handler: UnsafeMutablePointer<cpCollisionHandler>?
  static let solveAll: cpCollisionPreSolveFunc = { _, _, _ in 1 }
  static let beginAll: cpCollisionBeginFunc = { _, _, _ in 1 }
  static let noSeparate: cpCollisionSeparateFunc = { _, _, _ in }
  static let begin: cpCollisionBeginFunc = { arbiter, _, data in
    guard let arbiter, let data else { return 1 }
    return Unmanaged<ContactSink>.fromOpaque(data).takeUnretainedValue().began(arbiter) ? 1 : 0
  }
  static let separate: cpCollisionSeparateFunc = { arbiter, _, data in
    guard let arbiter, let data else { return }
    Unmanaged<ContactSink>.fromOpaque(data).takeUnretainedValue().separated(arbiter)
  }
  static let noPostSolve: cpCollisionPostSolveFunc = { _, _, _ in }
  static let preSolve: cpCollisionPreSolveFunc = { arbiter, _, data in
    guard let arbiter, let data else { return 1 }
    return Unmanaged<ContactSink>.fromOpaque(data).takeUnretainedValue().preSolve(arbiter) ? 1 : 0
  }
  static let postSolve: cpCollisionPostSolveFunc = { arbiter, _, data in
    guard let arbiter, let data else { return }
    Unmanaged<ContactSink>.fromOpaque(data).takeUnretainedValue().postSolve(arbiter)
  }
  private var nextID = 1
  /// Per pointer: the kinematic body a finger drags with, and the pivot that pulls the body.
  private var drags: [Int: (hand: OpaquePointer, pivot: OpaquePointer, target: PhysicsBody)] = [:]
  /// Whether `takeContacts` gets the contacts that begin and end: gathering them costs an
  /// allocation or two for each, hundreds a tick while a pile settles, for nobody when no one
  /// listens. A pair let through (`ignoreContact`) is still watched until it parts.
  public var reportsContacts = false {
    didSet {
      sink.reportsSeparate = reportsContacts
      updateHandlers()
    }
  }
  /// Whether `takeContacts` gets a `preSolve` contact for every touching pair each step (its
  /// points and normal), to answer with `cancelContact`.
  public var reportsPreSolve: Bool {
    get { sink.reportsPreSolve }
    set {
      sink.reportsPreSolve = newValue
      updateHandlers()
    }
  }
  /// Whether `takeContacts` gets a `postSolve` contact for every pair the step solved, with the
  /// impulse it applied.
  public var reportsPostSolve: Bool {
    get { sink.reportsPostSolve }
    set {
      sink.reportsPostSolve = newValue
      updateHandlers()
    }
  }

  /// Whether anything needs the collision handler's functions: a listener or a pair decided.
  private var needsHandler: Bool {
    reportsContacts || sink.reportsPreSolve || sink.reportsPostSolve || !sink.ignored.isEmpty || !sink.cancelled.isEmpty
  }

  private func updateHandlers() {
    if handler == nil, needsHandler { addHandler() }
    guard let handler else { return }
    handler.pointee.beginFunc = reportsContacts ? Self.begin : Self.beginAll
    let watchesPairs = !sink.ignored.isEmpty || !sink.cancelled.isEmpty
    handler.pointee.separateFunc = reportsContacts || watchesPairs ? Self.separate : Self.noSeparate
    let decides = watchesPairs || sink.reportsPreSolve
    handler.pointee.preSolveFunc = decides ? Self.preSolve : Self.solveAll
    handler.pointee.postSolveFunc = sink.reportsPostSolve ? Self.postSolve : Self.noPostSolve
  }

  private func addHandler() {
    guard let made = cpSpaceAddDefaultCollisionHandler(space) else { return }
    made.pointee.userData = Unmanaged.passUnretained(sink).toOpaque()
    made.pointee.beginFunc = Self.beginAll
    made.pointee.preSolveFunc = Self.solveAll
    made.pointee.postSolveFunc = Self.noPostSolve
    made.pointee.separateFunc = Self.noSeparate
    handler = made
    sink.handler = made
  }

  /// True inside `step`: the space is locked, and nothing may add or remove.
  public private(set) var isStepping = false

  public init(settings: WorldSettings = WorldSettings()) throws {
    try Self.check(settings)
    _ = Self.bannerSilenced
    guard let space = cpSpaceNew() else { throw PhysicsError("Chipmunk could not make a space") }
    self.space = space
    self.settings = settings
    apply(settings)
  }

  /// Debian builds Chipmunk with its debug checks on, and its first space prints a banner to
  /// standard output: that would land in `tide test --tap` and every tool's output. The first
  /// space is made once with standard output pointed at /dev/null (flushed before and after,
  /// so nothing else is lost or held).
  private static let bannerSilenced: Bool = {
    fflush(nil)
    let saved = dup(1)
    let null = open("/dev/null", O_WRONLY)
    guard saved >= 0, null >= 0 else { return false }
    dup2(null, 1)
    if let probe = cpSpaceNew() { cpSpaceFree(probe) }
    fflush(nil)
    dup2(saved, 1)
    close(saved)
    close(null)
    return true
  }()

  deinit {
    // Removing shapes would call the separate handler; nobody listens any more.
    sink.isListening = false
    for (_, drag) in drags { free(drag) }
    for joint in joints {
      // A script may still hold the joint (a scene's world goes with the scene): asked after,
      // it must answer as a removed joint, not reach into freed memory.
      joint.isInWorld = false
      cpSpaceRemoveConstraint(space, joint.constraint)
      cpConstraintFree(joint.constraint)
    }
    // A body keeps its joints and a joint its bodies: without this the pairs, and the sprites
    // and engine they lead to, would keep each other alive after the world.
    for body in bodies {
      body.joints.removeAll()
      detach(body)
    }
    cpSpaceFree(space)
  }

  // MARK: Settings

  /// Changes gravity, damping, iterations and sleep time.
  public func update(_ settings: WorldSettings) throws {
    try Self.check(settings)
    self.settings = settings
    apply(settings)
  }

  private func apply(_ settings: WorldSettings) {
    cpSpaceSetGravity(space, cpv(settings.gravity.x, settings.gravity.y))
    cpSpaceSetDamping(space, settings.damping)
    cpSpaceSetIterations(space, Int32(settings.iterations))
    cpSpaceSetSleepTimeThreshold(space, settings.sleepTime)
  }

  private static func check(_ s: WorldSettings) throws {
    try checkVector(s.gravity, "gravity")
    guard s.damping.isFinite, (0...1).contains(s.damping) else {
      throw PhysicsError("damping must be 0 to 1 (the fraction of velocity kept each second), got \(s.damping)")
    }
    guard PhysicsLimits.iterations.contains(s.iterations) else {
      throw PhysicsError("iterations must be \(PhysicsLimits.iterations.lowerBound) to \(PhysicsLimits.iterations.upperBound), got \(s.iterations)")
    }
    guard !s.sleepTime.isNaN, s.sleepTime >= 0 else {
      throw PhysicsError("sleep_time must be 0 or more seconds (math.huge never sleeps), got \(s.sleepTime)")
    }
  }

  // MARK: Bodies

  /// Adds a body at `position` turned by `angle` radians, with `shapes`. A dynamic body needs
  /// mass: at least one shape with area or a `mass`.
  public func addBody(_ kind: BodyKind, at position: Vec2, angle: Double, shapes specs: [ShapeSpec]) throws -> PhysicsBody {
    try checkUnlocked("add a body")
    guard bodies.count < PhysicsLimits.bodies else {
      throw PhysicsError("too many bodies: at most \(PhysicsLimits.bodies) in one world")
    }
    try Self.checkPoint(position, "position")
    guard angle.isFinite, abs(angle) <= PhysicsLimits.magnitude else { throw PhysicsError("angle must be a finite number, got \(angle)") }
    guard !specs.isEmpty else { throw PhysicsError("a body needs at least one shape") }
    guard specs.count <= PhysicsLimits.shapesPerBody else {
      throw PhysicsError("too many shapes: at most \(PhysicsLimits.shapesPerBody) on one body, got \(specs.count)")
    }
    var prepared: [PreparedShape] = []
    for (i, spec) in specs.enumerated() {
      do {
        prepared.append(try PreparedShape(spec))
      } catch let error as PhysicsError {
        throw PhysicsError(specs.count > 1 ? "shape \(i + 1): \(error.message)" : error.message)
      }
    }
    let pieces = prepared.reduce(0) { $0 + $1.count }
    guard pieces <= PhysicsLimits.shapesPerBody else {
      throw PhysicsError(
        "too many shapes: at most \(PhysicsLimits.shapesPerBody) on one body (each convex part of a concave polygon counts), got \(pieces)")
    }
    if kind == .dynamic {
      let mass = prepared.reduce(0) { $0 + $1.mass }
      guard mass > 0, mass.isFinite else {
        throw PhysicsError("a dynamic body needs mass: give a shape with area a density above 0, or a mass")
      }
    }
    let made: OpaquePointer?
    switch kind {
    case .dynamic: made = cpBodyNew(0, 0)
    case .kinematic: made = cpBodyNewKinematic()
    case .static: made = cpBodyNewStatic()
    }
    guard let made else { throw PhysicsError("Chipmunk could not make a body") }
    cpBodySetPosition(made, cpv(position.x, position.y))
    cpBodySetAngle(made, angle)
    cpSpaceAddBody(space, made)
    let body = PhysicsBody(id: nextID, kind: kind, body: made, records: recordStore)
    nextID += 1
    let pointer = Unmanaged.passUnretained(body).toOpaque()
    cpBodySetUserData(made, pointer)
    for shape in prepared {
      for (s, mass) in shape.make(on: made) {
        cpShapeSetUserData(s, pointer)
        if kind == .dynamic { cpShapeSetMass(s, mass) }
        let m = shape.spec.material
        cpShapeSetFriction(s, m.friction)
        cpShapeSetElasticity(s, m.elasticity)
        cpShapeSetSurfaceVelocity(s, cpv(m.surfaceVelocity.x, m.surfaceVelocity.y))
        cpShapeSetFilter(s, cpShapeFilter(group: 0, categories: m.category, mask: m.mask))
        cpShapeSetSensor(s, m.sensor ? 1 : 0)
        cpSpaceAddShape(space, s)
        body.shapes.append(s)
        body.outlines.append(shape.spec.geometry.outline)
      }
    }
    bodies.append(body)
    records.append(body.record)
    return body
  }

  /// Takes `body` out of the world with its shapes and joints. Harmless when it is gone already.
  public func remove(_ body: PhysicsBody) throws {
    guard body.isInWorld else { return }
    try checkUnlocked("remove a body")
    for (pointer, drag) in drags where drag.target === body {
      free(drag)
      drags[pointer] = nil
    }
    for joint in body.joints { try remove(joint) }
    detach(body)
    if let i = bodies.firstIndex(where: { $0 === body }) {
      bodies.remove(at: i)
      records.remove(at: i)
    }
  }

  /// Removes every body `shouldRemove` picks, in one pass.
  public func removeBodies(where shouldRemove: (PhysicsBody) -> Bool) throws {
    let gone = bodies.filter(shouldRemove)
    for body in gone { try remove(body) }
  }

  private func detach(_ body: PhysicsBody) {
    for shape in body.shapes {
      cpSpaceRemoveShape(space, shape)
      cpShapeFree(shape)
    }
    body.shapes = []
    body.outlines = []
    body.forget()
    cpSpaceRemoveBody(space, body.body)
    cpBodyFree(body.body)
  }

  public func setPosition(_ body: PhysicsBody, _ position: Vec2, angle: Double) throws {
    guard body.isInWorld else { return }
    try checkUnlocked("move a body")
    try Self.checkPoint(position, "position")
    guard angle.isFinite, abs(angle) <= PhysicsLimits.magnitude else { throw PhysicsError("angle must be a finite number, got \(angle)") }
    cpBodySetPosition(body.body, cpv(position.x, position.y))
    cpBodySetAngle(body.body, angle)
    if body.kind == .static { cpSpaceReindexShapesForBody(space, body.body) }
  }

  public func setVelocity(_ body: PhysicsBody, _ velocity: Vec2) throws {
    try Self.checkVector(velocity, "velocity")
    try checkMoves(body, "given a velocity")
    cpBodySetVelocity(body.body, cpv(velocity.x, velocity.y))
  }

  public func setAngularVelocity(_ body: PhysicsBody, _ radians: Double) throws {
    guard radians.isFinite, abs(radians) <= PhysicsLimits.magnitude else {
      throw PhysicsError("angular velocity must be a finite number within ±1e9, got \(radians)")
    }
    try checkMoves(body, "given an angular velocity")
    cpBodySetAngularVelocity(body.body, radians)
  }

  /// Applies `impulse` at world point `point` (the centre of gravity when nil).
  public func applyImpulse(_ body: PhysicsBody, _ impulse: Vec2, at point: Vec2?) throws {
    try push(body, impulse, at: point, "impulse", cpBodyApplyImpulseAtWorldPoint)
  }

  /// Applies `force` at world point `point` (the centre of gravity when nil) for the next step.
  public func applyForce(_ body: PhysicsBody, _ force: Vec2, at point: Vec2?) throws {
    try push(body, force, at: point, "force", cpBodyApplyForceAtWorldPoint)
  }

  private func push(
    _ body: PhysicsBody, _ v: Vec2, at point: Vec2?, _ name: String, _ apply: (OpaquePointer?, cpVect, cpVect) -> Void
  ) throws {
    try Self.checkVector(v, name)
    if let point { try Self.checkPoint(point, "point") }
    try checkDynamic(body, "pushed by a\(name == "impulse" ? "n" : "") \(name)")
    let at = point ?? body.centerOfGravity
    apply(body.body, cpv(v.x, v.y), cpv(at.x, at.y))
  }

  /// Applies `torque` for the next step.
  public func applyTorque(_ body: PhysicsBody, _ torque: Double) throws {
    guard torque.isFinite, abs(torque) <= PhysicsLimits.magnitude * 1e3 else {
      throw PhysicsError("torque must be a finite number within ±1e12, got \(torque)")
    }
    try checkDynamic(body, "turned by a torque")
    cpBodySetTorque(body.body, cpBodyGetTorque(body.body) + torque)
  }

  /// Puts a dynamic body to sleep until something touches it.
  public func sleep(_ body: PhysicsBody) throws {
    try checkUnlocked("put a body to sleep")
    try checkDynamic(body, "put to sleep")
    // A sleeping body must rest on its own: Chipmunk refuses one joined to the world.
    guard !body.joints.contains(where: { $0.a == nil }) else {
      throw PhysicsError("a body joined to the world cannot sleep")
    }
    // Chipmunk aborts on a sleep in a world where nothing sleeps.
    guard settings.sleepTime.isFinite else { throw PhysicsError("bodies cannot sleep in a world whose sleep_time is math.huge") }
    // Already asleep is asleep: Chipmunk aborts when a sleeping body that rests with others is
    // put to sleep again.
    guard cpBodyIsSleeping(body.body) == 0 else { return }
    cpBodySleep(body.body)
  }

  public func wake(_ body: PhysicsBody) {
    guard body.isInWorld, body.kind == .dynamic, !isStepping else { return }
    cpBodyActivate(body.body)
  }

  private func checkMoves(_ body: PhysicsBody, _ what: String) throws {
    guard body.isInWorld else { throw PhysicsError("the body was removed") }
    guard body.kind != .static else { throw PhysicsError("a static body cannot be \(what); make it kinematic") }
    if body.kind == .dynamic { cpBodyActivate(body.body) }
  }

  private func checkDynamic(_ body: PhysicsBody, _ what: String) throws {
    guard body.isInWorld else { throw PhysicsError("the body was removed") }
    guard body.kind == .dynamic else { throw PhysicsError("only a dynamic body can be \(what) (this one is \(body.kind.rawValue))") }
  }

  private func checkUnlocked(_ what: String) throws {
    guard !isStepping else { throw PhysicsError("cannot \(what) while the world steps") }
  }

  // MARK: Stepping

  /// Advances the world by `dt` seconds and gathers the contacts that began and ended.
  public func step(_ dt: Double) throws {
    guard !isStepping else { throw PhysicsError("the world is already stepping") }
    guard dt.isFinite, dt > 0, dt <= 1 else { throw PhysicsError("a step must be above 0 and at most 1 second, got \(dt)") }
    isStepping = true
    defer { isStepping = false }
    // Resets the post-solve function a contact begun in the last step turned on.
    updateHandlers()
    cpSpaceStep(space, dt)
    // A hand moves for the step after each move only: one left with its speed would pull on.
    for (_, drag) in drags { cpBodySetVelocity(drag.hand, cpv(0, 0)) }
    keepInBounds()
  }

  /// A body flung past the position limit stops at it, so no coordinate grows without bound.
  private func keepInBounds() {
    let limit = PhysicsLimits.position
    // The records, not the bodies: walking the objects counted references, a pair a body a tick.
    let inPlace = BodyState.matches
    for record in records where record.pointee.kind != .static {
      let body = record.pointee.body
      let (p, v, a, w) = BodyState.read(body, inPlace: inPlace)
      if abs(p.x) <= limit, abs(p.y) <= limit, v.x.isFinite, v.y.isFinite, w.isFinite, abs(a) <= 1e7 { continue }
      let x = p.x.isNaN ? 0 : min(max(p.x, -limit), limit)
      let y = p.y.isNaN ? 0 : min(max(p.y, -limit), limit)
      cpBodySetPosition(body, cpv(x, y))
      cpBodySetVelocity(body, cpv(0, 0))
      cpBodySetAngularVelocity(body, 0)
      if !(abs(a) <= 1e7) { cpBodySetAngle(body, a.isFinite ? a.truncatingRemainder(dividingBy: 2 * .pi) : 0) }
      if record.pointee.kind == .dynamic {
        cpBodyActivate(body)
      }
      cpSpaceReindexShapesForBody(space, body)
    }
  }

  /// The contacts that began and ended since the last call, in the order Chipmunk found them.
  public func takeContacts() -> [Contact] {
    let taken = sink.contacts
    sink.contacts = []
    sink.beganThisStep = [:]
    return taken
  }

  /// Makes the two bodies pass through each other until they separate (what a `begin` handler
  /// that refuses a contact asks).
  public func ignoreContact(between a: PhysicsBody, _ b: PhysicsBody) {
    sink.ignored.insert(ContactSink.pair(a, b))
    updateHandlers()
  }

  /// What a `preSolve` contact's answer decides: whether Chipmunk skips the pair from the next
  /// step on (its own pre-solve answers from this record, inside the step). The step the
  /// contact came from is solved already. It holds until changed or the pair separates.
  public func cancelContact(between a: PhysicsBody, _ b: PhysicsBody, _ cancel: Bool) {
    let key = ContactSink.pair(a, b)
    if cancel { sink.cancelled.insert(key) } else { sink.cancelled.remove(key) }
    updateHandlers()
  }

  /// Forgets every `cancelContact` (nobody answers any more).
  public func clearCancelledContacts() { sink.cancelled = [] }

  /// The bodies `body` touches now, with the normal and impulse of each contact.
  public func contacts(of body: PhysicsBody) -> [Contact] {
    guard body.isInWorld else { return [] }
    final class Box { var found: [Contact] = [] }
    let box = Box()
    cpBodyEachArbiter(body.body, { _, arbiter, data in
      guard let arbiter, let data else { return }
      let box = Unmanaged<Box>.fromOpaque(data).takeUnretainedValue()
      guard let contact = ContactSink.contact(arbiter, .begin) else { return }
      box.found.append(contact)
    }, Unmanaged.passUnretained(box).toOpaque())
    return box.found.sorted { ($0.a.id, $0.b.id) < ($1.a.id, $1.b.id) }
  }

  // MARK: Joints

  /// Joins `b` to `a` (the world when nil) by `spec`, anchors in each body's own space.
  public func addJoint(_ spec: JointSpec, _ a: PhysicsBody?, _ b: PhysicsBody, collide: Bool = false) throws -> PhysicsJoint {
    try checkUnlocked("add a joint")
    guard joints.count < PhysicsLimits.joints else { throw PhysicsError("too many joints: at most \(PhysicsLimits.joints) in one world") }
    guard b.isInWorld, a?.isInWorld ?? true else { throw PhysicsError("a joint needs bodies still in the world") }
    guard a !== b else { throw PhysicsError("a joint needs two different bodies, got the same one twice") }
    guard a?.kind == .dynamic || b.kind == .dynamic else { throw PhysicsError("a joint needs at least one dynamic body") }
    try Self.check(spec)
    guard let bodyA = a?.body ?? cpSpaceGetStaticBody(space) else { throw PhysicsError("no world body") }
    let bodyB = b.body
    func v(_ p: Vec2) -> cpVect { cpv(p.x, p.y) }
    let made: OpaquePointer?
    switch spec {
    case .pin(let anchorA, let anchorB): made = cpPinJointNew(bodyA, bodyB, v(anchorA), v(anchorB))
    case .slide(let anchorA, let anchorB, let min, let max): made = cpSlideJointNew(bodyA, bodyB, v(anchorA), v(anchorB), min, max)
    case .pivot(let point): made = cpPivotJointNew(bodyA, bodyB, v(point))
    case .groove(let grooveA, let grooveB, let anchorB): made = cpGrooveJointNew(bodyA, bodyB, v(grooveA), v(grooveB), v(anchorB))
    case .spring(let anchorA, let anchorB, let rest, let stiffness, let damping):
      made = cpDampedSpringNew(bodyA, bodyB, v(anchorA), v(anchorB), rest, stiffness, damping)
    case .rotaryLimit(let min, let max): made = cpRotaryLimitJointNew(bodyA, bodyB, min, max)
    case .motor(let rate):
      // Chipmunk's rate is A's spin relative to B's; the spec says how B turns.
      made = cpSimpleMotorNew(bodyA, bodyB, -rate)
    case .gear(let phase, let ratio): made = cpGearJointNew(bodyA, bodyB, phase, ratio)
    }
    guard let made else { throw PhysicsError("Chipmunk could not make a joint") }
    cpConstraintSetCollideBodies(made, collide ? 1 : 0)
    cpSpaceAddConstraint(space, made)
    let joint = PhysicsJoint(id: nextID, spec: spec, a: a, b: b, constraint: made)
    nextID += 1
    joints.append(joint)
    a?.joints.append(joint)
    b.joints.append(joint)
    return joint
  }

  public func remove(_ joint: PhysicsJoint) throws {
    guard joint.isInWorld else { return }
    try checkUnlocked("remove a joint")
    joint.isInWorld = false
    // Waking both lets what hung from the joint fall.
    for body in [joint.a, joint.b].compactMap({ $0 }) where body.kind == .dynamic && body.isInWorld {
      cpBodyActivate(body.body)
      body.joints.removeAll { $0 === joint }
    }
    joint.a?.joints.removeAll { $0 === joint }
    cpSpaceRemoveConstraint(space, joint.constraint)
    cpConstraintFree(joint.constraint)
    joints.removeAll { $0 === joint }
  }

  private static func check(_ spec: JointSpec) throws {
    func point(_ p: Vec2, _ name: String) throws { try checkPoint(p, name) }
    func number(_ x: Double, _ name: String, min: Double = -PhysicsLimits.magnitude) throws {
      guard x.isFinite, x >= min, x <= PhysicsLimits.magnitude else { throw PhysicsError("\(name) must be a finite number from \(min) to 1e9, got \(x)") }
    }
    switch spec {
    case .pin(let a, let b):
      try point(a, "anchor_a"); try point(b, "anchor_b")
    case .slide(let a, let b, let lo, let hi):
      try point(a, "anchor_a"); try point(b, "anchor_b")
      try number(lo, "min", min: 0); try number(hi, "max", min: 0)
      guard lo <= hi else { throw PhysicsError("min must be at most max, got \(lo) and \(hi)") }
    case .pivot(let p):
      try point(p, "x, y")
    case .groove(let a, let b, let anchor):
      try point(a, "groove_a"); try point(b, "groove_b"); try point(anchor, "anchor_b")
      guard a != b else { throw PhysicsError("a groove needs two different ends") }
    case .spring(let a, let b, let rest, let stiffness, let damping):
      try point(a, "anchor_a"); try point(b, "anchor_b")
      try number(rest, "rest_length", min: 0); try number(stiffness, "stiffness", min: 0); try number(damping, "damping", min: 0)
    case .rotaryLimit(let lo, let hi):
      try number(lo, "min"); try number(hi, "max")
      guard lo <= hi else { throw PhysicsError("min must be at most max, got \(lo) and \(hi)") }
    case .motor(let rate):
      try number(rate, "rate")
    case .gear(let phase, let ratio):
      try number(phase, "phase"); try number(ratio, "ratio")
      guard ratio != 0 else { throw PhysicsError("ratio must not be 0") }
    }
  }

  // MARK: Dragging

  /// Starts dragging `body` with pointer `pointer` from world point `point`: Chipmunk's idiom of
  /// a kinematic hand pivoted to the body, so the body is pulled (and can still collide) rather
  /// than teleported. `maxForce` limits the pull.
  public func startDrag(_ pointer: Int, _ body: PhysicsBody, at point: Vec2, maxForce: Double) throws {
    try checkUnlocked("start a drag")
    try Self.checkPoint(point, "point")
    guard !maxForce.isNaN, maxForce > 0 else { throw PhysicsError("max_force must be above 0, got \(maxForce)") }
    try checkDynamic(body, "dragged")
    endDrag(pointer)
    guard let hand = cpBodyNewKinematic() else { throw PhysicsError("Chipmunk could not make a body") }
    cpBodySetPosition(hand, cpv(point.x, point.y))
    let local = cpBodyWorldToLocal(body.body, cpv(point.x, point.y))
    guard let pivot = cpPivotJointNew2(hand, body.body, cpv(0, 0), local) else {
      cpBodyFree(hand)
      throw PhysicsError("Chipmunk could not make a joint")
    }
    cpConstraintSetMaxForce(pivot, maxForce)
    // Closes most of the gap each step, as Chipmunk's own demos drag.
    cpConstraintSetErrorBias(pivot, pow(1 - 0.15, 60))
    cpSpaceAddConstraint(space, pivot)
    drags[pointer] = (hand, pivot, body)
  }

  /// Moves the hand of pointer `pointer` to `point` over the next step of `dt` seconds.
  public func moveDrag(_ pointer: Int, to point: Vec2, dt: Double) throws {
    try Self.checkPoint(point, "point")
    guard let drag = drags[pointer] else { return }
    let old = cpBodyGetPosition(drag.hand)
    cpBodySetVelocity(drag.hand, cpv((point.x - old.x) / dt, (point.y - old.y) / dt))
    cpBodySetPosition(drag.hand, cpv(point.x, point.y))
  }

  /// Lets go of whatever pointer `pointer` drags.
  public func endDrag(_ pointer: Int) {
    guard !isStepping, let drag = drags.removeValue(forKey: pointer) else { return }
    free(drag)
  }

  /// The body pointer `pointer` drags, if any.
  public func dragged(by pointer: Int) -> PhysicsBody? { drags[pointer]?.target }

  private func free(_ drag: (hand: OpaquePointer, pivot: OpaquePointer, target: PhysicsBody)) {
    cpSpaceRemoveConstraint(space, drag.pivot)
    cpConstraintFree(drag.pivot)
    cpBodyFree(drag.hand)
  }

  // MARK: Checks

  static func checkVector(_ v: Vec2, _ name: String) throws {
    let m = PhysicsLimits.magnitude
    guard v.x.isFinite, v.y.isFinite, abs(v.x) <= m, abs(v.y) <= m else {
      throw PhysicsError("\(name) must be finite numbers within ±1e9, got (\(v.x), \(v.y))")
    }
  }

  static func checkPoint(_ v: Vec2, _ name: String) throws {
    let m = PhysicsLimits.position
    guard v.x.isFinite, v.y.isFinite, abs(v.x) <= m, abs(v.y) <= m else {
      throw PhysicsError("\(name) must be finite numbers within ±1e6, got (\(v.x), \(v.y))")
    }
  }
}

/// Gathers contacts as Chipmunk reports them inside its step; `PhysicsWorld` hands them out after.
final class ContactSink {
  var contacts: [Contact] = []
  /// Pairs a handler refused, passing through each other until they separate.
  var ignored: Set<UInt64> = []
  /// Pairs the last pre-solve answer cancelled: skipped each step until answered otherwise.
  var cancelled: Set<UInt64> = []
  var reportsPreSolve = false
  var reportsPostSolve = false
  /// The index in `contacts` of each pair that began this step, to add its first impulse.
  var beganThisStep: [UInt64: Int] = [:]
  var isListening = true
  /// Whether separations are gathered (the separate function also runs to forget pairs).
  var reportsSeparate = false
  /// The handler whose post-solve function a begun contact turns on, for the rest of the step.
  var handler: UnsafeMutablePointer<cpCollisionHandler>?

  static func pair(_ a: PhysicsBody, _ b: PhysicsBody) -> UInt64 {
    let (lo, hi) = a.id < b.id ? (a.id, b.id) : (b.id, a.id)
    return UInt64(lo) << 32 | UInt64(hi)
  }

  static func bodies(_ arbiter: OpaquePointer) -> (PhysicsBody, PhysicsBody)? {
    var shapeA: OpaquePointer?
    var shapeB: OpaquePointer?
    cpArbiterGetShapes(arbiter, &shapeA, &shapeB)
    guard let shapeA, let shapeB, let a = cpShapeGetUserData(shapeA), let b = cpShapeGetUserData(shapeB) else { return nil }
    return (Unmanaged<PhysicsBody>.fromOpaque(a).takeUnretainedValue(), Unmanaged<PhysicsBody>.fromOpaque(b).takeUnretainedValue())
  }

  static func contact(_ arbiter: OpaquePointer, _ phase: Contact.Phase) -> Contact? {
    guard let (a, b) = bodies(arbiter) else { return nil }
    var points: [Vec2] = []
    if phase != .separate {
      for i in 0..<min(cpArbiterGetCount(arbiter), 2) {
        let p = cpArbiterGetPointA(arbiter, i)
        points.append(Vec2(x: p.x, y: p.y))
      }
    }
    let normal = cpArbiterGetNormal(arbiter)
    let impulse = phase == .begin || phase == .postSolve ? cpArbiterTotalImpulse(arbiter) : cpv(0, 0)
    return Contact(
      phase: phase, a: a, b: b, normal: Vec2(x: normal.x, y: normal.y), points: points,
      impulse: Vec2(x: impulse.x, y: impulse.y))
  }

  func began(_ arbiter: OpaquePointer) -> Bool {
    guard isListening, var contact = ContactSink.contact(arbiter, .begin) else { return true }
    let key = ContactSink.pair(contact.a, contact.b)
    if ignored.contains(key) { return false }
    contact.impulse = Vec2(x: 0, y: 0)
    beganThisStep[key] = contacts.count
    contacts.append(contact)
    handler?.pointee.postSolveFunc = PhysicsWorld.postSolve
    return true
  }

  func preSolve(_ arbiter: OpaquePointer) -> Bool {
    guard isListening, let (a, b) = ContactSink.bodies(arbiter) else { return true }
    let key = ContactSink.pair(a, b)
    // A pair refused at its begin passes through unasked, as Chipmunk's own ignored pairs do.
    if ignored.contains(key) { return false }
    if reportsPreSolve, let contact = ContactSink.contact(arbiter, .preSolve) { contacts.append(contact) }
    return !cancelled.contains(key)
  }

  func postSolve(_ arbiter: OpaquePointer) {
    guard isListening else { return }
    if reportsPostSolve, let contact = ContactSink.contact(arbiter, .postSolve) { contacts.append(contact) }
    guard !beganThisStep.isEmpty, cpArbiterIsFirstContact(arbiter) != 0, let (a, b) = ContactSink.bodies(arbiter),
      let i = beganThisStep[ContactSink.pair(a, b)]
    else { return }
    let impulse = cpArbiterTotalImpulse(arbiter)
    contacts[i].impulse = Vec2(x: impulse.x, y: impulse.y)
  }

  func separated(_ arbiter: OpaquePointer) {
    guard isListening, let (a, b) = ContactSink.bodies(arbiter) else { return }
    let key = ContactSink.pair(a, b)
    // A pair made to pass through may still overlap other shapes of the same bodies.
    ignored.remove(key)
    cancelled.remove(key)
    guard reportsSeparate, let contact = ContactSink.contact(arbiter, .separate) else { return }
    contacts.append(contact)
  }
}

/// A shape checked and measured before Chipmunk sees it.
struct PreparedShape {
  let spec: ShapeSpec
  /// Its mass: `mass`, or density times area.
  let mass: Double
  /// A polygon's convex parts, each in Chipmunk's order: the hull of a convex outline, or the
  /// pieces Chipmunk's decomposition cuts a concave one into.
  private(set) var parts: [[cpVect]] = []
  /// The share of `mass` each of `parts` carries (its area over the whole).
  private(set) var shares: [Double] = []

  /// How many Chipmunk shapes the shape becomes.
  var count: Int { spec.geometry.outline == .polygon && !parts.isEmpty ? parts.count : 1 }

  init(_ spec: ShapeSpec) throws {
    self.spec = spec
    let m = spec.material
    guard m.density.isFinite, m.density >= 0, m.density <= 1e6 else {
      throw PhysicsError("density must be 0 to 1e6, got \(m.density)")
    }
    if let mass = m.mass {
      guard mass.isFinite, mass > 0, mass <= 1e12 else { throw PhysicsError("mass must be above 0 and at most 1e12, got \(mass)") }
    }
    guard m.friction.isFinite, m.friction >= 0, m.friction <= 1e3 else { throw PhysicsError("friction must be 0 to 1000, got \(m.friction)") }
    guard m.elasticity.isFinite, m.elasticity >= 0, m.elasticity <= 1 else {
      throw PhysicsError("elasticity must be 0 to 1, got \(m.elasticity)")
    }
    try PhysicsWorld.checkVector(m.surfaceVelocity, "surface_velocity")
    let area: Double
    func size(_ x: Double, _ name: String, min: Double = PhysicsLimits.smallest) throws {
      guard x.isFinite, x >= min, x <= PhysicsLimits.largest else {
        throw PhysicsError("\(name) must be \(min) to 1e5, got \(x)")
      }
    }
    func place(_ p: Vec2, _ name: String) throws {
      guard p.x.isFinite, p.y.isFinite, abs(p.x) <= PhysicsLimits.largest, abs(p.y) <= PhysicsLimits.largest else {
        throw PhysicsError("\(name) must be finite numbers within ±1e5 of the body, got (\(p.x), \(p.y))")
      }
    }
    switch spec.geometry {
    case .circle(let center, let radius):
      try place(center, "the centre")
      try size(radius, "radius")
      area = cpAreaForCircle(0, radius)
    case .box(let lo, let hi, let radius):
      try place(lo, "the box's corner")
      try place(hi, "the box's corner")
      try size(hi.x - lo.x, "width")
      try size(hi.y - lo.y, "height")
      try size(radius, "radius", min: 0)
      area = (hi.x - lo.x) * (hi.y - lo.y)
    case .polygon(let points, let radius):
      guard points.count >= 3, points.count <= PhysicsLimits.polygonPoints else {
        throw PhysicsError("a polygon needs 3 to \(PhysicsLimits.polygonPoints) points, got \(points.count)")
      }
      for (i, p) in points.enumerated() { try place(p, "point \(i + 1)") }
      try size(radius, "radius", min: 0)
      parts = try ConvexParts.of(points)
      let areas = parts.map { abs(cpAreaForPoly(Int32($0.count), $0, radius)) }
      area = areas.reduce(0, +)
      shares = areas.map { $0 / area }
    case .segment(let a, let b, let radius):
      try place(a, "the segment's start")
      try place(b, "the segment's end")
      try size(radius, "radius", min: 0)
      area = cpAreaForSegment(cpv(a.x, a.y), cpv(b.x, b.y), radius)
    }
    mass = m.mass ?? m.density * area
  }

  /// The Chipmunk shapes of this shape on `body`, each with its share of the mass.
  func make(on body: OpaquePointer) -> [(shape: OpaquePointer, mass: Double)] {
    switch spec.geometry {
    case .circle(let center, let radius):
      return cpCircleShapeNew(body, radius, cpv(center.x, center.y)).map { [($0, mass)] } ?? []
    case .box(let lo, let hi, let radius):
      return cpBoxShapeNew2(body, cpBBNew(lo.x, lo.y, hi.x, hi.y), radius).map { [($0, mass)] } ?? []
    case .polygon(_, let radius):
      return zip(parts, shares).compactMap { part, share in
        // A single part carries the mass exactly: `share` is 1.
        cpPolyShapeNewRaw(body, Int32(part.count), part, radius).map { ($0, mass * share) }
      }
    case .segment(let a, let b, let radius):
      return cpSegmentShapeNew(body, cpv(a.x, a.y), cpv(b.x, b.y), radius).map { [($0, mass)] } ?? []
    }
  }
}
