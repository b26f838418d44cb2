import CSDL2
import Foundation
import TideCore

/// Fonts and emoji glyphs shared by text measuring and drawing: a chain of text fonts
/// (`FontFinder.textFamilies`: DejaVu Sans, then Noto Sans CJK) and Noto Color Emoji.
///
/// Thread-safe: the window draws its bands on several threads at once, each with its own text
/// textures, and FreeType faces must not be used by two threads together, so `layout` and
/// `renderSurface` take one lock for all SDL_ttf work and the caches here.
public final class FontLibrary: @unchecked Sendable {
  private let lock = NSLock()
  /// Where Debian's fonts-dejavu-core puts the text font, when fontconfig cannot say.
  public static let defaultTextFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
  /// Where Debian's fonts-noto-color-emoji puts the emoji font, when fontconfig cannot say.
  public static let defaultEmojiFontPath = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"

  /// The text fonts: the default chain, first choice first (a character is drawn with the
  /// first that has it), and the games' own font files, each opened when first named.
  private var faces: [FontFinder.Face]
  /// Games' font files by path: their index in `faces`, or 0 (the default font) for a file
  /// SDL_ttf cannot open, which then draws in the default fonts.
  private var gameFaces: [String: Int] = [:]
  /// The indices in `faces` of games' font files, which are no fallback for other text.
  private var gameFaceIndices: Set<Int> = []
  /// Families to add to `faces` the first time a character is missing from all of them: most
  /// games never need the CJK font, and finding it costs a headless run noticeable time.
  private var laterFamilies: [String] = []
  private let emojiFont: OpaquePointer?
  /// Open text fonts, by face (an index into `faces`) and pixel size.
  private var textFonts: [FaceSize: OpaquePointer] = [:]

  private struct FaceSize: Hashable {
    var face: Int
    var size: Int
  }
  /// Emoji glyphs at the font's single bitmap strike (~136×128), rendered once.
  private var emojiStrikes: [UInt32: UnsafeMutablePointer<SDL_Surface>] = [:]
  /// Emoji glyphs shrunk to a line height, keyed by code point and height.
  private var emojiScaled: [EmojiKey: UnsafeMutablePointer<SDL_Surface>] = [:]
  /// Bytes of pixels in `emojiStrikes` and in `emojiScaled`: each cache is emptied before it
  /// would pass `emojiCacheBytes` (every emoji at every size would be gigabytes).
  private var strikeBytes = 0
  private var scaledBytes = 0
  private let emojiCacheBytes: Int
  /// Sizes of laid-out strings, for every measurer over this library: the engines of a
  /// process (a bot's games, a run of tests) measure the same labels over and over, and laying
  /// a string out with SDL_ttf is most of what measuring costs. Keyed by text and pixel size.
  private var measured: [MeasureKey: (width: Int, height: Int)] = [:]
  /// Bytes of text held as keys of `measured`.
  private var measuredBytes = 0
  /// `measured` starts afresh past this many entries or bytes of text: scores and timers make
  /// endless distinct strings.
  static let measuredEntryLimit = 8192
  static let measuredByteLimit = 4 << 20

  private struct MeasureKey: Hashable {
    var text: String
    var size: Int
    var font: String
  }

  /// Bumped when a game's font file changed on disk (`reload(fontFile:)`), so renderers drop
  /// the text they drew with the old one.
  var changeCount: Int { lock.withLock { changes } }
  private var changes = 0

  /// Text font sizes open, and bytes of emoji bitmaps at the strike and scaled (for tests).
  var cacheSizes: (fonts: Int, strikeBytes: Int, scaledBytes: Int) {
    lock.withLock { (textFonts.count, strikeBytes, scaledBytes) }
  }

  private struct EmojiKey: Hashable {
    var scalar: UInt32
    var height: Int
  }

  /// Opens the fonts, found by fontconfig: a missing first text font is an error, a missing
  /// fallback only loses the characters it would draw, a missing emoji font only loses colour.
  public convenience init(emojiCacheBytes: Int = Limits.emojiCacheBytes) throws {
    let text = FontFinder.textFamilies.first.flatMap(FontFinder.face(family:))
      ?? FontFinder.Face(path: FontLibrary.defaultTextFontPath, index: 0)
    let emoji = FontFinder.face(family: FontFinder.emojiFamily)?.path ?? FontLibrary.defaultEmojiFontPath
    try self.init(faces: [text], emojiFontPath: emoji, emojiCacheBytes: emojiCacheBytes)
    laterFamilies = Array(FontFinder.textFamilies.dropFirst())
  }

