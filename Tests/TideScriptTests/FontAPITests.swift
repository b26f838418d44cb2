import Foundation
import TideCore
import TideScript
import XCTest

/// A game's own fonts: `font` on text sprites and conf.lua's default, read from
/// `assets/fonts/`, measured with the font itself, and refused with the file named when missing,
/// outside the game, too large or not a font.
final class FontAPITests: XCTestCase {
  /// Comic Neue Bold (SIL OFL), as the showcase ships it.
  static var comicNeue: Data {
    get throws {
      let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      return try Data(contentsOf: root.appendingPathComponent("Content/showcase/assets/fonts/ComicNeue-Bold.otf"))
    }
  }

  func testTextSpritesNameAFontAndAreMeasuredWithIt() throws {
    let report = try runLuaTests(
      #"""
      describe("a game's own font", function()
        before_each(function() tide.test.start() end)

        it("is named with or without its extension and read back as given", function()
          local a = tide.sprite.text("Hello", { size = 40, font = "comic" })
          local b = tide.sprite.text("Hello", { size = 40, font = "comic.otf" })
          assert.are.equal("comic", a.font)
          assert.are.equal("comic.otf", b.font)
          assert.are.equal(a.w, b.w)
        end)

        it("measures text with the font, not the engine's", function()
          local own = tide.sprite.text("Hello, world", { size = 40, font = "comic" })
          local engine = tide.sprite.text("Hello, world", { size = 40 })
          assert.is_nil(engine.font)
          assert.are_not.equal(engine.w, own.w)
          own.font = nil
          assert.is_nil(own.font)
          assert.are.equal(engine.w, own.w)
        end)

        it("refuses a font that is missing, listing those there", function()
          assert.error_matches(function() tide.sprite.text("x", { font = "nope" }) end,
            "font: no font 'nope' in game/assets/fonts (there: comic.otf, fake.ttf)", nil, true)
        end)

        it("refuses a file that is not a font", function()
          assert.error_matches(function() tide.sprite.text("x", { font = "fake" }) end,
            "game/assets/fonts/fake.ttf is not a font (no TrueType or OpenType header)", nil, true)
        end)

        it("refuses a name leading out of the fonts folder", function()
          local s = tide.sprite.text("x")
          assert.error_matches(function() s.font = "../../main.lua" end, "font must name a file in game/assets/fonts", nil, true)
          assert.error_matches(function() s.font = "/etc/passwd" end, "font must name a file in game/assets/fonts", nil, true)
        end)
      end)
      """#,
      assets: ["assets/fonts/comic.otf": try Self.comicNeue, "assets/fonts/fake.ttf": Data("not a font at all".utf8)])
    assertAllPassed(report, count: 5)
  }

  func testConfNamesTheGamesDefaultFont() throws {
    let report = try runLuaTests(
      #"""
      describe("conf.lua's font", function()
        it("draws every text sprite that names none, and nil goes back to it", function()
          tide.test.start()
          local s = tide.sprite.text("Hello, world", { size = 40 })
          assert.are.equal("comic", s.font)
          local w = s.w
          s.font = nil
          assert.are.equal("comic", s.font)
          assert.are.equal(w, s.w)
        end)
      end)
      """#,
      conf: #"return { title = "Fonts", font = "comic" }"#,
      assets: ["assets/fonts/comic.otf": try Self.comicNeue])
    assertAllPassed(report, count: 1)
  }

  func testTheUIThemeAndEachWidgetNameAFont() throws {
    let report = try runLuaTests(
      #"""
      describe("tide.ui's font", function()
        it("comes from the theme unless a widget names its own", function()
          local app = tide.test.start()
          tide.ui.theme.font = "comic"
          tide.ui.button{ text = "Play", name = "play" }
          tide.ui.label{ text = "Score", font = "comic.otf", name = "score" }
          tide.ui.text_field{ name = "who", placeholder = "Name" }
          assert.are.equal("comic", app:find{ name = "play_label" }.font)
          assert.are.equal("comic.otf", app:find{ name = "score" }.font)
          assert.are.equal("comic", app:find{ name = "who_placeholder" }.font)
          tide.ui.theme.font = nil
          tide.ui.label{ text = "Plain", name = "plain" }
          assert.is_nil(app:find{ name = "plain" }.font)
        end)
      end)
      """#,
      assets: ["assets/fonts/comic.otf": try Self.comicNeue])
    assertAllPassed(report, count: 1)
  }

  func testABadConfFontStopsTheGameAtLoadNamingTheField() throws {
    let fixture = try GameFixture(main: "", conf: #"return { font = "missing" }"#)
    XCTAssertThrowsError(try fixture.engine()) { error in
      XCTAssertTrue("\(error)".contains("game/conf.lua: font: no font 'missing' in game/assets/fonts (none there)"), "\(error)")
    }
  }

  func testAFontFileLargerThanTheLimitIsRefused() throws {
    let fixture = try GameFixture(
      main: #"tide.sprite.text("x", { font = "huge" })"#, assets: ["assets/fonts/huge.ttf": Data([0, 1, 0, 0])])
    // A sparse file: the size is what is refused, before anything reads it.
    let handle = try FileHandle(forWritingTo: fixture.directory.appendingPathComponent("assets/fonts/huge.ttf"))
    try handle.truncate(atOffset: UInt64(Limits.fontFileBytes + 1))
    try handle.close()
    XCTAssertThrowsError(try fixture.engine()) { error in
      XCTAssertTrue("\(error)".contains("game/assets/fonts/huge.ttf is 65 MB; a font file may be at most 64 MB"), "\(error)")
    }
  }
}
