import LuaBridge
import TideCore

extension Particles {
  /// The keys of `tide.particles`' options that are not sprite fields (`keep`), made once.
  static let particlesOwnKeys = Set(LuaTableShape.particlesOptions.names)
  /// The keys an emitter table may hold, made once and checked for each key of every emitter
  /// table (a pop's burst makes one per call): a hash lookup, not up to seventeen string
  /// comparisons a key.
  static let emitterKeySet = Set(LuaTableShape.emitter.names)

  /// `tide.particles`: emitters described by data tables, stepped and drawn by the engine.
  func install() {
    let m = module("tide")

    /// Starts a particle emitter described by `emitter`, a data table (keep named emitters in a
    /// data file, e.g. `data/particles.lua`), and returns its sprite (kind "particles"), which
    /// moves, fades and is removed like any other. Particles move in the sprite's own space, are
    /// stepped by the engine on the game clock (no Lua runs per particle), never take taps, and
    /// are the same for the same seed. At most 200,000 live in a game; more are not emitted.
    /// The emitter's keys are listed under [Emitter](#emitter); it needs a `burst` or a `rate`.
    /// @param emitter Emitter: the emitter's data
    /// @param opts ParticlesOptions?: sprite fields (`x`, `y`, `parent`, `z`, ...) and `keep` (true: stay when done;
    /// by default the sprite removes itself once it emits no more and its last particle has died)
    /// @return Sprite: with `:emit(n)`, `:stop_emitting()`, `:particle_count()`
    /// @example local sparks = require("data.particles")
    /// @example tide.particles(sparks.pop, { x = bubble.x, y = bubble.y })
    /// @example tide.particles({ burst = 40, lifetime = { 0.3, 0.6 }, speed = { 120, 260 }, gravity = { 0, 500 }, colors = { "#ffd500", "#ff5400" }, size = { 10, 2 } }, { x = 200, y = 300 })
    m.function("particles") { [unowned self] lua in
      let spec = try emitterSpec(lua, arg: 1)
      var keep = false
      if lua.type(at: 2) == .table {
        // `keep` is the emitter sprite's own option; every other key is a sprite field.
        lua.rawGet(2, key: "keep")
        let type = lua.type(at: -1)
        keep = lua.toBool(at: -1)
        lua.pop(1)
        guard type == .nil || type == .boolean else {
          throw LuaArgumentError(arg: 2, message: "'keep' must be a boolean")
        }
      }
      let seed = random.particleSeeds.next()
      return try sprites.makeSprite(.particles, lua: lua, optsArg: 2, also: Particles.particlesOwnKeys) { [unowned self] node in
        node.removesWhenDone = !keep
        node.emitter = ParticleEmitter(spec: spec, seed: seed, budget: sprites.graph.particleBudget)
      }
    }
    installParticleMethods()
  }

  /// The particle stream's seed for game seed `seed`: a fixed scramble, so the two streams differ.

  /// The particle methods of sprites, added to the Sprite type's methods.
  func installParticleMethods() {
    let t = type("Sprite")

    /// Particles sprites: emits `count` more particles now.
    /// @param count integer: 0 to 200,000
    /// @example sparks:emit(20)
    t.method("emit") { [unowned self] lua in
      let emitter = try particleEmitter(lua)
      emitter.emit(try lua.checkInt(2, "count", in: Limits.particleCount))
      return 0
    }

    /// Particles sprites: stops emitting at the emitter's `rate`; live particles finish their lives.
    /// @example smoke:stop_emitting()
    t.method("stop_emitting") { [unowned self] lua in
      try particleEmitter(lua).stopEmitting()
      return 0
    }

    /// Particles sprites: how many particles are alive.
    /// @return integer
    /// @example print(sparks:particle_count())
    t.method("particle_count") { [unowned self] lua in
      lua.push(try particleEmitter(lua).count)
      return 1
    }
  }

  private func particleEmitter(_ lua: LuaState) throws -> ParticleEmitter {
    let node = try sprites.checkSprite(lua, 1)
    guard let emitter = node.emitter else {
      throw LuaArgumentError(arg: 1, message: "only particles sprites emit (this is a \(node.kind.rawValue))")
    }
    return emitter
  }

