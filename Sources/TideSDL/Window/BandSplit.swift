import TideCore

/// Where to cut the window's rows into bands so that each band has about the same drawing
/// work, estimated from the draw list before anything is drawn.
///
/// Equal bands would leave one thread idle half the time: sprites bunch up (in the bunnymark
/// they fall to the floor, and the lower half of the window had twice the upper half's work).
/// The estimate is each item's pixel area plus a fixed cost per call, spread evenly over the
/// rows its box covers, plus the background fill of every row. It depends only on the draw
/// list, so a given scene is always cut the same way.
///
/// A cut must not change a pixel. SDL clips a blit of an image at its own size and a shape
/// exactly, but a scaled image clipped by the band's edge is resampled from a rounded part of
/// the source, so it shifts by a fraction of a pixel. So no cut goes through an image or text
/// drawn scaled or turned (turned ones are not known to clip exactly): the cut moves to the
/// nearest row clear of them, and when there is none, two bands become one.
enum BandSplit {
  /// What drawing one item costs besides its pixels (the SDL call, clipping), in pixels.
  static let costPerItem = 200.0
  /// What the plain background fill costs per pixel, against 1 for a blended one.
  static let fillCost = 0.1

  /// The row ranges of `count` bands over `height` rows, in order, covering every row once.
  ///
  /// `imageSize` gives an image's size in pixels (nil when unknown), to tell images drawn at
  /// their own size from scaled ones.
  static func bands(
    for items: [DrawItem], view: Affine, width: Int, height: Int, count: Int,
    imageSize: (String) -> Vec2?
  ) -> [Range<Int>] {
    var survey = Survey(surveying: false)
    return bands(for: items, view: view, width: width, height: height, count: count, imageSize: imageSize, survey: &survey)
  }

  /// What the bands' renderers need of the whole list besides the cuts, gathered in the same
  /// walk over it: every item read once a frame, not once per band and once more for the bound.
  struct Survey {
    /// Whether to gather anything (the cuts alone otherwise).
    var surveying = true
    /// Each item's `NodeRenderer.reach`, in list order; empty when not gathered.
    var reach: [NodeRenderer.Reach] = []
    /// The list's `NodeRenderer.coverageBound`; nil when not gathered.
    var bound: NodeRenderer.CoverageBound?
  }

