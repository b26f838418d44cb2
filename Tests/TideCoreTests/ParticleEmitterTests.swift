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

  func testItsChangeCountMovesOnlyWhenItsParticlesDo() {
    let emitter = ParticleEmitter(spec: spec { $0.burst = 2; $0.lifetime = 0.05...0.05 }, seed: 1)
    var seen = emitter.changes
    emitter.step(dt)
    XCTAssertNotEqual(emitter.changes, seen, "moved")
    seen = emitter.changes
    emitter.step(0)
    XCTAssertEqual(emitter.changes, seen, "no time, no change")
    while emitter.count > 0 { emitter.step(dt) }
    seen = emitter.changes
    emitter.step(dt)
    XCTAssertEqual(emitter.changes, seen, "nothing left to move")
    emitter.emit(0)
    XCTAssertEqual(emitter.changes, seen)
    emitter.emit(1)
    XCTAssertNotEqual(emitter.changes, seen, "emitted")
    var sprites: [ParticleSprite] = []
    emitter.forEachParticle { x, y, life, rotation, pick in
      sprites.append(ParticleSprite(x: x, y: y, size: 8, rotation: rotation, color: .white, life: life, paletteIndex: pick))
    }
    XCTAssertEqual(sprites, emitter.snapshot(), "what a reader of the spec needs, as the snapshot has it")
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
