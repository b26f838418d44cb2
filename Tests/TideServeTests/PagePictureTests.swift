import Foundation
import TideCore
import TideScript
import XCTest

@testable import TideServe

/// The page told only what changed must hold the picture a whole frame shows, tick after tick,
/// whatever the game writes and however: the Shuffler fixture edits its sprites at random each
/// tick through each way a script writes one (its table's `x` and `y`, the numbers served in C,
/// the fields Swift sets, tweens, the camera, order, visibility, clips, particles, sprites made
/// and removed), and the test sets what scripts cannot reach (images, frames) itself.
final class PagePictureTests: XCTestCase {
  static let shuffler = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/shuffler")

  func testThePageToldOnlyWhatChangedHasTheWholePicture() throws {
    var options = EngineOptions()
    options.logErrors = false
    options.seed = 11
    let engine = try Engine(
      gameDirectory: Self.shuffler, backend: HeadlessBackend(assetDirectory: Self.shuffler.appendingPathComponent("assets")),
      options: options)
    try engine.start()
    let picture = PagePicture(encoder: FrameEncoder())
    var page = PageModel()
    // Images and frames, which the fixture has no files for, set from here on nodes of its own,
    // and a text changed to another as wide.
    engine.scene.sheets["sheet"] = SpriteSheet(
      image: "sheet.png", regions: [Rect(x: 0, y: 0, width: 8, height: 8), Rect(x: 8, y: 0, width: 8, height: 8)])
    let images = (0..<3).map { index -> Node in
      let node = engine.scene.makeNode(.image)
      node.x = Double(index) * 50
      node.image = "one.png"
      _ = engine.scene.root.add(node)
      return node
    }
    let label = engine.scene.makeNode(.text)
    label.text = "cat"
    _ = engine.scene.root.add(label)
    var random = TideRandom(seed: 5)
    var messages = 0
    for tick in 0..<300 {
      engine.step()
      let image = images[tick % images.count]
      switch tick % 7 {
      case 0: image.image = ["one.png", "two.png", "sheet#1", "sheet#2"].randomElement(using: &random)
      case 1: image.frames = ["one.png", "two.png"]
      case 2: image.frameIndex = Int.random(in: 0...1, using: &random)
      case 3: image.tint = Color(r: Double.random(in: 0...1, using: &random), g: 0.5, b: 1)
      case 4: image.width = Double.random(in: 0...30, using: &random)
      case 5: label.text = label.text == "cat" ? "dog" : "cat"
      default: break
      }
      // A page that lost a message is sent the whole picture again.
      if tick % 97 == 96 { picture.reset() }
      let (sent, difference) = try Self.show(
        engine.scene, tick: engine.tick, background: engine.background, through: picture, to: &page)
      if sent { messages += 1 }
      if let difference {
        // The first tick that differs says it; the ticks after it would only repeat it.
        return XCTFail("tick \(tick): \(difference)")
      }
    }
    XCTAssertNil(engine.overlay.map { "\($0.heading): \($0.message)" }, "the fixture's edits ran without an error")
    XCTAssertGreaterThan(messages, 250, "the scene changes nearly every tick")
    XCTAssertGreaterThan(page.order.count, 10)
  }

