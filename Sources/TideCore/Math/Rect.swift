/// An axis-aligned rectangle with its origin at the top-left corner.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
  /// Left edge.
  public var x: Double
  /// Top edge.
  public var y: Double
  /// Extent to the right of `x`.
  public var width: Double
  /// Extent below `y`.
  public var height: Double

  /// Creates a rectangle from its top-left corner and size.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The empty rectangle at the origin.
  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  /// Left edge.
  public var minX: Double { x }
  /// Top edge.
  public var minY: Double { y }
  /// Right edge.
  public var maxX: Double { x + width }
  /// Bottom edge.
  public var maxY: Double { y + height }
  /// Centre point.
  public var center: Vec2 { Vec2(x + width / 2, y + height / 2) }

  /// The four corners clockwise from the top-left.
  public var corners: [Vec2] {
    [Vec2(minX, minY), Vec2(maxX, minY), Vec2(maxX, maxY), Vec2(minX, maxY)]
  }

  /// Whether `p` lies inside or on the edge.
  public func contains(_ p: Vec2) -> Bool {
    p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY
  }

  /// Whether `other` lies wholly inside (edges may touch).
  public func contains(_ other: Rect) -> Bool {
    other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
  }

  /// Whether the two rectangles overlap with positive area.
  public func intersects(_ other: Rect) -> Bool {
    other.minX < maxX && other.maxX > minX && other.minY < maxY && other.maxY > minY
  }

  /// The smallest rectangle around `points`; nil when there are none.
  public static func bounding(_ points: [Vec2]) -> Rect? {
    guard var minX = points.first?.x, var minY = points.first?.y else { return nil }
    var maxX = minX
    var maxY = minY
    for p in points {
      minX = min(minX, p.x)
      maxX = max(maxX, p.x)
      minY = min(minY, p.y)
      maxY = max(maxY, p.y)
    }
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  /// Short form used in test failures and logs.
  public var description: String { "Rect(\(x), \(y), \(width)x\(height))" }
}
