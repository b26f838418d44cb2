import XCTest

@testable import TideCore

/// Particles as data, stepped in Swift.
final class ParticleEmitterTests: XCTestCase {
  let dt = 1.0 / 60

  private func spec(_ configure: (inout EmitterSpec) -> Void) -> EmitterSpec {
    var spec = EmitterSpec()
    configure(&spec)
    return spec
  }

  func testABurstLivesItsLifetimeAndEnds() {
    let emitter = ParticleEmitter(spec: spec { $0.burst = 30; $0.lifetime = 0.5...0.5 }, seed: 1)
    XCTAssertEqual(emitter.count, 30)
    for _ in 0..<29 { emitter.step(dt) }
    XCTAssertEqual(emitter.count, 30)
    emitter.step(dt)
    emitter.step(dt)
    XCTAssertEqual(emitter.count, 0)
    XCTAssertTrue(emitter.isFinished)
  }

  /// A copy kept elsewhere (a browser's) is given the particles whole once, then each step's
  /// `dt` and the particles emitted since, and steps itself with `advance`: it must hold the
  /// emitter's particles to the last bit whatever happens between two looks (no step, several,
  /// steps of other lengths, a script's `emit`, emission at a rate, deaths), and an emitter
  /// asked for more steps back than it keeps says so.
  func testACopyGivenTheStepsAndTheNewcomersHoldsTheEmittersParticles() {
    let emitter = ParticleEmitter(
      spec: spec {
        $0.rate = 200; $0.burst = 12; $0.lifetime = 0.05...0.4; $0.speed = 10...300; $0.spread = 6
        $0.gravity = Vec2(-20, 480); $0.drag = 1.5; $0.spin = -180...360
        $0.palette = [.white, Color(r: 1, g: 0, b: 0), Color(r: 0, g: 1, b: 0)]
      }, seed: 4)
    func all(after mark: UInt64 = 0) -> [ParticleState] {
      var states: [ParticleState] = []
      emitter.forEachState(after: mark) { states.append($0) }
      return states
    }
    var copy = all()
    var steps = emitter.stepsTaken
    var emitted = emitter.emitted
    var random = TideRandom(seed: 9)
    var checked = 0
    for look in 0..<300 {
      // Between two looks: up to four steps of a tick or of a slowed or hurried one, and now
      // and then a script's burst.
      for _ in 0..<random.index(5) {
        if look < 150, random.index(6) == 0 { emitter.emit(random.index(8)) }
        emitter.step([dt, dt, dt / 2, dt * 1.5][random.index(4)])
      }
      if look == 150 { emitter.stopEmitting() }
      XCTAssertTrue(emitter.steps(since: steps) { ParticleEmitter.advance(&copy, spec: emitter.spec, dt: $0) })
      copy += all(after: emitted)
      steps = emitter.stepsTaken
      emitted = emitter.emitted
      XCTAssertEqual(copy, all(), "look \(look)")
      checked += copy.count
    }
    XCTAssertGreaterThan(checked, 3000, "the copy was checked with particles in it")
    XCTAssertEqual(emitter.count, 0, "every particle died, in the copy too")
    emitter.emit(3)
    for length in 1...ParticleEmitter.keptRuns + 2 { emitter.step(dt + Double(length) / 1000) }
    XCTAssertFalse(emitter.keepsSteps(since: steps), "more changes of length back than it keeps")
    XCTAssertFalse(emitter.steps(since: steps) { _ in XCTFail("no step told") })
    XCTAssertTrue(emitter.keepsSteps(since: emitter.stepsTaken))
  }

  func testARateEmitsThatManyASecondForItsDuration() {
    let emitter = ParticleEmitter(spec: spec { $0.rate = 90; $0.duration = 2; $0.lifetime = 10...10 }, seed: 1)
    for _ in 0..<60 { emitter.step(dt) }
    XCTAssertEqual(emitter.count, 90)
    for _ in 0..<120 { emitter.step(dt) }
    XCTAssertEqual(emitter.count, 180)
    XCTAssertFalse(emitter.isEmitting)
  }

  func testTheSameSeedGivesTheSameParticles() {
    let make = { (seed: UInt64) -> [ParticleSprite] in
      let emitter = ParticleEmitter(
        spec: self.spec { $0.burst = 50; $0.lifetime = 0.5...1.5; $0.speed = 10...200; $0.spread = 8; $0.gravity = Vec2(0, 300) },
        seed: seed)
      for _ in 0..<20 { emitter.step(self.dt) }
      return emitter.snapshot()
    }
    XCTAssertEqual(make(7), make(7))
    XCTAssertNotEqual(make(7), make(8))
  }

