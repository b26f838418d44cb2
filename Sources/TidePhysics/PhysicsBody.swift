import CChipmunk
import TideCore

/// A rigid body in a `PhysicsWorld`, with its shapes. Made and removed by the world; a removed
/// body keeps answering (its last position) but does nothing.
public final class PhysicsBody {
  /// Unique in its world, in creation order: what ties and sorts results deterministically.
  public let id: Int
  public let kind: BodyKind
  /// What the layer above hangs on the body (its sprite).
  public var owner: AnyObject? {
    didSet { record.pointee.owner = owner.map { Unmanaged.passUnretained($0).toOpaque() } }
  }
  /// Where the layer above last put the body or read it back from, in its own units:
  /// `PhysicsWorld` never reads it.
  public var synced: Vec3 {
    get { record.pointee.synced }
    set { record.pointee.synced = newValue }
  }
  /// False once the world has removed it.
  public internal(set) var isInWorld = true
  let body: OpaquePointer
  /// What the per-tick loops read of the body, at a fixed address for its life.
  package let record: UnsafeMutablePointer<BodyRecord>
  var shapes: [OpaquePointer] = []
  /// What kind of outline each of `shapes` has, for the debug drawing.
  var outlines: [ShapeGeometry.Outline] = []
  var joints: [PhysicsJoint] = []
  private var lastPosition = cpVect(x: 0, y: 0)
  private var lastAngle: Double = 0

  init(id: Int, kind: BodyKind, body: OpaquePointer) {
    self.id = id
    self.kind = kind
    self.body = body
    record = .allocate(capacity: 1)
    record.initialize(to: BodyRecord(body: body, kind: kind))
    record.pointee.object = Unmanaged.passUnretained(self)
  }

  deinit {
    record.deinitialize(count: 1)
    record.deallocate()
  }

  /// A position and angle, for `synced`.
  public struct Vec3: Equatable, Sendable {
    public var x: Double = 0
    public var y: Double = 0
    public var angle: Double = 0
    public init(x: Double = 0, y: Double = 0, angle: Double = 0) {
      self.x = x
      self.y = y
      self.angle = angle
    }
  }

  /// The body's origin in the world.
  public var position: Vec2 {
    isInWorld ? record.position : Vec2(x: lastPosition.x, y: lastPosition.y)
  }

  /// Radians, clockwise on a y-down screen.
  public var angle: Double { isInWorld ? record.angle : lastAngle }

  public var velocity: Vec2 {
    guard isInWorld else { return Vec2(x: 0, y: 0) }
    let v = cpBodyGetVelocity(body)
    return Vec2(x: v.x, y: v.y)
  }

  /// Radians a second.
  public var angularVelocity: Double { isInWorld ? cpBodyGetAngularVelocity(body) : 0 }

  /// The body's mass (0 for kinematic and static bodies, whose mass is infinite).
  public var mass: Double { kind == .dynamic && isInWorld ? cpBodyGetMass(body) : 0 }

  /// Whether the body sleeps (it wakes when touched or changed).
  public var isSleeping: Bool { isInWorld && cpBodyIsSleeping(body) != 0 }

  /// The body's centre of gravity in the world.
  public var centerOfGravity: Vec2 {
    let p = cpBodyLocalToWorld(body, cpBodyGetCenterOfGravity(body))
    return Vec2(x: p.x, y: p.y)
  }

  /// The world point of `local`, a point in the body's space.
  public func toWorld(_ local: Vec2) -> Vec2 {
    let p = cpBodyLocalToWorld(body, cpv(local.x, local.y))
    return Vec2(x: p.x, y: p.y)
  }

  /// The point in the body's space of world point `point`.
  public func toLocal(_ point: Vec2) -> Vec2 {
    let p = cpBodyWorldToLocal(body, cpv(point.x, point.y))
    return Vec2(x: p.x, y: p.y)
  }

  func forget() {
    lastPosition = cpBodyGetPosition(body)
    lastAngle = cpBodyGetAngle(body)
    isInWorld = false
  }
}

/// A body as the loops that run every tick see it (`PhysicsWorld.records`): plain values
/// behind a pointer, so walking a thousand bodies a tick counts no references. Valid while its
/// body is in the world, which holds the body.
package struct BodyRecord {
  /// The Chipmunk body.
  let body: OpaquePointer
  package let kind: BodyKind
  /// The `PhysicsBody` this is the record of, unretained.
  package fileprivate(set) var object: Unmanaged<PhysicsBody>?
  /// The body's `owner`, unretained (`owner` holds it).
  package fileprivate(set) var owner: UnsafeMutableRawPointer?
  /// See `PhysicsBody.synced`.
  package var synced = PhysicsBody.Vec3()

  init(body: OpaquePointer, kind: BodyKind) {
    self.body = body
    self.kind = kind
  }
}

extension UnsafeMutablePointer where Pointee == BodyRecord {
  /// The body's origin in the world (its body is in the world).
  package var position: Vec2 {
    let p = cpBodyGetPosition(pointee.body)
    return Vec2(x: p.x, y: p.y)
  }

  /// Radians, clockwise on a y-down screen (its body is in the world).
  package var angle: Double { cpBodyGetAngle(pointee.body) }
}

/// A joint in a `PhysicsWorld`.
public final class PhysicsJoint {
  public let id: Int
  public let spec: JointSpec
  /// What the layer above hangs on the joint.
  public var owner: AnyObject?
  public let a: PhysicsBody?
  public let b: PhysicsBody
  public internal(set) var isInWorld = true
  let constraint: OpaquePointer

  init(id: Int, spec: JointSpec, a: PhysicsBody?, b: PhysicsBody, constraint: OpaquePointer) {
    self.id = id
    self.spec = spec
    self.a = a
    self.b = b
    self.constraint = constraint
  }

  /// The most force the joint applies (infinity by default): a weaker joint gives way.
  public var maxForce: Double {
    get { isInWorld ? cpConstraintGetMaxForce(constraint) : 0 }
    set { if isInWorld { cpConstraintSetMaxForce(constraint, newValue) } }
  }

  /// The impulse the joint applied in the last step.
  public var impulse: Double { isInWorld ? cpConstraintGetImpulse(constraint) : 0 }
}

/// Two bodies that touched, stopped touching, or touch (a body's contacts).
public struct Contact {
  /// Named as the handlers are: `begin`, `pre_solve`, `post_solve`, `separate`.
  public enum Phase: String, Sendable {
    case begin
    case preSolve = "pre_solve"
    case postSolve = "post_solve"
    case separate
  }
  public var phase: Phase
  public var a: PhysicsBody
  public var b: PhysicsBody
  /// From `a` towards `b`.
  public var normal: Vec2
  /// Where they touch, in the world (none for `separate`).
  public var points: [Vec2]
  /// The impulse the solver applied to keep them apart: in the step they touched (`begin`), or
  /// in the step just taken (`post_solve`); none for `pre_solve` and `separate`.
  public var impulse: Vec2
}