  /// The cuts, as above, with `survey` filled in for the same `view` and output size when it
  /// asks (left empty when there is a single band).
  static func bands(
    for items: [DrawItem], view: Affine, width: Int, height: Int, count: Int,
    imageSize: (String) -> Vec2?, survey: inout Survey
  ) -> [Range<Int>] {
    let surveying = survey.surveying
    survey.reach.removeAll(keepingCapacity: true)
    survey.bound = nil
    guard count > 1, height >= count else { return [0..<max(height, 0)] }
    var bound = NodeRenderer.CoverageBound(width: Int32(clamping: width), height: Int32(clamping: height), pixels: 0, points: 0)
    if surveying { survey.reach.reserveCapacity(items.count) }
    // Work per row, as a difference array: each item adds its cost per row over its rows.
    var delta = [Double](repeating: 0, count: height + 1)
    // How many scaled items a cut above each row would go through, likewise.
    var crossing = [Int](repeating: 0, count: height + 1)
    // Sprites come in runs of one image: look its size up once per run.
    var lastImage: (name: String, size: Vec2?)?
    func cachedSize(_ name: String) -> Vec2? {
      if let last = lastImage, last.name == name { return last.size }
      let size = imageSize(name)
      lastImage = (name, size)
      return size
    }
    // Read where they lie, so that no item is copied (see `NodeRenderer.draw`).
    items.withUnsafeBufferPointer { buffer in
      guard let first = buffer.baseAddress else { return }
      for index in buffer.indices {
        let item = first + index
        let t = view * item.pointee.transform
        if surveying {
          survey.reach.append(NodeRenderer.reach(item, transform: t, view: view))
          bound.add(item, transform: t)
        }
        var boxWidth = item.pointee.look.width
        var boxHeight = item.pointee.look.height
        if boxWidth <= 0 || boxHeight <= 0 {
          // An image drawn at its file's size, or text with no measured box: a rough guess.
          boxWidth = max(boxWidth, 32)
          boxHeight = max(boxHeight, 32)
        }
        let extent = t.yExtent(width: boxWidth, height: boxHeight)
        // Clamped before converting: a script may move a sprite to 1e300 (or NaN, left out).
        guard extent.top.isFinite, extent.bottom.isFinite else { continue }
        let top = Int(min(max(extent.top.rounded(.down), 0), Double(height)))
        let bottom = Int(min(max(extent.bottom.rounded(.up), 0), Double(height)))
        guard bottom > top else { continue }
        let rows = Double(bottom - top)
        let area = abs(t.a * t.d - t.b * t.c) * boxWidth * boxHeight
        // Only the part on screen is drawn: at most the full width of each covered row.
        let perRow = (min(area / rows, Double(width)) + costPerItem / rows)
        delta[top] += perRow
        delta[bottom] -= perRow
        if bottom - top >= 2 && isScaled(item, transform: t, imageSize: cachedSize) {
          crossing[top + 1] += 1
          crossing[bottom] -= 1
        }
      }
    }
    if surveying { survey.bound = bound }
    // Summed up, the differences give how many scaled items a cut above each row goes through.
    for row in 1...height { crossing[row] += crossing[row - 1] }
    var total = 0.0
    var perRow = 0.0
    var cumulative = [Double](repeating: 0, count: height)
    let fill = Double(width) * fillCost
    for row in 0..<height {
      perRow += delta[row]
      total += perRow + fill
      cumulative[row] = total
    }
    var result: [Range<Int>] = []
    var start = 0
    var row = 0
    for band in 1..<count {
      let target = total * Double(band) / Double(count)
      while row < height && cumulative[row] < target { row += 1 }
      // Every band keeps at least one row, whatever the estimate.
      let ideal = min(max(row + 1, start + 1), height - (count - band))
      guard let end = nearestClear(to: ideal, in: (start + 1)...(height - (count - band)), crossing)
      else { continue }
      result.append(start..<end)
      start = end
    }
    result.append(start..<height)
    return result
  }

  /// The row in `range` nearest to `ideal` that no scaled item crosses.
  private static func nearestClear(to ideal: Int, in range: ClosedRange<Int>, _ crossing: [Int])
    -> Int?
  {
    guard !range.isEmpty else { return nil }
    var distance = 0
    while ideal - distance >= range.lowerBound || ideal + distance <= range.upperBound {
      for row in [ideal - distance, ideal + distance] where range.contains(row) && crossing[row] == 0 {
        return row
      }
      distance += 1
    }
    return nil
  }

  /// Whether the item's texture may be resampled when drawn: anything but an image at its own
  /// size or text at its size, moved without a turn. Shapes are drawn exactly.
  /// `t` is the item's transform with the view's applied.
  private static func isScaled(
    _ item: UnsafePointer<DrawItem>, transform t: Affine, imageSize: (String) -> Vec2?
  ) -> Bool {
    switch item.pointee.look.kind {
    case .rect, .circle, .group, .line, .polygon, .particles:
      return false
    case .text:
      // Text is rendered at the view's scale, so only the item's own scale or turn resamples.
      let own = item.pointee.transform
      return !(abs(own.a - 1) < 1e-9 && abs(own.d - 1) < 1e-9 && abs(own.b) < 1e-9
        && abs(own.c) < 1e-9)
    case .image:
      guard abs(t.b) < 1e-9, abs(t.c) < 1e-9, let name = item.pointee.look.image,
        let size = imageSize(name)
      else { return true }
      let (width, height) = (item.pointee.look.width, item.pointee.look.height)
      let drawn = width == 0 && height == 0 ? size : Vec2(width, height)
      return abs(drawn.x * t.a - size.x) > 1e-6 || abs(drawn.y * t.d - size.y) > 1e-6
    }
  }
}
