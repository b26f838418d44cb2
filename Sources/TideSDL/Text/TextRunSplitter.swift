/// Splits a line into runs of one font each, because SDL_ttf has no font fallback: text runs
/// name the first text font that has their characters, emoji runs the emoji font.
///
/// A character is emoji when the emoji font has it and either U+FE0F, a skin-tone modifier or a
/// ZWJ follows it, it defaults to emoji presentation, or no text font has it. U+FE0E forces
/// text. A character no font has is drawn by the first text font (its missing-glyph box). Joiners and selectors are
/// dropped (without shaping, a ZWJ sequence shows as its parts), as are skin-tone modifiers
/// and tag characters, which would otherwise show as stray swatches.
struct TextRunSplitter {
  /// The text font that draws ASCII and what no font has (a game's own font, or 0, the first
  /// of the default chain).
  var primary = 0
  /// The first text font with a glyph for the code point (`primary` when it has one), or nil.
  let textFace: (UInt32) -> Int?
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
      let kind: TextRun.Kind = isEmoji(value, next: next) ? .emoji : .text((value < 0x80 ? primary : textFace(value)) ?? primary)
      if let last = runs.indices.last, runs[last].kind == kind {
        runs[last].scalars.append(scalar)
      } else {
        runs.append(TextRun(kind: kind, scalars: [scalar]))
      }
    }
    return runs
  }

  /// The text fonts are asked last: a character that is emoji by default never makes the
  /// library look for a fallback font it does not need.
  private func isEmoji(_ value: UInt32, next: UInt32) -> Bool {
    if value < 0x80 || next == Self.variationText { return false }
    guard hasEmojiGlyph(value) else { return false }
    return Self.asksForEmoji(next) || EmojiPresentation.isDefault(value) || textFace(value) == nil
  }
}
