import CSDL2
import TideCore
import XCTest

@testable import TideSDL

/// Emoji run splitting and TTF text metrics.
final class TextTests: XCTestCase {
  /// A fake font chain: the text font has ASCII and U+270C, a fallback has CJK (U+4E00 on);
  /// the emoji font has ✊ ✋ ✌ 🦁.
  private let splitter = TextRunSplitter(
    textFace: { $0 < 0x80 || $0 == 0x270C ? 0 : $0 >= 0x4E00 && $0 < 0xA000 ? 1 : nil },
    hasEmojiGlyph: { [0x270A, 0x270B, 0x270C, 0x1F981].contains($0) })

  private func describe(_ runs: [TextRun]) -> [String] {
    runs.map { run in
      switch run.kind {
      case .emoji: return "E:" + run.text
      case .text(0): return "T:" + run.text
      case .text(let face): return "T\(face):" + run.text
      }
    }
  }

  /// Each character takes the first text font that has it; a run changes font where they do.
  func testCharactersFallBackThroughTheTextFonts() {
    XCTAssertEqual(describe(splitter.split("Li 李小龍 ✊")), ["T:Li ", "T1:李小龍", "T: ", "E:✊"])
    // A character no font has stays with the first text font (its missing-glyph box).
    XCTAssertEqual(describe(splitter.split("a\u{0E01}b")), ["T:a\u{0E01}b"])
  }

  func testSplitsTextAndEmojiRuns() {
    XCTAssertEqual(describe(splitter.split("Rock ✊ wins")), ["T:Rock ", "E:✊", "T: wins"])
    XCTAssertEqual(describe(splitter.split("✊✋🦁")), ["E:✊✋🦁"])
  }

  func testVariationSelectorMakesTextCharacterEmojiAndIsDropped() {
    // ✌ alone is text presentation and the text font has it; U+FE0F asks for the emoji.
    XCTAssertEqual(describe(splitter.split("a✌b")), ["T:a✌b"])
    XCTAssertEqual(describe(splitter.split("a✌\u{FE0F}b")), ["T:a", "E:✌", "T:b"])
    XCTAssertEqual(describe(splitter.split("✊\u{FE0E}")), ["T:✊"])
  }

  func testJoinersAndSkinTonesAreDropped() {
    XCTAssertEqual(describe(splitter.split("✊\u{1F3FD}\u{200D}🦁")), ["E:✊🦁"])
  }

  func testSkinToneOrJoinerMakesTextCharacterEmoji() {
    // Like U+FE0F, a skin tone or a joiner after ✌ means the emoji, not DejaVu's outline.
    XCTAssertEqual(describe(splitter.split("a✌\u{1F3FB}b")), ["T:a", "E:✌", "T:b"])
    XCTAssertEqual(describe(splitter.split("a✌\u{1F3FF}b")), ["T:a", "E:✌", "T:b"])
    XCTAssertEqual(describe(splitter.split("✌\u{200D}🦁")), ["E:✌🦁"])
    // ASCII stays text whatever follows.
    XCTAssertEqual(describe(splitter.split("a\u{1F3FD}\u{200D}b")), ["T:ab"])
  }

  func testEmojiPresentationTable() {
    XCTAssertTrue(EmojiPresentation.isDefault(0x270A))
    XCTAssertTrue(EmojiPresentation.isDefault(0x1F981))
    XCTAssertFalse(EmojiPresentation.isDefault(0x270C))
    XCTAssertFalse(EmojiPresentation.isDefault(0x41))
  }

  func testRealFontsSplitTheGameEmojiIntoColourRuns() throws {
    let fonts = try FontLibrary()
    let layout = fonts.layout("✊ ✋ ✌️ 🤖 🦁 🐍 🐇", pixelSize: 24)
    let emoji = layout.lines[0].pieces.filter { $0.run.kind == .emoji }
      .flatMap(\.run.scalars).map(\.value)
    XCTAssertEqual(emoji, [0x270A, 0x270B, 0x270C, 0x1F916, 0x1F981, 0x1F40D, 0x1F407])
  }

  func testRealFontsDrawToneModifiedHandsAsEmoji() throws {
    let fonts = try FontLibrary()
    // DejaVu has ✌ and ☝ as outlines; with a skin tone they are emoji (the tone itself is dropped).
    let layout = fonts.layout("✌\u{1F3FD} ☝\u{1F3FD}", pixelSize: 24)
    let pieces = layout.lines[0].pieces.map { ($0.run.kind, $0.run.scalars.map(\.value)) }
    XCTAssertEqual(pieces.map(\.0), [.emoji, .text(0), .emoji])
    XCTAssertEqual(pieces.flatMap(\.1), [0x270C, 0x20, 0x261D])
  }