  /// The order as a game changes it, one edit a tick, each alone: the page must end with the
  /// picture sent whole after each (the edits the picture mends in place, and those it does not).
  func testEachWayTheOrderChangesReachesThePage() throws {
    let scene = SceneGraph()
    var nodes: [Node] = []
    func make() -> Node {
      let node = scene.makeNode(.rect)
      node.width = 10
      node.height = 10
      node.x = Double(nodes.count)
      _ = scene.root.add(node)
      nodes.append(node)
      return node
    }
    for _ in 0..<24 { _ = make() }
    let edits: [(String, () -> Void)] = [
      ("the last removed", { nodes.removeLast().removeFromParent() }),
      ("one in the middle removed", { nodes.remove(at: 5).removeFromParent() }),
      ("two together removed", { nodes[7].removeFromParent(); nodes[8].removeFromParent() }),
      ("one made", { _ = make() }),
      ("one drawn later", { nodes[3].z = 1 }),
      ("one drawn earlier", { nodes[15].z = -1 }),
      ("one hidden", { nodes[10].visible = false }),
      ("it shown again", { nodes[10].visible = true }),
      ("the first removed and one made", { nodes.removeFirst().removeFromParent(); _ = make() }),
      ("many removed at once", { for node in nodes[2..<14] { node.removeFromParent() } }),
      ("all drawn the other way round", { for (index, node) in nodes.enumerated() { node.z = Double(-index) } }),
      ("all removed", { for node in nodes { node.removeFromParent() } }),
      ("one made on an empty page", { _ = make() }),
    ]
    let picture = PagePicture(encoder: FrameEncoder())
    var page = PageModel()
    for (tick, (name, edit)) in ([("nothing", {})] + edits).enumerated() {
      edit()
      XCTAssertNil(try Self.show(scene, tick: tick, through: picture, to: &page).difference, name)
    }
  }

  /// A stream's particles go apart from its look: restyled (or set again as it was) on the
  /// tick its last particle dies, the page must still lose the particles it stepped; given a
  /// new emitter, or more steps than an emitter tells, it gets them whole; and it keeps none
  /// when the stream's emitter is taken away.
  func testAStreamRestyledAsItsLastParticleDiesLeavesThePageNone() throws {
    for setAgain in [false, true] {
      let scene = SceneGraph()
      let node = scene.makeNode(.particles)
      _ = scene.root.add(node)
      var spec = EmitterSpec()
      spec.rate = 120
      spec.lifetime = 0.05...0.05
      // Gravity and drag no short decimal holds: the page must step with them to the bit.
      spec.gravity = Vec2(0.1, 100.0 / 3)
      spec.drag = 0.35
      node.emitter = ParticleEmitter(spec: spec, seed: 3, budget: scene.particleBudget)
      let picture = PagePicture(encoder: FrameEncoder())
      var page = PageModel()
      func tick(_ number: Int) throws {
        if let difference = try Self.show(scene, tick: number, through: picture, to: &page).difference {
          XCTFail("set again: \(setAgain), tick \(number): \(difference)")
        }
      }
      try tick(0)
      for number in 1...4 {
        scene.update(1.0 / 60)
        try tick(number)
      }
      XCTAssertGreaterThan(node.emitter?.count ?? 0, 0, "the stream has particles in flight")
      node.emitter?.stopEmitting()
      var number = 5
      while node.emitter?.count ?? 0 > 0, number < 20 {
        scene.update(1.0 / 60)
        if node.emitter?.count == 0 { node.tint = setAgain ? node.tint : Color(r: 1, g: 0, b: 0) }
        try tick(number)
        number += 1
      }
      XCTAssertEqual(node.emitter?.count, 0)
      node.emitter = ParticleEmitter(spec: spec, seed: 4, budget: scene.particleBudget)
      scene.update(1.0 / 60)
      try tick(number)
      XCTAssertGreaterThan(page.particles[node.id]?.list.count ?? 0, 0, "a new emitter's particles")
      // Steps of more lengths between two pictures than the emitter tells: sent whole again.
      let told = node.emitter?.stepsTaken ?? 0
      for length in 1...ParticleEmitter.keptRuns + 2 { scene.update(Double(length) / 1000) }
      XCTAssertEqual(node.emitter?.keepsSteps(since: told), false)
      number += 1
      try tick(number)
      node.emitter = nil
      try tick(number + 1)
      XCTAssertEqual(page.particles[node.id]?.list.count ?? 0, 0, "no emitter, no particles")
    }
  }