  /// The files the window draws text from, as `init()` finds them: the text font, the emoji
  /// font and the CJK fallback (nil when not installed). `tide run --serve` hands them to the
  /// page so its text looks as the window's.
  public static func fontFiles() -> (text: String, emoji: String, cjk: String?) {
    let text = FontFinder.textFamilies.first.flatMap(FontFinder.face(family:))?.path ?? defaultTextFontPath
    let emoji = FontFinder.face(family: FontFinder.emojiFamily)?.path ?? defaultEmojiFontPath
    return (text, emoji, FontFinder.textFamilies.dropFirst().lazy.compactMap(FontFinder.face(family:)).first?.path)
  }

  /// Opens these text fonts (first choice first) and emoji font.
  init(faces: [FontFinder.Face], emojiFontPath: String, emojiCacheBytes: Int = Limits.emojiCacheBytes) throws {
    self.emojiCacheBytes = emojiCacheBytes
    try SDLLibrary.startText()
    guard let first = faces.first, let probe = TTF_OpenFontIndex(first.path, 16, first.index) else {
      throw SDLError.last("Opening the text font \(faces.first?.path ?? "(none)")")
    }
    self.faces = faces
    textFonts[FaceSize(face: 0, size: 16)] = probe
    // Room for several games' labels: growing rehashes every key held so far.
    measured.reserveCapacity(2048)
    // Any size gives the one colour strike; 109 is its nominal size.
    emojiFont = TTF_OpenFont(emojiFontPath, 109)
  }

  /// The text fonts' files, first choice first, every fallback found (for tests).
  var textFaces: [FontFinder.Face] {
    lock.withLock {
      addLaterFaces()
      return faces
    }
  }

  /// Finds the fallback families not looked up yet. Lock held.
  private func addLaterFaces() {
    guard !laterFamilies.isEmpty else { return }
    faces += laterFamilies.compactMap(FontFinder.face(family:))
    laterFamilies = []
  }

  deinit {
    for surface in emojiScaled.values { SDL_FreeSurface(surface) }
    for surface in emojiStrikes.values { SDL_FreeSurface(surface) }
    for font in textFonts.values { TTF_CloseFont(font) }
    if let emojiFont { TTF_CloseFont(emojiFont) }
  }

  /// Text font `face` (0, the first choice, by default) at a pixel size (clamped to 1...1000),
  /// opened once per face and size. Lock held.
  private func textFont(pixelSize: Int, face: Int = 0) -> OpaquePointer? {
    let key = FaceSize(face: face, size: min(max(pixelSize, 1), 1000))
    if let font = textFonts[key] { return font }
    if textFonts.count >= Limits.openFontSizes {
      // Only this lock's holder uses fonts, and no caller keeps one across calls.
      for font in textFonts.values { TTF_CloseFont(font) }
      textFonts.removeAll()
    }
    guard faces.indices.contains(face), let font = Self.open(faces[face], size: key.size) else {
      return nil
    }
    textFonts[key] = font
    return font
  }

  /// The face that draws text given `font` (a game's font file; empty: the default chain's
  /// first), opening the file the first time it is named. Lock held.
  private func primaryFace(_ font: String) -> Int {
    guard !font.isEmpty else { return 0 }
    if let face = gameFaces[font] { return face }
    guard let probe = Self.open(FontFinder.Face(path: font, index: 0), size: 16) else {
      // The script layer checked the file when the game named it; one that still fails to
      // open (changed since, or damaged past its header) draws in the default fonts.
      gameFaces[font] = 0
      return 0
    }
    // Opened once to know it opens; sizes are opened by `textFont`, which keeps their count capped.
    TTF_CloseFont(probe)
    faces.append(FontFinder.Face(path: font, index: 0))
    let face = faces.count - 1
    gameFaces[font] = face
    gameFaceIndices.insert(face)
    return face
  }

