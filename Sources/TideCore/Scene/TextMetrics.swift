/// Measures text so text nodes know their size; the SDL backend supplies a TTF-based one.
public protocol TextMetrics {
  /// The size of `text` drawn at `size` points in the default fonts; lines are separated by "\n".
  func measure(_ text: String, size: Double) -> (width: Double, height: Double)
  /// The size of `text` drawn at `size` points with the font file at `font` (an absolute path)
  /// first, the default fonts for what it lacks; an empty `font` means the default fonts.
  func measure(_ text: String, size: Double, font: String) -> (width: Double, height: Double)
}

extension TextMetrics {
  /// Metrics that know no font files measure every font as the default ones.
  public func measure(_ text: String, size: Double, font: String) -> (width: Double, height: Double) {
    measure(text, size: size)
  }
}

/// `base` measuring with one font file, for code that measures without naming a font
/// (`TextFitter`): a node with its own font fits its text with that font's widths.
struct OneFontMetrics: TextMetrics {
  let base: any TextMetrics
  let font: String

  func measure(_ text: String, size: Double) -> (width: Double, height: Double) {
    base.measure(text, size: size, font: font)
  }
}
