/// One stretch of a line drawn with a single font: ordinary text (DejaVu Sans) or colour emoji.
struct TextRun: Equatable {
  /// Which font draws the run.
  enum Kind: Equatable {
    case text
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
