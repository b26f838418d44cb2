import Foundation

/// What an emitter makes: a data table's worth of numbers, checked by the scripting layer.
///
/// Angles are in degrees, clockwise from the right (y grows down, as everywhere in Tide); each
/// range is picked from uniformly per particle. Over-life lists are spread evenly over a
/// particle's life and blended linearly between their entries.
public struct EmitterSpec: Sendable, Equatable {
  /// How a particle is drawn.
  public enum Shape: Sendable, Equatable {
    /// A soft-edged disc.
    case circle
    /// A square.
    case square
    /// A picture from the game's assets, tinted by the particle's colour.
    case image(String)
  }

  /// How particles mix with what is under them.
  public enum Blend: String, Sendable, CaseIterable {
    /// Painted over, by their alpha.
    case alpha
    /// Added to what is below: overlapping sparks glow.
    case add
  }

  /// Particles a second while emitting.
  public var rate: Double = 0
  /// Particles emitted at once when the emitter starts.
  public var burst: Int = 0
  /// Seconds the emitter emits at `rate`; infinity: until stopped.
  public var duration: Double = .infinity
  /// Seconds each particle lives.
  public var lifetime: ClosedRange<Double> = 1...1
  /// Starting speed in units a second.
  public var speed: ClosedRange<Double> = 50...100
  /// Starting direction.
  public var angle: ClosedRange<Double> = 0...360
  /// Particles start this far (at most) from the emitter's origin, in a random direction.
  public var spread: Double = 0
  /// Acceleration, units a second squared.
  public var gravity = Vec2(0, 0)
  /// Speed lost per second, as a fraction (0: none, 1: all of it in a second).
  public var drag: Double = 0
  /// Turning speed range, degrees a second (for squares and images).
  public var spin: ClosedRange<Double> = 0...0
  /// Colour over life.
  public var colors: [Color] = [.white]
  /// When not empty, each particle picks one of these at birth, multiplied into `colors`
  /// (confetti of many colours).
  public var palette: [Color] = []
  /// Alpha over life, multiplied into the colour's.
  public var alpha: [Double] = [1, 0]
  /// Size (diameter or side) over life, in units.
  public var size: [Double] = [8]
  public var shape: Shape = .circle
  public var blend: Blend = .alpha

  public init() {}
}

/// One particle as drawn: centre, size, turn and colour in the emitter's own space.
public struct ParticleSprite: Sendable, Equatable {
  public var x: Double
  public var y: Double
  public var size: Double
  public var rotation: Double
  public var color: Color
}

/// One live particle whole: what a copy of an emitter's particles kept elsewhere (a browser's)
/// needs to step it exactly as the emitter does (`ParticleEmitter.advance`).
public struct ParticleState: Sendable, Equatable {
  public var x, y, vx, vy: Double
  public var rotation, spin: Double
  public var age, life: Double
  /// Which colour of the spec's palette it took.
  public var paletteIndex: Int {
    get { Int(pick) }
    set { pick = Int32(clamping: newValue) }
  }
  private var pick: Int32
  /// Which of the emitter's particles it is: the count of those emitted up to it, in 32 bits
  /// (compared by distance from the newest), which with the pick keep a particle nine words.
  var number: UInt32

  public init(
    x: Double, y: Double, vx: Double, vy: Double, rotation: Double, spin: Double, age: Double, life: Double,
    paletteIndex: Int, number: UInt32 = 0
  ) {
    self.x = x
    self.y = y
    self.vx = vx
    self.vy = vy
    self.rotation = rotation
    self.spin = spin
    self.age = age
    self.life = life
    pick = Int32(clamping: paletteIndex)
    self.number = number
  }
}

/// Particles alive across all emitters of a scene graph, held under `Limits.particles`.
public final class ParticleBudget {
  public let limit: Int
  public internal(set) var live = 0

  public init(limit: Int = Limits.particles) {
    self.limit = limit
  }
}

