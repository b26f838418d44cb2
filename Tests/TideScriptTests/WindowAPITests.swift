import Foundation
import TideCore
import XCTest

@testable import TideScript

/// conf.lua's `window`, `tide.window` and `tide.screenshot`: what a game says about its window,
/// kept the same in headless runs (which draw nothing) as in a window.
final class WindowAPITests: XCTestCase {
  func testConfWindowIsReadAndBadFieldsNamed() throws {
    let fixture = try GameFixture(
      main: "", conf: #"return { window = { fullscreen = true, resizable = false, vsync = false, min_size = "320x480", icon = "icon.png" } }"#,
      assets: ["assets/icon.png": Data([0x89])])
    let engine = try fixture.engine()
    var expected = WindowSettings()
    expected.fullscreen = true
    expected.resizable = false
    expected.vsync = false
    expected.minSize = Vec2(x: 320, y: 480)
    expected.icon = "icon.png"
    XCTAssertEqual(engine.window, expected)
    let cases = [
      "return { window = true }": "game/conf.lua: window must be a table like { fullscreen = true }, got boolean",
      "return { window = { full = true } }": "game/conf.lua: unknown field window.full (valid: fullscreen, resizable, vsync, min_size, icon)",
      #"return { window = { vsync = "no" } }"#: "game/conf.lua: window.vsync must be true or false, got \"no\"",
      #"return { window = { min_size = "tiny" } }"#: "game/conf.lua: window.min_size must be a size like \"320x480\" (each side 16 to 8192), got \"tiny\"",
      #"return { window = { icon = "missing.png" } }"#: "game/conf.lua: window.icon must name an image in game/assets, like \"icon.png\", got \"missing.png\"",
    ]
    for (conf, message) in cases {
      let fixture = try GameFixture(main: "", conf: conf)
      XCTAssertThrowsError(try fixture.engine(), conf) { error in
        XCTAssertEqual((error as? GameLoadError)?.description, message)
      }
    }
  }

  func testFullscreenAndScreenshotsFromLua() throws {
    let report = try runLuaTests(
      #"""
      describe("tide.window", function()
        it("remembers fullscreen as the game sets it, and conf.lua's after a restart", function()
          tide.test.start()
          assert.is_false(tide.window.is_fullscreen())
          tide.window.set_fullscreen(true)
          assert.is_true(tide.window.is_fullscreen())
          tide.test.start()
          assert.is_false(tide.window.is_fullscreen())
          assert.has_error(function() tide.window.set_fullscreen("yes") end,
            "bad argument #1 to 'set_fullscreen' (boolean expected, got string)")
        end)

        it("names screenshots in the data folder and refuses other names", function()
          tide.test.start()
          local path = tide.screenshot("level-2")
          assert.matches("/screenshots/level%-2%.png$", path)
          assert.has_error(function() tide.screenshot("../x") end,
            "bad argument #1 to 'screenshot' (a screenshot is named in letters, digits, _ and - (at most 64), got '../x')")
          for i = 2, 8 do tide.screenshot("s" .. i) end
          assert.has_error(function() tide.screenshot("one-too-many") end, "too many screenshots at once: at most 8 a tick")
        end)
      end)
      """#)
    assertAllPassed(report, count: 2)
  }

  func testFullscreenFlagOverridesConf() throws {
    let fixture = try GameFixture(main: "", conf: "return { window = { fullscreen = false } }")
    var options = fixture.options()
    options.fullscreen = true
    let engine = try fixture.engine(options: options)
    XCTAssertTrue(engine.window.fullscreen)
  }
}

/// JPEG and WebP images size their sprites headless exactly as PNGs do, with or without the
/// extension in the name.
final class ImageFormatTests: XCTestCase {
  func testJPEGAndWebPSpritesAreSizedFromTheirHeaders() throws {
    let images = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/images")
    let report = try runLuaTests(
      #"""
      describe("image formats", function()
        it("size sprites from JPEG and WebP files", function()
          tide.test.start()
          local jpg = tide.sprite.image("small.jpg")
          local webp = tide.sprite.image("rabbit")
          assert.are.same({ 45, 31, 160, 120 }, { jpg.width, jpg.height, webp.width, webp.height })
          assert.has_error(function() tide.sprite.image("none") end,
            "bad argument #1 to 'image' (no image 'none' in game/assets)")
        end)
      end)
      """#,
      assets: [
        "assets/small.jpg": try Data(contentsOf: images.appendingPathComponent("rabbit-45x31.jpg")),
        "assets/rabbit.webp": try Data(contentsOf: images.appendingPathComponent("rabbit-lossless.webp")),
      ])
    assertAllPassed(report, count: 1)
  }
}
