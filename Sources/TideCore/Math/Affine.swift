import Foundation

/// A 2D affine transform: `x' = a*x + c*y + tx`, `y' = b*x + d*y + ty`.
///
/// Composition reads right to left like matrices: `(p * q).apply(v) == p.apply(q.apply(v))`,
/// so a world transform is `parent.world * child.local`.
public struct Affine: Hashable, Sendable, CustomStringConvertible {
  /// Matrix entry row 0, column 0.
  public var a: Double
  /// Matrix entry row 1, column 0.
  public var b: Double
  /// Matrix entry row 0, column 1.
  public var c: Double
  /// Matrix entry row 1, column 1.
  public var d: Double
  /// Horizontal translation.
  public var tx: Double
  /// Vertical translation.
  public var ty: Double

  /// Creates a transform from its six entries.
  @inlinable public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.tx = tx
    self.ty = ty
  }

  /// The transform that changes nothing.
  public static let identity = Affine(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  /// A pure translation.
  public static func translate(_ x: Double, _ y: Double) -> Affine {
    Affine(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
  }

  /// A rotation by `degrees`, clockwise on screen because y grows downward.
  public static func rotate(degrees: Double) -> Affine {
    let radians = degrees * .pi / 180
    let cosine = cos(radians)
    let sine = sin(radians)
    return Affine(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
  }

  /// A scale about the origin.
  public static func scale(_ x: Double, _ y: Double) -> Affine {
    Affine(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
  }

  /// Composes two transforms; the right operand applies first. Inlinable: the renderer composes
  /// the view with every item of every band, every frame.
  @inlinable public static func * (lhs: Affine, rhs: Affine) -> Affine {
    Affine(
      a: lhs.a * rhs.a + lhs.c * rhs.b,
      b: lhs.b * rhs.a + lhs.d * rhs.b,
      c: lhs.a * rhs.c + lhs.c * rhs.d,
      d: lhs.b * rhs.c + lhs.d * rhs.d,
      tx: lhs.a * rhs.tx + lhs.c * rhs.ty + lhs.tx,
      ty: lhs.b * rhs.tx + lhs.d * rhs.ty + lhs.ty)
  }

  /// Maps a point through the transform.
  @inline(__always)
  public func apply(_ p: Vec2) -> Vec2 {
    Vec2(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
  }

  /// Maps a direction (ignores translation).
  public func applyVector(_ v: Vec2) -> Vec2 {
    Vec2(a * v.x + c * v.y, b * v.x + d * v.y)
  }

  /// The determinant; zero means the transform squashes the plane to a line or point.
  public var determinant: Double { a * d - b * c }

  /// The lowest and highest y of the box (0, 0, width, height) once mapped: the rows a drawn
  /// box covers, whatever its turn.
  @inlinable
  public func yExtent(width: Double, height: Double) -> (top: Double, bottom: Double) {
    let across = b * width
    let down = d * height
    return (ty + min(0, across) + min(0, down), ty + max(0, across) + max(0, down))
  }

  /// The inverse transform, or nil when the transform is singular (e.g. a zero scale).
  public func inverted() -> Affine? {
    let det = determinant
    guard det != 0, det.isFinite else { return nil }
    let inv = 1 / det
    return Affine(
      a: d * inv, b: -b * inv, c: -c * inv, d: a * inv,
      tx: (c * ty - d * tx) * inv,
      ty: (b * tx - a * ty) * inv)
  }

  /// Short form used in test failures and logs.
  public var description: String { "Affine(\(a), \(b), \(c), \(d), \(tx), \(ty))" }
}
