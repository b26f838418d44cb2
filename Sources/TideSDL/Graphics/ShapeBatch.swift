import CSDL2
import Foundation
import TideCore

/// Anti-aliased convex shapes (rects, rounded rects, ellipses) as coloured triangles, batched
/// into as few `SDL_RenderGeometry` calls as possible.
///
/// Outlines are built in the box's own space, mapped to pixels, then given a one-pixel alpha
/// ramp ("fringe") on each edge, so rotated and curved edges come out smooth on every SDL
/// renderer, including the software one. Edges on pixel boundaries stay crisp because the
/// ramp is centred on the edge.
struct ShapeBatch {
  private var vertices: [SDL_Vertex] = []
  private var indices: [Int32] = []
  private var points: [SIMD2<Double>] = []
  private var miters: [SIMD2<Double>] = []
  /// (cos, sin) around a circle, by segment count (at most ~500 counts): shared by every
  /// ellipse with that many segments instead of recomputed per ellipse.
  private var unitCircles: [Int: [SIMD2<Double>]] = [:]
  /// Set for SDL's software renderer: draws the triangles with the same pixels, faster.
  var software: SoftwareTriangles?

  /// Whether anything waits to be drawn.
  var isEmpty: Bool { indices.isEmpty }
  /// Triangles waiting to be drawn: the rasterizer's work to come.
  var pendingTriangles: Int { indices.count / 3 }

  /// Sends the pending triangles to the renderer, culled and clipped to `target` (the
  /// renderer's output in pixels) where they reach far past it (see `SafeGeometry`), and cut to
  /// the convex `window` (pixels) when a clipping group's outline is not a plain rectangle.
  mutating func flush(_ renderer: OpaquePointer, target: SafeGeometry.Box, window: [SIMD2<Double>]? = nil) {
    guard !indices.isEmpty else { return }
    if let window {
      let cut = SafeGeometry.clippedTriangles(vertices, indices, window: window)
      let safe = SafeGeometry.safeTriangles(cut.vertices, cut.indices, target: target) ?? cut
      if !safe.indices.isEmpty {
        SDL_RenderGeometry(renderer, nil, safe.vertices, Int32(safe.vertices.count), safe.indices, Int32(safe.indices.count))
      }
    } else if let safe = SafeGeometry.safeTriangles(vertices, indices, target: target) {
      if !safe.indices.isEmpty {
        SDL_RenderGeometry(renderer, nil, safe.vertices, Int32(safe.vertices.count), safe.indices, Int32(safe.indices.count))
      }
    } else if let software, target.maxX - target.minX <= 8192, target.maxY - target.minY <= 8192,
      software.draw(vertices, indices)
    {
      // Drawn as SDL's software renderer would have, without a surface per triangle.
    } else {
      SDL_RenderGeometry(renderer, nil, vertices, Int32(vertices.count), indices, Int32(indices.count))
    }
    vertices.removeAll(keepingCapacity: true)
    indices.removeAll(keepingCapacity: true)
  }

  /// Adds a rectangle (rounded when `cornerRadius` > 0) covering the box (0, 0, width, height).
  mutating func addRect(
    width: Double, height: Double, cornerRadius: Double, transform: Affine,
    fill: SDL_Color?, stroke: SDL_Color?, strokeWidth: Double
  ) {
    let pixelScale = Self.maxScale(transform)
    guard pixelScale > 1e-9, width > 0, height > 0 else { return }
    let radius = min(max(cornerRadius, 0), width / 2, height / 2)
    if radius <= 0, transform.b == 0, transform.c == 0, transform.a > 0, transform.d > 0 {
      addAlignedRect(
        width: width, height: height, transform: transform, fill: fill, stroke: stroke,
        strokeWidth: strokeWidth)
      return
    }
    if radius > 0, transform.b == 0, transform.c == 0, transform.a > 0, transform.d > 0,
      addAlignedRoundedRect(
        width: width, height: height, radius: radius, transform: transform, fill: fill,
        stroke: stroke, strokeWidth: strokeWidth)
    {
      return
    }
    points.removeAll(keepingCapacity: true)
    if radius <= 0 {
      for corner in [(0.0, 0.0), (width, 0), (width, height), (0, height)] {
        points.append(Self.map(transform, corner.0, corner.1))
      }
    } else {
      let steps = max(2, Self.segments(radius: radius * pixelScale) / 4)
      let centres = [
        (radius, radius, Double.pi), (width - radius, radius, 1.5 * .pi),
        (width - radius, height - radius, 0), (radius, height - radius, 0.5 * .pi),
      ]
      for (cx, cy, start) in centres {
        for step in 0...steps {
          let angle = start + Double(step) / Double(steps) * .pi / 2
          points.append(Self.map(transform, cx + radius * cos(angle), cy + radius * sin(angle)))
        }
      }
    }
    emit(fill: fill, stroke: stroke, strokeWidth: strokeWidth * Self.areaScale(transform))
  }

