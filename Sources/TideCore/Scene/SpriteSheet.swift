/// A sprite sheet: one image cut into regions, each shown by an image sprite or an animation
/// frame named `"<sheet>#<n>"` (1-based, in order) or `"<sheet>#<region name>"`.
///
/// A region is drawn from the key `regionKey` makes of it, so the renderer and the headless
/// size lookup need no sheet table: the key carries the image and the rectangle.
public struct SpriteSheet: Sendable, Equatable {
  /// The image asset cut up (`"hero.png"`).
  public let image: String
  /// The regions in pixels of the image, in order.
  public let regions: [Rect]
  /// Region indices (into `regions`) by name.
  public let names: [String: Int]

  public init(image: String, regions: [Rect], names: [String: Int] = [:]) {
    self.image = image
    self.regions = regions
    self.names = names
  }

  /// The region `name` (after the "#") stands for: a 1-based number or a region's name.
  public func region(_ name: Substring) -> Rect? {
    if let index = names[String(name)] { return regions[index] }
    guard let number = Int(name), number >= 1, number <= regions.count else { return nil }
    return regions[number - 1]
  }

  /// The cells of a grid over an image `imageWidth` × `imageHeight` pixels: `cellWidth` ×
  /// `cellHeight` each, `margin` pixels in from the image's edges and `spacing` between cells,
  /// row by row; only whole cells, at most `limit`.
  public static func grid(
    imageWidth: Double, imageHeight: Double, cellWidth: Double, cellHeight: Double,
    margin: Double = 0, spacing: Double = 0, limit: Int
  ) -> [Rect] {
    guard cellWidth >= 1, cellHeight >= 1 else { return [] }
    var cells: [Rect] = []
    var y = margin
    while y + cellHeight <= imageHeight - margin + 1e-9, cells.count < limit {
      var x = margin
      while x + cellWidth <= imageWidth - margin + 1e-9, cells.count < limit {
        cells.append(Rect(x: x, y: y, width: cellWidth, height: cellHeight))
        x += cellWidth + spacing
      }
      y += cellHeight + spacing
    }
    return cells
  }

  /// The name a renderer draws region `region` of `image` by: `"<image>#<x>,<y>,<w>,<h>"`.
  public static func regionKey(image: String, region: Rect) -> String {
    "\(image)#\(Int(region.x)),\(Int(region.y)),\(Int(region.width)),\(Int(region.height))"
  }

  /// The image and region of a key `regionKey` made; nil for a plain image name.
  public static func parseRegionKey(_ key: String) -> (image: String, region: Rect)? {
    guard let hash = key.lastIndex(of: "#") else { return nil }
    let numbers = key[key.index(after: hash)...].split(separator: ",", omittingEmptySubsequences: false).compactMap { Int($0) }
    guard numbers.count == 4, numbers[0] >= 0, numbers[1] >= 0, numbers[2] > 0, numbers[3] > 0 else { return nil }
    return (
      String(key[..<hash]),
      Rect(x: Double(numbers[0]), y: Double(numbers[1]), width: Double(numbers[2]), height: Double(numbers[3]))
    )
  }
}
