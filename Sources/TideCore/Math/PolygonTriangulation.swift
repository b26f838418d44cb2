import Foundation

extension Polygon {
  /// Triangles covering the simple polygon `points` (either winding, concave allowed), as index
  /// triples into `points`. Deterministic: the same outline gives the same triangles.
  ///
  /// Up to `earClippedCorners` corners (most sprites) by ear clipping, which is what every
  /// polygon always got, so their pixels stay as they were; at that size its O(n³) worst case
  /// is a small constant. Past that in O(n log n), whatever the shape: a plane sweep cuts the
  /// outline into y-monotone pieces and each piece is triangulated by the stack walk (de Berg
  /// et al., *Computational Geometry*, chapter 3). Its edge tree is balanced by height (AVL),
  /// not by chance, so no crafted outline makes it slower. Repeated corners are skipped; a
  /// self-crossing outline gets some triangles over it (which is not specified), in the same
  /// bound.
  public static func triangulate(_ points: [Vec2]) -> [Int] {
    if points.count <= earClippedCorners { return earClip(points) }
    return sweepTriangulation(points).triangles
  }

  /// The sweep's triangles for `points` at any size, and its steps: edges placed against the
  /// sweep line, corners walked and stacked (the sorts, O(n log n), are not counted).
  static func sweepTriangulation(_ points: [Vec2]) -> (triangles: [Int], steps: Int) {
    var triangulation = MonotoneTriangulation(points)
    let triangles = triangulation.run()
    return (triangles, triangulation.steps)
  }

  /// The most corners `triangulate` ear-clips.
  public static let earClippedCorners = 16

  /// Ear clipping: each ear found by testing every remaining corner against it.
  static func earClip(_ points: [Vec2]) -> [Int] {
    let n = points.count
    guard n >= 3 else { return [] }
    let clockwise = signedArea2(points) > 0
    var remaining = Array(0..<n)
    var triangles: [Int] = []
    triangles.reserveCapacity((n - 2) * 3)
    func cross(_ o: Vec2, _ a: Vec2, _ b: Vec2) -> Double { (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x) }
    func isConvex(_ a: Vec2, _ b: Vec2, _ c: Vec2) -> Bool { clockwise ? cross(a, b, c) > 0 : cross(a, b, c) < 0 }
    func inTriangle(_ p: Vec2, _ a: Vec2, _ b: Vec2, _ c: Vec2) -> Bool {
      let d1 = cross(a, b, p)
      let d2 = cross(b, c, p)
      let d3 = cross(c, a, p)
      let negative = d1 < 0 || d2 < 0 || d3 < 0
      let positive = d1 > 0 || d2 > 0 || d3 > 0
      return !(negative && positive)
    }
    var guardCount = 0
    var i = 0
    while remaining.count > 3, guardCount < remaining.count {
      let count = remaining.count
      let prev = remaining[(i + count - 1) % count]
      let here = remaining[i % count]
      let next = remaining[(i + 1) % count]
      let (a, b, c) = (points[prev], points[here], points[next])
      var ear = isConvex(a, b, c)
      if ear {
        for k in remaining where k != prev && k != here && k != next {
          if inTriangle(points[k], a, b, c) {
            ear = false
            break
          }
        }
      }
      if ear {
        triangles += [prev, here, next]
        remaining.remove(at: i % count)
        guardCount = 0
      } else {
        i += 1
        guardCount += 1
      }
      if !remaining.isEmpty { i %= remaining.count }
    }
    if remaining.count == 3 { triangles += remaining }
    return triangles
  }
}

/// The state of one triangulation: the outline counter-clockwise (y up), the sweep's edge tree,
/// and the cutting diagonals. Every structure is an array indexed by corner, edge or node, and
/// every step is bounded by those counts, so a broken outline (crossing itself, corners on
/// edges) can make wrong cuts but never a wrong index or an endless walk.
private struct MonotoneTriangulation {
  /// Corner k of the counter-clockwise outline, and its index in the caller's points.
  var at: [Vec2] = []
  var original: [Int] = []
  /// Whether the caller's outline ran clockwise (y up), so triangles are wound back to match.
  var reversed = false
  var count = 0

  enum Corner { case start, end, split, merge, regular }
  var kind: [Corner] = []
  /// Each corner's place in the sweep (0 first, top to bottom).
  var rank: [Int] = []
  /// Per edge k (corner k to corner k + 1): the corner the sweep last saw right of it.
  var helper: [Int] = []
  var diagonals: [(Int, Int)] = []

