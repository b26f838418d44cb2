import CChipmunk
import Foundation
import TideCore

/// One line of a world's debug drawing, in world space.
public struct DebugLine: Sendable {
  public enum Role: Sendable {
    case awake, asleep, fixed, joint, contact
  }
  public var points: [Vec2]
  public var role: Role
}

extension PhysicsWorld {
  /// The outlines of every shape (a circle with a spoke, so turning shows), a line for every
  /// joint, and a cross at every contact point (one arm along the contact's normal), in body
  /// creation order.
  public func debugLines() -> [DebugLine] {
    var lines: [DebugLine] = []
    for body in bodies {
      let role: DebugLine.Role = body.kind == .dynamic ? (body.isSleeping ? .asleep : .awake) : .fixed
      for (shape, outline) in zip(body.shapes, body.outlines) {
        if outline == .circle {
          let c = body.toWorld(Vec2(x: cpCircleShapeGetOffset(shape).x, y: cpCircleShapeGetOffset(shape).y))
          let r = cpCircleShapeGetRadius(shape)
          let a = body.angle
          var points = (0...24).map { i -> Vec2 in
            let t = a + Double(i) * 2 * .pi / 24
            return Vec2(x: c.x + r * cos(t), y: c.y + r * sin(t))
          }
          points.append(c)
          lines.append(DebugLine(points: points, role: role))
        } else if outline == .polygon {
          let n = Int(cpPolyShapeGetCount(shape))
          var points = (0..<n).map { i -> Vec2 in
            let v = cpPolyShapeGetVert(shape, Int32(i))
            return body.toWorld(Vec2(x: v.x, y: v.y))
          }
          if let first = points.first { points.append(first) }
          lines.append(DebugLine(points: points, role: role))
        } else {
          let a = cpSegmentShapeGetA(shape)
          let b = cpSegmentShapeGetB(shape)
          lines.append(DebugLine(points: [body.toWorld(Vec2(x: a.x, y: a.y)), body.toWorld(Vec2(x: b.x, y: b.y))], role: role))
        }
      }
    }
    for joint in joints {
      let b = joint.b.centerOfGravity
      let a = joint.a?.centerOfGravity ?? {
        if case .pivot(let p) = joint.spec { return p }
        return b
      }()
      lines.append(DebugLine(points: [a, b], role: .joint))
    }
    // Each touching pair once: Chipmunk lists it on both bodies.
    final class Seen { var arbiters: Set<OpaquePointer> = []; var crosses: [DebugLine] = [] }
    let seen = Seen()
    for body in bodies {
      cpBodyEachArbiter(body.body, { _, arbiter, data in
        guard let arbiter, let data else { return }
        let seen = Unmanaged<Seen>.fromOpaque(data).takeUnretainedValue()
        guard seen.arbiters.insert(arbiter).inserted else { return }
        let n = cpArbiterGetNormal(arbiter)
        for i in 0..<cpArbiterGetCount(arbiter) {
          let p = cpArbiterGetPointA(arbiter, i)
          let (ax, ay) = (n.x * 5, n.y * 5)
          seen.crosses.append(DebugLine(points: [Vec2(x: p.x - ax, y: p.y - ay), Vec2(x: p.x + ax, y: p.y + ay)], role: .contact))
          seen.crosses.append(DebugLine(points: [Vec2(x: p.x + ay, y: p.y - ax), Vec2(x: p.x - ay, y: p.y + ax)], role: .contact))
        }
      }, Unmanaged.passUnretained(seen).toOpaque())
    }
    return lines + seen.crosses
  }
}
