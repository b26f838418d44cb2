/// The measured shape of a (possibly multi-line) string at one pixel size.
struct TextLayout {
  /// One laid-out piece of a line.
  struct Piece {
    /// The characters and which font draws them.
    var run: TextRun
    /// Width in pixels.
    var width: Int
  }

  /// One line: its pieces left to right and its total width.
  struct Line {
    /// Pieces left to right.
    var pieces: [Piece]
    /// Sum of the pieces' widths, in pixels.
    var width: Int
  }

  /// The lines, top to bottom (split at "\n").
  var lines: [Line]
  /// Font height in pixels (one line's box).
  var lineHeight: Int
  /// Distance between baselines of consecutive lines, in pixels.
  var lineSkip: Int
  /// The face (in the font library) whose line height and baseline the lines keep: a game's
  /// font, or 0, the default chain's first.
  var primaryFace = 0

  /// Width of the widest line.
  var width: Int { lines.map(\.width).max() ?? 0 }
  /// Height of the whole block: one font height plus a line skip per extra line.
  var height: Int { lineHeight + max(0, lines.count - 1) * lineSkip }
}

/// A rectangle of a text block, in its pixels: the part of a text larger than the screen that is
/// drawn (see `FontLibrary.renderSurface`).
struct PixelWindow: Hashable {
  var x: Int
  var y: Int
  var width: Int
  var height: Int
}