  /// Hands `page` this tick's message of `picture` for `scene`: whether one went, and what the
  /// page then has that differs from the whole picture (nil: nothing).
  private static func show(
    _ scene: SceneGraph, tick: Int, background: Color = .black, through picture: PagePicture, to page: inout PageModel
  ) throws -> (sent: Bool, difference: String?) {
    let batch = MessageBatch()
    picture.write(scene: scene, tick: tick, background: background, overlay: nil, into: batch)
    let sent = batch.count > 0
    if sent {
      let range = batch.finish()
      try page.apply(Data(batch.bytes.written[range]))
    }
    let whole = picture.encoder.encode(tick: tick, background: background, items: scene.drawList(), overlay: nil)
    var expected = PageModel()
    try expected.apply(Data(whole.utf8))
    // The particles as each emitter has them now, which the page's copies must be to the bit.
    scene.forEachDrawn { node, _, _, _ in
      guard node.kind == .particles, let emitter = node.emitter else { return }
      var list: [ParticleState] = []
      emitter.forEachState { list.append(PageModel.unnumbered($0)) }
      expected.particles[node.id] = (list, 0)
    }
    return (sent, page.difference(from: expected))
  }
}

/// A page's picture as the page's script keeps it (index.html's `handle`): a frame replaces it,
/// a delta merges changed fields (null: a field the item lost), adds moves in tenths of a unit,
/// steps and adds particles (`pt`, index.html's `applyParticles`) and sets the order.
private struct PageModel {
  var items: [Int: [String: Any]] = [:]
  var order: [Int] = []
  var background: String?
  /// Each particles item's particles as the page steps them, and the last step's length.
  var particles: [Int: (list: [ParticleState], dt: Double)] = [:]

  /// `state` with no number: the page knows its particles by their place in the list.
  static func unnumbered(_ state: ParticleState) -> ParticleState {
    ParticleState(
      x: state.x, y: state.y, vx: state.vx, vy: state.vy, rotation: state.rotation, spin: state.spin, age: state.age,
      life: state.life, paletteIndex: state.paletteIndex)
  }

  /// A message's `pt`, and its items' gravity and drag, read as the page reads them: each
  /// number the nearest double (as `JSON.parse` reads it: JSONDecoder, since JSONSerialization
  /// can be a bit off in the last place), the particles' doubles from their bytes.
  private struct Particles: Decodable {
    struct Motion: Decodable {
      let pg: [Double]?
      let pd: Double?
    }
    struct Entry: Decodable {
      let id: Int
      let steps: [Double]?
      let states: [Double]

      init(from decoder: any Decoder) throws {
        var list = try decoder.unkeyedContainer()
        id = try list.decode(Int.self)
        steps = try list.decodeNil() ? nil : list.decode([Double].self)
        guard !list.isAtEnd else {
          states = []
          return
        }
        let text = try list.decode(String.self)
        guard let doubles = doublesOfBase64(text) else {
          throw DecodingError.dataCorruptedError(in: list, debugDescription: "not base64 of doubles: \(text)")
        }
        states = doubles
      }
    }
    let pt: [Entry]?
    let items: [Motion]?

    /// `item` with its gravity and drag as `motion` reads them.
    static func exact(_ item: [String: Any], _ motion: Motion?) -> [String: Any] {
      var item = item
      if let pg = motion?.pg { item["pg"] = pg }
      if let pd = motion?.pd { item["pd"] = pd }
      return item
    }
  }

  private mutating func applyParticles(_ entries: [Particles.Entry]?) throws {
    for entry in entries ?? [] {
      let id = entry.id
      var copy: (list: [ParticleState], dt: Double)
      if entry.steps == nil {
        copy = ([], 0)
      } else {
        guard let kept = particles[id], let item = items[id] else { continue }
        copy = kept
        // The page steps them with the gravity and drag the item carries, as the engine's.
        var spec = EmitterSpec()
        if let gravity = item["pg"] as? [Double] { spec.gravity = Vec2(gravity[0], gravity[1]) }
        spec.drag = item["pd"] as? Double ?? 0
        for dt in entry.steps ?? [] {
          if dt != 0 { copy.dt = dt }
          ParticleEmitter.advance(&copy.list, spec: spec, dt: copy.dt)
        }
      }
      let ps = entry.states
      XCTAssertEqual(ps.count % 9, 0)
      for at in stride(from: 0, to: ps.count - 8, by: 9) {
        copy.list.append(
          ParticleState(
            x: ps[at], y: ps[at + 1], vx: ps[at + 2], vy: ps[at + 3], rotation: ps[at + 4], spin: ps[at + 5],
            age: ps[at + 6], life: ps[at + 7], paletteIndex: Int(ps[at + 8])))
      }
      particles[id] = copy
    }
  }

