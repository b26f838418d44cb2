import TideCore
import XCTest

@testable import TidePhysics

final class PhysicsWorldTests: XCTestCase {
  private let dt = 1.0 / 60

  private func box(_ w: Double = 40, _ h: Double = 40) -> ShapeSpec {
    ShapeSpec(.box(min: Vec2(x: -w / 2, y: -h / 2), max: Vec2(x: w / 2, y: h / 2), radius: 0))
  }

  private func ground(_ world: PhysicsWorld) throws -> PhysicsBody {
    try world.addBody(.static, at: Vec2(x: 0, y: 500), angle: 0, shapes: [box(2000, 40)])
  }

  func testABoxFallsAndRestsOnTheGround() throws {
    let world = try PhysicsWorld()
    _ = try ground(world)
    let block = try world.addBody(.dynamic, at: Vec2(x: 0, y: 0), angle: 0, shapes: [box()])
    for _ in 0..<300 { try world.step(dt) }
    // The ground's top is at 480; the block's centre rests half its height above.
    XCTAssertEqual(block.position.y, 460, accuracy: 1)
    XCTAssertEqual(block.velocity.y, 0, accuracy: 1)
  }

  func testTheSameCallsGiveTheSamePositionsBitForBit() throws {
    func run() throws -> [Double] {
      let world = try PhysicsWorld()
      _ = try ground(world)
      var blocks: [PhysicsBody] = []
      for i in 0..<30 {
        blocks.append(try world.addBody(.dynamic, at: Vec2(x: Double(i % 5) * 13, y: Double(-i) * 45), angle: Double(i) * 0.1, shapes: [box()]))
      }
      for _ in 0..<240 { try world.step(dt) }
      return blocks.flatMap { [$0.position.x, $0.position.y, $0.angle] }
    }
    let first = try run()
    let second = try run()
    XCTAssertEqual(first.map(\.bitPattern), second.map(\.bitPattern))
  }

  func testBodiesAreReadInPlaceAsChipmunksGettersReadThem() throws {
    // Read through the getters otherwise: the loops would stay right, only slower.
    XCTAssertTrue(BodyState.matches, "Chipmunk's body layout is not the one chipmunk_structs.h gave")
    let world = try PhysicsWorld()
    _ = try ground(world)
    var blocks: [PhysicsBody] = []
    for i in 0..<20 {
      // Half with the centre of gravity off the origin, where Chipmunk's position is worked out.
      let shape = i % 2 == 0 ? box() : ShapeSpec(.circle(center: Vec2(x: 9, y: -4), radius: 12))
      blocks.append(try world.addBody(.dynamic, at: Vec2(x: Double(i) * 9, y: Double(-i) * 30), angle: Double(i) * 0.3, shapes: [shape]))
    }
    for _ in 0..<60 { try world.step(dt) }
    try world.remove(blocks[3])
    blocks.append(try world.addBody(.kinematic, at: Vec2(x: 5, y: 7), angle: 1, shapes: [box()]))
    try world.setVelocity(blocks[blocks.count - 1], Vec2(x: 30, y: -20))
    for _ in 0..<5 { try world.step(dt) }
    for record in world.records {
      let read = record.place(inPlace: true)
      let got = record.place(inPlace: false)
      XCTAssertEqual([read.x, read.y, read.angle].map(\.bitPattern), [got.x, got.y, got.angle].map(\.bitPattern))
      let state = BodyState.read(record.pointee.body, inPlace: true)
      let called = BodyState.read(record.pointee.body, inPlace: false)
      XCTAssertEqual(
        [state.velocity.x, state.velocity.y, state.spin].map(\.bitPattern), [called.velocity.x, called.velocity.y, called.spin].map(\.bitPattern))
    }
    XCTAssertFalse(world.records.contains(blocks[3].record))
    XCTAssertEqual(world.records.count, 21)
  }

  func testARecordIsReusedOnceItsBodyGoesAndOutlivesItsWorld() throws {
    var world: PhysicsWorld? = try PhysicsWorld()
    var gone: PhysicsBody? = try world!.addBody(.dynamic, at: Vec2(x: 0, y: 0), angle: 0, shapes: [box()])
    let address = gone!.record
    try world!.remove(gone!)
    gone = nil
    let next = try world!.addBody(.dynamic, at: Vec2(x: 50, y: 0), angle: 0, shapes: [box()])
    XCTAssertEqual(next.record, address)
    XCTAssertTrue(next.record.pointee.object?.takeUnretainedValue() === next)
    // The body a script still holds keeps its record after the world is gone.
    world = nil
    next.synced = PhysicsBody.Vec3(x: 1, y: 2, angle: 3)
    XCTAssertEqual(next.synced, PhysicsBody.Vec3(x: 1, y: 2, angle: 3))
    XCTAssertFalse(next.isInWorld)
    XCTAssertEqual(next.position.x, 50)
  }

