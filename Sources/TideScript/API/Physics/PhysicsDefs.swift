import LuaBridge
import TideCore
import TidePhysics

/// Reads a definition table (a body, a shape, a material) at stack index `index`, naming each
/// field by its path in errors (`tower.blocks.cat.shapes[2].radius`), so a data file's mistake
/// is found by the table and field it is in.
struct DefReader {
  let lua: LuaState
  let index: Int32
  let path: String

  init(_ lua: LuaState, _ index: Int32, path: String) {
    self.lua = lua
    self.index = lua.absIndex(index)
    self.path = path
  }

  func fail(_ key: String, _ message: String) -> LuaRaise { LuaRaise("\(path).\(key) \(message)") }

  /// Refuses a key not in `allowed`, naming the valid ones.
  func checkKeys(_ allowed: [String]) throws {
    var unknown = FirstByKey<String>()
    lua.forEachPair(index) { k, _ in
      guard lua.type(at: k) == .string, let key = lua.toString(at: k), allowed.contains(key) else {
        let name = lua.toString(at: k) ?? lua.typeName(at: k)
        unknown.offer(name, name)
        return
      }
    }
    if let name = unknown.failure {
      throw LuaRaise("\(path) has an unknown key '\(name)' (keys: \(allowed.joined(separator: ", ")))")
    }
  }

  /// Runs `body` with field `key` pushed; nil (nothing run) when it is nil.
  func with<T>(_ key: String, _ body: () throws -> T) rethrows -> T? {
    lua.rawGet(index, key: key)
    defer { lua.pop() }
    return lua.type(at: -1) == .nil ? nil : try body()
  }

  func number(_ key: String, in range: ClosedRange<Double>) throws -> Double? {
    try with(key) { try numberAtTop(key, in: range) }
  }

  private func numberAtTop(_ name: String, in range: ClosedRange<Double>) throws -> Double {
    guard lua.type(at: -1) == .number, let value = lua.toDouble(at: -1) else {
      throw fail(name, "must be a number, got \(lua.typeName(at: -1))")
    }
    guard value.isFinite || (range.upperBound == .infinity && value == .infinity), range.contains(value) else {
      throw fail(name, "must be a number from \(NumberRange.format(range.lowerBound)) to \(NumberRange.format(range.upperBound)), got \(NumberRange.format(value))")
    }
    return value
  }

  func bool(_ key: String) throws -> Bool? {
    try with(key) {
      guard lua.type(at: -1) == .boolean else { throw fail(key, "must be true or false, got \(lua.typeName(at: -1))") }
      return lua.toBool(at: -1)
    }
  }

  func string(_ key: String) throws -> String? {
    try with(key) {
      guard lua.type(at: -1) == .string, let text = lua.toString(at: -1) else {
        throw fail(key, "must be a string, got \(lua.typeName(at: -1))")
      }
      return text
    }
  }

  /// A list of numbers, each in `range`, of `count` entries.
  func numbers(_ key: String, count: ClosedRange<Int>, in range: ClosedRange<Double>) throws -> [Double]? {
    try with(key) {
      guard lua.type(at: -1) == .table else { throw fail(key, "must be a list of numbers, got \(lua.typeName(at: -1))") }
      let table = lua.absIndex(-1)
      let n = lua.rawLength(table)
      guard count.contains(n) else {
        throw fail(key, "must list \(count.lowerBound == count.upperBound ? "\(count.lowerBound)" : "\(count.lowerBound) to \(count.upperBound)") numbers, got \(n)")
      }
      var values: [Double] = []
      values.reserveCapacity(n)
      for i in 1...n {
        lua.rawGet(table, index: i)
        defer { lua.pop() }
        values.append(try numberAtTop("\(key)[\(i)]", in: range))
      }
      return values
    }
  }

  /// `{ x, y }`.
  func vector(_ key: String, in range: ClosedRange<Double>) throws -> Vec2? {
    try numbers(key, count: 2...2, in: range).map { Vec2(x: $0[0], y: $0[1]) }
  }

