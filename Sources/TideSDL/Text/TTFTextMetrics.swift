import TideCore

/// Text measuring with the fonts that draw it (DejaVu Sans plus Noto Color Emoji), so a text
/// node's box matches its pixels.
///
/// Sizes are rounded to whole pixels, as drawing does. Results are cached per string and size.
final class TTFTextMetrics: TextMetrics {
  private struct Key: Hashable {
    var text: String
    var size: Int
  }

  /// The fonts measured with (shared with the renderers).
  let fonts: FontLibrary
  private var cache: [Key: (width: Double, height: Double)] = [:]

  /// Measures with an existing font library.
  init(fonts: FontLibrary) {
    self.fonts = fonts
  }

  /// Measures with the default system fonts.
  convenience init() throws {
    self.init(fonts: try FontLibrary())
  }

  /// The size of `text` at `size` pixels; lines are separated by "\n".
  func measure(_ text: String, size: Double) -> (width: Double, height: Double) {
    let key = Key(text: text, size: max(1, Int(size.rounded())))
    if let known = cache[key] { return known }
    let layout = fonts.layout(text, pixelSize: key.size)
    let result = (Double(layout.width), Double(layout.height))
    // Scores and timers make endless distinct strings; a full reset is simplest and rare.
    if cache.count > 4096 { cache.removeAll(keepingCapacity: true) }
    cache[key] = result
    return result
  }
}
