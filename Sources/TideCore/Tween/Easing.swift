import Foundation

/// Robert Penner's easing equations, named as the Lua API spells them (`in_quad`, `out_back`…).
///
/// Each maps progress `t` in 0...1 to eased progress; all give 0 at 0 and 1 at 1, while back and
/// elastic overshoot in between. Formulas follow Penner's originals in the normalised form
/// popularised by easings.net (back overshoot 1.70158, elastic period 0.3, or 0.45 for in_out).
public enum Easing: String, Sendable, CaseIterable {
  /// Constant speed.
  case linear
  /// t².
  case inQuad = "in_quad"
  /// Decelerating quadratic.
  case outQuad = "out_quad"
  /// Quadratic in, then out.
  case inOutQuad = "in_out_quad"
  /// t³.
  case inCubic = "in_cubic"
  /// Decelerating cubic.
  case outCubic = "out_cubic"
  /// Cubic in, then out.
  case inOutCubic = "in_out_cubic"
  /// t⁴.
  case inQuart = "in_quart"
  /// Decelerating quartic.
  case outQuart = "out_quart"
  /// Quartic in, then out.
  case inOutQuart = "in_out_quart"
  /// t⁵.
  case inQuint = "in_quint"
  /// Decelerating quintic.
  case outQuint = "out_quint"
  /// Quintic in, then out.
  case inOutQuint = "in_out_quint"
  /// Quarter cosine wave.
  case inSine = "in_sine"
  /// Quarter sine wave.
  case outSine = "out_sine"
  /// Half cosine wave.
  case inOutSine = "in_out_sine"
  /// 2^(10(t−1)).
  case inExpo = "in_expo"
  /// 1 − 2^(−10t).
  case outExpo = "out_expo"
  /// Exponential in, then out.
  case inOutExpo = "in_out_expo"
  /// Quarter circle, slow start.
  case inCirc = "in_circ"
  /// Quarter circle, slow end.
  case outCirc = "out_circ"
  /// Circular in, then out.
  case inOutCirc = "in_out_circ"
  /// Pulls back a little before going.
  case inBack = "in_back"
  /// Overshoots the target, then settles.
  case outBack = "out_back"
  /// Pulls back, then overshoots.
  case inOutBack = "in_out_back"
  /// Growing oscillation.
  case inElastic = "in_elastic"
  /// Springs past the target and rings down.
  case outElastic = "out_elastic"
  /// Elastic in, then out.
  case inOutElastic = "in_out_elastic"
  /// Bounces that grow into the target.
  case inBounce = "in_bounce"
  /// Falls onto the target and bounces.
  case outBounce = "out_bounce"
  /// Bounce in, then out.
  case inOutBounce = "in_out_bounce"

  /// Looks an easing up by its Lua name; nil when unknown (see `allNames`).
  public init?(name: String) {
    self.init(rawValue: name)
  }

  /// Every valid Lua name, for error messages.
  public static let allNames: [String] = allCases.map(\.rawValue)

  /// The eased value for progress `t` (clamped to 0...1).
  @inline(__always)
  public func callAsFunction(_ t: Double) -> Double { apply(t) }