  /// Categories 1 to 32 as bits: one number or a list.
  func categories(_ key: String) throws -> UInt32? {
    try with(key) {
      if lua.type(at: -1) == .number {
        let n = try numberAtTop(key, in: 1...32)
        guard n == n.rounded() else { throw fail(key, "must be a whole number from 1 to 32, got \(NumberRange.format(n))") }
        return UInt32(1) << UInt32(n - 1)
      }
      guard lua.type(at: -1) == .table else { throw fail(key, "must be a category (1 to 32) or a list of them, got \(lua.typeName(at: -1))") }
      let table = lua.absIndex(-1)
      let n = lua.rawLength(table)
      guard n <= 32 else { throw fail(key, "must list at most 32 categories, got \(n)") }
      var bits: UInt32 = 0
      for i in 0..<n {
        lua.rawGet(table, index: i + 1)
        defer { lua.pop() }
        let c = try numberAtTop("\(key)[\(i + 1)]", in: 1...32)
        guard c == c.rounded() else { throw fail("\(key)[\(i + 1)]", "must be a whole number from 1 to 32") }
        bits |= UInt32(1) << UInt32(c - 1)
      }
      return bits
    }
  }

  /// The reader of the table in field `key`, run by `body` while it is on the stack.
  func table<T>(_ key: String, path sub: String? = nil, _ body: (DefReader) throws -> T) throws -> T? {
    try with(key) {
      guard lua.type(at: -1) == .table, !lua.isObject(at: -1) else { throw fail(key, "must be a table, got \(lua.typeName(at: -1))") }
      return try body(DefReader(lua, -1, path: sub ?? "\(path).\(key)"))
    }
  }
}

extension Physics {
  static let materialKeys = LuaTableShape.physicsMaterial.names
  static let shapeKinds = ["circle", "box", "polygon", "segment"]

  /// The material `reader` describes over `base`: its `material` (a name or a table) first,
  /// then its own material keys.
  func material(_ reader: DefReader, over base: PhysicsMaterial) throws -> PhysicsMaterial {
    var m = base
    if reader.lua.rawGet(reader.index, key: "material") == .string {
      let name = reader.lua.toString(at: -1) ?? ""
      reader.lua.pop()
      guard let named = materials[name] else {
        let known = materials.keys.sorted()
        throw reader.fail("material", "names no material '\(name)' (materials: \(known.isEmpty ? "none; give them to tide.physics.materials" : known.joined(separator: ", ")))")
      }
      m = named
    } else {
      reader.lua.pop()
      if let nested = try reader.table("material", { try material($0, over: m) }) { m = nested }
    }
    if let v = try reader.number("density", in: 0...1e6) { m.density = v }
    if let v = try reader.number("mass", in: 1e-9...1e12) { m.mass = v }
    if let v = try reader.number("friction", in: 0...1000) { m.friction = v }
    if let v = try reader.number("elasticity", in: 0...1) { m.elasticity = v }
    if let v = try reader.vector("surface_velocity", in: -1e6...1e6) { m.surfaceVelocity = v }
    if let v = try reader.categories("category") { m.category = v }
    if let v = try reader.categories("mask") { m.mask = v }
    if let v = try reader.bool("sensor") { m.sensor = v }
    return m
  }

