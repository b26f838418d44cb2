/// One stretch of a line drawn with a single font: ordinary text (in one of the library's text
/// fonts) or colour emoji.
struct TextRun: Equatable {
  /// Which font draws the run.
  enum Kind: Equatable {
    /// Text font `face` of the chain (0: the first choice, DejaVu Sans).
    case text(Int)
    case emoji
  }

  /// Which font draws the run.
  var kind: Kind
  /// The run's characters; an emoji run draws one cached glyph per scalar.
  var scalars: [Unicode.Scalar]

  /// The run as a string (what SDL_ttf is given for a text run).
  var text: String {
    var view = String.UnicodeScalarView()
    view.append(contentsOf: scalars)
    return String(view)
  }
}