  // The edges the sweep line crosses, ordered by where they cross it: an AVL tree whose nodes
  // hold edge numbers. Removal goes by node, never by search, so comparisons that disagree
  // (a crossing outline) cannot lose an edge.
  var nodeEdge: [Int] = []
  var left: [Int] = []
  var right: [Int] = []
  var parent: [Int] = []
  var height: [Int] = []
  var nodeOfEdge: [Int] = []
  var root = -1
  var nodes = 0
  /// Work done, for tests that bound it.
  var steps = 0

  init(_ points: [Vec2]) {
    var kept: [Int] = []
    kept.reserveCapacity(points.count)
    for (index, point) in points.enumerated() where point.x.isFinite && point.y.isFinite {
      if let last = kept.last, points[last] == point { continue }
      kept.append(index)
    }
    while kept.count > 1, let first = kept.first, let last = kept.last, points[first] == points[last] {
      kept.removeLast()
    }
    let outline = kept.map { points[$0] }
    reversed = Polygon.signedArea2(outline) < 0
    original = reversed ? kept.reversed() : kept
    at = original.map { points[$0] }
    count = at.count
  }

  mutating func run() -> [Int] {
    guard count >= 3, Polygon.signedArea2(at) != 0 else { return [] }
    classify()
    sweep()
    return triangulatePieces()
  }

  func next(_ k: Int) -> Int { k + 1 == count ? 0 : k + 1 }
  func previous(_ k: Int) -> Int { k == 0 ? count - 1 : k - 1 }

  /// Whether corner `a` comes after corner `b` in the sweep: lower, or as low and further
  /// right, or (a repeated point) later in the outline. A strict total order.
  func isBelow(_ a: Int, _ b: Int) -> Bool {
    let p = at[a]
    let q = at[b]
    if p.y != q.y { return p.y < q.y }
    if p.x != q.x { return p.x > q.x }
    return a > b
  }