  /// The shapes `reader` (a body definition) describes on `node` (nil while only validating data).
  func shapes(_ reader: DefReader, node: Node?) throws -> [ShapeSpec] {
    let base = try material(reader, over: PhysicsMaterial())
    let lua = reader.lua
    switch lua.rawGet(reader.index, key: "shapes") {
    case .nil:
      lua.pop()
    case .table:
      let list = DefReader(lua, -1, path: "\(reader.path).shapes")
      defer { lua.pop() }
      let n = lua.rawLength(list.index)
      guard (1...PhysicsLimits.shapesPerBody).contains(n) else {
        throw LuaRaise("\(list.path) must list 1 to \(PhysicsLimits.shapesPerBody) shapes, got \(n)")
      }
      var specs: [ShapeSpec] = []
      for i in 1...n {
        lua.rawGet(list.index, index: i)
        defer { lua.pop() }
        guard lua.type(at: -1) == .table else { throw LuaRaise("\(list.path)[\(i)] must be a shape table, got \(lua.typeName(at: -1))") }
        specs.append(try shape(DefReader(lua, -1, path: "\(list.path)[\(i)]"), node: node, base: base))
      }
      return specs
    default:
      defer { lua.pop() }
      throw reader.fail("shapes", "must be a list of shape tables, got \(lua.typeName(at: -1))")
    }
    switch lua.rawGet(reader.index, key: "shape") {
    case .table:
      defer { lua.pop() }
      return [try shape(DefReader(lua, -1, path: "\(reader.path).shape"), node: node, base: base)]
    case .string:
      let kind = lua.toString(at: -1) ?? ""
      lua.pop()
      guard Self.shapeKinds.contains(kind) else {
        throw reader.fail("shape", "must be one of \(Self.shapeKinds.joined(separator: ", ")), got '\(kind)'")
      }
      return try defaultShapes(kind: kind, node: node, base: base)
    case .nil:
      lua.pop()
      return try defaultShapes(kind: nil, node: node, base: base)
    default:
      defer { lua.pop() }
      throw reader.fail("shape", "must be a shape kind or a shape table, got \(lua.typeName(at: -1))")
    }
  }

  /// One shape table.
  private func shape(_ reader: DefReader, node: Node?, base: PhysicsMaterial) throws -> ShapeSpec {
    try reader.checkKeys(LuaTableShape.shapeDef.names)
    let m = try material(reader, over: base)
    let kind = try reader.string("shape") ?? node.map(Self.defaultKind) ?? "box"
    guard Self.shapeKinds.contains(kind) else {
      throw reader.fail("shape", "must be one of \(Self.shapeKinds.joined(separator: ", ")), got '\(kind)'")
    }
    let box = node.map(Self.box(of:)) ?? (min: Vec2(x: -20, y: -20), max: Vec2(x: 20, y: 20))
    let center = Vec2(
      x: try reader.number("x", in: -1e5...1e5) ?? (box.min.x + box.max.x) / 2,
      y: try reader.number("y", in: -1e5...1e5) ?? (box.min.y + box.max.y) / 2)
    let size = 1e-2...1e5
    switch kind {
    case "circle":
      let radius = try reader.number("radius", in: size) ?? min(box.max.x - box.min.x, box.max.y - box.min.y) / 2
      return ShapeSpec(.circle(center: center, radius: radius), material: m)
    case "box":
      let w = try reader.number("w", in: size) ?? box.max.x - box.min.x
      let h = try reader.number("h", in: size) ?? box.max.y - box.min.y
      let corner = try reader.number("corner", in: 0...1e5) ?? (node?.kind == .rect ? node?.cornerRadius ?? 0 : 0)
      return ShapeSpec(Self.roundedBox(center: center, w: w, h: h, corner: corner), material: m)
    default:
      let radius = try reader.number("radius", in: 0...1e5) ?? 0
      let count = kind == "segment" ? 4...4 : 6...(2 * PhysicsLimits.polygonPoints)
      let points: [Vec2]
      if let flat = try reader.numbers("points", count: count, in: -1e5...1e5) {
        guard flat.count % 2 == 0 else { throw reader.fail("points", "must hold x, y pairs (an even count), got \(flat.count) numbers") }
        points = stride(from: 0, to: flat.count, by: 2).map { Vec2(x: flat[$0], y: flat[$0 + 1]) }
      } else if let node, !node.points.isEmpty {
        points = Self.localPoints(of: node)
      } else {
        points = [box.min, Vec2(x: box.max.x, y: box.min.y), box.max, Vec2(x: box.min.x, y: box.max.y)]
      }
      if kind == "segment" {
        guard points.count >= 2 else { throw reader.fail("points", "must give a segment's two ends") }
        return ShapeSpec(.segment(a: points[0], b: points[1], radius: max(radius, 0)), material: m)
      }
      return ShapeSpec(.polygon(points: points, radius: radius), material: m)
    }
  }