  func testHostileNumbersAreRefusedBeforeChipmunkSeesThem() throws {
    var settings = WorldSettings()
    settings.gravity = Vec2(x: .nan, y: 0)
    XCTAssertThrowsError(try PhysicsWorld(settings: settings))
    let world = try PhysicsWorld()
    XCTAssertThrowsError(try world.addBody(.dynamic, at: Vec2(x: .infinity, y: 0), angle: 0, shapes: [box()]))
    var heavy = box()
    heavy.material.mass = .infinity
    XCTAssertThrowsError(try world.addBody(.dynamic, at: Vec2(x: 0, y: 0), angle: 0, shapes: [heavy]))
    let flat = ShapeSpec(.polygon(points: [Vec2(x: 0, y: 0), Vec2(x: 10, y: 0), Vec2(x: 20, y: 0)], radius: 0))
    XCTAssertThrowsError(try world.addBody(.dynamic, at: Vec2(x: 0, y: 0), angle: 0, shapes: [flat])) { error in
      XCTAssertEqual((error as? PhysicsError)?.message, "a polygon needs an area: its points lie on one line")
    }
    let line = ShapeSpec(.segment(a: Vec2(x: 0, y: 0), b: Vec2(x: 10, y: 0), radius: 0))
    XCTAssertThrowsError(try world.addBody(.dynamic, at: Vec2(x: 0, y: 0), angle: 0, shapes: [line]))
    let body = try world.addBody(.dynamic, at: Vec2(x: 0, y: 0), angle: 0, shapes: [box()])
    XCTAssertThrowsError(try world.setVelocity(body, Vec2(x: .nan, y: 0)))
    XCTAssertThrowsError(try world.addJoint(.pivot(point: Vec2(x: 0, y: 0)), body, body))
    try world.step(dt)
    XCTAssertTrue(body.position.y.isFinite)
  }

  func testAConcavePolygonIsCutIntoConvexPartsNotFilledIn() throws {
    let world = try PhysicsWorld()
    // An L: its hull would fill the corner between its arms; its parts leave it empty.
    let l = [Vec2(x: 0, y: 0), Vec2(x: 40, y: 0), Vec2(x: 40, y: 10), Vec2(x: 10, y: 10), Vec2(x: 10, y: 40), Vec2(x: 0, y: 40)]
    let body = try world.addBody(.dynamic, at: Vec2(x: 0, y: 0), angle: 0, shapes: [ShapeSpec(.polygon(points: l, radius: 0))])
    XCTAssertEqual(try world.bodies(at: Vec2(x: 20, y: 20)).count, 0)
    XCTAssertEqual(try world.bodies(at: Vec2(x: 5, y: 30)).map(\.id), [body.id])
    XCTAssertEqual(try world.bodies(at: Vec2(x: 30, y: 5)).map(\.id), [body.id])
    XCTAssertGreaterThan(body.shapes.count, 1)
    XCTAssertEqual(body.mass, 700, accuracy: 1e-6, "density 1 times the L's area, shared by its parts")
    // Either winding, and a convex outline in any order is still its hull.
    let back = try world.addBody(.static, at: Vec2(x: 200, y: 0), angle: 0, shapes: [ShapeSpec(.polygon(points: l.reversed(), radius: 0))])
    XCTAssertEqual(try world.bodies(at: Vec2(x: 220, y: 20)).count, 0)
    XCTAssertEqual(try world.bodies(at: Vec2(x: 205, y: 30)).map(\.id), [back.id])
    let shuffled = [Vec2(x: 0, y: 0), Vec2(x: 10, y: 10), Vec2(x: 10, y: 0), Vec2(x: 0, y: 10)]
    let square = try world.addBody(.static, at: Vec2(x: 400, y: 0), angle: 0, shapes: [ShapeSpec(.polygon(points: shuffled, radius: 0))])
    XCTAssertEqual(square.shapes.count, 1)

    // An outline that crosses itself is refused before Chipmunk's decomposition sees it.
    let bow = [Vec2(x: 0, y: 0), Vec2(x: 40, y: 40), Vec2(x: 40, y: 0), Vec2(x: 0, y: 40), Vec2(x: 20, y: 35)]
    XCTAssertThrowsError(try world.addBody(.static, at: Vec2(x: 0, y: 0), angle: 0, shapes: [ShapeSpec(.polygon(points: bow, radius: 0))])) { error in
      XCTAssertEqual((error as? PhysicsError)?.message.hasPrefix("a concave polygon's edges must not cross"), true, "\(error)")
    }
    // A comb of 20 teeth needs more parts than the cap.
    var comb = [Vec2(x: 0, y: 10), Vec2(x: 100, y: 10), Vec2(x: 100, y: 0)]
    for k in stride(from: 19, through: 0, by: -1) {
      let x = Double(k) * 5
      comb += [Vec2(x: x + 4, y: 0), Vec2(x: x + 2, y: -30), Vec2(x: x, y: 0)]
    }
    XCTAssertThrowsError(try world.addBody(.static, at: Vec2(x: 0, y: 0), angle: 0, shapes: [ShapeSpec(.polygon(points: comb, radius: 0))])) { error in
      XCTAssertEqual((error as? PhysicsError)?.message.contains("at most 16"), true, "\(error)")
    }
  }