  mutating func apply(_ data: Data) throws {
    let parsed = try JSONSerialization.jsonObject(with: data)
    let messages = try parsed as? [[String: Any]] ?? [XCTUnwrap(parsed as? [String: Any])]
    let exact =
      messages.count == 1 && !(parsed is [Any])
      ? [try JSONDecoder().decode(Particles.self, from: data)] : try JSONDecoder().decode([Particles].self, from: data)
    for (message, exactly) in zip(messages, exact) {
      switch message["t"] as? String {
      case "frame":
        items = [:]
        order = []
        particles = [:]
        background = message["bg"] as? String
        for (index, item) in try XCTUnwrap(message["items"] as? [[String: Any]]).enumerated() {
          let id = try XCTUnwrap(item["id"] as? Int)
          items[id] = Particles.exact(item, exactly.items?[index])
          order.append(id)
        }
        try applyParticles(exactly.pt)
      case "delta":
        if let bg = message["bg"] as? String { background = bg }
        for (index, sent) in (message["items"] as? [[String: Any]] ?? []).enumerated() {
          let id = try XCTUnwrap(sent["id"] as? Int)
          let item = Particles.exact(sent, exactly.items?[index])
          guard var known = items[id] else {
            items[id] = item
            continue
          }
          for (field, value) in item {
            if value is NSNull { known[field] = nil } else { known[field] = value }
          }
          items[id] = known
        }
        let moves = message["mv"] as? [Int] ?? []
        XCTAssertEqual(moves.count % 3, 0)
        for index in stride(from: 0, to: moves.count - 2, by: 3) {
          guard var item = items[moves[index]], var m = item["m"] as? [Double] else { continue }
          m[4] += Double(moves[index + 1]) / 10
          m[5] += Double(moves[index + 2]) / 10
          item["m"] = m
          items[moves[index]] = item
        }
        try applyParticles(exactly.pt)
        if let newOrder = message["order"] as? [Int] {
          let kept = Set(newOrder)
          items = items.filter { kept.contains($0.key) }
          particles = particles.filter { kept.contains($0.key) }
          order = newOrder
        }
      default:
        XCTFail("unexpected message \(message)")
      }
    }
  }

  /// What differs from `expected`, first thing first: an item's fields, its place beyond a
  /// twentieth of a unit (places are told in moves of tenths), or its particles in any bit;
  /// nil when nothing does.
  func difference(from expected: PageModel) -> String? {
    if order != expected.order { return "the order \(order), expected \(expected.order)" }
    if background != expected.background { return "the background" }
    for id in expected.order {
      guard let want = expected.items[id], let have = items[id] else { return "item \(id) missing" }
      if Set(have.keys) != Set(want.keys) { return "item \(id)'s fields \(have.keys.sorted()), expected \(want.keys.sorted())" }
      for (field, value) in want {
        if field == "m", let w = value as? [Double], let h = have[field] as? [Double], w.count == 6, h.count == 6 {
          if Array(h[0..<4]) != Array(w[0..<4]) || abs(h[4] - w[4]) > 0.051 || abs(h[5] - w[5]) > 0.051 {
            return "item \(id)'s m \(h), expected \(w)"
          }
        } else if "\(have[field] ?? "none")" != "\(value)" {
          return "item \(id)'s \(field) \(have[field] ?? "none"), expected \(value)"
        }
      }
      let wanted = expected.particles[id]?.list ?? []
      let kept = particles[id]?.list ?? []
      if kept != wanted {
        return "item \(id)'s \(kept.count) particles, expected \(wanted.count): \(kept.first.map { "\($0)" } ?? "none") "
          + "for \(wanted.first.map { "\($0)" } ?? "none")"
      }
    }
    return nil
  }
}
