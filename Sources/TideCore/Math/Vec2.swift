/// A 2D point or vector in design coordinates (y grows downward).
public struct Vec2: Hashable, Sendable, CustomStringConvertible {
  /// Horizontal component.
  public var x: Double
  /// Vertical component (down is positive).
  public var y: Double

  /// Creates a vector from its components.
  public init(_ x: Double, _ y: Double) {
    self.x = x
    self.y = y
  }

  /// Creates a vector from labelled components.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The origin.
  public static let zero = Vec2(0, 0)

  /// Euclidean length.
  public var length: Double { (x * x + y * y).squareRoot() }

  /// Distance to another point.
  public func distance(to other: Vec2) -> Double { (self - other).length }

  /// Short form used in test failures and logs.
  public var description: String { "(\(x), \(y))" }

  /// Component-wise sum.
  public static func + (lhs: Vec2, rhs: Vec2) -> Vec2 { Vec2(lhs.x + rhs.x, lhs.y + rhs.y) }
  /// Component-wise difference.
  public static func - (lhs: Vec2, rhs: Vec2) -> Vec2 { Vec2(lhs.x - rhs.x, lhs.y - rhs.y) }
  /// Scales both components.
  public static func * (lhs: Vec2, rhs: Double) -> Vec2 { Vec2(lhs.x * rhs, lhs.y * rhs) }
  /// Negates both components.
  public static prefix func - (v: Vec2) -> Vec2 { Vec2(-v.x, -v.y) }
  /// Adds in place.
  public static func += (lhs: inout Vec2, rhs: Vec2) { lhs = lhs + rhs }
  /// Subtracts in place.
  public static func -= (lhs: inout Vec2, rhs: Vec2) { lhs = lhs - rhs }
}

extension Vec2 {
  /// A screen size written `WxH` (`375x667`, `X` too), each side within `Limits.screenSide`; nil
  /// otherwise. The one reading of a size, for `--size`, conf.lua's `sizes` and `@size`.
  public init?(size text: String) {
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false).map { Double($0) }
    guard parts.count == 2, let w = parts[0], let h = parts[1], Limits.screenSide.contains(w), Limits.screenSide.contains(h)
    else { return nil }
    self.init(x: w, y: h)
  }
}