  /// Unrotated rectangles (most UI) snap to whole pixels and skip the edge ramp, so panels and
  /// their borders stay crisp; SDL's software rasterizer snaps vertices to whole pixels
  /// anyway, which would leave a half-transparent line along every ramped edge.
  private mutating func addAlignedRect(
    width: Double, height: Double, transform: Affine,
    fill: SDL_Color?, stroke: SDL_Color?, strokeWidth: Double
  ) {
    let left = transform.tx.rounded()
    let top = transform.ty.rounded()
    let right = (transform.tx + transform.a * width).rounded()
    let bottom = (transform.ty + transform.d * height).rounded()
    guard right > left, bottom > top else { return }
    if let fill, fill.a > 0 {
      appendQuad(left, top, right, bottom, fill)
    }
    guard let stroke, stroke.a > 0, strokeWidth > 0 else { return }
    let (color, width) = Self.visibleStroke(stroke, pixels: strokeWidth * Self.areaScale(transform))
    let band = width.rounded()
    if 2 * band >= right - left || 2 * band >= bottom - top {
      appendQuad(left, top, right, bottom, color)
      return
    }
    appendQuad(left, top, right, top + band, color)
    appendQuad(left, bottom - band, right, bottom, color)
    appendQuad(left, top + band, left + band, bottom - band, color)
    appendQuad(right - band, top + band, right, bottom - band, color)
  }

  /// Unrotated rounded rectangles: straight parts as whole-pixel quads (crisp, like
  /// `addAlignedRect`), only the four corner arcs ramped. Returns false, drawing nothing, when
  /// the shape does not suit (a corner rounds to nothing or the outline is wider than it).
  private mutating func addAlignedRoundedRect(
    width: Double, height: Double, radius: Double, transform: Affine,
    fill: SDL_Color?, stroke: SDL_Color?, strokeWidth: Double
  ) -> Bool {
    let left = transform.tx.rounded()
    let top = transform.ty.rounded()
    let right = (transform.tx + transform.a * width).rounded()
    let bottom = (transform.ty + transform.d * height).rounded()
    let rx = min((radius * transform.a).rounded(), ((right - left) / 2).rounded(.down))
    let ry = min((radius * transform.d).rounded(), ((bottom - top) / 2).rounded(.down))
    guard right > left, bottom > top, rx >= 1, ry >= 1 else { return false }
    var strokeColor = stroke
    var band = 0.0
    if let stroke, stroke.a > 0, strokeWidth > 0 {
      let (color, width) = Self.visibleStroke(
        stroke, pixels: strokeWidth * Self.areaScale(transform))
      band = width.rounded()
      strokeColor = color
      guard band < min(rx, ry) else { return false }
    } else {
      strokeColor = nil
    }
    // Corner centres with the angle each quarter arc starts at (clockwise on screen).
    let corners = [
      (left + rx, top + ry, Double.pi), (right - rx, top + ry, 1.5 * .pi),
      (right - rx, bottom - ry, 0), (left + rx, bottom - ry, 0.5 * .pi),
    ]
    let steps = max(2, Self.segments(radius: max(rx, ry)) / 4)
    if let fill, fill.a > 0 {
      appendQuad(left, top + ry, right, bottom - ry, fill)
      appendQuad(left + rx, top, right - rx, top + ry, fill)
      appendQuad(left + rx, bottom - ry, right - rx, bottom, fill)
      let clear = SDL_Color(r: fill.r, g: fill.g, b: fill.b, a: 0)
      for (cx, cy, start) in corners {
        quarterArc(cx, cy, rx, ry, start, steps)
        let centre = Int32(vertices.count)
        append(SIMD2(cx, cy), fill)
        appendBands([(0.5, fill), (-0.5, clear)])
        let arc = centre + 1
        for i in 0..<Int32(points.count - 1) {
          indices.append(contentsOf: [centre, arc + i, arc + i + 1])
        }
      }
    }
    if let color = strokeColor {
      let clear = SDL_Color(r: color.r, g: color.g, b: color.b, a: 0)
      appendQuad(left + rx, top, right - rx, top + band, color)
      appendQuad(left + rx, bottom - band, right - rx, bottom, color)
      appendQuad(left, top + ry, left + band, bottom - ry, color)
      appendQuad(right - band, top + ry, right, bottom - ry, color)
      for (cx, cy, start) in corners {
        quarterArc(cx, cy, rx, ry, start, steps)
        appendBands([(band + 0.5, clear), (band - 0.5, color), (0.5, color), (-0.5, clear)])
      }
    }
    return true
  }

