import Foundation
import XCTest

@testable import TideCore

/// Checks the easing catalogue against hand-computed values and Penner's original (t, b, c, d)
/// formulas, written out independently here.
final class EasingTests: XCTestCase {
  func testHandComputedReferenceValues() {
    let expected: [(Easing, Double, Double)] = [
      (.linear, 0.3, 0.3),
      (.inQuad, 0.5, 0.25), (.outQuad, 0.5, 0.75), (.inOutQuad, 0.25, 0.125), (.inOutQuad, 0.75, 0.875),
      (.inCubic, 0.5, 0.125), (.outCubic, 0.5, 0.875), (.inOutCubic, 0.25, 0.0625),
      (.inQuart, 0.5, 0.0625), (.outQuart, 0.5, 0.9375), (.inOutQuart, 0.25, 0.03125),
      (.inQuint, 0.5, 0.03125), (.outQuint, 0.5, 0.96875), (.inOutQuint, 0.75, 0.984375),
      (.inSine, 0.5, 1 - 0.5.squareRoot()), (.outSine, 0.5, 0.5.squareRoot()),
      (.inOutSine, 0.5, 0.5), (.inOutSine, 0.25, (1 - 0.5.squareRoot()) / 2),
      (.inExpo, 0.5, 0.03125), (.outExpo, 0.5, 0.96875), (.inOutExpo, 0.25, 0.015625),
      (.inCirc, 0.5, 1 - 0.75.squareRoot()), (.outCirc, 0.5, 0.75.squareRoot()),
      (.inOutCirc, 0.25, (1 - 0.75.squareRoot()) / 2),
      (.inBack, 0.5, -0.0876975), (.outBack, 0.5, 1.0876975), (.inOutBack, 0.25, -0.09968184375),
      // 2^-2.5 * sin(±30°) terms: sin((2.5 - 0.75)·2π/3) = sin(210°) = -0.5.
      (.outElastic, 0.25, 1 - pow(2, -2.5) / 2), (.inElastic, 0.75, pow(2, -2.5) / 2),
      // sin((5 - 11.125)·2π/4.5) = sin(-490°) = -sin(130°) = -sin(50°).
      (.inOutElastic, 0.25, 0.03125 * sin(50 * Double.pi / 180) / 2),
      (.outBounce, 0.5, 0.765625), (.outBounce, 0.2, 0.3025), (.outBounce, 0.9, 0.988125),
      (.inBounce, 0.5, 0.234375), (.inOutBounce, 0.25, 0.1171875),
    ]
    for (easing, t, value) in expected {
      XCTAssertEqual(easing(t), value, accuracy: 1e-9, "\(easing.rawValue)(\(t))")
    }
  }

  func testMatchesPennerOriginalsAcrossTheRange() {
    for easing in Easing.allCases {
      for step in 0...200 {
        let t = Double(step) / 200
        XCTAssertEqual(
          easing(t), PennerOriginal.value(easing.rawValue, t), accuracy: 1e-12, "\(easing.rawValue)(\(t))")
      }
    }
  }

  func testEndpointsAreExact() {
    for easing in Easing.allCases {
      XCTAssertEqual(easing(0), 0, easing.rawValue)
      XCTAssertEqual(easing(1), 1, easing.rawValue)
    }
  }

  func testNamesMatchTheLuaSpelling() {
    XCTAssertEqual(Easing.allNames.count, 31)
    XCTAssertEqual(Easing(name: "in_quad"), .inQuad)
    XCTAssertEqual(Easing(name: "out_back"), .outBack)
    XCTAssertEqual(Easing(name: "in_out_bounce"), .inOutBounce)
    XCTAssertEqual(Easing(name: "in_out_elastic"), .inOutElastic)
    XCTAssertNil(Easing(name: "bouncy"))
    for family in ["quad", "cubic", "quart", "quint", "sine", "expo", "circ", "back", "elastic", "bounce"] {
      for kind in ["in", "out", "in_out"] {
        XCTAssertNotNil(Easing(name: "\(kind)_\(family)"), "\(kind)_\(family)")
      }
    }
  }

  func testProgressIsClamped() {
    XCTAssertEqual(Easing.outBack(-1), 0)
    XCTAssertEqual(Easing.outBack(2), 1)
  }
}

/// Robert Penner's equations in their original ActionScript form with b = 0, c = 1, d = 1.
private enum PennerOriginal {
  static let s = 1.70158