  static func cross(_ o: Vec2, _ a: Vec2, _ b: Vec2) -> Double {
    (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
  }

  mutating func classify() {
    let order = (0..<count).sorted { isBelow($1, $0) }
    rank = Array(repeating: 0, count: count)
    for (place, corner) in order.enumerated() { rank[corner] = place }
    kind = (0..<count).map { k in
      let before = previous(k)
      let after = next(k)
      let convex = Self.cross(at[before], at[k], at[after]) > 0
      switch (isBelow(before, k), isBelow(after, k)) {
      case (true, true): return convex ? .start : .split
      case (false, false): return convex ? .end : .merge
      default: return .regular
      }
    }
  }

  /// Adds the diagonals that cut the outline into y-monotone pieces.
  mutating func sweep() {
    helper = Array(repeating: -1, count: count)
    nodeEdge = Array(repeating: -1, count: count)
    left = nodeEdge
    right = nodeEdge
    parent = nodeEdge
    height = Array(repeating: 0, count: count)
    nodeOfEdge = nodeEdge
    var order = Array(repeating: 0, count: count)
    for k in 0..<count { order[rank[k]] = k }
    for k in order {
      switch kind[k] {
      case .start:
        insert(edge: k)
      case .end:
        fixUp(k, edge: previous(k))
        remove(edge: previous(k))
      case .split:
        if let j = edgeLeft(of: k) {
          cut(k, helper[j])
          helper[j] = k
        }
        insert(edge: k)
      case .merge:
        fixUp(k, edge: previous(k))
        remove(edge: previous(k))
        if let j = edgeLeft(of: k) {
          fixUp(k, edge: j)
          helper[j] = k
        }
      case .regular:
        if isBelow(k, previous(k)) {
          // The inside lies right of the corner: it is on a left edge of the polygon.
          fixUp(k, edge: previous(k))
          remove(edge: previous(k))
          insert(edge: k)
        } else if let j = edgeLeft(of: k) {
          fixUp(k, edge: j)
          helper[j] = k
        }
      }
    }
  }

  /// Cuts from `k` to the helper of `edge` when that helper is a merge corner.
  mutating func fixUp(_ k: Int, edge: Int) {
    let h = helper[edge]
    if h >= 0, kind[h] == .merge { cut(k, h) }
  }

  mutating func cut(_ a: Int, _ b: Int) {
    if a >= 0, b >= 0, a != b { diagonals.append((a, b)) }
  }

  // MARK: Edge tree

  /// Where edge `e` (corner e to e + 1) crosses the horizontal through `q`, clamped to the edge.
  mutating func crossing(_ e: Int, _ q: Vec2) -> Double {
    steps += 1
    let a = at[e]
    let b = at[next(e)]
    if a.y == b.y { return min(max(q.x, min(a.x, b.x)), max(a.x, b.x)) }
    let t = min(max((q.y - a.y) / (b.y - a.y), 0), 1)
    return a.x + (b.x - a.x) * t
  }

  /// The edge in the tree nearest left of corner `k`, if any.
  mutating func edgeLeft(of k: Int) -> Int? {
    let q = at[k]
    var node = root
    var best: Int?
    while node >= 0 {
      if crossing(nodeEdge[node], q) < q.x {
        best = nodeEdge[node]
        node = right[node]
      } else {
        node = left[node]
      }
    }
    return best
  }

  /// Puts edge `e`, which starts at the corner being swept, into the tree with itself as helper.
  mutating func insert(edge e: Int) {
    helper[e] = e
    guard nodeOfEdge[e] < 0 else { return }
    let node = nodes
    nodes += 1
    nodeEdge[node] = e
    left[node] = -1
    right[node] = -1
    height[node] = 1
    nodeOfEdge[e] = node
    guard root >= 0 else {
      root = node
      parent[node] = -1
      return
    }
    let q = at[e]
    var place = root
    while true {
      let x = crossing(nodeEdge[place], q)
      let goesRight = x < q.x || (x == q.x && nodeEdge[place] < e)
      let child = goesRight ? right[place] : left[place]
      if child < 0 {
        if goesRight { right[place] = node } else { left[place] = node }
        parent[node] = place
        break
      }
      place = child
    }
    rebalance(from: place)
  }

  mutating func remove(edge e: Int) {
    var node = nodeOfEdge[e]
    guard node >= 0 else { return }
    nodeOfEdge[e] = -1
    if left[node] >= 0, right[node] >= 0 {
      // Two children: the next edge in order takes this node, and its own node goes.
      var successor = right[node]
      while left[successor] >= 0 { successor = left[successor] }
      nodeEdge[node] = nodeEdge[successor]
      nodeOfEdge[nodeEdge[node]] = node
      node = successor
    }
    let child = left[node] >= 0 ? left[node] : right[node]
    let above = parent[node]
    replaceChild(of: above, node, with: child)
    rebalance(from: above)
  }

  func treeHeight(_ node: Int) -> Int { node < 0 ? 0 : height[node] }

  mutating func replaceChild(of node: Int, _ old: Int, with new: Int) {
    if node < 0 {
      root = new
    } else if left[node] == old {
      left[node] = new
    } else {
      right[node] = new
    }
    if new >= 0 { parent[new] = node }
  }

  mutating func rotateLeft(_ x: Int) -> Int {
    let y = right[x]
    right[x] = left[y]
    if left[y] >= 0 { parent[left[y]] = x }
    replaceChild(of: parent[x], x, with: y)
    left[y] = x
    parent[x] = y
    height[x] = 1 + max(treeHeight(left[x]), treeHeight(right[x]))
    height[y] = 1 + max(treeHeight(left[y]), treeHeight(right[y]))
    return y
  }

  mutating func rotateRight(_ x: Int) -> Int {
    let y = left[x]
    left[x] = right[y]
    if right[y] >= 0 { parent[right[y]] = x }
    replaceChild(of: parent[x], x, with: y)
    right[y] = x
    parent[x] = y
    height[x] = 1 + max(treeHeight(left[x]), treeHeight(right[x]))
    height[y] = 1 + max(treeHeight(left[y]), treeHeight(right[y]))
    return y
  }

  /// Restores heights and balance from `start` up to the root.
  mutating func rebalance(from start: Int) {
    var node = start
    while node >= 0 {
      height[node] = 1 + max(treeHeight(left[node]), treeHeight(right[node]))
      let balance = treeHeight(left[node]) - treeHeight(right[node])
      if balance > 1 {
        if treeHeight(left[left[node]]) < treeHeight(right[left[node]]) { _ = rotateLeft(left[node]) }
        node = rotateRight(node)
      } else if balance < -1 {
        if treeHeight(right[right[node]]) < treeHeight(left[right[node]]) { _ = rotateRight(right[node]) }
        node = rotateLeft(node)
      }
      node = parent[node]
    }
  }

  // MARK: Pieces

  /// Walks the faces the outline and the diagonals make and triangulates each.
  mutating func triangulatePieces() -> [Int] {
    // Half-edges: 2k runs corner k to k + 1 (inside on its left), 2k + 1 back; diagonals follow,
    // both ways. Half-edge h's twin is h ^ 1.
    var from: [Int] = []
    var to: [Int] = []
    from.reserveCapacity(2 * (count + diagonals.count))
    to.reserveCapacity(from.capacity)
    for k in 0..<count {
      from += [k, next(k)]
      to += [next(k), k]
    }
    for (a, b) in diagonals {
      from += [a, b]
      to += [b, a]
    }
    let halfEdges = from.count
    // Each corner's outgoing half-edges, counter-clockwise by direction.
    let angle = (0..<halfEdges).map { h -> Double in
      let d = at[to[h]] - at[from[h]]
      return atan2(d.y, d.x)
    }
    let outgoing = (0..<halfEdges).sorted { a, b in
      if from[a] != from[b] { return from[a] < from[b] }
      if angle[a] != angle[b] { return angle[a] < angle[b] }
      return a < b
    }
    var first = Array(repeating: 0, count: count + 1)
    for h in outgoing { first[from[h] + 1] += 1 }
    for k in 0..<count { first[k + 1] += first[k] }
    var place = Array(repeating: 0, count: halfEdges)
    for (index, h) in outgoing.enumerated() { place[h] = index }
    // The face left of u→w goes on along the edge out of w just clockwise of w→u.
    func following(_ h: Int) -> Int {
      let w = to[h]
      let degree = first[w + 1] - first[w]
      let back = place[h ^ 1] - first[w]
      return outgoing[first[w] + (back + degree - 1) % degree]
    }
    var visited = Array(repeating: false, count: halfEdges)
    var triangles: [Int] = []
    triangles.reserveCapacity(3 * max(count - 2, 0))
    var face: [Int] = []
    for start in 0..<halfEdges where !visited[start] && (start >= 2 * count || start % 2 == 0) {
      face.removeAll(keepingCapacity: true)
      var h = start
      while !visited[h] {
        steps += 1
        visited[h] = true
        face.append(from[h])
        h = following(h)
      }
      steps += triangulateMonotone(face, into: &triangles)
    }
    return triangles
  }

  /// Triangulates one piece, its corners counter-clockwise, by the stack walk down its two
  /// chains; a piece that is not monotone (from a broken outline) still gives triangles.
  /// Returns its steps: corners taken and triangles made (each pops the stack once at most).
  func triangulateMonotone(_ face: [Int], into triangles: inout [Int]) -> Int {
    let size = face.count
    guard size >= 3 else { return 0 }
    guard size > 3 else {
      emit(face[0], face[1], face[2], into: &triangles)
      return 1
    }
    let before = triangles.count
    var top = 0
    var bottom = 0
    for i in 1..<size {
      if rank[face[i]] < rank[face[top]] { top = i }
      if rank[face[i]] > rank[face[bottom]] { bottom = i }
    }
    // Counter-clockwise from the top runs down the left chain to the bottom.
    var onLeft = Array(repeating: false, count: size)
    var i = top
    while i != bottom {
      onLeft[i] = true
      i = (i + 1) % size
    }
    let order = (0..<size).sorted { rank[face[$0]] < rank[face[$1]] }
    var stack = [order[0], order[1]]
    for j in 2..<(size - 1) {
      let u = order[j]
      guard let last = stack.last else { break }
      if onLeft[u] != onLeft[last] {
        for s in 0..<(stack.count - 1) { emit(face[u], face[stack[s]], face[stack[s + 1]], into: &triangles) }
        stack = [order[j - 1], u]
      } else {
        var popped = stack.removeLast()
        while let previous = stack.last, sees(face[u], face[popped], face[previous], onLeft: onLeft[u]) {
          emit(face[u], face[popped], face[previous], into: &triangles)
          popped = stack.removeLast()
        }
        stack.append(popped)
        stack.append(u)
      }
    }
    let u = order[size - 1]
    for s in 0..<(stack.count - 1) { emit(face[u], face[stack[s]], face[stack[s + 1]], into: &triangles) }
    return size + (triangles.count - before) / 3
  }

  /// Whether the triangle from `u` over the chain `popped` → `previous` (both above `u`, on
  /// `u`'s side) lies inside: `popped` turns towards the inside.
  func sees(_ u: Int, _ popped: Int, _ previous: Int, onLeft: Bool) -> Bool {
    onLeft ? Self.cross(at[previous], at[popped], at[u]) > 0 : Self.cross(at[u], at[popped], at[previous]) > 0
  }

  /// Appends a triangle as indices into the caller's points, wound as the caller's outline.
  func emit(_ a: Int, _ b: Int, _ c: Int, into triangles: inout [Int]) {
    let counterClockwise = Self.cross(at[a], at[b], at[c]) >= 0
    if counterClockwise != reversed {
      triangles += [original[a], original[b], original[c]]
    } else {
      triangles += [original[a], original[c], original[b]]
    }
  }
}