/// A particle emitter stepped in Swift: emits, moves and ages its particles on the game clock.
///
/// Deterministic: every random pick comes from its own generator, seeded when it is made, so
/// the same seed gives the same particles frame for frame. Particles keep their order (new ones
/// are drawn on top), so nothing flickers as old ones die.
///
/// A copy kept elsewhere follows it without being sent every particle every step: it is given
/// the particles whole once, then the `dt` of each step since (`steps(since:)`) and the
/// particles emitted since (`forEachState(after:)`), and steps its copy with `advance`, the
/// same arithmetic in the same order, so its particles die on the steps these do.
public final class ParticleEmitter {
  public let spec: EmitterSpec
  private var random: TideRandom
  private var particles: [ParticleState] = []
  /// Particles emitted so far: the number of the newest.
  public private(set) var emitted: UInt64 = 0
  /// Steps that moved particles so far.
  public private(set) var stepsTaken: UInt64 = 0
  /// The steps as runs of one length: from `runStart` on, each `runDt` long; the runs before,
  /// the last `keptRuns` of them, in `earlierRuns`. A game's steps are one length tick after
  /// tick, so a step costs a comparison, and an emitter keeps no list.
  private var runStart: UInt64 = 0
  private var runDt = 0.0
  private var earlierRuns: [(start: UInt64, dt: Double)] = []
  /// How many changes of a step's length back `steps(since:)` can tell: a copy kept up to date
  /// every tick asks for one step or a few.
  public static let keptRuns = 8
  private var emittedFor = 0.0
  private var owed = 0.0
  /// False once `duration` has passed or `stopEmitting()` was called.
  public private(set) var isEmitting: Bool
  /// Shared with the other emitters of the scene: none are emitted past its limit.
  private let budget: ParticleBudget

  /// Makes an emitter that starts with `spec.burst` particles.
  public init(spec: EmitterSpec, seed: UInt64, budget: ParticleBudget = ParticleBudget()) {
    self.spec = spec
    random = TideRandom(seed: seed)
    self.budget = budget
    isEmitting = spec.rate > 0 && spec.duration > 0
    emit(spec.burst)
  }

  deinit {
    budget.live -= particles.count
  }

  /// Live particles.
  public var count: Int { particles.count }

  /// Done: emitting no more and every particle has died.
  public var isFinished: Bool { !isEmitting && particles.isEmpty }

  /// Emits `count` particles now (fewer when the scene's particle budget would run out).
  public func emit(_ count: Int) {
    let n = min(max(count, 0), budget.limit - budget.live)
    guard n > 0 else { return }
    budget.live += n
    particles.reserveCapacity(particles.count + n)
    for _ in 0..<n {
      let angle = pick(spec.angle) * .pi / 180
      let speed = pick(spec.speed)
      var x = 0.0
      var y = 0.0
      if spec.spread > 0 {
        let around = random.float() * 2 * .pi
        let distance = spec.spread * random.float().squareRoot()  // even over the disc
        x = cos(around) * distance
        y = sin(around) * distance
      }
      emitted += 1
      particles.append(
        ParticleState(
          x: x, y: y, vx: cos(angle) * speed, vy: sin(angle) * speed, rotation: 0, spin: pick(spec.spin),
          age: 0, life: max(pick(spec.lifetime), 1e-6),
          paletteIndex: spec.palette.count > 1 ? random.index(spec.palette.count) : 0,
          number: UInt32(truncatingIfNeeded: emitted)))
    }
  }

  /// Stops emitting at `rate`; live particles finish their lives.
  public func stopEmitting() { isEmitting = false }

  /// Advances every particle and the emission by `dt` seconds.
  public func step(_ dt: Double) {
    guard dt > 0 else { return }
    if isEmitting {
      let span = min(dt, spec.duration - emittedFor)
      emittedFor += dt
      owed += spec.rate * max(span, 0)
      let whole = owed.rounded(.down)
      owed -= whole
      if emittedFor >= spec.duration { isEmitting = false }
      emit(Int(min(whole, Double(budget.limit))))
    }
    guard !particles.isEmpty else { return }
    if dt != runDt {
      if stepsTaken > runStart {
        if earlierRuns.count == Self.keptRuns { earlierRuns.removeFirst() }
        earlierRuns.append((runStart, runDt))
      }
      runStart = stepsTaken
      runDt = dt
    }
    stepsTaken += 1
    let before = particles.count
    Self.advance(&particles, spec: spec, dt: dt)
    budget.live -= before - particles.count
  }

  /// Steps `particles`, a copy of an emitter's of `spec`, by `dt` as `step` steps the
  /// emitter's: the dead dropped, the rest in order.
  @inline(__always)
  public static func advance(_ particles: inout [ParticleState], spec: EmitterSpec, dt: Double) {
    let motion = Motion(spec, dt)
    var kept = 0
    particles.withUnsafeMutableBufferPointer { all in
      for i in all.indices {
        var p = all[i]
        guard motion.advance(&p) else { continue }
        all[kept] = p
        kept += 1
      }
    }
    particles.removeLast(particles.count - kept)
  }