  static func value(_ name: String, _ time: Double) -> Double {
    var t = time
    let b = 0.0
    let c = 1.0
    let d = 1.0
    switch name {
    case "linear": return c * t / d + b
    case "in_quad": t /= d; return c * t * t + b
    case "out_quad": t /= d; return -c * t * (t - 2) + b
    case "in_out_quad":
      t /= d / 2
      if t < 1 { return c / 2 * t * t + b }
      t -= 1
      return -c / 2 * (t * (t - 2) - 1) + b
    case "in_cubic": t /= d; return c * t * t * t + b
    case "out_cubic": t = t / d - 1; return c * (t * t * t + 1) + b
    case "in_out_cubic":
      t /= d / 2
      if t < 1 { return c / 2 * t * t * t + b }
      t -= 2
      return c / 2 * (t * t * t + 2) + b
    case "in_quart": t /= d; return c * t * t * t * t + b
    case "out_quart": t = t / d - 1; return -c * (t * t * t * t - 1) + b
    case "in_out_quart":
      t /= d / 2
      if t < 1 { return c / 2 * t * t * t * t + b }
      t -= 2
      return -c / 2 * (t * t * t * t - 2) + b
    case "in_quint": t /= d; return c * t * t * t * t * t + b
    case "out_quint": t = t / d - 1; return c * (t * t * t * t * t + 1) + b
    case "in_out_quint":
      t /= d / 2
      if t < 1 { return c / 2 * t * t * t * t * t + b }
      t -= 2
      return c / 2 * (t * t * t * t * t + 2) + b
    case "in_sine": return -c * cos(t / d * (Double.pi / 2)) + c + b
    case "out_sine": return c * sin(t / d * (Double.pi / 2)) + b
    case "in_out_sine": return -c / 2 * (cos(Double.pi * t / d) - 1) + b
    case "in_expo": return t == 0 ? b : c * pow(2, 10 * (t / d - 1)) + b
    case "out_expo": return t == d ? b + c : c * (-pow(2, -10 * t / d) + 1) + b
    case "in_out_expo":
      if t == 0 { return b }
      if t == d { return b + c }
      t /= d / 2
      if t < 1 { return c / 2 * pow(2, 10 * (t - 1)) + b }
      t -= 1
      return c / 2 * (-pow(2, -10 * t) + 2) + b
    case "in_circ": t /= d; return -c * ((1 - t * t).squareRoot() - 1) + b
    case "out_circ": t = t / d - 1; return c * (1 - t * t).squareRoot() + b
    case "in_out_circ":
      t /= d / 2
      if t < 1 { return -c / 2 * ((1 - t * t).squareRoot() - 1) + b }
      t -= 2
      return c / 2 * ((1 - t * t).squareRoot() + 1) + b
    case "in_back": t /= d; return c * t * t * ((s + 1) * t - s) + b
    case "out_back": t = t / d - 1; return c * (t * t * ((s + 1) * t + s) + 1) + b
    case "in_out_back":
      let s2 = s * 1.525
      t /= d / 2
      if t < 1 { return c / 2 * (t * t * ((s2 + 1) * t - s2)) + b }
      t -= 2
      return c / 2 * (t * t * ((s2 + 1) * t + s2) + 2) + b
    case "in_elastic":
      if t == 0 { return b }
      t /= d
      if t == 1 { return b + c }
      let p = d * 0.3
      let s = p / 4
      t -= 1
      return -(c * pow(2, 10 * t) * sin((t * d - s) * (2 * Double.pi) / p)) + b
    case "out_elastic":
      if t == 0 { return b }
      t /= d
      if t == 1 { return b + c }
      let p = d * 0.3
      let s = p / 4
      return c * pow(2, -10 * t) * sin((t * d - s) * (2 * Double.pi) / p) + c + b
    case "in_out_elastic":
      if t == 0 { return b }
      t /= d / 2
      if t == 2 { return b + c }
      let p = d * (0.3 * 1.5)
      let s = p / 4
      if t < 1 {
        t -= 1
        return -0.5 * (c * pow(2, 10 * t) * sin((t * d - s) * (2 * Double.pi) / p)) + b
      }
      t -= 1
      return c * pow(2, -10 * t) * sin((t * d - s) * (2 * Double.pi) / p) * 0.5 + c + b
    case "out_bounce": return outBounce(t, b, c, d)
    case "in_bounce": return c - outBounce(d - t, 0, c, d) + b
    case "in_out_bounce":
      if t < d / 2 { return (c - outBounce(d - t * 2, 0, c, d)) * 0.5 + b }
      return outBounce(t * 2 - d, 0, c, d) * 0.5 + c * 0.5 + b
    default:
      XCTFail("no reference for \(name)")
      return .nan
    }
  }

  static func outBounce(_ time: Double, _ b: Double, _ c: Double, _ d: Double) -> Double {
    var t = time / d
    if t < 1 / 2.75 { return c * (7.5625 * t * t) + b }
    if t < 2 / 2.75 {
      t -= 1.5 / 2.75
      return c * (7.5625 * t * t + 0.75) + b
    }
    if t < 2.5 / 2.75 {
      t -= 2.25 / 2.75
      return c * (7.5625 * t * t + 0.9375) + b
    }
    t -= 2.625 / 2.75
    return c * (7.5625 * t * t + 0.984375) + b
  }
}
