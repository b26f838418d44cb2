import CChipmunk
import TideCore

/// A polygon's outline as the convex pieces Chipmunk can collide: the hull when every point is
/// a corner of it (a convex outline, in whatever order the points come), otherwise Chipmunk's
/// own approximate convex decomposition (`cpPolylineConvexDecomposition`) of the outline.
///
/// Chipmunk asserts (and so aborts) on an open or backwards outline, and a crossing outline can
/// send its decomposition down a path with no end, so the outline is tidied and checked first.
enum ConvexParts {
  /// Notches shallower than this are filled in rather than cut out.
  static let tolerance = 0.05

  static func of(_ points: [Vec2]) throws -> [[cpVect]] {
    let verts = points.map { cpv($0.x, $0.y) }
    let hull = Self.hull(verts)
    let hullArea = hull.count >= 3 ? abs(cpAreaForPoly(Int32(hull.count), hull, 0)) : 0
    // A sliver has no inside for the solver to push out of.
    guard hull.count >= 3, hullArea >= PhysicsLimits.smallest else {
      throw PhysicsError("a polygon needs an area: its points lie on one line")
    }
    if hull.count == verts.count { return [hull] }
    var outline = tidied(verts)
    if outline.count == hull.count { return [hull] }
    try checkSimple(outline)
    if signedArea(outline) < 0 { outline.reverse() }
    outline.append(outline[0])
    guard let line = tide_polyline_new(Int32(outline.count), outline) else { throw PhysicsError("out of memory") }
    defer { cpPolylineFree(line) }
    guard let set = cpPolylineConvexDecomposition(line, tolerance) else { throw PhysicsError("Chipmunk could not cut the polygon") }
    defer { cpPolylineSetFree(set, 1) }
    var parts: [[cpVect]] = []
    for i in 0..<Int(set.pointee.count) {
      guard let piece = set.pointee.lines[i] else { continue }
      // Each piece comes closed: its last corner repeats its first.
      let corners = (0..<max(Int(piece.pointee.count) - 1, 0)).map { tide_polyline_vert(piece, Int32($0)) }
      let part = Self.hull(corners)
      guard part.count >= 3, abs(cpAreaForPoly(Int32(part.count), part, 0)) >= PhysicsLimits.smallest else { continue }
      parts.append(part)
    }
    guard !parts.isEmpty else { throw PhysicsError("a polygon needs an area: its outline encloses none") }
    guard parts.count <= PhysicsLimits.polygonParts else {
      throw PhysicsError(
        "a concave polygon cuts into \(parts.count) convex parts; at most \(PhysicsLimits.polygonParts): simplify the outline")
    }
    return parts
  }

  /// The convex hull of `verts` in Chipmunk's winding.
  static func hull(_ verts: [cpVect]) -> [cpVect] {
    var out = [cpVect](repeating: cpv(0, 0), count: verts.count)
    let count = Int(cpConvexHull(Int32(verts.count), verts, &out, nil, 0))
    return Array(out.prefix(count))
  }

  /// `verts` without repeated corners (the closing one included) and without corners on a
  /// straight line between their neighbours, which add nothing and unsettle the cutting.
  static func tidied(_ verts: [cpVect]) -> [cpVect] {
    var out: [cpVect] = []
    for v in verts where out.last.map({ cpvdist($0, v) >= PhysicsLimits.smallest }) ?? true { out.append(v) }
    while out.count > 1, let first = out.first, let last = out.last, cpvdist(first, last) < PhysicsLimits.smallest { out.removeLast() }
    var changed = true
    while changed, out.count > 3 {
      changed = false
      for i in out.indices {
        let a = out[(i + out.count - 1) % out.count]
        let b = out[i]
        let c = out[(i + 1) % out.count]
        let cross = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
        if abs(cross) <= 1e-9 * max(cpvlengthsq(cpvsub(b, a)), cpvlengthsq(cpvsub(c, a)), 1) {
          out.remove(at: i)
          changed = true
          break
        }
      }
    }
    return out
  }

  /// Twice the signed area, positive in the winding Chipmunk's decomposition wants.
  static func signedArea(_ verts: [cpVect]) -> Double {
    var sum = 0.0
    for i in verts.indices {
      let a = verts[i]
      let b = verts[(i + 1) % verts.count]
      sum += a.x * b.y - a.y * b.x
    }
    return sum
  }

  /// Refuses an outline whose edges cross or touch other than at shared corners.
  static func checkSimple(_ verts: [cpVect]) throws {
    let n = verts.count
    guard n >= 3 else { throw PhysicsError("a polygon needs an area: its points lie on one line") }
    func orient(_ a: cpVect, _ b: cpVect, _ c: cpVect) -> Double { (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x) }
    func onSegment(_ a: cpVect, _ b: cpVect, _ p: cpVect) -> Bool {
      min(a.x, b.x) <= p.x && p.x <= max(a.x, b.x) && min(a.y, b.y) <= p.y && p.y <= max(a.y, b.y)
    }
    func meet(_ p1: cpVect, _ p2: cpVect, _ q1: cpVect, _ q2: cpVect) -> Bool {
      let d1 = orient(q1, q2, p1), d2 = orient(q1, q2, p2), d3 = orient(p1, p2, q1), d4 = orient(p1, p2, q2)
      if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) { return true }
      return (d1 == 0 && onSegment(q1, q2, p1)) || (d2 == 0 && onSegment(q1, q2, p2))
        || (d3 == 0 && onSegment(p1, p2, q1)) || (d4 == 0 && onSegment(p1, p2, q2))
    }
    for i in 0..<n {
      for j in (i + 1)..<n {
        // Neighbouring edges share a corner and nothing else (tidied: no straight corners).
        if j == i + 1 || (i == 0 && j == n - 1) { continue }
        if meet(verts[i], verts[(i + 1) % n], verts[j], verts[(j + 1) % n]) {
          throw PhysicsError("a concave polygon's edges must not cross: edge \(i + 1) meets edge \(j + 1)")
        }
      }
    }
  }
}
