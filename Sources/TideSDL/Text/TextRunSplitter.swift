/// Splits a line into text and emoji runs, because SDL_ttf has no font fallback.
///
/// A character is emoji when the emoji font has it and either U+FE0F, a skin-tone modifier or a
/// ZWJ follows it, it defaults to emoji presentation, or the text font lacks it. U+FE0E forces text. Joiners and selectors are
/// dropped (without shaping, a ZWJ sequence shows as its parts), as are skin-tone modifiers
/// and tag characters, which would otherwise show as stray swatches.
struct TextRunSplitter {
  /// Whether the text font (DejaVu Sans) has a glyph for the code point.
  let hasTextGlyph: (UInt32) -> Bool
  /// Whether the emoji font (Noto Color Emoji) has a glyph for the code point.
  let hasEmojiGlyph: (UInt32) -> Bool

  private static let variationText: UInt32 = 0xFE0E
  private static let variationEmoji: UInt32 = 0xFE0F
  private static let zeroWidthJoiner: UInt32 = 0x200D

  private static let skinTones: ClosedRange<UInt32> = 0x1F3FB...0x1F3FF

  /// Whether a scalar is never drawn on its own.
  private static func isDropped(_ value: UInt32) -> Bool {
    value == variationText || value == variationEmoji || value == zeroWidthJoiner
      || skinTones.contains(value) || (0xE0020...0xE007F).contains(value)
  }

  /// Whether a scalar after a character asks for its emoji form ("✌🏽" is the emoji hand).
  private static func asksForEmoji(_ value: UInt32) -> Bool {
    value == variationEmoji || value == zeroWidthJoiner || skinTones.contains(value)
  }

  /// The runs of one line, in order; adjacent characters of the same kind share a run.
  func split(_ line: Substring) -> [TextRun] {
    let scalars = Array(line.unicodeScalars)
    var runs: [TextRun] = []
    for (index, scalar) in scalars.enumerated() {
      let value = scalar.value
      if Self.isDropped(value) { continue }
      let next = index + 1 < scalars.count ? scalars[index + 1].value : 0
      let kind: TextRun.Kind = isEmoji(value, next: next) ? .emoji : .text
      if let last = runs.indices.last, runs[last].kind == kind {
        runs[last].scalars.append(scalar)
      } else {
        runs.append(TextRun(kind: kind, scalars: [scalar]))
      }
    }
    return runs
  }

  private func isEmoji(_ value: UInt32, next: UInt32) -> Bool {
    if value < 0x80 || next == Self.variationText { return false }
    guard hasEmojiGlyph(value) else { return false }
    return Self.asksForEmoji(next) || EmojiPresentation.isDefault(value) || !hasTextGlyph(value)
  }
}