  func testRandomStarOutlinesAreCutWithoutAbortOrHang() throws {
    // Chipmunk's decomposition asserts on a backwards outline and recurses on its own: simple
    // outlines of every notch depth must come back as parts covering the outline's area.
    var generator = SplitMix(seed: 7)
    let world = try PhysicsWorld()
    for _ in 0..<200 {
      let n = 5 + Int(generator.next() % 40)
      let points = (0..<n).map { i -> Vec2 in
        let t = Double(i) / Double(n) * 2 * .pi
        let r = 5 + Double(generator.next() % 1000) / 20
        return Vec2(x: r * cos(t), y: r * sin(t))
      }
      do {
        let body = try world.addBody(.dynamic, at: Vec2(x: 0, y: 0), angle: 0, shapes: [ShapeSpec(.polygon(points: points, radius: 0))])
        var area = 0.0
        for i in 0..<n {
          let a = points[i], b = points[(i + 1) % n]
          area += a.x * b.y - a.y * b.x
        }
        XCTAssertEqual(body.mass, abs(area) / 2, accuracy: abs(area) / 2 * 0.05 + 1)
        try world.remove(body)
      } catch let error as PhysicsError {
        XCTAssertTrue(error.message.contains("at most 16"), error.message)
      }
    }
  }

  func testTooManyBodiesIsAnErrorNotAnAllocation() throws {
    let world = try PhysicsWorld()
    for i in 0..<PhysicsLimits.bodies {
      _ = try world.addBody(.static, at: Vec2(x: Double(i), y: 0), angle: 0, shapes: [box(1, 1)])
    }
    XCTAssertThrowsError(try world.addBody(.static, at: Vec2(x: 0, y: 0), angle: 0, shapes: [box()])) { error in
      XCTAssertEqual((error as? PhysicsError)?.message, "too many bodies: at most 20000 in one world")
    }
  }

  func testContactsAreHandedOutAfterTheStepAndARefusedPairPassesThrough() throws {
    let world = try PhysicsWorld()
    world.reportsContacts = true
    let floor = try ground(world)
    let block = try world.addBody(.dynamic, at: Vec2(x: 0, y: 400), angle: 0, shapes: [box()])
    var began: [Contact] = []
    for _ in 0..<120 {
      try world.step(dt)
      began += world.takeContacts().filter { $0.phase == .begin }
    }
    XCTAssertEqual(began.count, 1)
    XCTAssertTrue(began[0].a === block || began[0].b === block)
    XCTAssertGreaterThan(abs(began[0].impulse.y), 0)
    XCTAssertEqual(world.contacts(of: floor).count, 1)
    // Removing a body inside what reacts to a contact is allowed: the step is over.
    try world.remove(block)
    XCTAssertEqual(world.takeContacts().map(\.phase), [.separate])

    let ghost = try world.addBody(.dynamic, at: Vec2(x: 100, y: 400), angle: 0, shapes: [box()])
    try world.step(dt)
    world.ignoreContact(between: ghost, floor)
    for _ in 0..<120 { try world.step(dt) }
    XCTAssertGreaterThan(ghost.position.y, 520, "a refused pair passes through")
  }

