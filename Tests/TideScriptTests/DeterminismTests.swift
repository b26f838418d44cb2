import Foundation
import TideCore
import TideScript
import TideTesting
import XCTest

/// The same seed and the same input at the same ticks give the same state, node for node.
///
/// Plays `Tests/Fixtures/drift` (random spawns, timers, tweens with random easings, a task,
/// taps that pop and split bubbles) in two engines and compares a dump of every property of
/// every node at checkpoints.
final class DeterminismTests: XCTestCase {
  static let drift = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/drift")

  static func makeEngine(seed: UInt64) throws -> Engine {
    var options = EngineOptions()
    options.seed = seed
    options.logErrors = false
    options.saveDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("tide-drift-\(UUID().uuidString)")
    let engine = try Engine(gameDirectory: Self.drift, displayPath: "drift", backend: HeadlessBackend(), options: options)
    try engine.start()
    return engine
  }

  /// Every node's properties, depth first, with doubles printed exactly.
  static func dump(_ engine: Engine) -> String {
    var out = "tick \(engine.tick) scene \(engine.currentSceneName ?? "-")\n"
    func visit(_ node: Node, depth: Int) {
      let fields: [String] = [
        node.kind.rawValue, "#\(node.id)", node.name, node.tag,
        "\(node.x)", "\(node.y)", "\(node.width)", "\(node.height)", "\(node.anchorX)", "\(node.anchorY)",
        "\(node.scaleX)", "\(node.scaleY)", "\(node.rotation)", "\(node.alpha)", "\(node.z)", "\(node.visible)",
        "\(node.flipX)", "\(node.flipY)", node.tint.hexString, node.fill?.hexString ?? "-", node.stroke?.hexString ?? "-",
        "\(node.fill.map { [$0.r, $0.g, $0.b, $0.a] } ?? [])", node.text, "\(node.fontSize)", node.textColor.hexString,
        node.image ?? "-", "\(node.frameIndex)",
      ]
      out += String(repeating: " ", count: depth) + fields.joined(separator: "|") + "\n"
      for child in node.children { visit(child, depth: depth + 1) }
    }
    visit(engine.scene.root, depth: 0)
    return out
  }

  /// Plays a fixed input script, returning dumps at checkpoints.
  func play(seed: UInt64) throws -> (dumps: [String], score: String?) {
    let engine = try Self.makeEngine(seed: seed)
    var dumps: [String] = []
    var press = Vec2(x: 0, y: 0)
    for tick in 1...420 {
      switch tick {
      case 30: engine.enqueue(.pointerDown(Vec2(x: 100, y: 300)))
      case 31: engine.enqueue(.pointerUp(Vec2(x: 100, y: 300)))
      case 90, 200, 260:
        // Tap whatever bubble is first in drawing order: the same one only if the states agree.
        if let bubble = engine.scene.find(where: { $0.tag == "bubble" }) {
          press = bubble.worldTransform.apply(Vec2(x: bubble.width / 2, y: bubble.height / 2))
          engine.enqueue(.pointerDown(press))
        }
      case 91, 201, 261:
        engine.enqueue(.pointerUp(press))
      case 300: engine.enqueue(.pointerDown(Vec2(x: 50, y: 700)))
      case 301...310: engine.enqueue(.pointerMove(Vec2(x: 50 + Double(tick - 300) * 8, y: 700)))
      case 311: engine.enqueue(.pointerUp(Vec2(x: 130, y: 700)))
      case 350: engine.enqueue(.key("space", down: true))
      case 351: engine.enqueue(.key("space", down: false))
      default: break
      }
      engine.step()
      if tick % 60 == 0 { dumps.append(Self.dump(engine)) }
    }
    XCTAssertEqual(engine.errorMessages, [])
    return (dumps, engine.text(of: "score"))
  }

  func testSameSeedAndInputGiveTheSameStateEveryCheckpoint() throws {
    let a = try play(seed: 42)
    let b = try play(seed: 42)
    XCTAssertEqual(a.dumps.count, 7)
    for (i, (x, y)) in zip(a.dumps, b.dumps).enumerated() {
      XCTAssertEqual(x, y, "runs diverge at checkpoint \(i + 1)")
    }
    // The run did something: bubbles spawned and the taps popped some.
    let final = try XCTUnwrap(a.dumps.last)
    XCTAssertGreaterThan(final.components(separatedBy: "|bubble|").count - 1, 20, final)
    XCTAssertEqual(a.score, "3", "the three bubble taps should each pop one")
  }

  func testAnotherSeedGivesAnotherGame() throws {
    XCTAssertNotEqual(try play(seed: 42).dumps.last, try play(seed: 43).dumps.last)
  }

  func testTheFixtureGamesOwnTestsPass() {
    let report = GameTestRunner.run(game: Self.drift, displayPath: "Tests/Fixtures/drift")
    assertAllPassed(report, count: 3)
  }
}
