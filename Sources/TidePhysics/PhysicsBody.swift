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
    didSet {
      record.pointee.owner = owner.map { Unmanaged.passUnretained($0).toOpaque() }
      record.pointee.ownerFields = nil
    }
  }
  /// Memory of `owner`'s that the layer above reads and writes every tick (a sprite's field
  /// block), kept in the record so the per-tick loops reach it without touching `owner`.
  /// `PhysicsWorld` never reads it; setting `owner` clears it.
  package var ownerFields: UnsafeMutableRawPointer? {
    get { record.pointee.ownerFields }
    set { record.pointee.ownerFields = newValue }
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

  /// Where `record` lives, held while the body is: a removed body may outlive its world.
  private let recordStore: BodyRecords

  init(id: Int, kind: BodyKind, body: OpaquePointer, records: BodyRecords) {
    self.id = id
    self.kind = kind
    self.body = body
    recordStore = records
    record = records.take(BodyRecord(body: body, kind: kind))
    record.pointee.object = Unmanaged.passUnretained(self)
  }

  deinit {
    recordStore.give(record)
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
@usableFromInline package struct BodyRecord {
  /// The Chipmunk body.
  @usableFromInline let body: OpaquePointer
  package let kind: BodyKind
  /// The `PhysicsBody` this is the record of, unretained.
  package fileprivate(set) var object: Unmanaged<PhysicsBody>?
  /// The body's `owner`, unretained (`owner` holds it).
  package fileprivate(set) var owner: UnsafeMutableRawPointer?
  /// See `PhysicsBody.synced`.
  package var synced = PhysicsBody.Vec3()
  /// See `PhysicsBody.ownerFields`.
  package fileprivate(set) var ownerFields: UnsafeMutableRawPointer?

  init(body: OpaquePointer, kind: BodyKind) {
    self.body = body
    self.kind = kind
  }
}

/// The records of a world's bodies, side by side in blocks of a few hundred, a cache line each:
/// the loops that walk every body every tick read them in the order they were made, so they
/// stream through memory rather than reaching a separate allocation (and often two cache lines)
/// for each. A record keeps its address for its body's life; a freed one is reused.
final class BodyRecords {
  private static let perBlock = 256
  private static let stride = (MemoryLayout<BodyRecord>.stride + 63) / 64 * 64
  private var blocks: [UnsafeMutableRawPointer] = []
  /// Records never used yet in the last block.
  private var unused = 0
  private var freed: [UnsafeMutablePointer<BodyRecord>] = []

  func take(_ value: BodyRecord) -> UnsafeMutablePointer<BodyRecord> {
    if let record = freed.popLast() {
      record.initialize(to: value)
      return record
    }
    if unused == 0 {
      blocks.append(.allocate(byteCount: Self.perBlock * Self.stride, alignment: 64))
      unused = Self.perBlock
    }
    let record = (blocks[blocks.count - 1] + (Self.perBlock - unused) * Self.stride).bindMemory(to: BodyRecord.self, capacity: 1)
    unused -= 1
    record.initialize(to: value)
    return record
  }

  func give(_ record: UnsafeMutablePointer<BodyRecord>) {
    record.deinitialize(count: 1)
    freed.append(record)
  }

  deinit {
    for block in blocks { block.deallocate() }
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

  /// `position` and `angle` for a loop over every body: read in place when `inPlace` (take it
  /// from `BodyState.matches` once before the loop).
  @inlinable package func place(inPlace: Bool) -> (x: Double, y: Double, angle: Double) {
    let body = pointee.body
    guard inPlace else {
      let p = cpBodyGetPosition(body)
      return (p.x, p.y, cpBodyGetAngle(body))
    }
    let p = BodyState.position(UnsafeRawPointer(body))
    return (p.x, p.y, UnsafeRawPointer(body).load(fromByteOffset: BodyState.angleOffset, as: Double.self))
  }
}

/// A Chipmunk body's position, velocity, angle and spin, read in place.
///
/// Chipmunk's getters are calls into its shared library, and the loops that run every tick
/// make several a body. Its public `chipmunk_structs.h` lays the fields out at fixed offsets;
/// the loops read them there once bodies of our own have shown the offsets hold for the
/// Chipmunk loaded (`matches`), and call the getters otherwise. Swift does not see the struct
/// itself: the module keeps its bodies opaque. The position is not a field: the getter works
/// it out from the body's transform (its field `p` is the centre of gravity), and so does
/// `position(_:)`, operation for operation, so the two agree to the bit.
@usableFromInline package enum BodyState {
  /// `cpTransform` (a, b, c, d, tx, ty).
  @usableFromInline static let transformOffset = 136
  static let velocityOffset = 80
  @usableFromInline static let angleOffset = 112
  static let spinOffset = 120

  /// Whether the offsets above are the loaded Chipmunk's: bodies given distinct values through
  /// the setters, one with its centre of gravity off its origin, read the same in place.
  package static let matches: Bool = {
    for centerOfGravity in [cpv(0, 0), cpv(3.25, -1.5)] {
      guard let body = cpBodyNew(1, 1) else { return false }
      defer { cpBodyFree(body) }
      cpBodySetCenterOfGravity(body, centerOfGravity)
      cpBodySetAngle(body, 0.625)
      cpBodySetPosition(body, cpv(12.5, -7.25))
      cpBodySetVelocity(body, cpv(3.5, -4.75))
      cpBodySetAngularVelocity(body, -1.375)
      let state = read(body, inPlace: true)
      let called = read(body, inPlace: false)
      let same = [state.position.x, state.position.y, state.velocity.x, state.velocity.y, state.angle, state.spin].map(\.bitPattern)
        == [called.position.x, called.position.y, called.velocity.x, called.velocity.y, called.angle, called.spin].map(\.bitPattern)
      guard same else { return false }
    }
    return true
  }()

  /// What `cpBodyGetPosition` answers for the body at `raw`: its transform applied to (0, 0).
  @inlinable @inline(__always) static func position(_ raw: UnsafeRawPointer) -> cpVect {
    let t = raw.load(fromByteOffset: transformOffset, as: cpTransform.self)
    return cpVect(x: t.a * 0 + t.c * 0 + t.tx, y: t.b * 0 + t.d * 0 + t.ty)
  }

  /// All four, read in place when `inPlace` (take it from `matches` once before a loop).
  @inline(__always) static func read(_ body: OpaquePointer, inPlace: Bool) -> (position: cpVect, velocity: cpVect, angle: Double, spin: Double) {
    guard inPlace else {
      return (cpBodyGetPosition(body), cpBodyGetVelocity(body), cpBodyGetAngle(body), cpBodyGetAngularVelocity(body))
    }
    let raw = UnsafeRawPointer(body)
    return (
      position(raw), raw.load(fromByteOffset: velocityOffset, as: cpVect.self),
      raw.load(fromByteOffset: angleOffset, as: Double.self), raw.load(fromByteOffset: spinOffset, as: Double.self)
    )
  }
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