  /// What one step does to each particle: written once, for the emitter and the copies.
  private struct Motion {
    let dt, gx, gy, keep: Double

    init(_ spec: EmitterSpec, _ dt: Double) {
      self.dt = dt
      gx = spec.gravity.x * dt
      gy = spec.gravity.y * dt
      keep = spec.drag > 0 ? max(0, 1 - spec.drag * dt) : 1
    }

    /// Ages and moves `p`; false when it has died.
    @inline(__always) func advance(_ p: inout ParticleState) -> Bool {
      p.age += dt
      guard p.age < p.life else { return false }
      p.vx = (p.vx + gx) * keep
      p.vy = (p.vy + gy) * keep
      p.x += p.vx * dt
      p.y += p.vy * dt
      p.rotation += p.spin * dt
      return true
    }
  }

  /// Calls `body` with the `dt` of each step taken since `stepsTaken` was `mark`, oldest
  /// first. False (and no call) when the emitter no longer keeps them all (`keptRuns`).
  @discardableResult
  public func steps(since mark: UInt64, _ body: (Double) -> Void) -> Bool {
    guard keepsSteps(since: mark) else { return false }
    var step = mark
    for (index, run) in earlierRuns.enumerated() {
      let end = index + 1 < earlierRuns.count ? earlierRuns[index + 1].start : runStart
      while step < end {
        body(run.dt)
        step += 1
      }
    }
    while step < stepsTaken {
      body(runDt)
      step += 1
    }
    return true
  }

  /// Whether `steps(since: mark)` can tell every step since.
  public func keepsSteps(since mark: UInt64) -> Bool {
    mark == stepsTaken || (mark < stepsTaken && (earlierRuns.first?.start ?? runStart) <= mark)
  }

  /// Calls `body` with each live particle whole, oldest first, of those numbered past `mark`
  /// (0: all of them): the particles emitted since `emitted` was `mark`, as they are now.
  public func forEachState(after mark: UInt64 = 0, _ body: (ParticleState) -> Void) {
    // The newest are at the end: found from there, most steps none. A particle's distance from
    // the newest, under the count emitted since, makes it one of them.
    let since = emitted - min(mark, emitted)
    let newest = UInt32(truncatingIfNeeded: emitted)
    var first = particles.count
    while first > 0, UInt64(newest &- particles[first - 1].number) < since { first -= 1 }
    for p in particles[first...] { body(p) }
  }

  /// Every live particle as it looks now, oldest first.
  public func snapshot() -> [ParticleSprite] {
    particles.map { p in
      let t = p.age / p.life
      var color = Self.blend(spec.colors, t)
      if !spec.palette.isEmpty {
        let own = spec.palette[p.paletteIndex]
        color = Color(r: color.r * own.r, g: color.g * own.g, b: color.b * own.b, a: color.a * own.a)
      }
      color.a *= Self.blend(spec.alpha, t)
      return ParticleSprite(
        x: p.x, y: p.y, size: Self.blend(spec.size, t), rotation: p.rotation, color: color)
    }
  }

  private func pick(_ range: ClosedRange<Double>) -> Double {
    range.lowerBound == range.upperBound ? range.lowerBound : random.float(range.lowerBound, range.upperBound)
  }

  /// The value `t` (0...1) of the way through `stops`, spread evenly.
  static func blend(_ stops: [Double], _ t: Double) -> Double {
    guard stops.count > 1 else { return stops.first ?? 0 }
    let position = min(max(t, 0), 1) * Double(stops.count - 1)
    let i = min(Int(position), stops.count - 2)
    let f = position - Double(i)
    return stops[i] + (stops[i + 1] - stops[i]) * f
  }

  static func blend(_ stops: [Color], _ t: Double) -> Color {
    guard stops.count > 1 else { return stops.first ?? .white }
    let position = min(max(t, 0), 1) * Double(stops.count - 1)
    let i = min(Int(position), stops.count - 2)
    let f = position - Double(i)
    let a = stops[i]
    let b = stops[i + 1]
    return Color(r: a.r + (b.r - a.r) * f, g: a.g + (b.g - a.g) * f, b: a.b + (b.b - a.b) * f, a: a.a + (b.a - a.a) * f)
  }
}
