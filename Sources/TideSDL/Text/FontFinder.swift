import CFontconfig
import Foundation

/// Finds installed font files by family name through fontconfig.
///
/// The text is drawn with a chain of fonts, because SDL_ttf has no fallback of its own: each
/// character takes the first font of `textFamilies` that has it, and colour emoji come from
/// `emojiFamily`. The last text font covers Chinese, Japanese and Korean, so a child's name in
/// any of them shows instead of empty boxes.
public enum FontFinder {
  /// The text fonts, first choice first: Latin, Greek and Cyrillic, then CJK (Debian's
  /// fonts-dejavu-core and fonts-noto-cjk; `Scripts/setup` installs both).
  static let textFamilies = ["DejaVu Sans", "Noto Sans CJK SC"]
  /// Colour emoji (Debian's fonts-noto-color-emoji).
  static let emojiFamily = "Noto Color Emoji"

  /// The files of every font a game's text may be drawn with, as fontconfig finds them here:
  /// what a bundle for a machine without them must carry.
  public static func gameFontFiles() -> [String] {
    var files = (textFamilies + [emojiFamily]).compactMap { face(family: $0)?.path }
    if files.isEmpty { files = [FontLibrary.defaultTextFontPath, FontLibrary.defaultEmojiFontPath] }
    return Array(Set(files)).sorted()
  }

  /// A font file and the face in it (a `.ttc` holds several).
  struct Face: Equatable {
    var path: String
    var index: Int
  }

  private static let lock = NSLock()
  nonisolated(unsafe) private static var found: [String: Face?] = [:]
  /// fontconfig's configuration, loaded once a process: parsing it is most of a lookup's cost.
  nonisolated(unsafe) private static var config: OpaquePointer?

  /// The file of the installed font whose family is `family`, or nil when there is none: a
  /// match fontconfig makes by substituting another family does not count, since its glyphs
  /// and metrics would be some other font's. Asked once per family in a process.
  static func face(family: String) -> Face? {
    lock.withLock {
      if let known = found[family] { return known }
      if let remembered = FontMemo.shared.face(family: family) {
        found[family] = remembered
        return remembered
      }
      let face = lookUp(family)
      found[family] = face
      if let face { FontMemo.shared.remember(face, family: family) }
      return face
    }
  }

  private static func lookUp(_ family: String) -> Face? {
    if config == nil { config = FcInitLoadConfigAndFonts() }
    guard let config, let pattern = FcPatternCreate() else { return nil }
    defer { FcPatternDestroy(pattern) }
    _ = family.withCString { name in
      name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) { FcPatternAddString(pattern, FC_FAMILY, $0) }
    }
    FcConfigSubstitute(config, pattern, FcMatchPattern)
    FcDefaultSubstitute(pattern)
    var result = FcResultNoMatch
    guard let match = FcFontMatch(config, pattern, &result) else { return nil }
    defer { FcPatternDestroy(match) }
    var families: [String] = []
    var index: Int32 = 0
    var value: UnsafeMutablePointer<FcChar8>?
    while FcPatternGetString(match, FC_FAMILY, index, &value) == FcResultMatch, let value {
      families.append(String(cString: value))
      index += 1
    }
    guard families.contains(where: { $0.caseInsensitiveCompare(family) == .orderedSame }),
      FcPatternGetString(match, FC_FILE, 0, &value) == FcResultMatch, let file = value
    else { return nil }
    var faceIndex: Int32 = 0
    if FcPatternGetInteger(match, FC_INDEX, 0, &faceIndex) != FcResultMatch { faceIndex = 0 }
    return Face(path: String(cString: file), index: Int(faceIndex))
  }
}