  /// fontconfig finds the chain, and a Chinese name draws in Noto Sans CJK: real glyphs, not
  /// the first font's missing-glyph boxes (what BubblePop showed for 李小龍).
  func testChineseFallsBackToTheCJKFontAndDraws() throws {
    let fonts = try FontLibrary()
    XCTAssertEqual(fonts.textFaces.count, 2, "DejaVu Sans and Noto Sans CJK, found by fontconfig: \(fonts.textFaces)")
    XCTAssertTrue(fonts.textFaces.last?.path.contains("CJK") ?? false, "\(fonts.textFaces)")
    let layout = fonts.layout("李小龍 and 🐉", pixelSize: 32)
    XCTAssertEqual(layout.lines[0].pieces.map(\.run.kind), [.text(1), .text(0), .emoji])
    let boxes = try FontLibrary(faces: [try XCTUnwrap(fonts.textFaces.first)], emojiFontPath: FontLibrary.defaultEmojiFontPath)
    func ink(_ library: FontLibrary) throws -> [UInt32] {
      let name = library.layout("李小龍", pixelSize: 32)
      let surface = try XCTUnwrap(library.renderSurface(name, pixelSize: 32, color: SDL_Color(r: 255, g: 255, b: 255, a: 255), align: 0))
      defer { SDL_FreeSurface(surface) }
      let count = Int(surface.pointee.pitch / 4) * Int(surface.pointee.h)
      return Array(UnsafeBufferPointer(start: surface.pointee.pixels.assumingMemoryBound(to: UInt32.self), count: count))
    }
    let drawn = try ink(fonts)
    XCTAssertGreaterThan(drawn.filter { $0 >> 24 > 128 }.count, 200, "the glyphs have ink")
    XCTAssertNotEqual(drawn, try ink(boxes), "not the missing-glyph boxes")
  }

  func testMetricsMatchLayoutAndGrowWithLines() throws {
    let metrics = try TTFTextMetrics()
    let one = metrics.measure("Hello", size: 24)
    let two = metrics.measure("Hello\nHello", size: 24)
    XCTAssertGreaterThan(one.width, 40)
    XCTAssertEqual(two.width, one.width)
    XCTAssertGreaterThan(two.height, one.height * 1.8)
    // An emoji is about as wide as it is tall (the strike is 136×128, scaled to line height).
    let lion = metrics.measure("🦁", size: 24)
    XCTAssertEqual(lion.width, (lion.height * 136 / 128).rounded(), accuracy: 1)
    XCTAssertEqual(metrics.measure("", size: 24).width, 0)
  }

  func testWrapperKeepsLinesWithinWidth() throws {
    let fonts = try FontLibrary()
    let wrapper = TextWrapper(fonts: fonts, pixelSize: 14, maxWidth: 120)
    let lines = wrapper.wrap("attempt to index a nil value (field 'lion') in a_very_long_identifier_name")
    XCTAssertGreaterThan(lines.count, 2)
    for line in lines {
      XCTAssertLessThanOrEqual(fonts.layout(line, pixelSize: 14).width, 120, line)
    }
  }
}

/// The measurement cache is bounded by the bytes of text it keeps, not only by count.
final class TextMetricsCacheTests: XCTestCase {
  func testLongStringsDoNotPinMegabytes() throws {
    let metrics = TTFTextMetrics(fonts: try FontLibrary(), cacheBytes: 64 << 10)
    for i in 0..<100 {
      _ = metrics.measure(String(repeating: "w", count: 2_000) + String(i), size: 12)
      XCTAssertLessThanOrEqual(metrics.cachedBytes, 64 << 10)
    }
    XCTAssertGreaterThan(metrics.cachedBytes, 0)
  }

  /// The font library remembers sizes for every measurer over it (the engines of one process):
  /// what it remembers is what laying the text out gives, per string and per size.
  func testSizesSharedByMeasurersAreTheLaidOutSizes() throws {
    let fonts = try FontLibrary()
    let texts = ["Score: 1", "Score: 10", "🫧 BubblePop", "two\nlines", ""]
    for pass in 0..<2 {
      for size in [12, 30] {
        for text in texts {
          let layout = fonts.layout(text, pixelSize: size)
          let known = fonts.size(of: text, pixelSize: size)
          XCTAssertEqual(known.width, layout.width, "\(text) at \(size), pass \(pass)")
          XCTAssertEqual(known.height, layout.height, "\(text) at \(size), pass \(pass)")
        }
      }
    }
    // A second measurer over the library finds the first one's sizes.
    let first = TTFTextMetrics(fonts: fonts).measure("Score: 10", size: 30)
    let second = TTFTextMetrics(fonts: fonts).measure("Score: 10", size: 30)
    XCTAssertEqual(first.width, second.width)
    XCTAssertEqual(first.width, Double(fonts.layout("Score: 10", pixelSize: 30).width))
  }
}