  /// Fills `points` with a quarter ellipse and `miters` with its outward unit normals.
  private mutating func quarterArc(
    _ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double, _ start: Double, _ steps: Int
  ) {
    points.removeAll(keepingCapacity: true)
    miters.removeAll(keepingCapacity: true)
    for step in 0...steps {
      let angle = start + Double(step) / Double(steps) * .pi / 2
      let cosine = cos(angle)
      let sine = sin(angle)
      points.append(SIMD2(cx + rx * cosine, cy + ry * sine))
      let normal = SIMD2(cosine / rx, sine / ry)
      miters.append(normal / max((normal * normal).sum().squareRoot(), 1e-12))
    }
  }

  /// Copies of the open outline in `points`, each moved inward by its offset along `miters`
  /// and coloured, joined by quads from one copy to the next.
  private mutating func appendBands(_ offsets: [(Double, SDL_Color)]) {
    let count = Int32(points.count)
    let base = Int32(vertices.count)
    for (inset, shade) in offsets {
      for i in 0..<points.count { append(points[i] - miters[i] * inset, shade) }
    }
    for band in 0..<Int32(offsets.count - 1) {
      let inner = base + band * count
      let outer = inner + count
      for i in 0..<(count - 1) {
        indices.append(contentsOf: [
          inner + i, outer + i, outer + i + 1,
          inner + i, outer + i + 1, inner + i + 1,
        ])
      }
    }
  }

  private mutating func appendQuad(
    _ left: Double, _ top: Double, _ right: Double, _ bottom: Double, _ color: SDL_Color
  ) {
    let base = Int32(vertices.count)
    append(SIMD2(left, top), color)
    append(SIMD2(right, top), color)
    append(SIMD2(right, bottom), color)
    append(SIMD2(left, bottom), color)
    indices.append(contentsOf: [base, base + 1, base + 2, base, base + 2, base + 3])
  }

  /// Adds an ellipse inscribed in the box (0, 0, width, height).
  mutating func addEllipse(
    width: Double, height: Double, transform: Affine,
    fill: SDL_Color?, stroke: SDL_Color?, strokeWidth: Double
  ) {
    let pixelScale = Self.maxScale(transform)
    guard pixelScale > 1e-9, width > 0, height > 0 else { return }
    points.removeAll(keepingCapacity: true)
    let rx = width / 2
    let ry = height / 2
    for unit in unitCircle(segments: Self.segments(radius: max(rx, ry) * pixelScale)) {
      points.append(Self.map(transform, rx + rx * unit.x, ry + ry * unit.y))
    }
    emit(fill: fill, stroke: stroke, strokeWidth: strokeWidth * Self.areaScale(transform))
  }