  func testPreSolveAndPostSolveAreHandedOutAndACancelHoldsFromTheNextStep() throws {
    let world = try PhysicsWorld()
    world.reportsPreSolve = true
    world.reportsPostSolve = true
    let floor = try ground(world)
    let block = try world.addBody(.dynamic, at: Vec2(x: 0, y: 440), angle: 0, shapes: [box()])
    var pre: [Contact] = []
    var post: [Contact] = []
    for _ in 0..<30 {
      try world.step(dt)
      let taken = world.takeContacts()
      pre += taken.filter { $0.phase == .preSolve }
      post += taken.filter { $0.phase == .postSolve }
    }
    XCTAssertGreaterThan(pre.count, 10, "asked every step they touch")
    XCTAssertEqual(pre.last?.points.count, 2)
    XCTAssertEqual(abs(pre.last?.normal.y ?? 0), 1, accuracy: 1e-9)
    XCTAssertGreaterThan(abs(post.last?.impulse.y ?? 0), 0, "the impulse that held the block up")
    XCTAssertTrue(world.debugLines().contains { $0.role == .contact }, "contact points in the debug drawing")
    // Cancelled after a step: the next steps skip the pair, and the block falls through.
    world.cancelContact(between: block, floor, true)
    for _ in 0..<60 {
      try world.step(dt)
      XCTAssertFalse(world.takeContacts().contains { $0.phase == .postSolve }, "a cancelled pair is not solved")
    }
    XCTAssertGreaterThan(block.position.y, 520)
  }

  func testAWorldNobodyListensToSkipsChipmunksHandlerLookups() throws {
    // With its default handler added Chipmunk looks up wildcard handlers for every touching
    // pair every step: a world that reports and decides nothing must not have one.
    let world = try PhysicsWorld()
    let floor = try ground(world)
    let block = try world.addBody(.dynamic, at: Vec2(x: 0, y: 440), angle: 0, shapes: [box()])
    for _ in 0..<30 { try world.step(dt) }
    XCTAssertNil(world.handler)
    world.ignoreContact(between: block, floor)
    XCTAssertNotNil(world.handler, "a decided pair needs it")
    let quiet = try PhysicsWorld()
    quiet.reportsPostSolve = true
    XCTAssertNotNil(quiet.handler, "a listener needs it")
  }

  func testQueriesFindBodiesByPointBoxAndRay() throws {
    let world = try PhysicsWorld()
    let a = try world.addBody(.static, at: Vec2(x: 100, y: 100), angle: 0, shapes: [box()])
    let b = try world.addBody(.static, at: Vec2(x: 300, y: 100), angle: 0, shapes: [ShapeSpec(.circle(center: Vec2(x: 0, y: 0), radius: 20))])
    XCTAssertEqual(try world.bodies(at: Vec2(x: 110, y: 90)).map(\.id), [a.id])
    XCTAssertEqual(try world.bodies(at: Vec2(x: 200, y: 100)).count, 0)
    XCTAssertEqual(try world.bodies(inBox: Vec2(x: 0, y: 0), Vec2(x: 400, y: 200)).map(\.id), [a.id, b.id])
    let hit = try XCTUnwrap(try world.rayCast(from: Vec2(x: 200, y: 100), to: Vec2(x: 400, y: 100)))
    XCTAssertTrue(hit.body === b)
    XCTAssertEqual(hit.point.x, 280, accuracy: 0.01)
    XCTAssertEqual(hit.normal.x, -1, accuracy: 0.01)
  }

  func testJointsHoldAndAMotorTurns() throws {
    var settings = WorldSettings()
    settings.gravity = Vec2(x: 0, y: 0)
    let world = try PhysicsWorld(settings: settings)
    let wheel = try world.addBody(.dynamic, at: Vec2(x: 0, y: 0), angle: 0, shapes: [ShapeSpec(.circle(center: Vec2(x: 0, y: 0), radius: 20))])
    _ = try world.addJoint(.pivot(point: Vec2(x: 0, y: 0)), nil, wheel)
    _ = try world.addJoint(.motor(rate: .pi), nil, wheel)
    for _ in 0..<60 { try world.step(dt) }
    XCTAssertEqual(wheel.angularVelocity, .pi, accuracy: 0.01)
    XCTAssertEqual(wheel.position.x, 0, accuracy: 0.01)
    let bob = try world.addBody(.dynamic, at: Vec2(x: 100, y: 0), angle: 0, shapes: [box(10, 10)])
    let spring = try world.addJoint(.spring(anchorA: Vec2(x: 0, y: 0), anchorB: Vec2(x: 0, y: 0), restLength: 50, stiffness: 100, damping: 5), wheel, bob)
    try world.remove(bob)
    XCTAssertFalse(spring.isInWorld, "a joint goes with its body")
    XCTAssertEqual(world.joints.count, 2)
  }

