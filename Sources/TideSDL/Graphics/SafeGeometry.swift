import CSDL2

/// Keeps what Tide hands SDL within coordinates SDL can draw.
///
/// Every sprite field is bounded (`Limits`), but transforms multiply down the tree, so a sprite
/// can still land billions of pixels away. SDL turns float rectangles into `int`s, and its
/// software renderer scales a partly visible texture through a temporary surface the size of
/// the whole destination: far-off or huge boxes overflowed its arithmetic (heap writes out of
/// bounds) or asked it for gigabytes. So whatever lies wholly outside the
/// target is culled, and whatever reaches further than `margin` past its edges is clipped here,
/// in doubles, to the target, and drawn as triangles whose corners all lie on it.
enum SafeGeometry {
  /// How far past the target's edges (in pixels) a box may reach and still go to SDL unclipped.
  /// Small, because SDL's software renderer scales a partly visible texture through a surface
  /// the size of its whole destination.
  static let margin = 256.0

  /// One corner of a polygon being clipped: pixel position, texture coordinate, colour (0...255).
  struct Corner {
    var position: SIMD2<Double>
    var uv: SIMD2<Double> = .zero
    var color: SIMD4<Double> = SIMD4(255, 255, 255, 255)

    /// The point `t` of the way from `self` to `other`, every attribute interpolated: exact for
    /// the affine mappings of images and the linear colour ramps of shapes.
    func lerp(_ other: Corner, _ t: Double) -> Corner {
      Corner(
        position: position + (other.position - position) * t, uv: uv + (other.uv - uv) * t,
        color: color + (other.color - color) * t)
    }

    init(position: SIMD2<Double>, uv: SIMD2<Double> = .zero, color: SIMD4<Double> = SIMD4(255, 255, 255, 255)) {
      self.position = position
      self.uv = uv
      self.color = color
    }

    init(_ vertex: SDL_Vertex) {
      position = SIMD2(Double(vertex.position.x), Double(vertex.position.y))
      uv = SIMD2(Double(vertex.tex_coord.x), Double(vertex.tex_coord.y))
      color = SIMD4(Double(vertex.color.r), Double(vertex.color.g), Double(vertex.color.b), Double(vertex.color.a))
    }

    var vertex: SDL_Vertex {
      func byte(_ value: Double) -> UInt8 { UInt8(min(max(value, 0), 255).rounded()) }
      return SDL_Vertex(
        position: SDL_FPoint(x: Float(position.x), y: Float(position.y)),
        color: SDL_Color(r: byte(color.x), g: byte(color.y), b: byte(color.z), a: byte(color.w)),
        tex_coord: SDL_FPoint(x: Float(uv.x), y: Float(uv.y)))
    }
  }

  /// A rectangle of pixels: the target, or the target widened by `margin`.
  struct Box {
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double

    /// The box grown by `amount` on every side.
    func widened(by amount: Double) -> Box {
      Box(minX: minX - amount, minY: minY - amount, maxX: maxX + amount, maxY: maxY + amount)
    }

    /// Whether every point lies inside (false when any is NaN or infinite).
    func contains(_ points: [SIMD2<Double>]) -> Bool {
      points.allSatisfy { $0.x >= minX && $0.x <= maxX && $0.y >= minY && $0.y <= maxY }
    }

    /// Whether all the points lie beyond one edge, so none of their convex hull is inside.
    func excludes(_ points: [SIMD2<Double>]) -> Bool {
      points.allSatisfy { $0.x < minX } || points.allSatisfy { $0.x > maxX }
        || points.allSatisfy { $0.y < minY } || points.allSatisfy { $0.y > maxY }
    }
  }

  /// What to do with a convex polygon whose corners are `points`, against `target`.
  enum Verdict { case draw, cull, clip }

