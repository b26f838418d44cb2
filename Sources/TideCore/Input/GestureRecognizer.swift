/// Turns raw pointer events into taps and drags, choosing the node under the pointer at the press.
///
/// A press becomes a drag once the pointer strays more than `threshold` design units from where
/// it went down; otherwise the release is a tap. Keys and text pass straight through.
public struct GestureRecognizer {
  /// How far (design units) the pointer may move before a press becomes a drag.
  public var threshold: Double
  /// The node pressed, while the pointer is down.
  public private(set) var pressedNode: Node?
  /// Whether the pointer is down.
  public private(set) var isPressed = false
  /// Whether the current press has become a drag.
  public private(set) var isDragging = false
  private var start = Vec2.zero
  private var last = Vec2.zero

  /// Creates a recognizer with the given movement threshold.
  public init(threshold: Double = 10) {
    self.threshold = threshold
  }

  /// Feeds one event; `hitTest` finds the node under a point (called once, at the press).
  /// Returns the gestures it completes, in order.
  public mutating func handle(_ event: InputEvent, hitTest: (Vec2) -> Node?) -> [GestureEvent] {
    switch event {
    case .pointerDown(let p):
      var events: [GestureEvent] = []
      if isPressed {
        // A second down without an up (lost event): close the old press first.
        events += release(at: last)
      }
      isPressed = true
      isDragging = false
      start = p
      last = p
      pressedNode = hitTest(p)
      events.append(.press(pressedNode, p))
      return events
    case .pointerMove(let p):
      guard isPressed else { return [] }
      if !isDragging {
        guard p.distance(to: start) > threshold else { return [] }
        isDragging = true
        last = p
        return [.drag(pressedNode, phase: .began, position: p, start: start, delta: p - start)]
      }
      let delta = p - last
      last = p
      return [.drag(pressedNode, phase: .moved, position: p, start: start, delta: delta)]
    case .pointerUp(let p):
      guard isPressed else { return [] }
      return release(at: p)
    case .key(let name, let down):
      return [.key(name, down: down)]
    case .text(let text):
      return [.text(text)]
    }
  }

  /// Forgets any press in progress without reporting it (e.g. when the scene changes).
  public mutating func reset() {
    isPressed = false
    isDragging = false
    pressedNode = nil
  }

  private mutating func release(at p: Vec2) -> [GestureEvent] {
    let node = pressedNode
    var events: [GestureEvent] = []
    if isDragging {
      events.append(.drag(node, phase: .ended, position: p, start: start, delta: p - last))
    } else if p.distance(to: start) <= threshold {
      events.append(.tap(node, p))
    } else {
      // Jumped past the threshold with no move events in between: still a drag, in one go.
      events.append(.drag(node, phase: .began, position: p, start: start, delta: p - start))
      events.append(.drag(node, phase: .ended, position: p, start: start, delta: .zero))
    }
    events.append(.release(node, p))
    reset()
    return events
  }
}
