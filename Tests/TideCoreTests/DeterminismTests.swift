import XCTest

@testable import TideCore

/// Same seed + same input at the same ticks = same state, with every stepped system involved.
final class DeterminismTests: XCTestCase {
  /// A miniature game: timers spawn sprites that tween about; taps and drags move them.
  private final class MiniGame {
    let scene = SceneGraph()
    let timers = TimerQueue()
    let tweens = TweenSystem()
    var random: TideRandom
    var gestures = GestureRecognizer(threshold: 10)
    var clock = FixedStepClock(hz: 60)
    var log: [String] = []

    init(seed: UInt64) {
      random = TideRandom(seed: seed)
      // A backdrop under everything, so every press lands on some node.
      let backdrop = scene.makeNode(.rect)
      backdrop.width = 390
      backdrop.height = 844
      backdrop.z = -1
      scene.root.add(backdrop)
      timers.every(0.25, owner: 1) { [unowned self] in spawn() }
      timers.every(1, count: 5, owner: 1) { [unowned self] in
        log.append("beat \(clock.tick) \(random.int(0...99))")
      }
    }

    func spawn() {
      let node = scene.makeNode(random.chance(0.5) ? .rect : .circle)
      node.width = random.float(20, 60)
      node.height = node.kind == .circle ? node.width : random.float(20, 60)
      node.x = random.float(0, 390)
      node.y = random.float(0, 844)
      node.z = Double(random.int(0...3))
      node.fill = Color(r: random.float(), g: random.float(), b: random.float())
      scene.root.add(node)
      let easing = Easing.allCases[random.index(Easing.allCases.count)]
      let target = Color(r: random.float(), g: random.float(), b: random.float())
      let handle = tweens.add(
        .sequence([
          .parallel([
            .tween(
              [TweenTrack(node: node, property: .x, to: random.float(0, 390))], duration: random.float(0.2, 2),
              easing: easing),
            .tween(TweenTrack.color(node, .fill, to: target), duration: 1, easing: .inOutSine),
          ]),
          .call { [unowned self] in log.append("arrived \(node.id) \(clock.tick)") },
        ]), delay: random.float(0, 0.5), owner: 1)
      let lifetime = random.float(1, 4)
      timers.after(lifetime, owner: 1) { [unowned self] in
        tweens.cancel(handle)
        node.removeFromParent()
      }
    }

    func step(input: [InputEvent]) {
      for event in input {
        for gesture in gestures.handle(event, hitTest: { self.scene.hitTest($0) }) {
          switch gesture {
          case .tap(let node?, _, _):
            node.z = Double(random.int(0...9))
            log.append("tap \(node.id) \(clock.tick)")
          case .drag(let node?, _, _, _, let delta, _):
            node.x += delta.x
            node.y += delta.y
          default:
            break
          }
        }
      }
      clock.step()
      timers.update(clock.dt)
      tweens.update(clock.dt)
      scene.update(clock.dt)
    }

    func snapshot() -> [String] {
      var state = log
      for item in scene.drawList() {
        let look = item.look
        state.append(
          "\(item.id) \(look.kind) \(look.fill?.hexString ?? "-") \(item.transform) \(item.alpha)")
      }
      var probe = random
      state.append("tick \(clock.tick) next \(probe.next()) timers \(timers.count) tweens \(tweens.count)")
      return state
    }
  }

  /// Input scripted by tick: a tap, a drag, another tap.
  private func input(at tick: Int) -> [InputEvent] {
    switch tick {
    case 100: return [.pointerDown(Vec2(200, 400))]
    case 102: return [.pointerUp(Vec2(202, 401))]
    case 200: return [.pointerDown(Vec2(100, 300))]
    case 201...230: return [.pointerMove(Vec2(100 + Double(tick - 200) * 3, 300))]
    case 231: return [.pointerUp(Vec2(190, 300))]
    case 400: return [.pointerDown(Vec2(300, 600)), .pointerUp(Vec2(300, 600)), .key("return", down: true)]
    default: return []
    }
  }

  private func run(seed: UInt64, ticks: Int = 600) -> [String] {
    let game = MiniGame(seed: seed)
    for tick in 0..<ticks { game.step(input: input(at: tick)) }
    return game.snapshot()
  }

  func testSameSeedAndInputGiveTheSameState() {
    let first = run(seed: 7)
    let second = run(seed: 7)
    XCTAssertEqual(first, second)
    XCTAssertGreaterThan(first.count, 20)  // the simulation really did something
    XCTAssertTrue(first.contains { $0.hasPrefix("arrived") })
    XCTAssertTrue(first.contains { $0.hasPrefix("tap") })
    XCTAssertNotEqual(first, run(seed: 8))
  }
}
