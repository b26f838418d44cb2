/// A gamepad's buttons, by SDL GameController's names: the same on every pad SDL has a
/// mapping for, whatever the pad calls them (`a` is the bottom face button).
public enum GamepadButton: String, Sendable, CaseIterable {
  case a, b, x, y, back, guide, start, leftstick, rightstick, leftshoulder, rightshoulder
  case dpup, dpdown, dpleft, dpright, misc1, paddle1, paddle2, paddle3, paddle4, touchpad
}

/// A gamepad's axes: sticks from -1 (left, up) to 1 (right, down), triggers from 0 to 1.
public enum GamepadAxis: String, Sendable, CaseIterable {
  case leftx, lefty, rightx, righty, lefttrigger, righttrigger

  /// Values nearer rest than this read as rest: a stick left alone rarely reads exactly 0,
  /// and a game should not see a ship drift.
  public static let deadZone = 0.15

  /// `raw` (as the pad reports it, clamped to the axis' range) with the dead zone taken out
  /// and the rest stretched back to the full range, so a pushed stick still reaches 1.
  public func value(_ raw: Double) -> Double {
    guard raw.isFinite else { return 0 }
    let isTrigger = self == .lefttrigger || self == .righttrigger
    let clamped = min(max(raw, isTrigger ? 0 : -1), 1)
    let size = abs(clamped)
    guard size > Self.deadZone else { return 0 }
    let stretched = (size - Self.deadZone) / (1 - Self.deadZone)
    return clamped < 0 ? -stretched : stretched
  }
}

/// What a gamepad did. Pads are numbered from 1 in the order they were plugged in, each
/// taking the lowest number no pad plugged in holds.
public enum GamepadEvent: Hashable, Sendable {
  /// Most pads at once; more are ignored until one is unplugged.
  public static let maxPads = 8

  /// Pad `pad` was plugged in (or was there when the game started); `name` is what SDL calls it.
  case added(pad: Int, name: String)
  /// Pad `pad` was unplugged: its buttons are up and its axes at rest from now on.
  case removed(pad: Int)
  /// A button went down or up.
  case button(pad: Int, GamepadButton, down: Bool)
  /// An axis moved to `value`, as the pad reports it (the dead zone is taken out when handled).
  case axis(pad: Int, GamepadAxis, Double)
}
