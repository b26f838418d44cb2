import Foundation
import TideCore

/// One message from the page, checked: the page is on another device and the network between
/// is shared, so nothing it sends is trusted to be well formed.
enum PageInput: Equatable {
  /// A pointer went down, moved or lifted at a design point. `pointer` is the browser's
  /// `PointerEvent.pointerId` for a touch, or nil for the mouse.
  case pointer(Phase, Vec2, pointer: Int?)
  /// A key changed state (the engine's lower-case names).
  case key(String, down: Bool)
  /// Text typed.
  case text(String)
  /// A gamepad, by the browser's index for it (`Gamepad.index`), was plugged in, unplugged,
  /// or had a button or axis change.
  case pad(index: Int, Pad)
  /// The page lacks the samples of a sound the game made (`tide.audio.generate`), by its name:
  /// the message that brought them was lost.
  case need(sound: String)

  enum Pad: Equatable {
    case added(name: String)
    case removed
    case button(GamepadButton, down: Bool)
    case axis(GamepadAxis, Double)
  }

  /// The longest name of a made sound a page may ask for.
  static let maxSoundName = 256
  /// Browser gamepad indices above this are not a real browser's.
  static let maxPadIndex = 63

  enum Phase: String { case down, move, up }

  /// The largest message the page sends; anything longer is not the page.
  static let maxBytes = 1024
  /// The most messages a page may send in a second.
  static let maxPerSecond = 2000
  /// Design coordinates beyond this are not a screen's (a hostile or broken page).
  static let maxCoordinate = 1_000_000.0

  struct Invalid: Error, CustomStringConvertible {
    let description: String
  }

  /// The fields a page message may have; JSONDecoder checks their types.
  private struct Wire: Decodable {
    var t: String
    var x: Double?
    var y: Double?
    var p: Double?
    var k: String?
    var d: Bool?
    var s: String?
  }

  /// Reads one text message, or says why it is not one the page sends.
  static func parse(_ text: String) throws(Invalid) -> PageInput {
    guard text.utf8.count <= maxBytes else { throw Invalid(description: "message of \(text.utf8.count) bytes (at most \(maxBytes))") }
    guard let wire = try? JSONDecoder().decode(Wire.self, from: Data(text.utf8)) else {
      throw Invalid(description: "not a JSON object with a \"t\" field and fields of the right types")
    }
    switch wire.t {
    case "down", "move", "up":
      guard let phase = Phase(rawValue: wire.t), let x = coordinate(wire.x), let y = coordinate(wire.y) else {
        throw Invalid(description: "\(wire.t) without finite x and y")
      }
      var pointer: Int?
      if let id = wire.p {
        guard id == id.rounded(), abs(id) < 1e9 else { throw Invalid(description: "\(wire.t) with a bad pointer id") }
        pointer = Int(id)
      }
      return .pointer(phase, Vec2(x: x, y: y), pointer: pointer)
    case "key":
      guard let name = wire.k, !name.isEmpty, name.count <= 32, let down = wire.d else {
        throw Invalid(description: "key without a name of at most 32 characters and a \"d\" flag")
      }
      return .key(name, down: down)
    case "text":
      guard let typed = wire.s, !typed.isEmpty, typed.count <= 64 else {
        throw Invalid(description: "text without 1 to 64 characters")
      }
      return .text(typed)
    case "need":
      guard let name = wire.s, !name.isEmpty, name.utf8.count <= maxSoundName else {
        throw Invalid(description: "need without a sound name of 1 to \(maxSoundName) bytes")
      }
      return .need(sound: name)
    case "padadd", "padrm", "padbtn", "padaxis":
      guard let index = wire.p, index == index.rounded(), (0...Double(maxPadIndex)).contains(index) else {
        throw Invalid(description: "\(wire.t) without a pad index from 0 to \(maxPadIndex)")
      }
      return .pad(index: Int(index), try pad(wire))
    default:
      throw Invalid(description: "unknown message type '\(wire.t.prefix(16))'")
    }
  }