  /// The shapes a sprite gets when its body names none (or only a kind).
  private func defaultShapes(kind: String?, node: Node?, base: PhysicsMaterial) throws -> [ShapeSpec] {
    guard let node else { return [ShapeSpec(.box(min: Vec2(x: -20, y: -20), max: Vec2(x: 20, y: 20), radius: 0), material: base)] }
    let box = Self.box(of: node)
    let w = box.max.x - box.min.x
    let h = box.max.y - box.min.y
    let center = Vec2(x: (box.min.x + box.max.x) / 2, y: (box.min.y + box.max.y) / 2)
    switch kind ?? Self.defaultKind(node) {
    case "circle":
      return [ShapeSpec(.circle(center: center, radius: min(w, h) / 2), material: base)]
    case "polygon":
      let points = node.points.isEmpty ? [box.min, Vec2(x: box.max.x, y: box.min.y), box.max, Vec2(x: box.min.x, y: box.max.y)] : Self.localPoints(of: node)
      return [ShapeSpec(.polygon(points: points, radius: 0), material: base)]
    case "segment":
      let points = Self.localPoints(of: node)
      guard points.count >= 2 else { throw LuaRaise("a line needs 2 points to become segments") }
      guard points.count <= PhysicsLimits.shapesPerBody + 1 else {
        throw LuaRaise("a line of \(points.count) points is too many segments: at most \(PhysicsLimits.shapesPerBody)")
      }
      let radius = max(node.strokeWidth * abs(node.scaleX), 1) / 2
      return zip(points, points.dropFirst()).map { ShapeSpec(.segment(a: $0, b: $1, radius: radius), material: base) }
    default:
      let corner = node.kind == .rect ? node.cornerRadius : 0
      return [ShapeSpec(Self.roundedBox(center: center, w: w, h: h, corner: corner), material: base)]
    }
  }

  static func defaultKind(_ node: Node) -> String {
    switch node.kind {
    case .circle: "circle"
    case .polygon: "polygon"
    case .line: "segment"
    default: "box"
    }
  }

  /// A box whose rounded outline keeps its size: Chipmunk rounds outwards.
  static func roundedBox(center: Vec2, w: Double, h: Double, corner: Double) -> ShapeGeometry {
    let r = min(corner, w / 2 - 0.005, h / 2 - 0.005)
    let inset = max(r, 0)
    return .box(
      min: Vec2(x: center.x - w / 2 + inset, y: center.y - h / 2 + inset),
      max: Vec2(x: center.x + w / 2 - inset, y: center.y + h / 2 - inset), radius: inset)
  }

  /// The sprite's box in its body's space (from the anchor point, scaled, not turned).
  static func box(of node: Node) -> (min: Vec2, max: Vec2) {
    // A line's or polygon's points may lie left of and above its box origin.
    let bounds = node.kind == .line || node.kind == .polygon ? node.pointBounds : node.localBounds
    let a = local(node, Vec2(x: bounds.x, y: bounds.y))
    let b = local(node, Vec2(x: bounds.x + bounds.width, y: bounds.y + bounds.height))
    return (Vec2(x: min(a.x, b.x), y: min(a.y, b.y)), Vec2(x: max(a.x, b.x), y: max(a.y, b.y)))
  }

  static func localPoints(of node: Node) -> [Vec2] { node.points.map { local(node, $0) } }

  /// A point of the sprite's box space in its body's space.
  static func local(_ node: Node, _ p: Vec2) -> Vec2 {
    Vec2(x: (p.x - node.anchorX * node.width) * node.scaleX, y: (p.y - node.anchorY * node.height) * node.scaleY)
  }
}
