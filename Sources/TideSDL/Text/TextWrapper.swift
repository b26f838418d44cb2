import TideCore

/// Greedy word wrapping against real font widths (for the error overlay): the engine's own
/// `TextFitter` wrapping, measured in pixels with the fonts that draw the overlay.
struct TextWrapper {
  /// Fonts that measure.
  let fonts: FontLibrary
  /// Pixel size measured at.
  let pixelSize: Int
  /// Widest line allowed, in pixels.
  let maxWidth: Int

  /// The lines of `text`: each "\n"-separated paragraph broken at spaces, and long words
  /// broken between characters, so nothing runs past `maxWidth`.
  func wrap(_ text: String) -> [String] {
    TextFitter(metrics: TTFTextMetrics(fonts: fonts)).wrap(text, size: Double(pixelSize), width: Double(maxWidth))
  }
}
