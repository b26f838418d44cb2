/// Which part of a drag a `GestureEvent.drag` reports.
public enum DragPhase: String, Sendable, CaseIterable {
  /// The pointer moved past the threshold; the drag starts.
  case began
  /// The pointer moved while dragging.
  case moved
  /// The pointer was released; the drag ends.
  case ended
}

/// Two pointers down at once, as a pinch reports them: how far apart and at what angle they
/// are now against when the second went down.
public struct Pinch: Sendable, Equatable {
  /// `began` when the second pointer goes down, `moved` as either moves, `ended` when one lifts.
  public var phase: DragPhase
  /// The two pointers, the one down first first.
  public var pointers: (PointerID, PointerID)
  /// Their distance now over their distance when the pinch began (1 at the start).
  public var scale: Double
  /// The turn of the line between them since the pinch began, in radians, clockwise on screen.
  public var angle: Double
  /// The point halfway between them.
  public var center: Vec2
  /// Where the first pointer was pressed, for finding the sprite the pinch is on.
  public var start: Vec2

  public static func == (a: Pinch, b: Pinch) -> Bool {
    a.phase == b.phase && a.pointers == b.pointers && a.scale == b.scale && a.angle == b.angle
      && a.center == b.center && a.start == b.start
  }
}

/// What a pointer did, in terms a game cares about; nodes are those under the pointer at the press.
public enum GestureEvent {
  /// Pointer went down (for "pressed" looks); the node is nil over empty space.
  case press(Node?, Vec2, PointerID)
  /// Pointer went up after a press (whether it became a tap, a drag or neither).
  case release(Node?, Vec2, PointerID)
  /// Down and up without moving past the threshold; position is where it went up.
  case tap(Node?, Vec2, PointerID)
  /// A drag of the node pressed. `start` is where the pointer went down; `delta` is the
  /// movement since the previous drag event (since `start` for `.began`).
  case drag(Node?, phase: DragPhase, position: Vec2, start: Vec2, delta: Vec2, pointer: PointerID)
  /// Two pointers moved apart, together or around each other; the node is the one the first
  /// of them pressed.
  case pinch(Node?, Pinch)
  /// A mouse button other than the left one changed state over a node (the left one presses
  /// the mouse pointer).
  case mouseButton(Node?, MouseButton, Vec2, down: Bool)
  /// The wheel turned with the mouse over a node.
  case wheel(Node?, delta: Vec2, at: Vec2)
  /// A key changed state (passed through unchanged), with its place (see `InputEvent.key`).
  case key(String, down: Bool, scancode: String? = nil)
  /// Text typed (passed through unchanged).
  case text(String)
}
