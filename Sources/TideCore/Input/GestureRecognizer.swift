import Foundation

/// Turns raw pointer events into taps, drags and pinches, each pointer on its own: two fingers
/// drag two sprites at once, and two taps on the same tick are two taps.
///
/// A press becomes a drag once its pointer strays more than `threshold` design units from
/// where it went down; otherwise the release is a tap. While two pointers are down they also
/// make a pinch (the first two, when more are down). Keys and text pass straight through;
/// mouse buttons and the wheel find the node under the mouse.
public struct GestureRecognizer {
  /// How far (design units) a pointer may move before a press becomes a drag.
  public var threshold: Double

  private struct Press {
    var node: Node?
    var start: Vec2
    var last: Vec2
    var dragging = false
    /// Presses are numbered as they start, so a pinch knows which of two came first.
    var order: Int
  }

  private struct PinchState {
    var pointers: (PointerID, PointerID)
    var node: Node?
    var start: Vec2
    var distance: Double
    var angle: Double
    var lastAngle: Double
    var turned = 0.0
  }

  private var presses: [PointerID: Press] = [:]
  private var pinch: PinchState?
  private var pressCount = 0
  /// Where the mouse was last seen, for the wheel and buttons that carry no point of their own.
  public private(set) var mouse = Vec2.zero

  /// Creates a recognizer with the given movement threshold.
  public init(threshold: Double = 10) {
    self.threshold = threshold
  }

  /// Whether any pointer is down.
  public var isPressed: Bool { !presses.isEmpty }

  /// The pointers down, in the order they went down.
  public var pointersDown: [PointerID] { presses.sorted { $0.value.order < $1.value.order }.map(\.key) }

  /// Feeds one event; `hitTest` finds the node under a point (called once per press, button and
  /// wheel turn). Returns the gestures it completes, in order.
  public mutating func handle(_ event: InputEvent, hitTest: (Vec2) -> Node?) -> [GestureEvent] {
    switch event {
    case .pointerDown(let p, let id):
      if id == .mouse { mouse = p }
      var events: [GestureEvent] = []
      if let old = presses[id] {
        // A second down without an up (lost event): close the old press first.
        events += release(id, at: old.last)
      }
      pressCount += 1
      let node = hitTest(p)
      presses[id] = Press(node: node, start: p, last: p, order: pressCount)
      events.append(.press(node, p, id))
      if pinch == nil, presses.count == 2 { events += beginPinch() }
      return events
    case .pointerMove(let p, let id):
      if id == .mouse { mouse = p }
      guard var press = presses[id] else { return [] }
      var events: [GestureEvent] = []
      if !press.dragging {
        if p.distance(to: press.start) > threshold {
          press.dragging = true
          events.append(.drag(press.node, phase: .began, position: p, start: press.start, delta: p - press.start, pointer: id))
        }
      } else {
        events.append(.drag(press.node, phase: .moved, position: p, start: press.start, delta: p - press.last, pointer: id))
      }
      press.last = p
      presses[id] = press
      if let state = pinch, state.pointers.0 == id || state.pointers.1 == id { events += movePinch() }
      return events
    case .pointerUp(let p, let id):
      if id == .mouse { mouse = p }
      guard presses[id] != nil else { return [] }
      return release(id, at: p)
    case .mouseButton(let button, let p, let down):
      mouse = p
      return [.mouseButton(hitTest(p), button, p, down: down)]
    case .wheel(let delta):
      return [.wheel(hitTest(mouse), delta: delta, at: mouse)]
    case .gamepad:
      return []  // no pointer in it: the input part takes pads as they come
    case .key(let name, let down, let scancode):
      return [.key(name, down: down, scancode: scancode)]
    case .text(let text):
      return [.text(text)]
    }
  }

  /// Forgets every press in progress without reporting it (e.g. when the scene changes).
  public mutating func reset() {
    presses.removeAll()
    pinch = nil
  }

  private mutating func release(_ id: PointerID, at p: Vec2) -> [GestureEvent] {
    guard var press = presses[id] else { return [] }
    var events: [GestureEvent] = []
    // The pinch ends first, with the pointer where it lifted.
    if let state = pinch, state.pointers.0 == id || state.pointers.1 == id {
      press.last = p
      presses[id] = press
      events += movePinch(phase: .ended)
      pinch = nil
    }
    let node = press.node
    if press.dragging {
      events.append(.drag(node, phase: .ended, position: p, start: press.start, delta: p - press.last, pointer: id))
    } else if p.distance(to: press.start) <= threshold {
      events.append(.tap(node, p, id))
    } else {
      // Jumped past the threshold with no move events in between: still a drag, in one go.
      events.append(.drag(node, phase: .began, position: p, start: press.start, delta: p - press.start, pointer: id))
      events.append(.drag(node, phase: .ended, position: p, start: press.start, delta: .zero, pointer: id))
    }
    events.append(.release(node, p, id))
    presses[id] = nil
    return events
  }

  private mutating func beginPinch() -> [GestureEvent] {
    let ids = pointersDown
    guard ids.count >= 2, let a = presses[ids[0]], let b = presses[ids[1]] else { return [] }
    let line = b.last - a.last
    let angle = atan2(line.y, line.x)
    pinch = PinchState(
      pointers: (ids[0], ids[1]), node: a.node, start: a.start, distance: line.length, angle: angle, lastAngle: angle)
    return movePinch(phase: .began)
  }

  private mutating func movePinch(phase: DragPhase = .moved) -> [GestureEvent] {
    guard var state = pinch, let a = presses[state.pointers.0], let b = presses[state.pointers.1] else { return [] }
    let line = b.last - a.last
    let angle = atan2(line.y, line.x)
    // Summed a step at a time, so a turn past half a circle keeps counting instead of jumping back.
    var step = angle - state.lastAngle
    if step > Double.pi { step -= 2 * Double.pi } else if step < -Double.pi { step += 2 * Double.pi }
    state.turned += step
    state.lastAngle = angle
    pinch = state
    // Two fingers on one spot have no scale to start from: they report 1 until they part.
    let scale = state.distance > 1e-9 ? line.length / state.distance : 1
    let value = Pinch(
      phase: phase, pointers: state.pointers, scale: scale, angle: state.turned,
      center: Vec2(x: (a.last.x + b.last.x) / 2, y: (a.last.y + b.last.y) / 2), start: state.start)
    return [.pinch(state.node, value)]
  }
}