  /// Adds a polygon through `corners` (box space; concave allowed): the fill cut into
  /// `triangles` (index triples into `corners`, the node's cached `fillTriangles`), the
  /// edge ramped like other shapes, the stroke inside the edge. Fill triangles, then the
  /// stroke's edges, are drawn while their `fillCost` and `strokeCost` stay within `budget`
  /// pixels: the rasterizer visits each triangle's whole box, and a long thin one (a spiral's)
  /// has a big box.
  mutating func addPolygon(
    _ corners: [Vec2], triangles: [Int32], transform: Affine, fill: SDL_Color?, stroke: SDL_Color?,
    strokeWidth: Double, target: SafeGeometry.Box, budget: Double = .infinity
  ) {
    guard Self.maxScale(transform) > 1e-9, corners.count >= 3 else { return }
    points.removeAll(keepingCapacity: true)
    for corner in corners { points.append(Self.map(transform, corner.x, corner.y)) }
    removeDuplicatePoints()
    guard points.count >= 3, computeMiters() else { return }
    var spent = 0.0
    if let fill, fill.a > 0 {
      let clear = SDL_Color(r: fill.r, g: fill.g, b: fill.b, a: 0)
      let base = Int32(vertices.count)
      let count = Int32(points.count)
      for i in 0..<points.count { append(points[i] - miters[i] * 0.5, fill) }
      for i in 0..<points.count { append(points[i] + miters[i] * 0.5, clear) }
      // The inner ring has the outline's shape, so the outline's triangles index it. Small
      // outlines are ear-clipped here, in pixels, as they always were (the cache, made in box
      // space, can cut them apart differently where corners line up); and where corners landed
      // on one pixel and were merged, the cached triangles do not fit.
      let cut =
        corners.count > Polygon.earClippedCorners && points.count == corners.count && !triangles.isEmpty
        ? triangles : Polygon.triangulate(points.map { Vec2($0.x, $0.y) }).map { Int32($0) }
      // The edge ramp's two triangles an edge, then the inside, are drawn while they fit.
      let ramp = Self.strokeCost(points.count, closed: true, reach: 1, perSegment: 2, target: target, budget: budget) {
        points[$0]
      }
      let fill = Self.fillCost(cut, target: target, budget: budget - ramp.cost) { points[$0] }
      for index in cut.prefix(3 * fill.triangles) { indices.append(base + index) }
      spent = ramp.cost + fill.cost
      appendRing(inner: base, outer: base + count, count: count, edges: Int32(ramp.segments))
    }
    guard let stroke, stroke.a > 0, strokeWidth > 0 else { return }
    let pixels = strokeWidth * Self.areaScale(transform)
    let edges = Self.affordableSegments(
      points, closed: true, reach: Self.visibleStroke(stroke, pixels: pixels).width + 0.5,
      perSegment: Self.strokeTriangles, target: target, budget: budget - spent)
    emitStroke(stroke, width: pixels, edges: edges)
  }

