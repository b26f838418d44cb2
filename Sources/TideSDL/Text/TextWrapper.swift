/// Greedy word wrapping against real font widths (for the error overlay).
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
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var current = ""
      for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
        let candidate = current.isEmpty ? String(word) : current + " " + word
        if fits(candidate) {
          current = candidate
          continue
        }
        if !current.isEmpty { lines.append(current) }
        current = ""
        for character in word {
          let longer = current + String(character)
          if !current.isEmpty && !fits(longer) {
            lines.append(current)
            current = String(character)
          } else {
            current = longer
          }
        }
      }
      lines.append(current)
    }
    return lines
  }

  private func fits(_ line: String) -> Bool {
    fonts.layout(line, pixelSize: pixelSize).width <= maxWidth
  }
}
