/// Raw input from a backend, in design coordinates.
public enum InputEvent: Hashable, Sendable {
  /// A finger or mouse button went down at a point.
  case pointerDown(Vec2)
  /// The pointer moved (whether or not it is down).
  case pointerMove(Vec2)
  /// The finger lifted or the button was released at a point.
  case pointerUp(Vec2)
  /// A key changed state; names are lower-case SDL-style ("return", "a", "left", "escape").
  case key(String, down: Bool)
  /// Text typed (already composed, UTF-8).
  case text(String)
}
