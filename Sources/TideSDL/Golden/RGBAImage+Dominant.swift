import TideCore

extension RGBAImage {
  /// The most common colour of the pixels under `rect` (scene units, `scale` pixels per unit),
  /// nil when the rectangle holds no pixel. Colours are counted in buckets of 8 levels per
  /// channel, so an anti-aliased edge or a gentle gradient does not split the vote; the answer
  /// is the mean of the winning bucket. Sampled on a grid of at most about 4,000 points, which
  /// is plenty for a vote and keeps a whole game's check fast.
  public func dominantColor(in rect: Rect, scale: Double = 1) -> Color? {
    let x0 = max(0, Int((rect.minX * scale).rounded(.down)))
    let y0 = max(0, Int((rect.minY * scale).rounded(.down)))
    let x1 = min(width, Int((rect.maxX * scale).rounded(.up)))
    let y1 = min(height, Int((rect.maxY * scale).rounded(.up)))
    guard x1 > x0, y1 > y0 else { return nil }
    let area = Double((x1 - x0) * (y1 - y0))
    let step = max(1, Int((area / 4000).squareRoot()))
    var counts: [UInt32: (count: Int, r: Int, g: Int, b: Int)] = [:]
    var y = y0
    while y < y1 {
      var x = x0
      while x < x1 {
        let p = pixels[y * width + x]
        let r = Int((p >> 16) & 0xFF)
        let g = Int((p >> 8) & 0xFF)
        let b = Int(p & 0xFF)
        let key = UInt32((r >> 3) << 10 | (g >> 3) << 5 | (b >> 3))
        let old = counts[key] ?? (0, 0, 0, 0)
        counts[key] = (old.count + 1, old.r + r, old.g + g, old.b + b)
        x += step
      }
      y += step
    }
    guard let best = counts.values.max(by: { $0.count < $1.count }) else { return nil }
    let n = Double(best.count) * 255
    return Color(r: Double(best.r) / n, g: Double(best.g) / n, b: Double(best.b) / n)
  }
}