  /// Forgets what was opened and measured from the game font file `path` (hot reload): its
  /// sizes open again from the file as it is now, and one that no longer opens draws in the
  /// default fonts. Its face keeps its index, so layouts and nodes naming the file stay valid.
  func reload(fontFile path: String) {
    lock.withLock {
      changes += 1
      for key in measured.keys where key.font == path {
        measuredBytes -= key.text.utf8.count + key.font.utf8.count
        measured.removeValue(forKey: key)
      }
      guard let face = gameFaces[path] else { return }
      guard face != 0 else {
        // It failed to open before: the next use tries the new file.
        gameFaces.removeValue(forKey: path)
        return
      }
      for (key, font) in textFonts where key.face == face {
        TTF_CloseFont(font)
        textFonts.removeValue(forKey: key)
      }
      guard let probe = Self.open(faces[face], size: 16) else {
        gameFaces[path] = 0
        return
      }
      TTF_CloseFont(probe)
    }
  }

  /// Opens `face` at a pixel size: from the bytes `GameFontData` holds for a packed game's font,
  /// else from its file.
  private static func open(_ face: FontFinder.Face, size: Int) -> OpaquePointer? {
    guard let data = GameFontData.data(face.path) else { return TTF_OpenFontIndex(face.path, Int32(size), face.index) }
    // The registry keeps the bytes for the life of the process, as the font reads them lazily.
    let ops = data.withUnsafeBytes { bytes in SDL_RWFromConstMem(bytes.baseAddress, Int32(clamping: bytes.count)) }
    return ops.flatMap { TTF_OpenFontIndexRW($0, 1, Int32(size), face.index) }
  }

  /// The first face of the default chain with a glyph for `scalar`, or nil when none has one.
  /// Lock held.
  private func faceWithGlyph(_ scalar: UInt32, pixelSize: Int) -> Int? {
    func first() -> Int? {
      faces.indices.first { face in
        !gameFaceIndices.contains(face)
          && (textFont(pixelSize: pixelSize, face: face).map { TTF_GlyphIsProvided32($0, scalar) != 0 } ?? false)
      }
    }
    if let face = first() { return face }
    guard !laterFamilies.isEmpty else { return nil }
    addLaterFaces()
    return first()
  }

  /// The width and height of `layout(text, pixelSize:, font:)`, remembered for every caller.
  func size(of text: String, pixelSize: Int, font: String = "") -> (width: Int, height: Int) {
    lock.withLock {
      let key = MeasureKey(text: text, size: pixelSize, font: font)
      if let known = measured[key] { return known }
      let size = sizeLocked(text, pixelSize: pixelSize, face: primaryFace(font))
      let bytes = text.utf8.count + font.utf8.count
      if measured.count >= Self.measuredEntryLimit || measuredBytes + bytes > Self.measuredByteLimit {
        measured.removeAll(keepingCapacity: true)
        measuredBytes = 0
      }
      measured[key] = size
      measuredBytes += bytes
      return size
    }
  }

