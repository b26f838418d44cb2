import CChipmunk
import TideCore

/// What a ray hit first.
public struct RayHit {
  public var body: PhysicsBody
  /// Where, in the world.
  public var point: Vec2
  /// The surface's normal there.
  public var normal: Vec2
  /// How far along the ray, 0 (its start) to 1 (its end).
  public var fraction: Double
}

extension PhysicsWorld {
  /// The bodies with a shape at `point` (within `radius` of it), in creation order. Sensors
  /// count; a `mask` picks categories.
  public func bodies(at point: Vec2, radius: Double = 0, mask: UInt32 = .max) throws -> [PhysicsBody] {
    try Self.checkPoint(point, "point")
    guard radius.isFinite, radius >= 0, radius <= PhysicsLimits.largest else { throw PhysicsError("radius must be 0 to 1e5, got \(radius)") }
    let found = Found()
    cpSpacePointQuery(
      space, cpv(point.x, point.y), radius, filter(mask),
      { shape, _, _, _, data in Found.add(shape, data) }, Unmanaged.passUnretained(found).toOpaque())
    return found.sorted
  }

  /// The first body a ray from `from` to `to` meets, if any.
  public func rayCast(from: Vec2, to: Vec2, mask: UInt32 = .max) throws -> RayHit? {
    try Self.checkPoint(from, "the ray's start")
    try Self.checkPoint(to, "the ray's end")
    var info = cpSegmentQueryInfo()
    guard cpSpaceSegmentQueryFirst(space, cpv(from.x, from.y), cpv(to.x, to.y), 0, filter(mask), &info) != nil,
      let shape = info.shape, let data = cpShapeGetUserData(shape)
    else { return nil }
    return RayHit(
      body: Unmanaged<PhysicsBody>.fromOpaque(data).takeUnretainedValue(), point: Vec2(x: info.point.x, y: info.point.y),
      normal: Vec2(x: info.normal.x, y: info.normal.y), fraction: info.alpha)
  }

  /// The bodies with a shape overlapping the box from `min` to `max`, in creation order.
  public func bodies(inBox min: Vec2, _ max: Vec2, mask: UInt32 = .max) throws -> [PhysicsBody] {
    try Self.checkPoint(min, "the box's corner")
    try Self.checkPoint(max, "the box's corner")
    guard max.x - min.x > 0, max.y - min.y > 0 else { throw PhysicsError("the box needs a width and a height above 0") }
    let found = Found()
    // A box shape on the world's body, queried and thrown away: exact overlap, not just
    // bounding boxes.
    guard let probe = cpBoxShapeNew2(cpSpaceGetStaticBody(space), cpBBNew(min.x, min.y, max.x, max.y), 0) else { return [] }
    cpShapeSetFilter(probe, filter(mask))
    _ = cpSpaceShapeQuery(space, probe, { shape, _, data in Found.add(shape, data) }, Unmanaged.passUnretained(found).toOpaque())
    cpShapeFree(probe)
    return found.sorted
  }

  private func filter(_ mask: UInt32) -> cpShapeFilter {
    cpShapeFilter(group: 0, categories: .max, mask: mask)
  }
}

/// The bodies a query found, once each.
private final class Found {
  var bodies: [Int: PhysicsBody] = [:]
  var sorted: [PhysicsBody] { bodies.keys.sorted().compactMap { bodies[$0] } }

  static func add(_ shape: OpaquePointer?, _ data: UnsafeMutableRawPointer?) {
    guard let shape, let data, let owner = cpShapeGetUserData(shape) else { return }
    let found = Unmanaged<Found>.fromOpaque(data).takeUnretainedValue()
    let body = Unmanaged<PhysicsBody>.fromOpaque(owner).takeUnretainedValue()
    found.bodies[body.id] = body
  }
}
