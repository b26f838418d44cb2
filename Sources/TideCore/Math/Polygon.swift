import Foundation

/// Plane geometry on point lists: the shapes of line and polygon sprites, and clip regions.
///
/// Written here rather than taken from a library: Chipmunk2D and Box2D (both in Debian) handle
/// convex collision shapes only, and what Tide needs is small: point-in-polygon, distance to a
/// polyline, triangulation of simple concave polygons (`PolygonTriangulation.swift`) and convex
/// clipping.
public enum Polygon {
  /// Whether `p` lies inside the closed polygon `points` (even-odd rule, so a concave outline
  /// works and a self-crossing one alternates).
  public static func contains(_ points: [Vec2], _ p: Vec2) -> Bool {
    guard points.count >= 3 else { return false }
    var inside = false
    var j = points.count - 1
    for i in points.indices {
      let a = points[i]
      let b = points[j]
      if (a.y > p.y) != (b.y > p.y) {
        let crossX = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x)
        if p.x < crossX { inside.toggle() }
      }
      j = i
    }
    return inside
  }

  /// The shortest distance from `p` to the open polyline through `points`.
  public static func distance(from p: Vec2, toPolyline points: [Vec2]) -> Double {
    guard let first = points.first else { return .infinity }
    if points.count == 1 { return p.distance(to: first) }
    var best = Double.infinity
    for i in 1..<points.count {
      let a = points[i - 1]
      let b = points[i]
      let ab = b - a
      let lengthSquared = ab.x * ab.x + ab.y * ab.y
      let t = lengthSquared > 0 ? min(max(((p.x - a.x) * ab.x + (p.y - a.y) * ab.y) / lengthSquared, 0), 1) : 0
      best = min(best, p.distance(to: a + ab * t))
    }
    return best
  }

  /// Twice the signed area (positive when the points run clockwise on screen, y down).
  public static func signedArea2(_ points: [Vec2]) -> Double {
    guard points.count >= 3 else { return 0 }
    var sum = 0.0
    var j = points.count - 1
    for i in points.indices {
      sum += points[j].x * points[i].y - points[i].x * points[j].y
      j = i
    }
    return sum
  }

  /// The part of `subject` inside the convex polygon `window` (Sutherland–Hodgman); empty when
  /// they do not overlap. Either winding.
  public static func clip(_ subject: [Vec2], toConvex window: [Vec2]) -> [Vec2] {
    guard window.count >= 3 else { return [] }
    let sign: Double = signedArea2(window) >= 0 ? 1 : -1
    var result = subject
    var j = window.count - 1
    for i in window.indices {
      guard !result.isEmpty else { break }
      let a = window[j]
      let b = window[i]
      j = i
      func side(_ p: Vec2) -> Double { sign * ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) }
      let input = result
      result.removeAll(keepingCapacity: true)
      guard var previous = input.last else { break }
      for current in input {
        let (sp, sc) = (side(previous), side(current))
        if (sp >= 0) != (sc >= 0) {
          let t = sp / (sp - sc)
          result.append(previous + (current - previous) * t)
        }
        if sc >= 0 { result.append(current) }
        previous = current
      }
    }
    return result.count >= 3 ? result : []
  }

  /// `count` of the corners of the convex polygon `points`, evenly spread, in order: a convex
  /// polygon inside it (when it has more corners than that), close to it when its corners are
  /// dense.
  public static func keepingCorners(_ points: [Vec2], _ count: Int) -> [Vec2] {
    guard points.count > count, count >= 3 else { return points }
    return (0..<count).map { points[$0 * points.count / count] }
  }

  /// The outline of the box (0, 0, width, height) with corners rounded by `radius`, clockwise
  /// from the top-left, each quarter arc in `segments` steps.
  public static func roundedRect(width: Double, height: Double, radius: Double, segments: Int = 8) -> [Vec2] {
    let r = min(max(radius, 0), width / 2, height / 2)
    guard r > 0 else { return [Vec2(0, 0), Vec2(width, 0), Vec2(width, height), Vec2(0, height)] }
    let centres = [Vec2(r, r), Vec2(width - r, r), Vec2(width - r, height - r), Vec2(r, height - r)]
    var outline: [Vec2] = []
    outline.reserveCapacity(4 * (segments + 1))
    for (corner, centre) in centres.enumerated() {
      let start = Double.pi + Double(corner) * .pi / 2
      for step in 0...segments {
        let angle = start + Double(step) / Double(segments) * .pi / 2
        outline.append(Vec2(centre.x + r * cos(angle), centre.y + r * sin(angle)))
      }
    }
    return outline
  }
}
