import TideCore

/// Fits the design area into the drawable pixels, keeping its aspect ratio, centred with bars.
struct Letterbox: Equatable {
  /// Drawable pixels per design unit.
  var scale: Double
  /// Left edge of the design area, in drawable pixels.
  var x: Double
  /// Top edge of the design area, in drawable pixels.
  var y: Double
  /// Width of the design area, in drawable pixels.
  var width: Double
  /// Height of the design area, in drawable pixels.
  var height: Double

  /// The largest centred fit of `design` into `output` pixels (offsets rounded to whole pixels).
  init(design: Vec2, outputWidth: Int, outputHeight: Int) {
    let safeWidth = max(design.x, 1)
    let safeHeight = max(design.y, 1)
    scale = min(Double(outputWidth) / safeWidth, Double(outputHeight) / safeHeight)
    width = safeWidth * scale
    height = safeHeight * scale
    x = ((Double(outputWidth) - width) / 2).rounded(.down)
    y = ((Double(outputHeight) - height) / 2).rounded(.down)
  }

  /// Design coordinates to drawable pixels.
  var view: Affine { Affine(a: scale, b: 0, c: 0, d: scale, tx: x, ty: y) }

  /// Drawable pixels back to design coordinates (pointer mapping).
  func toDesign(_ pixel: Vec2) -> Vec2 {
    Vec2((pixel.x - x) / scale, (pixel.y - y) / scale)
  }

  /// A window size for `design` that fits within `usable` (a display's usable area): the
  /// design size when it fits, else scaled down evenly with a margin for window decorations.
  static func windowSize(design: Vec2, usableWidth: Int, usableHeight: Int) -> (Int, Int) {
    let width = max(design.x, 1)
    let height = max(design.y, 1)
    if width <= Double(usableWidth) && height <= Double(usableHeight) {
      return (Int(width.rounded()), Int(height.rounded()))
    }
    let margin = 0.92
    let fit = min(Double(usableWidth) * margin / width, Double(usableHeight) * margin / height)
    return (max(1, Int((design.x * fit).rounded())), max(1, Int((design.y * fit).rounded())))
  }
}