  /// The eased value for progress `t` (clamped to 0...1); exactly 0 at 0 and 1 at 1.
  public func apply(_ progress: Double) -> Double {
    // Pinned ends: some formulas (back) round to 2e-16 instead of 0 at the start.
    if !(progress > 0) { return 0 }
    if progress >= 1 { return 1 }
    let t = progress
    switch self {
    case .linear: return t
    case .inQuad: return t * t
    case .outQuad: return 1 - (1 - t) * (1 - t)
    case .inOutQuad: return t < 0.5 ? 2 * t * t : 1 - Easing.square(-2 * t + 2) / 2
    case .inCubic: return t * t * t
    case .outCubic: return 1 - Easing.cube(1 - t)
    case .inOutCubic: return t < 0.5 ? 4 * t * t * t : 1 - Easing.cube(-2 * t + 2) / 2
    case .inQuart: return Easing.square(t * t)
    case .outQuart: return 1 - Easing.square(Easing.square(1 - t))
    case .inOutQuart:
      return t < 0.5 ? 8 * Easing.square(t * t) : 1 - Easing.square(Easing.square(-2 * t + 2)) / 2
    case .inQuint: return Easing.square(t * t) * t
    case .outQuint: return 1 - Easing.square(Easing.square(1 - t)) * (1 - t)
    case .inOutQuint:
      let u = -2 * t + 2
      return t < 0.5 ? 16 * Easing.square(t * t) * t : 1 - Easing.square(u * u) * u / 2
    case .inSine: return 1 - cos(t * .pi / 2)
    case .outSine: return sin(t * .pi / 2)
    case .inOutSine: return -(cos(.pi * t) - 1) / 2
    // The ends were returned above, so the formulas below only see 0 < t < 1.
    case .inExpo: return pow(2, 10 * t - 10)
    case .outExpo: return 1 - pow(2, -10 * t)
    case .inOutExpo:
      return t < 0.5 ? pow(2, 20 * t - 10) / 2 : (2 - pow(2, -20 * t + 10)) / 2
    case .inCirc: return 1 - (1 - t * t).squareRoot()
    case .outCirc: return (1 - Easing.square(t - 1)).squareRoot()
    case .inOutCirc:
      return t < 0.5
        ? (1 - (1 - Easing.square(2 * t)).squareRoot()) / 2
        : ((1 - Easing.square(-2 * t + 2)).squareRoot() + 1) / 2
    case .inBack: return Easing.backC3 * t * t * t - Easing.backC1 * t * t
    case .outBack: return 1 + Easing.backC3 * Easing.cube(t - 1) + Easing.backC1 * Easing.square(t - 1)
    case .inOutBack:
      let c2 = Easing.backC1 * 1.525
      return t < 0.5
        ? (Easing.square(2 * t) * ((c2 + 1) * 2 * t - c2)) / 2
        : (Easing.square(2 * t - 2) * ((c2 + 1) * (t * 2 - 2) + c2) + 2) / 2
    case .inElastic:
      return -pow(2, 10 * t - 10) * sin((t * 10 - 10.75) * Easing.elasticC4)
    case .outElastic:
      return pow(2, -10 * t) * sin((t * 10 - 0.75) * Easing.elasticC4) + 1
    case .inOutElastic:
      return t < 0.5
        ? -(pow(2, 20 * t - 10) * sin((20 * t - 11.125) * Easing.elasticC5)) / 2
        : (pow(2, -20 * t + 10) * sin((20 * t - 11.125) * Easing.elasticC5)) / 2 + 1
    case .inBounce: return 1 - Easing.bounceOut(1 - t)
    case .outBounce: return Easing.bounceOut(t)
    case .inOutBounce:
      return t < 0.5 ? (1 - Easing.bounceOut(1 - 2 * t)) / 2 : (1 + Easing.bounceOut(2 * t - 1)) / 2
    }
  }

  // Penner's back overshoot s = 1.70158 (about 10% overshoot).
  private static let backC1 = 1.70158
  private static let backC3 = backC1 + 1
  // 2π / period: period 0.3 for in/out, 0.45 for in_out, in units of the tween's duration.
  private static let elasticC4 = 2 * Double.pi / 3
  private static let elasticC5 = 2 * Double.pi / 4.5

  @inline(__always) private static func square(_ x: Double) -> Double { x * x }
  @inline(__always) private static func cube(_ x: Double) -> Double { x * x * x }

  private static func bounceOut(_ t: Double) -> Double {
    let n1 = 7.5625
    let d1 = 2.75
    if t < 1 / d1 { return n1 * t * t }
    if t < 2 / d1 {
      let u = t - 1.5 / d1
      return n1 * u * u + 0.75
    }
    if t < 2.5 / d1 {
      let u = t - 2.25 / d1
      return n1 * u * u + 0.9375
    }
    let u = t - 2.625 / d1
    return n1 * u * u + 0.984375
  }
}