  /// Adds a polyline through `corners` (box space), `width` box units wide, with butt ends and
  /// mitred joins (a join sharper than about 30° is bevelled so it cannot spike), edges ramped.
  /// Its segments are drawn while their `strokeCost` stays within `budget` pixels: a line may
  /// cross itself at every segment, and each crossing is painted again.
  mutating func addPolyline(
    _ corners: [Vec2], width: Double, transform: Affine, color: SDL_Color?,
    target: SafeGeometry.Box, budget: Double = .infinity
  ) {
    guard let color, color.a > 0, Self.maxScale(transform) > 1e-9, corners.count >= 2 else { return }
    var path: [SIMD2<Double>] = []
    for corner in corners {
      let point = Self.map(transform, corner.x, corner.y)
      if let last = path.last, Self.lengthSquared(point - last) < 1e-12 { continue }
      path.append(point)
    }
    let (shade, pixels) = Self.visibleStroke(color, pixels: width * Self.areaScale(transform))
    let segments = Self.affordableSegments(
      path, closed: false, reach: pixels / 2 + 0.5, perSegment: Self.strokeTriangles, target: target, budget: budget)
    path.removeSubrange(min(segments + 1, path.count)...)
    guard path.count >= 2 else { return }
    let clear = SDL_Color(r: shade.r, g: shade.g, b: shade.b, a: 0)
    // Per point: the unit normal, scaled by the miter length at joins.
    var normals: [SIMD2<Double>] = []
    for i in path.indices {
      func normal(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> SIMD2<Double> {
        let d = b - a
        let length = Self.lengthSquared(d).squareRoot()
        return SIMD2(-d.y / length, d.x / length)
      }
      if i == 0 { normals.append(normal(path[0], path[1])); continue }
      if i == path.count - 1 { normals.append(normal(path[i - 1], path[i])); continue }
      let n1 = normal(path[i - 1], path[i])
      let n2 = normal(path[i], path[i + 1])
      let sum = n1 + n2
      let sumLength = Self.lengthSquared(sum).squareRoot()
      let cosHalf = sumLength / 2
      normals.append(cosHalf < 0.26 ? n2 : sum / sumLength / cosHalf)
    }
    // Four rails across the line: ramp out, solid edge, solid edge, ramp out.
    let half = pixels / 2
    let rails: [(Double, SDL_Color)] = [(half + 0.5, clear), (half - 0.5, shade), (-(half - 0.5), shade), (-(half + 0.5), clear)]
    let base = Int32(vertices.count)
    let count = Int32(path.count)
    for (offset, railColor) in rails {
      for i in path.indices { append(path[i] + normals[i] * offset, railColor) }
    }
    for rail in 0..<Int32(3) {
      let a = base + rail * count
      let b = a + count
      for i in 0..<(count - 1) {
        indices.append(contentsOf: [a + i, b + i, b + i + 1, a + i, b + i + 1, a + i + 1])
      }
    }
  }

  private mutating func unitCircle(segments count: Int) -> [SIMD2<Double>] {
    if let known = unitCircles[count] { return known }
    let made = (0..<count).map { step in
      let angle = Double(step) / Double(count) * 2 * .pi
      return SIMD2(cos(angle), sin(angle))
    }
    unitCircles[count] = made
    return made
  }

  // MARK: - Tessellation

  private mutating func emit(fill: SDL_Color?, stroke: SDL_Color?, strokeWidth: Double) {
    removeDuplicatePoints()
    guard points.count >= 3, computeMiters() else { return }
    if let fill, fill.a > 0 { emitFill(fill) }
    if let stroke, stroke.a > 0, strokeWidth > 0 { emitStroke(stroke, width: strokeWidth) }
  }

  private mutating func emitFill(_ color: SDL_Color) {
    let clear = SDL_Color(r: color.r, g: color.g, b: color.b, a: 0)
    let base = Int32(vertices.count)
    let count = Int32(points.count)
    // Inner ring (solid) then outer ring (transparent), half a pixel either side of the edge.
    for i in 0..<points.count { append(points[i] - miters[i] * 0.5, color) }
    for i in 0..<points.count { append(points[i] + miters[i] * 0.5, clear) }
    for i in 1..<(count - 1) {
      indices.append(contentsOf: [base, base + i, base + i + 1])
    }
    appendRing(inner: base, outer: base + count, count: count)
  }

  /// The outline lies inside the shape's edge (like a CSS border), so it never grows the
  /// shape and a whole-pixel width on a pixel boundary comes out crisp.
  private mutating func emitStroke(_ stroke: SDL_Color, width pixels: Double, edges: Int? = nil) {
    let (color, width) = Self.visibleStroke(stroke, pixels: pixels)
    let clear = SDL_Color(r: color.r, g: color.g, b: color.b, a: 0)
    let count = Int32(points.count)
    let base = Int32(vertices.count)
    // Distances inward from the edge: ramp in, solid band, ramp out.
    let offsets: [(Double, SDL_Color)] = [
      (width + 0.5, clear), (width - 0.5, color), (0.5, color), (-0.5, clear),
    ]
    for (inset, shade) in offsets {
      for i in 0..<points.count { append(points[i] - miters[i] * inset, shade) }
    }
    let drawn = Int32(min(edges ?? points.count, points.count))
    appendRing(inner: base, outer: base + count, count: count, edges: drawn)
    appendRing(inner: base + count, outer: base + 2 * count, count: count, edges: drawn)
    appendRing(inner: base + 2 * count, outer: base + 3 * count, count: count, edges: drawn)
  }

  /// Two triangles per edge between two rings of `count` vertices each (the first `edges`).
  private mutating func appendRing(inner: Int32, outer: Int32, count: Int32, edges: Int32? = nil) {
    for i in 0..<(edges ?? count) {
      let next = (i + 1) % count
      indices.append(contentsOf: [
        inner + i, outer + i, outer + next,
        inner + i, outer + next, inner + next,
      ])
    }
  }

  private mutating func append(_ point: SIMD2<Double>, _ color: SDL_Color) {
    vertices.append(
      SDL_Vertex(
        position: SDL_FPoint(x: Float(point.x), y: Float(point.y)), color: color,
        tex_coord: SDL_FPoint(x: 0, y: 0)))
  }

  private mutating func removeDuplicatePoints() {
    var kept = 0
    for point in points {
      if kept > 0, Self.lengthSquared(point - points[kept - 1]) < 1e-12 { continue }
      points[kept] = point
      kept += 1
    }
    points.removeSubrange(kept...)
    while points.count > 1, let first = points.first, let last = points.last,
      Self.lengthSquared(first - last) < 1e-12
    {
      points.removeLast()
    }
  }

  /// Outward miter vectors (length 1/cos(half the corner angle)) at each outline point;
  /// false when the outline has no area.
  private mutating func computeMiters() -> Bool {
    var area = 0.0
    for i in 0..<points.count {
      let a = points[i]
      let b = points[(i + 1) % points.count]
      area += a.x * b.y - b.x * a.y
    }
    guard abs(area) > 1e-9 else { return false }
    // On screen (y down), a positive area means clockwise, so (dy, -dx) points outward.
    let sign: Double = area > 0 ? 1 : -1
    miters.removeAll(keepingCapacity: true)
    var previous = edgeNormal(points.count - 1, sign: sign)
    for i in 0..<points.count {
      let current = edgeNormal(i, sign: sign)
      let sum = previous + current
      let denominator = max(1 + (previous * current).sum(), 0.125)
      miters.append(sum / denominator)
      previous = current
    }
    return true
  }

  private func edgeNormal(_ i: Int, sign: Double) -> SIMD2<Double> {
    let a = points[i]
    let b = points[(i + 1) % points.count]
    let d = b - a
    let length = max(Self.lengthSquared(d).squareRoot(), 1e-12)
    return SIMD2(d.y, -d.x) * (sign / length)
  }

  // MARK: - Helpers

  private static func map(_ t: Affine, _ x: Double, _ y: Double) -> SIMD2<Double> {
    SIMD2(t.a * x + t.c * y + t.tx, t.b * x + t.d * y + t.ty)
  }

  private static func lengthSquared(_ v: SIMD2<Double>) -> Double { (v * v).sum() }

  /// The largest stretch the transform applies to any axis (for curve smoothness).
  static func maxScale(_ t: Affine) -> Double {
    max((t.a * t.a + t.b * t.b).squareRoot(), (t.c * t.c + t.d * t.d).squareRoot())
  }

  /// A stroke `pixels` wide as drawn: thinner than a pixel, it is drawn one pixel wide and
  /// fainter (coverage as alpha) instead of breaking up.
  static func visibleStroke(_ color: SDL_Color, pixels: Double) -> (color: SDL_Color, width: Double) {
    guard pixels < 1 else { return (color, pixels) }
    var faded = color
    faded.a = UInt8((Double(color.a) * (pixels > 0 ? pixels : 0)).rounded())  // NaN too: 0
    return (faded, 1)
  }

  /// Pixels a segment from `a` to `b` drawn `reach` pixels either side of it may make the
  /// rasterizer visit: its box widened by `reach`, on `target`. Lines and outlines are charged
  /// this per segment against a frame's overdraw budget, because their segments may overlap
  /// each other without end (a zigzag at a great width paints the screen once per segment).
  static func segmentCost(
    _ a: SIMD2<Double>, _ b: SIMD2<Double>, reach: Double, _ target: SafeGeometry.Box
  ) -> Double {
    let width = min(max(a.x, b.x) + reach, target.maxX) - max(min(a.x, b.x) - reach, target.minX)
    let height = min(max(a.y, b.y) + reach, target.maxY) - max(min(a.y, b.y) - reach, target.minY)
    guard width > 0, height > 0 else { return 0 }  // NaN too
    return width * height
  }

  /// Triangles a stroke draws along each segment (three bands of two: ramp, solid, ramp), each
  /// of which the rasterizer visits across about the segment's box.
  static let strokeTriangles = 6.0

  /// How many segments of `path` (pixels; `closed` adds the one back to the start) fit in
  /// `budget` pixels of `segmentCost`, `perSegment` times over (the triangles drawn along each),
  /// taken in order.
  static func affordableSegments(
    _ path: [SIMD2<Double>], closed: Bool, reach: Double, perSegment: Double, target: SafeGeometry.Box,
    budget: Double
  ) -> Int {
    strokeCost(path.count, closed: closed, reach: reach, perSegment: perSegment, target: target, budget: budget) {
      path[$0]
    }.segments
  }

  /// How many of `triangles` (index triples into the points read through `point`, pixels) fit
  /// in `budget` pixels, taken in order, each charged its box on `target`; and what they cost.
  static func fillCost(
    _ triangles: [Int32], target: SafeGeometry.Box, budget: Double, point: (Int) -> SIMD2<Double>
  ) -> (triangles: Int, cost: Double) {
    var cost = 0.0
    var t = 0
    while t + 2 < triangles.count {
      let (a, b, c) = (point(Int(triangles[t])), point(Int(triangles[t + 1])), point(Int(triangles[t + 2])))
      let low = pointwiseMin(pointwiseMin(a, b), c)
      let high = pointwiseMax(pointwiseMax(a, b), c)
      let width = min(high.x, target.maxX) - max(low.x, target.minX)
      let height = min(high.y, target.maxY) - max(low.y, target.minY)
      let step = width > 0 && height > 0 ? width * height : 0
      if cost + step > budget { break }
      cost += step
      t += 3
    }
    return (t / 3, cost)
  }

  /// `affordableSegments` over `count` points read through `point`, so the renderer can charge
  /// a sprite's points without copying them.
  static func strokeCost(
    _ count: Int, closed: Bool, reach: Double, perSegment: Double, target: SafeGeometry.Box, budget: Double,
    point: (Int) -> SIMD2<Double>
  ) -> (segments: Int, cost: Double) {
    let segments = closed ? (count >= 3 ? count : 0) : max(count - 1, 0)
    var cost = 0.0
    for i in 0..<segments {
      let step = perSegment * segmentCost(point(i), point(i + 1 == count ? 0 : i + 1), reach: reach, target)
      if cost + step > budget { return (i, cost) }
      cost += step
    }
    return (segments, cost)
  }

  /// The geometric mean stretch (for line widths).
  static func areaScale(_ t: Affine) -> Double { abs(t.determinant).squareRoot() }

  /// Segments for a full circle of `radius` pixels, so the chord strays at most ~0.2 px.
  static func segments(radius: Double) -> Int {
    guard radius > 0.5 else { return 8 }
    let step = 2 * acos(max(-1, 1 - 0.2 / radius))
    // Huge radii make the step 0 (or the count overflow Int): they get the most segments.
    let count = (2 * .pi / step).rounded(.up)
    return count < 512 ? max(Int(count), 8) : 512
  }
}