  private static func pad(_ wire: Wire) throws(Invalid) -> Pad {
    switch wire.t {
    case "padadd":
      guard let name = wire.s, name.count <= 64 else { throw Invalid(description: "padadd without a name of at most 64 characters") }
      return .added(name: name)
    case "padrm":
      return .removed
    case "padbtn":
      guard let button = wire.k.flatMap(GamepadButton.init(rawValue:)), let down = wire.d else {
        throw Invalid(description: "padbtn without a button the engine names and a \"d\" flag")
      }
      return .button(button, down: down)
    default:
      guard let axis = wire.k.flatMap(GamepadAxis.init(rawValue:)), let value = wire.x, value.isFinite, abs(value) <= 1 else {
        throw Invalid(description: "padaxis without an axis the engine names and a value from -1 to 1")
      }
      return .axis(axis, value)
    }
  }

  private static func coordinate(_ value: Double?) -> Double? {
    guard let value, value.isFinite, abs(value) <= maxCoordinate else { return nil }
    return value
  }
}

/// Gives each browser pointer the engine's finger number: the lowest no finger down holds, as
/// the window numbers SDL's fingers, so a game sees fingers 1, 2, ... whatever ids the browser
/// chose.
struct FingerTable {
  private var fingers: [Int: Int] = [:]

  /// The finger for a pointer going down; nil when `PointerID.maxFingers` are down already.
  mutating func press(_ pointer: Int) -> Int? {
    if let held = fingers[pointer] { return held }
    let taken = Set(fingers.values)
    guard let free = (1...PointerID.maxFingers).first(where: { !taken.contains($0) }) else { return nil }
    fingers[pointer] = free
    return free
  }

  /// The finger a pointer holds, if it is down.
  func finger(_ pointer: Int) -> Int? { fingers[pointer] }

  /// Frees the pointer's finger, returning it.
  mutating func release(_ pointer: Int) -> Int? { fingers.removeValue(forKey: pointer) }

  /// Every finger down, for lifting them all when the page goes away.
  var down: [Int] { fingers.values.sorted() }

  mutating func removeAll() { fingers.removeAll() }
}

extension FingerTable {
  /// The engine events for one checked page message (none for a finger past the limit or a
  /// move or lift of a finger that is not down).
  mutating func events(for input: PageInput) -> [InputEvent] {
    switch input {
    case .key(let name, let down): return [.key(name, down: down)]
    case .pad, .need: return []
    case .text(let typed): return [.text(typed)]
    case .pointer(let phase, let point, nil):
      switch phase {
      case .down: return [.pointerDown(point, pointer: .mouse)]
      case .move: return [.pointerMove(point, pointer: .mouse)]
      case .up: return [.pointerUp(point, pointer: .mouse)]
      }
    case .pointer(let phase, let point, .some(let id)):
      switch phase {
      case .down:
        guard let n = press(id) else { return [] }
        return [.pointerDown(point, pointer: .finger(n))]
      case .move:
        guard let n = finger(id) else { return [] }
        return [.pointerMove(point, pointer: .finger(n))]
      case .up:
        guard let n = release(id) else { return [] }
        return [.pointerUp(point, pointer: .finger(n))]
      }
    }
  }
}

/// Gives each of the browser's gamepads the engine's pad number: the lowest no pad plugged in
/// holds, as the window numbers SDL's controllers, at most `GamepadEvent.maxPads` at once.
struct PadTable {
  private var pads: [Int: Int] = [:]

  /// The engine events for one page gamepad message (none for a pad past the limit, or one
  /// the page did not say was plugged in).
  mutating func events(index: Int, _ pad: PageInput.Pad) -> [InputEvent] {
    switch pad {
    case .added(let name):
      guard pads[index] == nil else { return [] }
      let taken = Set(pads.values)
      guard let free = (1...GamepadEvent.maxPads).first(where: { !taken.contains($0) }) else { return [] }
      pads[index] = free
      return [.gamepad(.added(pad: free, name: name))]
    case .removed:
      guard let number = pads.removeValue(forKey: index) else { return [] }
      return [.gamepad(.removed(pad: number))]
    case .button(let button, let down):
      guard let number = pads[index] else { return [] }
      return [.gamepad(.button(pad: number, button, down: down))]
    case .axis(let axis, let value):
      guard let number = pads[index] else { return [] }
      return [.gamepad(.axis(pad: number, axis, value))]
    }
  }

  /// Every pad unplugged, for when the page goes away.
  mutating func removeAll() -> [InputEvent] {
    defer { pads.removeAll() }
    return pads.values.sorted().map { .gamepad(.removed(pad: $0)) }
  }
}