  static func verdict(_ points: [SIMD2<Double>], target: Box) -> Verdict {
    guard points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return .cull }
    if target.excludes(points) { return .cull }
    return target.widened(by: margin).contains(points) ? .draw : .clip
  }

  /// `verdict` for the four corners of a box, without building an array: every sprite drawn
  /// asks, thousands of times a frame.
  static func verdict(
    _ a: SIMD2<Double>, _ b: SIMD2<Double>, _ c: SIMD2<Double>, _ d: SIMD2<Double>, target: Box
  ) -> Verdict {
    // A NaN or infinite corner makes the sum non-finite (min and max could drop a NaN): such
    // boxes take the slow, checked path, which culls them.
    let sum = a + b + c + d
    let low = pointwiseMin(pointwiseMin(a, b), pointwiseMin(c, d))
    let high = pointwiseMax(pointwiseMax(a, b), pointwiseMax(c, d))
    if sum.x.isFinite, sum.y.isFinite, low.x >= target.minX - margin, low.y >= target.minY - margin, high.x <= target.maxX + margin,
      high.y <= target.maxY + margin
    {
      return high.x < target.minX || high.y < target.minY || low.x > target.maxX || low.y > target.maxY ? .cull : .draw
    }
    return verdict([a, b, c, d], target: target)
  }

  /// The part of the convex polygon `polygon` inside `box` (Sutherland–Hodgman, one edge at a
  /// time); empty when nothing is inside.
  static func clip(_ polygon: [Corner], to box: Box) -> [Corner] {
    var result = polygon
    // Each edge: the coordinate tested and the side kept.
    let edges: [(axis: Int, limit: Double, keepAbove: Bool)] = [
      (0, box.minX, true), (0, box.maxX, false), (1, box.minY, true), (1, box.maxY, false),
    ]
    for edge in edges {
      guard !result.isEmpty else { break }
      func inside(_ c: Corner) -> Bool {
        edge.keepAbove ? c.position[edge.axis] >= edge.limit : c.position[edge.axis] <= edge.limit
      }
      let input = result
      result.removeAll(keepingCapacity: true)
      var previous = input[input.count - 1]
      for current in input {
        let (a, b) = (inside(previous), inside(current))
        if a != b {
          let from = previous.position[edge.axis]
          let t = (edge.limit - from) / (current.position[edge.axis] - from)
          var crossing = previous.lerp(current, t)
          crossing.position[edge.axis] = edge.limit  // exactly on the edge despite rounding
          result.append(crossing)
        }
        if b { result.append(current) }
        previous = current
      }
    }
    return result.count >= 3 ? result : []
  }

  /// The part of the convex polygon `polygon` inside the convex `window` (pixel corners, either
  /// winding), every attribute interpolated; empty when nothing is inside. For clipping groups.
  static func clip(_ polygon: [Corner], toConvex window: [SIMD2<Double>]) -> [Corner] {
    guard window.count >= 3 else { return [] }
    var area = 0.0
    for i in window.indices {
      let a = window[(i + window.count - 1) % window.count]
      let b = window[i]
      area += a.x * b.y - b.x * a.y
    }
    let sign: Double = area >= 0 ? 1 : -1
    var result = polygon
    for i in window.indices {
      guard !result.isEmpty else { break }
      let a = window[(i + window.count - 1) % window.count]
      let edge = window[i] - a
      func side(_ c: Corner) -> Double { sign * (edge.x * (c.position.y - a.y) - edge.y * (c.position.x - a.x)) }
      let input = result
      result.removeAll(keepingCapacity: true)
      guard var previous = input.last else { break }
      for current in input {
        let (sp, sc) = (side(previous), side(current))
        if (sp >= 0) != (sc >= 0) { result.append(previous.lerp(current, sp / (sp - sc))) }
        if sc >= 0 { result.append(current) }
        previous = current
      }
    }
    return result.count >= 3 ? result : []
  }

  /// Whether every point lies inside the convex `window` (either winding): such a shape needs no
  /// cutting, which keeps most sprites in a rounded clipping group on the fast path.
  static func inside(_ points: [SIMD2<Double>], convex window: [SIMD2<Double>]) -> Bool {
    guard window.count >= 3 else { return false }
    var area = 0.0
    for i in window.indices {
      let a = window[(i + window.count - 1) % window.count]
      area += a.x * window[i].y - window[i].x * a.y
    }
    let sign: Double = area >= 0 ? 1 : -1
    for i in window.indices {
      let a = window[(i + window.count - 1) % window.count]
      let edge = window[i] - a
      for p in points where sign * (edge.x * (p.y - a.y) - edge.y * (p.x - a.x)) < 0 { return false }
    }
    return true
  }

  /// The triangles `indices` index in `vertices`, each cut to the convex `window` (pixels).
  static func clippedTriangles(
    _ vertices: [SDL_Vertex], _ indices: [Int32], window: [SIMD2<Double>]
  ) -> (vertices: [SDL_Vertex], indices: [Int32]) {
    var outVertices: [SDL_Vertex] = []
    var outIndices: [Int32] = []
    var triangle = 0
    while triangle + 2 < indices.count {
      let corners = (0..<3).map { Corner(vertices[Int(indices[triangle + $0])]) }
      if inside(corners.map(\.position), convex: window) {
        appendFan(corners, to: &outVertices, &outIndices)
      } else {
        appendFan(clip(corners, toConvex: window), to: &outVertices, &outIndices)
      }
      triangle += 3
    }
    return (outVertices, outIndices)
  }

  /// Appends `polygon` (convex, clipped) as a triangle fan to `vertices` and `indices`.
  static func appendFan(_ polygon: [Corner], to vertices: inout [SDL_Vertex], _ indices: inout [Int32]) {
    guard polygon.count >= 3 else { return }
    let base = Int32(vertices.count)
    for corner in polygon { vertices.append(corner.vertex) }
    for i in 1..<Int32(polygon.count - 1) {
      indices.append(base)
      indices.append(base + i)
      indices.append(base + i + 1)
    }
  }

  /// The triangles `indices` index in `vertices`, with those that reach past the margin clipped
  /// to `target` and those wholly outside dropped; nil when all of them may go to SDL as they are.
  static func safeTriangles(
    _ vertices: [SDL_Vertex], _ indices: [Int32], target: Box
  ) -> (vertices: [SDL_Vertex], indices: [Int32])? {
    let safe = target.widened(by: margin)
    let allSafe = vertices.allSatisfy {
      Double($0.position.x) >= safe.minX && Double($0.position.x) <= safe.maxX
        && Double($0.position.y) >= safe.minY && Double($0.position.y) <= safe.maxY
    }
    if allSafe { return nil }
    var outVertices = vertices
    var outIndices: [Int32] = []
    outIndices.reserveCapacity(indices.count)
    var triangle = 0
    while triangle + 2 < indices.count {
      let corners = (0..<3).map { Corner(vertices[Int(indices[triangle + $0])]) }
      switch verdict(corners.map(\.position), target: target) {
      case .draw: outIndices.append(contentsOf: indices[triangle..<triangle + 3])
      case .cull: break
      case .clip: appendFan(clip(corners, to: target), to: &outVertices, &outIndices)
      }
      triangle += 3
    }
    return (outVertices, outIndices)
  }
}
