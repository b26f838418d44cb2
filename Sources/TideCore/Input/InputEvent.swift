/// Which pointer an event comes from: the mouse, or one finger on a touch screen.
///
/// Fingers are numbered from 1 in the order they went down, each taking the lowest number no
/// finger down holds, so two children touching the screen are fingers 1 and 2 whatever ids
/// the device gave them; Lua sees `"mouse"` or the finger's number.
public enum PointerID: Hashable, Sendable, Comparable, CustomStringConvertible {
  case mouse
  case finger(Int)

  /// Most fingers down at once; a device reporting more has the extra ones ignored.
  public static let maxFingers = 20

  /// `"mouse"` or `"finger 2"`, as input scripts write it.
  public var description: String {
    switch self {
    case .mouse: return "mouse"
    case .finger(let n): return "finger \(n)"
    }
  }

  public static func < (a: PointerID, b: PointerID) -> Bool {
    switch (a, b) {
    case (.mouse, .finger): return true
    case (.finger(let x), .finger(let y)): return x < y
    default: return false
    }
  }
}

/// A mouse button other than the left one, which moves the mouse pointer down and up.
public enum MouseButton: String, Sendable, CaseIterable {
  case left, right, middle, x1, x2
}

/// Raw input from a backend, in design coordinates.
public enum InputEvent: Hashable, Sendable {
  /// A finger or the left mouse button went down at a point.
  case pointerDown(Vec2, pointer: PointerID = .mouse)
  /// The pointer moved: a finger held down, or the mouse whether or not a button is held.
  case pointerMove(Vec2, pointer: PointerID = .mouse)
  /// The finger lifted or the left button was released at a point.
  case pointerUp(Vec2, pointer: PointerID = .mouse)
  /// The right, middle or a side mouse button changed state at a point (the left one is the
  /// mouse pointer's `pointerDown`/`pointerUp`).
  case mouseButton(MouseButton, Vec2, down: Bool)
  /// The wheel turned where the mouse is: `delta.y` above 0 away from the user (scrolling up),
  /// `delta.x` above 0 to the right, in notches (fractions from a touchpad).
  case wheel(Vec2)
  /// A gamepad was plugged in or out, or a button or axis of one changed.
  case gamepad(GamepadEvent)
  /// A key changed state; names are lower-case SDL-style ("return", "a", "left", "escape").
  /// `scancode` names the key's place on the keyboard by what a US keyboard has there (on a
  /// French keyboard the key "a" is at "q"); nil when it is the key's own name.
  case key(String, down: Bool, scancode: String? = nil)
  /// Text typed (already composed, UTF-8).
  case text(String)
}
