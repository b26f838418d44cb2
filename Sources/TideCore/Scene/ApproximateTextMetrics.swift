/// Font-free text metrics: deterministic widths from character classes.
///
/// Games measure text with the fonts the window draws with everywhere, headless included
/// (TideSDL's `GameFonts`). These stand in only where no font can load: TideCore's and
/// TideScript's own unit tests, which cannot link SDL, and a machine without the fonts (the
/// commands say so).
///
/// Narrow characters are `narrowAdvance` × size wide, wide ones (CJK, emoji) `wideAdvance` ×
/// size; each line is `lineHeight` × size tall. The numbers resemble DejaVu Sans closely enough
/// for layout, and never change, so those unit tests are stable.
public struct ApproximateTextMetrics: TextMetrics, Sendable {
  /// Advance of an ordinary character, as a fraction of the font size.
  public var narrowAdvance: Double
  /// Advance of a wide character (CJK, emoji), as a fraction of the font size.
  public var wideAdvance: Double
  /// Line height as a fraction of the font size.
  public var lineHeight: Double

  /// Creates metrics with the given proportions.
  public init(narrowAdvance: Double = 0.6, wideAdvance: Double = 1.2, lineHeight: Double = 1.2) {
    self.narrowAdvance = narrowAdvance
    self.wideAdvance = wideAdvance
    self.lineHeight = lineHeight
  }

  /// The size of `text` at `size` points.
  public func measure(_ text: String, size: Double) -> (width: Double, height: Double) {
    if let ascii = measureASCII(text) { return (ascii.widest * size, Double(ascii.lines) * lineHeight * size) }
    var widest = 0.0
    var lines = 0
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      lines += 1
      var advance = 0.0
      for character in line {
        advance += isWide(character) ? wideAdvance : narrowAdvance
      }
      widest = max(widest, advance)
    }
    return (widest * size, Double(max(lines, 1)) * lineHeight * size)
  }

  /// `measure` for ASCII text without "\r" (labels, scores: most text measured per tick): there
  /// each byte is one character and a narrow one, so the bytes are counted instead of walking
  /// grapheme clusters, which cost a played game 2%. The advances are added one by one as the
  /// general path adds them, so widths are the same to the last bit. Nil for any other text
  /// ("\r\n" is one character, so it takes the general path).
  private func measureASCII(_ text: String) -> (widest: Double, lines: Int)? {
    var widest = 0.0
    var advance = 0.0
    var lines = 1
    for byte in text.utf8 {
      if byte >= 0x80 || byte == 0x0D { return nil }
      if byte == 0x0A {
        widest = max(widest, advance)
        advance = 0
        lines += 1
      } else {
        advance += narrowAdvance
      }
    }
    return (max(widest, advance), lines)
  }

  private func isWide(_ character: Character) -> Bool {
    guard let first = character.unicodeScalars.first else { return false }
    if first.properties.isEmojiPresentation { return true }
    if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return true }
    // CJK, Hangul and fullwidth forms take a full em.
    switch first.value {
    case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF00...0xFF60:
      return true
    default:
      return false
    }
  }
}