  func testMotionFollowsSpeedAngleAndGravity() {
    let emitter = ParticleEmitter(
      spec: spec { $0.burst = 1; $0.speed = 100...100; $0.angle = 90...90; $0.gravity = Vec2(60, 0); $0.lifetime = 5...5 },
      seed: 1)
    for _ in 0..<60 { emitter.step(dt) }
    guard let p = emitter.snapshot().first else { return XCTFail("no particle") }
    XCTAssertEqual(p.y, 100, accuracy: 1e-6)  // straight down at 100 a second
    XCTAssertEqual(p.x, 30.5, accuracy: 1e-6)  // semi-implicit Euler: 60 * (1+2+...+60) / 3600
  }

  func testColourAlphaAndSizeRunOverLife() {
    let emitter = ParticleEmitter(
      spec: spec {
        $0.burst = 1; $0.lifetime = 1...1; $0.size = [10, 20, 0]; $0.alpha = [1, 0]
        $0.colors = [Color(r: 1, g: 0, b: 0), Color(r: 0, g: 0, b: 1)]
      }, seed: 1)
    for _ in 0..<15 { emitter.step(dt) }
    guard let p = emitter.snapshot().first else { return XCTFail("no particle") }
    XCTAssertEqual(p.size, 15, accuracy: 1e-9)
    XCTAssertEqual(p.color.r, 0.75, accuracy: 1e-9)
    XCTAssertEqual(p.color.b, 0.25, accuracy: 1e-9)
    XCTAssertEqual(p.color.a, 0.75, accuracy: 1e-9)
  }

  func testAllEmittersShareTheBudget() {
    let budget = ParticleBudget(limit: 100)
    let a = ParticleEmitter(spec: spec { $0.burst = 70 }, seed: 1, budget: budget)
    let b = ParticleEmitter(spec: spec { $0.burst = 70 }, seed: 2, budget: budget)
    XCTAssertEqual(a.count + b.count, 100)
    XCTAssertEqual(budget.live, 100)
    for _ in 0..<70 { a.step(dt); b.step(dt) }
    XCTAssertEqual(budget.live, 0)
  }

  func testAFinishedEmitterLeavesTheSceneWhenAsked() {
    let scene = SceneGraph()
    let node = scene.makeNode(.particles)
    node.removesWhenDone = true
    scene.root.add(node)
    node.emitter = ParticleEmitter(spec: spec { $0.burst = 5; $0.lifetime = 0.1...0.1 }, seed: 1, budget: scene.particleBudget)
    XCTAssertEqual(scene.drawList().first?.look.particles.count, 5)
    for _ in 0..<10 { scene.update(dt) }
    XCTAssertFalse(node.isAttached)
    XCTAssertEqual(scene.particleBudget.live, 0)
  }

  /// Each emitter is stepped once a tick however often it was registered, and one that left
  /// the scene and came back with a new emitter is stepped again (the list is kept by a flag
  /// on the node, not by searching it: a scene making thousands of bursts a tick).
  func testEveryEmitterStepsOnceATickAndAgainAfterComingBack() {
    let scene = SceneGraph()
    let node = scene.makeNode(.particles)
    scene.root.add(node)
    let slow = spec { $0.burst = 1; $0.speed = 60...60; $0.angle = 0...0; $0.lifetime = 10...10 }
    let emitter = ParticleEmitter(spec: slow, seed: 1, budget: scene.particleBudget)
    node.emitter = emitter
    node.emitter = emitter  // registered twice
    scene.update(dt)
    XCTAssertEqual(node.emitter?.snapshot().first?.x ?? 0, 1, accuracy: 1e-9)  // 60 units/s for one tick
    node.removeFromParent()
    scene.update(dt)  // detached: leaves the list
    scene.root.add(node)
    node.emitter = ParticleEmitter(spec: slow, seed: 1, budget: scene.particleBudget)
    scene.update(dt)
    XCTAssertEqual(node.emitter?.snapshot().first?.x ?? 0, 1, accuracy: 1e-9)
    scene.update(dt)
    XCTAssertEqual(node.emitter?.snapshot().first?.x ?? 0, 2, accuracy: 1e-9)
  }
}
