/// Keeps a quick second tap from landing on what appeared under the finger because of the first.
///
/// A child taps Play Again twice; the first tap brings back the signs, and the second lands on
/// the sign now under the finger and plays it. A press that comes within `interval` of the end
/// of the previous tap, and within `spot` of where it ended (the same finger tapping again), is
/// therefore taken only by a sprite that was already there to take it: the one a hit test at
/// that point would have found when the previous tap ended. Tapping the same button fast, two
/// buttons that were both on screen, or something new across the screen still works; a sprite
/// marked `Node.instantTap` (things meant to be hit as fast as they appear) is always taken.
///
/// A scene sliding in holds presses back too (`hold(until:)`): while it moves, what is under a
/// finger is not where the player saw it.
public struct TapGuard {
  /// How long after a tap ends (game seconds) a press must find the same sprite it would have
  /// found then: about the time between a double tap's two taps, which phones put at 0.3 to
  /// 0.5 s. conf.lua's `tap_guard` sets it for a game; 0 turns the guard off.
  public static let defaultInterval = 0.35

  /// How far (design units) from where the previous tap ended a press counts as the same spot:
  /// a finger's width (Material's 48 dp touch target), as a child's second tap wanders.
  public static let spot = 48.0

  /// The guard's interval, in game seconds.
  public var interval: Double
  private var lastRelease: (time: Double, point: Vec2, snapshot: HitSnapshot)?
  private var heldUntil = -Double.infinity

  /// A guard with the given interval.
  public init(interval: Double = TapGuard.defaultInterval) {
    self.interval = interval
  }

  /// Whether a release at `time` needs a snapshot: always, unless the guard is off.
  public var isOn: Bool { interval > 0 }

  /// Notes that a pointer was released at `point` and `time`, with what a hit test would find then.
  public mutating func released(at point: Vec2, time: Double, snapshot: HitSnapshot) {
    guard isOn else { return }
    lastRelease = (time, point, snapshot)
  }

  /// Holds every press back until game time `time` (a scene's entering transition).
  public mutating func hold(until time: Double) {
    heldUntil = max(heldUntil, time)
  }

  /// Ends any hold at once (the scene that asked for it has ended).
  public mutating func endHold() {
    heldUntil = -Double.infinity
  }

  /// Whether presses are held back at `time`.
  public func isHolding(at time: Double) -> Bool { time < heldUntil }

  /// Whether a press at `p` and `time` that hit `node` (whose handler is `target`) may reach it;
  /// `handlerTarget` finds the sprite that handles a node, as the input part's own rule does.
  public func admits(_ node: Node, target: Node, at p: Vec2, time: Double, handlerTarget: (Node) -> Node?) -> Bool {
    if isHolding(at: time) { return false }
    guard let last = lastRelease, time - last.time < interval, p.distance(to: last.point) <= Self.spot else { return true }
    if Self.isInstant(node, upTo: target) { return true }
    guard let before = last.snapshot.hit(p) else { return false }
    return handlerTarget(before) === target
  }

  /// Forgets the last tap and any hold, for a fresh start.
  public mutating func reset() {
    lastRelease = nil
    heldUntil = -Double.infinity
  }

  /// Whether `node` or an ancestor up to `target` is marked to take taps at once.
  static func isInstant(_ node: Node, upTo target: Node) -> Bool {
    var current: Node? = node
    while let n = current {
      if n.instantTap { return true }
      if n === target { return false }
      current = n.parent
    }
    return false
  }
}
