import Foundation
import XCTest

@testable import TideSDL

/// fontconfig's answers kept between runs: used while the font file is unchanged, dropped when
/// it changes or goes, and nothing is taken from a damaged memo.
final class FontMemoTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("tide-fontmemo-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  func testAnAnswerHoldsWhileItsFileIsUnchanged() throws {
    let font = folder.appendingPathComponent("Some.ttf")
    try Data([0, 1, 0, 0]).write(to: font)
    let memoFile = folder.appendingPathComponent("cache/fonts.tsv")
    let face = FontFinder.Face(path: font.path, index: 2)
    FontMemo(file: memoFile).remember(face, family: "Some Sans")
    // A later run reads it from disk.
    XCTAssertEqual(FontMemo(file: memoFile).face(family: "Some Sans"), face)
    XCTAssertNil(FontMemo(file: memoFile).face(family: "Other Sans"))
    // A font file replaced since is asked of fontconfig again.
    try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: font.path)
    XCTAssertNil(FontMemo(file: memoFile).face(family: "Some Sans"))
    try FileManager.default.removeItem(at: font)
    XCTAssertNil(FontMemo(file: memoFile).face(family: "Some Sans"))
  }

  /// A bundle's player points fontconfig at its own fonts: its answers stay out of the memo
  /// that the author's runs read.
  func testRunsWithTheirOwnFontconfigSettingsKeepNoMemo() {
    XCTAssertEqual(FontMemo.file(in: ["XDG_CACHE_HOME": "/c"])?.path, "/c/tide/fonts-v1.tsv")
    XCTAssertEqual(FontMemo.file(in: ["HOME": "/h"])?.path, "/h/.cache/tide/fonts-v1.tsv")
    XCTAssertNil(FontMemo.file(in: ["XDG_CACHE_HOME": "/c", "FONTCONFIG_FILE": "/b/fonts.conf"]))
    XCTAssertNil(FontMemo.file(in: ["HOME": "/h", "FONTCONFIG_PATH": "/b"]))
    XCTAssertNil(FontMemo.file(in: [:]))
  }

  func testADamagedMemoIsIgnored() throws {
    let memoFile = folder.appendingPathComponent("fonts.tsv")
    try Data("garbage\nDejaVu Sans\trelative.ttf\t0\t1\n\u{0}\u{1}\n".utf8).write(to: memoFile)
    XCTAssertNil(FontMemo(file: memoFile).face(family: "DejaVu Sans"))
    XCTAssertNil(FontMemo(file: memoFile).face(family: "garbage"))
  }

  func testTheLibraryFindsTheSameFontsThroughTheMemo() throws {
    // What fontconfig answers and what the memo answers on the next run agree.
    guard let face = FontFinder.face(family: "DejaVu Sans") else { throw XCTSkip("DejaVu Sans is not installed") }
    let memoFile = folder.appendingPathComponent("fonts.tsv")
    FontMemo(file: memoFile).remember(face, family: "DejaVu Sans")
    XCTAssertEqual(FontMemo(file: memoFile).face(family: "DejaVu Sans"), face)
  }
}
