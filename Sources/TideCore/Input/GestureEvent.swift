/// Which part of a drag a `GestureEvent.drag` reports.
public enum DragPhase: String, Sendable, CaseIterable {
  /// The pointer moved past the threshold; the drag starts.
  case began
  /// The pointer moved while dragging.
  case moved
  /// The pointer was released; the drag ends.
  case ended
}

/// What the pointer did, in terms a game cares about; nodes are those under the pointer at the press.
public enum GestureEvent {
  /// Pointer went down (for "pressed" looks); the node is nil over empty space.
  case press(Node?, Vec2)
  /// Pointer went up after a press (whether it became a tap, a drag or neither).
  case release(Node?, Vec2)
  /// Down and up without moving past the threshold; position is where it went up.
  case tap(Node?, Vec2)
  /// A drag of the node pressed. `start` is where the pointer went down; `delta` is the
  /// movement since the previous drag event (since `start` for `.began`).
  case drag(Node?, phase: DragPhase, position: Vec2, start: Vec2, delta: Vec2)
  /// A key changed state (passed through unchanged).
  case key(String, down: Bool)
  /// Text typed (passed through unchanged).
  case text(String)
}