  /// `layoutLocked(text, pixelSize:)`'s width and height. One line of ASCII (most labels:
  /// scores, names, buttons) is one text run, measured without building the layout. Lock held.
  private func sizeLocked(_ text: String, pixelSize: Int, face: Int) -> (width: Int, height: Int) {
    guard !text.isEmpty, text.utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\n") }) else {
      let layout = layoutLocked(text, pixelSize: pixelSize, face: face)
      return (layout.width, layout.height)
    }
    guard let font = textFont(pixelSize: pixelSize, face: face) else { return (0, 0) }
    var w: Int32 = 0
    var h: Int32 = 0
    return (TTF_SizeUTF8(font, text, &w, &h) == 0 ? Int(w) : 0, Int(TTF_FontHeight(font)))
  }

  /// Lays out `text` at a pixel size with `font` (a game's font file; empty: the default
  /// fonts): lines split at "\n", each split into text and emoji runs.
  func layout(_ text: String, pixelSize: Int, font: String = "") -> TextLayout {
    lock.withLock { layoutLocked(text, pixelSize: pixelSize, face: primaryFace(font)) }
  }

  private func layoutLocked(_ text: String, pixelSize: Int, face primary: Int) -> TextLayout {
    guard let font = textFont(pixelSize: pixelSize, face: primary) else {
      return TextLayout(lines: [], lineHeight: 0, lineSkip: 0, primaryFace: primary)
    }
    let lineHeight = Int(TTF_FontHeight(font))
    let splitter = TextRunSplitter(
      primary: primary,
      textFace: { TTF_GlyphIsProvided32(font, $0) != 0 ? primary : self.faceWithGlyph($0, pixelSize: pixelSize) },
      hasEmojiGlyph: { [emojiFont] scalar in
        guard let emojiFont else { return false }
        return TTF_GlyphIsProvided32(emojiFont, scalar) != 0
      })
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      var pieces: [TextLayout.Piece] = []
      for run in splitter.split(line) {
        let width: Int
        switch run.kind {
        case .text(let face):
          var w: Int32 = 0
          var h: Int32 = 0
          let runFont = textFont(pixelSize: pixelSize, face: face) ?? font
          width = TTF_SizeUTF8(runFont, run.text, &w, &h) == 0 ? Int(w) : 0
        case .emoji:
          width = run.scalars.reduce(0) { $0 + emojiWidth($1.value, lineHeight: lineHeight) }
        }
        pieces.append(TextLayout.Piece(run: run, width: width))
      }
      return TextLayout.Line(pieces: pieces, width: pieces.reduce(0) { $0 + $1.width })
    }
    return TextLayout(lines: lines, lineHeight: lineHeight, lineSkip: Int(TTF_FontLineSkip(font)), primaryFace: primary)
  }

  /// Width of an emoji scaled so that its strike height equals the text line height.
  private func emojiWidth(_ scalar: UInt32, lineHeight: Int) -> Int {
    guard let strike = emojiStrike(scalar) else { return 0 }
    let width = Double(strike.pointee.w) * Double(lineHeight) / Double(max(strike.pointee.h, 1))
    return Int(width.rounded())
  }

  /// The emoji at the font's own strike, rendered once.
  private func emojiStrike(_ scalar: UInt32) -> UnsafeMutablePointer<SDL_Surface>? {
    if let surface = emojiStrikes[scalar] { return surface }
    guard let emojiFont, let unicode = Unicode.Scalar(scalar) else { return nil }
    let white = SDL_Color(r: 255, g: 255, b: 255, a: 255)
    guard let surface = TTF_RenderUTF8_Blended(emojiFont, String(Character(unicode)), white) else {
      return nil
    }
    let bytes = Self.bytes(of: surface)
    if strikeBytes + bytes > emojiCacheBytes {
      for cached in emojiStrikes.values { SDL_FreeSurface(cached) }
      emojiStrikes.removeAll()
      strikeBytes = 0
    }
    emojiStrikes[scalar] = surface
    strikeBytes += bytes
    return surface
  }

  /// The emoji shrunk (area filter) to a line height; cached, owned by the library. Lock held.
  private func emojiGlyph(_ scalar: UInt32, lineHeight: Int) -> UnsafeMutablePointer<SDL_Surface>? {
    let key = EmojiKey(scalar: scalar, height: lineHeight)
    if let surface = emojiScaled[key] { return surface }
    guard let strike = emojiStrike(scalar),
      let scaled = SurfaceScaler.scaled(
        strike, width: emojiWidth(scalar, lineHeight: lineHeight), height: lineHeight)
    else { return nil }
    let bytes = Self.bytes(of: scaled)
    if scaledBytes + bytes > emojiCacheBytes {
      // The glyph just returned by an earlier call has been copied already: callers use each
      // at once, under the lock.
      for cached in emojiScaled.values { SDL_FreeSurface(cached) }
      emojiScaled.removeAll()
      scaledBytes = 0
    }
    emojiScaled[key] = scaled
    scaledBytes += bytes
    return scaled
  }

  private static func bytes(of surface: UnsafeMutablePointer<SDL_Surface>) -> Int {
    Int(surface.pointee.pitch) * Int(surface.pointee.h)
  }

  /// Draws a layout into a new transparent ARGB8888 surface, text runs in `color`, emoji in
  /// their own colours; lines are aligned within the widest (0 left, 0.5 centre, 1 right).
  /// The surface is at most `Limits.textTextureSide` pixels a side: what lies past is cut, and
  /// runs are cut before rendering, so no label allocates more (a 1 MB label took 3.1 GB).
  ///
  /// With `window` (a rectangle of the block, in its pixels) only that part is drawn, into a
  /// surface of the window's size: how text larger than the screen is drawn without a texture
  /// larger than the screen.
  func renderSurface(
    _ layout: TextLayout, pixelSize: Int, color: SDL_Color, align: Double, window: PixelWindow? = nil
  ) -> UnsafeMutablePointer<SDL_Surface>? {
    lock.withLock { renderSurfaceLocked(layout, pixelSize: pixelSize, color: color, align: align, window: window) }
  }

  private func renderSurfaceLocked(
    _ layout: TextLayout, pixelSize: Int, color: SDL_Color, align: Double, window: PixelWindow?
  ) -> UnsafeMutablePointer<SDL_Surface>? {
    let area = window ?? PixelWindow(x: 0, y: 0, width: layout.width, height: layout.height)
    let width = min(area.width, Limits.textTextureSide)
    let height = min(area.height, Limits.textTextureSide)
    guard let font = textFont(pixelSize: pixelSize, face: layout.primaryFace), width > 0, height > 0,
      let target = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, PixelFormat.argb8888)
    else { return nil }
    // Block pixels (bx, by) land at (bx - left, by - top) in the surface.
    let (left, top) = (area.x, area.y)
    let right = left + width
    for (index, line) in layout.lines.enumerated() {
      var x = Int((Double(layout.width - line.width) * align).rounded(.down))
      let y = index * layout.lineSkip
      if y >= top + height { break }
      if y + layout.lineHeight <= top { continue }
      for piece in line.pieces {
        if x >= right { break }
        defer { x += piece.width }
        if x + piece.width <= left { continue }
        switch piece.run.kind {
        case .text(let face):
          let runFont = textFont(pixelSize: pixelSize, face: face) ?? font
          // Start at the character that crosses the window's left edge, where the whole run
          // would have drawn it, and stop past its right edge.
          var text = piece.run.text
          var start = x
          if x < left {
            (text, start) = suffix(of: text, from: left - x, font: runFont)
            start += x
          }
          if start + 1 >= right { continue }
          if x + piece.width > right { text = prefix(of: text, fitting: right - start, font: runFont) }
          if let surface = TTF_RenderUTF8_Blended(runFont, text, color) {
            // A fallback font sits on the first font's baseline, as the line's other runs do.
            let baseline = face == layout.primaryFace ? 0 : Int(TTF_FontAscent(font) - TTF_FontAscent(runFont))
            copy(surface, into: target, x: start - left, y: y - top + baseline)
            SDL_FreeSurface(surface)
          }
        case .emoji:
          var glyphX = x
          for scalar in piece.run.scalars where glyphX < right {
            guard let glyph = emojiGlyph(scalar.value, lineHeight: layout.lineHeight) else { continue }
            if glyphX + Int(glyph.pointee.w) > left { copy(glyph, into: target, x: glyphX - left, y: y - top) }
            glyphX += Int(glyph.pointee.w)
          }
        }
      }
    }
    return target
  }

  /// The end of `text` from the character that reaches `pixels` across at `font`, and the pixel
  /// at which that character starts.
  private func suffix(of text: String, from pixels: Int, font: OpaquePointer) -> (String, Int) {
    var extent: Int32 = 0
    var count: Int32 = 0
    guard TTF_MeasureUTF8(font, text, Int32(max(pixels, 0)), &extent, &count) == 0 else { return (text, 0) }
    let scalars = text.unicodeScalars
    let skipped = String(String.UnicodeScalarView(scalars.prefix(Int(count))))
    var w: Int32 = 0
    var h: Int32 = 0
    let start = TTF_SizeUTF8(font, skipped, &w, &h) == 0 ? Int(w) : Int(extent)
    return (String(String.UnicodeScalarView(scalars.dropFirst(Int(count)))), start)
  }

  /// The start of `text` that covers `pixels` across at `font`: the characters that fit and
  /// one more, which the surface's edge cuts.
  private func prefix(of text: String, fitting pixels: Int, font: OpaquePointer) -> String {
    var extent: Int32 = 0
    var count: Int32 = 0
    guard TTF_MeasureUTF8(font, text, Int32(max(pixels, 0)), &extent, &count) == 0 else { return "" }
    return String(String.UnicodeScalarView(text.unicodeScalars.prefix(Int(count) + 1)))
  }

  /// Copies pixels as they are (no blending): runs do not overlap, and blending onto a
  /// transparent surface would darken anti-aliased edges.
  private func copy(
    _ source: UnsafeMutablePointer<SDL_Surface>, into target: UnsafeMutablePointer<SDL_Surface>,
    x: Int, y: Int
  ) {
    SDL_SetSurfaceBlendMode(source, SDL_BLENDMODE_NONE)
    var destination = SDL_Rect(x: Int32(x), y: Int32(y), w: source.pointee.w, h: source.pointee.h)
    // SDL_BlitSurface is a macro naming SDL_UpperBlit.
    _ = SDL_UpperBlit(source, nil, target, &destination)
  }
}
