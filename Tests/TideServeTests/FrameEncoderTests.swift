import Foundation
import TideCore
import XCTest

@testable import TideServe

final class FrameEncoderTests: XCTestCase {
  /// The frame of a scene, read back as the page reads it.
  private func decode(_ graph: SceneGraph, overlay: String? = nil) throws -> [String: Any] {
    let text = FrameEncoder().encode(tick: 3, background: Color(r: 0, g: 0, b: 0), items: graph.drawList(), overlay: overlay)
    return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  private func items(_ frame: [String: Any]) throws -> [[String: Any]] {
    try XCTUnwrap(frame["items"] as? [[String: Any]])
  }

  func testShapesCarryTheirTransformColoursAndSize() throws {
    let graph = SceneGraph()
    let box = graph.makeNode(.rect)
    box.x = 10
    box.y = 20
    box.width = 100
    box.height = 50
    box.fill = Color(r: 1, g: 0, b: 0)
    box.stroke = Color(r: 0, g: 0, b: 1, a: 0.5)
    box.strokeWidth = 2
    box.cornerRadius = 8
    box.alpha = 0.25
    _ = graph.root.add(box)
    let ring = graph.makeNode(.circle)
    ring.width = 30
    ring.height = 20
    ring.fill = Color(r: 0, g: 1, b: 0)
    _ = graph.root.add(ring)

    let frame = try decode(graph)
    XCTAssertEqual(frame["t"] as? String, "frame")
    XCTAssertEqual(frame["tick"] as? Int, 3)
    XCTAssertEqual(frame["bg"] as? String, "#000000ff")
    let list = try items(frame)
    XCTAssertEqual(list.count, 2)
    XCTAssertEqual(list[0]["k"] as? String, "rect")
    XCTAssertEqual(list[0]["m"] as? [Double], [1, 0, 0, 1, 10, 20])
    XCTAssertEqual(list[0]["w"] as? Double, 100)
    XCTAssertEqual(list[0]["h"] as? Double, 50)
    XCTAssertEqual(list[0]["fill"] as? String, "#ff0000ff")
    XCTAssertEqual(list[0]["stroke"] as? String, "#0000ff80")
    XCTAssertEqual(list[0]["sw"] as? Double, 2)
    XCTAssertEqual(list[0]["r"] as? Double, 8)
    XCTAssertEqual(list[0]["a"] as? Double, 0.25)
    XCTAssertEqual(list[1]["k"] as? String, "circle")
    XCTAssertNil(list[1]["a"], "full opacity is the default and not sent")
    XCTAssertNil(list[1]["stroke"])
  }

  func testAnItemThatTakesTypingSaysWhichKeyboard() throws {
    let graph = SceneGraph()
    let field = graph.makeNode(.rect)
    field.width = 200
    field.height = 48
    field.keyboard = .number
    _ = graph.root.add(field)
    _ = graph.root.add(graph.makeNode(.rect))
    let list = try items(try decode(graph))
    XCTAssertEqual(list[0]["kb"] as? String, "number")
    XCTAssertNil(list[1]["kb"], "none is not sent")
    let before = field.lookStamp
    field.keyboard = .text
    XCTAssertNotEqual(field.lookStamp, before, "a change of keyboard is a change of look, sent to the page")
    XCTAssertFalse(SessionHub.sameLook(NodeLook(field), NodeLook(graph.makeNode(.rect))))
  }

  func testTextSendsTheFittedLinesNotTheScriptsText() throws {
    let graph = SceneGraph()
    let label = graph.makeNode(.text)
    label.fontSize = 20
    label.maxTextWidth = 60
    label.text = "one two three \"four\""
    label.align = .center
    _ = graph.root.add(label)
    let item = try XCTUnwrap(try items(try decode(graph, overlay: "oops\nline 2")).first)
    let sent = try XCTUnwrap(item["text"] as? String)
    XCTAssertEqual(sent, label.shownText)
    XCTAssertTrue(sent.contains("\n"), "the engine wrapped the text to its width: \(sent)")
    XCTAssertEqual(item["al"] as? String, "center")
    XCTAssertEqual(item["fs"] as? Double, label.shownFontSize)
  }

  func testPolygonsImagesAndOverlay() throws {
    let graph = SceneGraph()
    let shape = graph.makeNode(.polygon)
    shape.points = [Vec2(x: 0, y: 0), Vec2(x: 10.5, y: 0), Vec2(x: 0, y: 10.125)]
    shape.fill = Color(r: 1, g: 1, b: 1)
    _ = graph.root.add(shape)
    let picture = graph.makeNode(.image)
    picture.image = "cards/ace of spades.png"
    picture.flipX = true
    _ = graph.root.add(picture)
    let frame = try decode(graph, overlay: "boom")
    XCTAssertEqual(frame["overlay"] as? String, "boom")
    let list = try items(frame)
    XCTAssertEqual(list[0]["pts"] as? [Double], [0, 0, 10.5, 0, 0, 10.125])
    XCTAssertEqual(list[1]["img"] as? String, "assets/cards/ace%20of%20spades.png")
    XCTAssertEqual(list[1]["fx"] as? Int, 1)
  }

  func testNumbersAreShortAndAlwaysJSON() {
    func written(_ value: Double) -> String {
      var out = ""
      FrameEncoder.number(value, into: &out)
      return out
    }
    XCTAssertEqual(written(3), "3")
    XCTAssertEqual(written(-2.5), "-2.5")
    XCTAssertEqual(written(0.1 + 0.2), "0.3")
    XCTAssertEqual(written(-0.0004), "0")
    XCTAssertEqual(written(-0.25), "-0.25")
    XCTAssertEqual(written(1234.0005), "1234.001")
    XCTAssertEqual(written(.nan), "0")
    XCTAssertEqual(written(.infinity), "0")
    XCTAssertNotNil(try? JSONSerialization.jsonObject(with: Data("[\(written(1e300))]".utf8)))
    func tenths(_ value: Double, _ decimals: Int) -> String {
      var out = ""
      FrameEncoder.number(value, decimals: decimals, into: &out)
      return out
    }
    XCTAssertEqual(tenths(12.34, 1), "12.3")
    XCTAssertEqual(tenths(-0.04, 1), "0")
    XCTAssertEqual(tenths(0.05, 2), "0.05")
    XCTAssertEqual(tenths(-1.006, 2), "-1.01")
    XCTAssertEqual(tenths(2, 2), "2")
  }

  func testMessagesWrittenAsBytesHoldTheSameNumbers() {
    let values: [Double] = [0, 3, -2.5, 0.1 + 0.2, -0.0004, 1234.0005, 99_999.999, -7e9, 1e300, .nan, -.infinity]
    for value in values {
      var text = ""
      FrameEncoder.number(value, into: &text)
      let bytes = ByteWriter()
      bytes.append("[")
      FrameEncoder.number(value, into: bytes)
      XCTAssertEqual(bytes.text, "[" + text, "\(value)")
    }
    for value in [0, 7, -7, 9, 10, -10, 99, -99, 100, -100, 1_000_000, -123_456_789, Int.max, Int.min] {
      let bytes = ByteWriter()
      bytes.append("[")
      FrameEncoder.integer(value, into: bytes)
      XCTAssertEqual(bytes.text, "[\(value)")
    }
  }

  func testTheByteWriterKeepsWhatItHoldsAsItGrows() {
    // Small at first: every kind of write has to grow it, some in the middle of a number.
    let bytes = ByteWriter(capacity: 1)
    var expected = ""
    for value in 0..<2_000 {
      switch value % 4 {
      case 0:
        FrameEncoder.integer(value * 7919 - 4_000_000, into: bytes)
        expected += String(value * 7919 - 4_000_000)
      case 1:
        bytes.append(",\"k\":")
        expected += ",\"k\":"
      case 2:
        bytes.append(utf8: "é🦁\(value)")
        expected += "é🦁\(value)"
      default:
        bytes.append(UInt8(ascii: ";"))
        expected += ";"
      }
    }
    let copy = ByteWriter()
    copy.append(bytes)
    XCTAssertEqual(bytes.text, expected)
    XCTAssertEqual(copy.text, expected)
    XCTAssertEqual(bytes.count, expected.utf8.count)
    bytes.removeAll()
    XCTAssertTrue(bytes.isEmpty)
    FrameEncoder.integer(Int.min, into: bytes)
    XCTAssertEqual(bytes.text, String(Int.min))
  }

  func testStringsEscapeWhatJSONNeeds() throws {
    var out = ""
    FrameEncoder.string("a\"b\\c\nd\u{1}e\u{2028}🦁", into: &out)
    let back = try JSONSerialization.jsonObject(with: Data("[\(out)]".utf8)) as? [String]
    XCTAssertEqual(back, ["a\"b\\c\nd\u{1}e\u{2028}🦁"])
    XCTAssertFalse(out.contains("\u{2028}"))
  }

  func testADeltaSendsAMoveInTenthsAndAChangeAsItsFields() throws {
    let graph = SceneGraph()
    let box = Self.redBox(in: graph)
    let encoder = FrameEncoder()
    let first = try XCTUnwrap(graph.drawList().first)
    box.x = 12.5
    box.y = 30
    let moved = try XCTUnwrap(graph.drawList().first)
    XCTAssertTrue(SessionHub.sameLook(first, moved), "a move leaves the look as it was")
    var page = (x: 0.0, y: 0.0)
    XCTAssertEqual(SessionHub.move(box.id, to: moved.transform, page: &page), "\(box.id),125,300")
    box.x = 12.54
    XCTAssertNil(SessionHub.move(box.id, to: try XCTUnwrap(graph.drawList().first).transform, page: &page), "less than a twentieth")
    box.x = 12.56
    XCTAssertEqual(SessionHub.move(box.id, to: try XCTUnwrap(graph.drawList().first).transform, page: &page), "\(box.id),1,0")
    XCTAssertEqual(page.x, 12.6, accuracy: 1e-9)
    XCTAssertEqual(page.y, 30)

    box.fill = nil
    box.stroke = Color(r: 0, g: 0, b: 1)
    box.strokeWidth = 2
    box.scaleX = 2
    box.scaleY = 2
    let restyled = try XCTUnwrap(graph.drawList().first)
    XCTAssertFalse(SessionHub.sameLook(moved, restyled))
    let changed = try XCTUnwrap(SessionHub.difference(id: box.id, from: encoder.item(moved), to: encoder.item(restyled)))
    let fields = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(changed.utf8)) as? [String: Any])
    XCTAssertEqual(Set(fields.keys), ["id", "m", "fill", "stroke", "sw"], "a scaled sprite sends its whole transform")
    XCTAssertTrue(fields["fill"] is NSNull, "a field the item lost")
    XCTAssertEqual(fields["stroke"] as? String, "#0000ffff")
    XCTAssertNil(SessionHub.difference(id: box.id, from: encoder.item(restyled), to: encoder.item(restyled)))
  }

  func testATurnOrFadeIsToldAsTheFieldsTheEncodingsDifferIn() throws {
    let graph = SceneGraph()
    let box = Self.redBox(in: graph)
    let encoder = FrameEncoder()
    var page = (x: 0.0, y: 0.0)
    var moves: [String] = []
    var before = try XCTUnwrap(graph.drawList().first)
    // Each step changes place, turn, scale or alpha: what is sent must be what comparing the
    // two encodings field by field sends, a fade back to opaque as `null`.
    let steps: [(Node) -> Void] = [
      { $0.rotation = 0.5 }, { $0.alpha = 0.5 }, { $0.x = 10; $0.alpha = 0.25 }, { $0.scaleX = 2; $0.alpha = 1 },
      { $0.rotation = 0.5000001 }, { $0.alpha = 0.2500001 },
    ]
    for (index, step) in steps.enumerated() {
      step(box)
      let after = try XCTUnwrap(graph.drawList().first)
      XCTAssertTrue(SessionHub.sameLook(before, after, alpha: false), "step \(index)")
      moves.removeAll()
      let told = SessionHub.placeAndAlpha(after, from: before, page: &page, moves: &moves)
      var expected = SessionHub.difference(id: box.id, from: encoder.item(before), to: encoder.item(after))
      if index == 2 {
        // Only moved (its turn as it was): the place goes as a move, the rest as fields.
        XCTAssertEqual(moves.count, 1)
        let fields = FrameEncoder.splitFields(try XCTUnwrap(expected)).filter { !$0.hasPrefix("\"m\":") }
        expected = "{" + fields.joined(separator: ",") + "}"
      } else {
        XCTAssertEqual(moves, [], "step \(index)")
      }
      XCTAssertEqual(told, expected, "step \(index)")
      before = after
    }
  }

  /// A particles item is the emitter's look (its stops, shape, palette, and gravity and drag
  /// exact); the particles go apart, each whole in numbers that read back as the same doubles.
  func testParticlesGoWholeAndExactApartFromTheEmittersLook() throws {
    var spec = EmitterSpec()
    spec.burst = 3
    spec.colors = [Color(r: 1, g: 0, b: 0), Color(r: 0, g: 0, b: 1)]
    spec.palette = [Color(r: 1, g: 1, b: 1), Color(r: 0.5, g: 0.5, b: 0.5)]
    spec.size = [8, 2]
    spec.shape = .square
    spec.spin = 90...180
    spec.gravity = Vec2(0.1, 1.0 / 3)
    spec.drag = 0.35
    spec.spread = 5
    let graph = SceneGraph()
    let node = graph.makeNode(.particles)
    node.emitter = ParticleEmitter(spec: spec, seed: 3)
    _ = graph.root.add(node)
    node.emitter?.step(0.25)
    let item = try XCTUnwrap(graph.drawList().first)
    let fields = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(FrameEncoder().item(item).utf8)) as? [String: Any])
    XCTAssertEqual(fields["shape"] as? String, "square")
    XCTAssertEqual(fields["pc"] as? [String], ["#ff0000ff", "#0000ffff"])
    XCTAssertEqual(fields["pz"] as? [Double], [8, 2])
    XCTAssertEqual(fields["pp"] as? [String], ["#ffffffff", "#808080ff"])
    XCTAssertEqual(fields["pg"] as? [Double], [0.1, 1.0 / 3])
    XCTAssertEqual(fields["pd"] as? Double, 0.35)
    XCTAssertNil(fields["ps"], "the particles go apart")
    let emitter = try XCTUnwrap(node.emitter)
    var states: [ParticleState] = []
    emitter.forEachState { states.append($0) }
    XCTAssertEqual(states.count, 3)
    let out = ByteWriter()
    FrameEncoder.particles(of: emitter, after: 0, into: out)
    let numbers = try Self.doubles(out.text)
    XCTAssertEqual(numbers.count, 9 * states.count, "x, y, vx, vy, turn, spin, age, life, pick")
    for (index, p) in states.enumerated() {
      let sent = Array(numbers[(index * 9)..<(index * 9 + 9)])
      XCTAssertEqual(sent.map(\.bitPattern), [p.x, p.y, p.vx, p.vy, p.rotation, p.spin, p.age, p.life, Double(p.paletteIndex)].map(\.bitPattern))
    }
    // Whole numbers as whole numbers; JSON has no NaN or infinity.
    let edge = ByteWriter()
    for value in [0, -0.0, 3, -1e14, 1e300, Double.leastNonzeroMagnitude, 0.1 + 0.2, .nan, .infinity] {
      if !edge.isEmpty { edge.append(UInt8(ascii: ",")) }
      FrameEncoder.exact(value, into: edge)
    }
    XCTAssertEqual(edge.text.split(separator: ",").prefix(4), ["0", "0", "3", "-100000000000000"])
    let read = try JSONDecoder().decode([Double].self, from: Data(("[" + edge.text + "]").utf8))
    XCTAssertEqual(read, [0, 0, 3, -1e14, 1e300, Double.leastNonzeroMagnitude, 0.1 + 0.2, 0, 0])
  }

  /// The doubles of a JSON string of their little-endian bytes in base64, as the page reads them.
  static func doubles(_ json: String) throws -> [Double] {
    try XCTUnwrap(doublesOfBase64(JSONDecoder().decode(String.self, from: Data(json.utf8))), "base64 of whole doubles")
  }

  /// A red 40×20 box on the graph's root.
  private static func redBox(in graph: SceneGraph) -> Node {
    let box = graph.makeNode(.rect)
    box.width = 40
    box.height = 20
    box.fill = Color(r: 1, g: 0, b: 0)
    _ = graph.root.add(box)
    return box
  }
}

/// The doubles whose little-endian bytes `text` is in base64 (the particles of a `pt`), or nil
/// when it is not that.
func doublesOfBase64(_ text: String) -> [Double]? {
  guard let bytes = Data(base64Encoded: text), bytes.count % 8 == 0 else { return nil }
  return stride(from: 0, to: bytes.count, by: 8).map { at in
    Double(bitPattern: bytes[at..<(at + 8)].reversed().reduce(0) { $0 << 8 | UInt64($1) })
  }
}