  /// Reads an emitter table, refusing unknown keys and values out of range, each error naming
  /// the key.
  func emitterSpec(_ lua: LuaState, arg: Int32) throws -> EmitterSpec {
    try lua.checkTable(arg)
    var unknown = FirstByKey<String>()
    lua.forEachPair(arg) { k, _ in
      guard lua.type(at: k) == .string, let key = lua.toString(at: k), Particles.emitterKeySet.contains(key) else {
        let name = lua.toString(at: k) ?? lua.typeName(at: k)
        unknown.offer(name, name)
        return
      }
    }
    if let name = unknown.failure {
      throw LuaArgumentError(arg: arg, message: "unknown emitter key '\(name)' (keys: \(LuaTableShape.emitter.names.joined(separator: ", ")))")
    }
    var spec = EmitterSpec()
    spec.rate = try lua.optNumberField(arg, "rate", in: Limits.particleRate, default: 0)
    spec.burst = Int(try lua.optNumberField(arg, "burst", in: Limits.particleCount, default: 0))
    spec.duration = try lua.optNumberField(arg, "duration", in: Limits.delay, default: .infinity)
    spec.lifetime = try range(lua, arg, "lifetime", in: Limits.particleLifetime) ?? spec.lifetime
    spec.speed = try range(lua, arg, "speed", in: Limits.position) ?? spec.speed
    spec.angle = try range(lua, arg, "angle", in: Limits.rotation) ?? spec.angle
    spec.spin = try range(lua, arg, "spin", in: Limits.position) ?? spec.spin
    spec.spread = try lua.optNumberField(arg, "spread", in: Limits.radius, default: 0)
    spec.drag = try lua.optNumberField(arg, "drag", in: Limits.particleDrag, default: 0)
    if let gravity = try list(lua, arg, "gravity", in: Limits.position) {
      guard gravity.count == 2 else { throw LuaArgumentError(arg: arg, message: "'gravity' must be { x, y }") }
      spec.gravity = Vec2(gravity[0], gravity[1])
    }
    spec.alpha = try list(lua, arg, "alpha", in: NumberRange(0...1)) ?? spec.alpha
    spec.size = try list(lua, arg, "size", in: Limits.particleSize) ?? spec.size
    spec.colors = try colors(lua, arg, "colors") ?? spec.colors
    spec.palette = try colors(lua, arg, "palette") ?? []
    if let blend = try string(lua, arg, "blend") {
      guard let value = EmitterSpec.Blend(rawValue: blend) else {
        throw LuaArgumentError(arg: arg, message: "invalid blend '\(blend)' (expected one of: alpha, add)")
      }
      spec.blend = value
    }
    if let shape = try string(lua, arg, "shape") {
      switch shape {
      case "circle": spec.shape = .circle
      case "square": spec.shape = .square
      default: throw LuaArgumentError(arg: arg, message: "invalid shape '\(shape)' (expected one of: circle, square; or give an image)")
      }
    }
    if let image = try string(lua, arg, "image") {
      _ = try sprites.imageSize(image, arg: arg)
      spec.shape = .image(image)
    }
    guard spec.burst > 0 || spec.rate > 0 else {
      throw LuaArgumentError(arg: arg, message: "an emitter needs a 'burst' or a 'rate' above 0")
    }
    return spec
  }

  /// Field `key`: a number (a range of one value) or `{ min, max }`.
  private func range(_ lua: LuaState, _ arg: Int32, _ key: String, in limits: NumberRange) throws -> ClosedRange<Double>? {
    guard let values = try list(lua, arg, key, in: limits) else { return nil }
    guard values.count <= 2 else { throw LuaArgumentError(arg: arg, message: "'\(key)' must be a number or { min, max }") }
    let low = values[0]
    let high = values.count == 2 ? values[1] : low
    guard low <= high else { throw LuaArgumentError(arg: arg, message: "'\(key)' must be { min, max } with min <= max, got { \(low), \(high) }") }
    return low...high
  }

  /// Field `key`: a number, or a non-empty list of at most 64 numbers, each within `limits`.
  private func list(_ lua: LuaState, _ arg: Int32, _ key: String, in limits: NumberRange) throws -> [Double]? {
    lua.rawGet(arg, key: key)
    defer { lua.pop(1) }
    switch lua.type(at: -1) {
    case .nil: return nil
    case .number:
      return [try lua.rangedNumber(at: -1, key, in: limits, arg: arg) ?? 0]
    case .table:
      let table = lua.absIndex(-1)
      let count = lua.rawLength(table)
      guard count >= 1, count <= 64 else { throw LuaArgumentError(arg: arg, message: "'\(key)' must list 1 to 64 numbers, got \(count)") }
      var values: [Double] = []
      for i in 1...count {
        lua.rawGet(table, index: i)
        defer { lua.pop(1) }
        guard let value = try lua.rangedNumber(at: -1, "\(key)[\(i)]", in: limits, arg: arg) else {
          throw LuaArgumentError(arg: arg, message: "'\(key)[\(i)]' must be a number, got \(lua.typeName(at: -1))")
        }
        values.append(value)
      }
      return values
    default:
      throw LuaArgumentError(arg: arg, message: "'\(key)' must be a number or a list of numbers, got \(lua.typeName(at: -1))")
    }
  }

  /// Field `key`: a colour string or a non-empty list of at most 64.
  private func colors(_ lua: LuaState, _ arg: Int32, _ key: String) throws -> [Color]? {
    lua.rawGet(arg, key: key)
    defer { lua.pop(1) }
    func color(at index: Int32, _ name: @autoclosure () -> String) throws -> Color {
      guard lua.type(at: index) == .string, let text = lua.toString(at: index), let color = Color(string: text) else {
        throw LuaArgumentError(arg: arg, message: "'\(name())' must be a colour like \"#ff0000\", got \(lua.toString(at: index) ?? lua.typeName(at: index))")
      }
      return color
    }
    switch lua.type(at: -1) {
    case .nil: return nil
    case .string: return [try color(at: -1, key)]
    case .table:
      let table = lua.absIndex(-1)
      let count = lua.rawLength(table)
      guard count >= 1, count <= 64 else { throw LuaArgumentError(arg: arg, message: "'\(key)' must list 1 to 64 colours, got \(count)") }
      var result: [Color] = []
      for i in 1...count {
        lua.rawGet(table, index: i)
        defer { lua.pop(1) }
        result.append(try color(at: -1, "\(key)[\(i)]"))
      }
      return result
    default:
      throw LuaArgumentError(arg: arg, message: "'\(key)' must be a colour or a list of colours, got \(lua.typeName(at: -1))")
    }
  }

  private func string(_ lua: LuaState, _ arg: Int32, _ key: String) throws -> String? {
    lua.rawGet(arg, key: key)
    defer { lua.pop(1) }
    guard lua.type(at: -1) != .nil else { return nil }
    guard lua.type(at: -1) == .string, let value = lua.toString(at: -1) else {
      throw LuaArgumentError(arg: arg, message: "'\(key)' must be a string, got \(lua.typeName(at: -1))")
    }
    return value
  }
}