  /// A joint a script still holds when its world goes (the scene ended) is a removed joint:
  /// asking it read freed memory, which the fuzzer found as a crash in Chipmunk.
  func testAJointOutlivingItsWorldIsRemoved() throws {
    var world: PhysicsWorld? = try PhysicsWorld(settings: WorldSettings())
    let wheel = try XCTUnwrap(world).addBody(.dynamic, at: Vec2(x: 0, y: 0), angle: 0, shapes: [box()])
    let joint = try XCTUnwrap(world).addJoint(.motor(rate: 1), nil, wheel)
    joint.maxForce = 5
    XCTAssertEqual(joint.maxForce, 5)
    world = nil
    XCTAssertFalse(joint.isInWorld)
    XCTAssertEqual(joint.impulse, 0)
    joint.maxForce = 7
    XCTAssertEqual(joint.maxForce, 0)
    XCTAssertFalse(wheel.isInWorld)
  }

  /// A world's bodies and joints go with it: a body keeps its joints and a joint its bodies,
  /// which kept both, and through them a game's sprites and engine, alive after the world.
  func testAWorldsJointsAndBodiesGoWithIt() throws {
    weak var body: PhysicsBody?
    weak var joint: PhysicsJoint?
    do {
      let world = try PhysicsWorld(settings: WorldSettings())
      let a = try world.addBody(.dynamic, at: Vec2(x: 0, y: 0), angle: 0, shapes: [box()])
      let b = try world.addBody(.dynamic, at: Vec2(x: 50, y: 0), angle: 0, shapes: [box()])
      joint = try world.addJoint(.pin(anchorA: Vec2(x: 0, y: 0), anchorB: Vec2(x: 0, y: 0)), a, b)
      body = a
      try world.step(dt)
    }
    XCTAssertNil(joint, "the joint outlived its world")
    XCTAssertNil(body, "the body outlived its world")
  }

  func testADraggedBodyFollowsItsPointer() throws {
    var settings = WorldSettings()
    settings.gravity = Vec2(x: 0, y: 0)
    let world = try PhysicsWorld(settings: settings)
    let a = try world.addBody(.dynamic, at: Vec2(x: 0, y: 0), angle: 0, shapes: [box()])
    let b = try world.addBody(.dynamic, at: Vec2(x: 200, y: 0), angle: 0, shapes: [box()])
    try world.startDrag(1, a, at: Vec2(x: 0, y: 0), maxForce: 1e9)
    try world.startDrag(2, b, at: Vec2(x: 200, y: 0), maxForce: 1e9)
    for i in 1...60 {
      try world.moveDrag(1, to: Vec2(x: 0, y: Double(i) * 2), dt: dt)
      try world.moveDrag(2, to: Vec2(x: 200, y: Double(-i) * 2), dt: dt)
      try world.step(dt)
    }
    XCTAssertEqual(a.position.y, 120, accuracy: 5)
    XCTAssertEqual(b.position.y, -120, accuracy: 5)
    world.endDrag(1)
    XCTAssertNil(world.dragged(by: 1))
    XCTAssertTrue(world.dragged(by: 2) === b)
  }

  func testSleepingTwiceOrWhereNothingSleepsIsNoAbort() throws {
    // Chipmunk aborts the process on both; the world answers first.
    let world = try PhysicsWorld()
    _ = try ground(world)
    let a = try world.addBody(.dynamic, at: Vec2(x: 0, y: 440), angle: 0, shapes: [box()])
    let b = try world.addBody(.dynamic, at: Vec2(x: 0, y: 400), angle: 0, shapes: [box()])
    for _ in 0..<120 { try world.step(dt) }
    try world.sleep(a)
    try world.sleep(b)
    for _ in 0..<10 { try world.step(dt) }
    try world.sleep(a)
    try world.sleep(b)
    var settings = WorldSettings()
    settings.sleepTime = .infinity
    let awake = try PhysicsWorld(settings: settings)
    let c = try awake.addBody(.dynamic, at: Vec2(x: 0, y: 0), angle: 0, shapes: [box()])
    XCTAssertThrowsError(try awake.sleep(c)) { error in
      XCTAssertEqual((error as? PhysicsError)?.message, "bodies cannot sleep in a world whose sleep_time is math.huge")
    }
  }

  func testABodyFlungPastTheLimitStopsThere() throws {
    var settings = WorldSettings()
    settings.gravity = Vec2(x: 0, y: 0)
    let world = try PhysicsWorld(settings: settings)
    let body = try world.addBody(.dynamic, at: Vec2(x: 999_000, y: 0), angle: 0, shapes: [box()])
    try world.setVelocity(body, Vec2(x: 1e9, y: 0))
    try world.step(dt)
    XCTAssertEqual(body.position.x, PhysicsLimits.position)
    XCTAssertEqual(body.velocity.x, 0)
  }
}

/// A small deterministic generator for the tests' random outlines.
private struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
