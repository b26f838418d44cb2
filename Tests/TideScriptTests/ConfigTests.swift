import TideCore
import TideScript
import XCTest

/// `conf.lua` and `--option` overrides: good values land in `Engine.config`, bad ones are named.
final class ConfigTests: XCTestCase {
  static let conf = #"""
    return {
      title = "Bubbles",
      author = "Ada L.",
      width = 400,
      height = 700,
      background = "#1d2433",
      scene = "play",
      options = { variant = "classic", lives = 3, speed = 1.5, hard = false },
    }
    """#

  static let main = #"""
    tide.scene.define("play", {
      enter = function()
        local o = tide.options
        tide.sprite.text(("%s %g %g %s"):format(o.variant, o.lives, o.speed, tostring(o.hard)), { name = "options" })
        tide.sprite.text(("%d %d"):format(tide.screen.width, tide.screen.height), { name = "screen" })
        tide.sprite.text(tide.game.title .. " by '" .. tide.game.author .. "'", { name = "game" })
      end,
    })
    """#

  func loadError(conf: String, main: String = "", options: [String: String] = [:]) throws -> String? {
    let fixture = try GameFixture(main: main, conf: conf)
    var engineOptions = fixture.options()
    engineOptions.options = options
    do {
      _ = try fixture.engine(options: engineOptions)
      return nil
    } catch {
      return (error as? GameLoadError)?.description ?? "\(error)"
    }
  }

  func testReadsEveryField() throws {
    let fixture = try GameFixture(main: Self.main, conf: Self.conf)
    let engine = try fixture.engine()
    XCTAssertEqual(engine.config.title, "Bubbles")
    XCTAssertEqual(engine.title, "Bubbles")
    XCTAssertEqual(engine.config.width, 400)
    XCTAssertEqual(engine.config.height, 700)
    XCTAssertEqual(engine.designSize, Vec2(x: 400, y: 700))
    XCTAssertEqual(engine.background.hexString, "#1d2433")
    XCTAssertEqual(engine.config.scene, "play")
    XCTAssertEqual(engine.currentSceneName, "play")
    XCTAssertEqual(engine.config.options["variant"], .string("classic"))
    XCTAssertEqual(engine.config.options["hard"], .bool(false))
    XCTAssertEqual(engine.text(of: "options")?.hasPrefix("classic 3"), true, engine.text(of: "options") ?? "")
    XCTAssertEqual(engine.text(of: "screen"), "400 700")
    XCTAssertEqual(engine.config.author, "Ada L.")
    XCTAssertEqual(engine.text(of: "game"), "Bubbles by 'Ada L.'")
  }

  func testAuthorIsOptionalAndMustBeAString() throws {
    let engine = try GameFixture(main: Self.main, conf: Self.conf.replacingOccurrences(of: #"author = "Ada L.","#, with: "")).engine()
    XCTAssertNil(engine.config.author)
    XCTAssertEqual(engine.text(of: "game"), "Bubbles by ''")
    XCTAssertEqual(try loadError(conf: "return { author = 7 }"), "game/conf.lua: author must be a string, got 7")
  }

  func testScreenshotNamesAGoldenScreen() throws {
    XCTAssertEqual(try GameFixture(main: "", conf: #"return { screenshot = "play_combo" }"#).engine().config.screenshot, "play_combo")
    XCTAssertEqual(try loadError(conf: #"return { screenshot = "../x" }"#),
                   #"game/conf.lua: screenshot must name a golden screen (tests/golden/<name>.png) in letters, digits, _ and -, got "../x""#)
  }

  func testSizesListTheSupportedScreens() throws {
    let engine = try GameFixture(main: "", conf: #"return { width = 390, height = 844, sizes = { "390x844", "375x667", "844X390", "375x667" } }"#).engine()
    // Upper-case X is forgiven; a repeated size is checked once.
    XCTAssertEqual(engine.config.sizes, [Vec2(x: 390, y: 844), Vec2(x: 375, y: 667), Vec2(x: 844, y: 390)])
    XCTAssertEqual(engine.config.checkedSizes, engine.config.sizes)
    // Without sizes, the design size alone is checked.
    let plain = try GameFixture(main: "", conf: "return { width = 400, height = 700 }").engine()
    XCTAssertEqual(plain.config.sizes, [])
    XCTAssertEqual(plain.config.checkedSizes, [Vec2(x: 400, y: 700)])
  }

  func testBadSizesAreNamed() throws {
    let expected = #"game/conf.lua: sizes must be a list of sizes like { "390x844", "375x667" } (each side 16 to 8192), got "#
    XCTAssertEqual(try loadError(conf: #"return { sizes = "390x844" }"#), expected + #""390x844""#)
    XCTAssertEqual(try loadError(conf: "return { sizes = {} }"), expected + "an empty list")
    XCTAssertEqual(try loadError(conf: #"return { sizes = { "390x844", "375 by 667" } }"#), expected + #""375 by 667" at sizes[2]"#)
    XCTAssertEqual(try loadError(conf: #"return { sizes = { "390x844", "9000x667" } }"#), expected + #""9000x667" at sizes[2]"#)
    XCTAssertEqual(try loadError(conf: #"return { sizes = { "390x" } }"#), expected + #""390x" at sizes[1]"#)
    XCTAssertEqual(try loadError(conf: "return { sizes = { 390 } }"), expected + "390 at sizes[1]")
    XCTAssertEqual(
      try loadError(conf: #"return { sizes = { "390x844", phone = "375x667" } }"#),
      #"game/conf.lua: sizes must be a list of sizes like { "390x844", "375x667" } (each side 16 to 8192): a list, without names"#)
  }

  func testTapGuardAndMinTapSizeAreReadAndChecked() throws {
    let engine = try GameFixture(main: "", conf: "return { tap_guard = 0.5, min_tap_size = 48 }").engine()
    XCTAssertEqual(engine.config.tapGuard, 0.5)
    XCTAssertEqual(engine.config.minTapSize, 48)
    let plain = try GameFixture(main: "").engine()
    XCTAssertEqual(plain.config.tapGuard, TapGuard.defaultInterval)
    XCTAssertEqual(plain.config.minTapSize, 44)
    XCTAssertEqual(try loadError(conf: "return { tap_guard = 5 }"), "game/conf.lua: tap_guard must be a number of seconds from 0 to 2, got 5")
    // A game may ask more of its tap targets than the default, never less.
    XCTAssertEqual(try loadError(conf: "return { min_tap_size = 30 }"), "game/conf.lua: min_tap_size must be a number from 44 to 400, got 30")
  }

  func testNoConfMeansDefaults() throws {
    let engine = try GameFixture(main: "").engine()
    XCTAssertEqual(engine.config.title, "game")
    XCTAssertEqual(engine.designSize, Vec2(x: 390, y: 844))
    XCTAssertNil(engine.currentSceneName)
  }

  func testOptionOverridesKeepTheirTypes() throws {
    let fixture = try GameFixture(main: Self.main, conf: Self.conf)
    var options = fixture.options()
    options.options = ["variant": "animals", "lives": "5", "speed": "2.5", "hard": "true"]
    options.designSize = Vec2(x: 320, y: 480)
    let engine = try fixture.engine(options: options)
    XCTAssertEqual(engine.config.options["lives"], .number(5))
    XCTAssertEqual(engine.config.options["hard"], .bool(true))
    XCTAssertEqual(engine.text(of: "options"), "animals 5 2.5 true")
    XCTAssertEqual(engine.text(of: "screen"), "320 480")
  }

  /// A whole-number option stays an integer in Lua, as it was written in conf.lua.
  func testIntegerOptionsStayIntegers() throws {
    let fixture = try GameFixture(
      main: #"""
        tide.scene.define("play", {})
        tide.sprite.text(tostring(tide.options.lives) .. " " .. math.type(tide.options.lives), { name = "lives" })
        """#,
      conf: Self.conf)
    XCTAssertEqual(try fixture.engine().text(of: "lives"), "3 integer")
    var options = fixture.options()
    options.options = ["lives": "5"]
    XCTAssertEqual(try fixture.engine(options: options).text(of: "lives"), "5 integer")
  }

  func testUnknownAndBadOptionsAreNamed() throws {
    XCTAssertEqual(
      try loadError(conf: Self.conf, main: Self.main, options: ["speeed": "2"]),
      "unknown option 'speeed' (game/conf.lua declares: hard, lives, speed, variant)")
    XCTAssertEqual(
      try loadError(conf: Self.conf, main: Self.main, options: ["lives": "many"]),
      "option 'lives' must be a number, got 'many'")
    XCTAssertEqual(
      try loadError(conf: Self.conf, main: Self.main, options: ["hard": "yes"]),
      "option 'hard' must be true or false, got 'yes'")
    XCTAssertEqual(
      try loadError(conf: "return {}", options: ["x": "1"]),
      "unknown option 'x' (game/conf.lua declares: none)")
  }

  func testBadFieldsAreNamed() throws {
    XCTAssertEqual(
      try loadError(conf: #"return { colour = "red" }"#),
      "game/conf.lua: unknown field 'colour' (valid: author, background, font, height, identity, min_tap_size, modules, options, scene, screenshot, sizes, tap_guard, title, version, width, window)")
    XCTAssertEqual(
      try loadError(conf: "return { width = 5 }"),
      "game/conf.lua: width must be a number from 16 to 8192, got 5")
    XCTAssertEqual(
      try loadError(conf: #"return { height = "tall" }"#),
      "game/conf.lua: height must be a number from 16 to 8192, got \"tall\"")
    XCTAssertEqual(
      try loadError(conf: ##"return { background = "#zz" }"##),
      "game/conf.lua: background must be a colour like \"#1d2433\", got \"#zz\"")
    XCTAssertEqual(
      try loadError(conf: "return { title = 3 }"),
      "game/conf.lua: title must be a string, got 3")
    XCTAssertEqual(
      try loadError(conf: "return { options = { f = function() end } }"),
      "game/conf.lua: options.f must be a string, number or boolean, got function")
    XCTAssertEqual(try loadError(conf: "local x = 1"), "game/conf.lua: must return a table, got nil")
    XCTAssertEqual(
      try loadError(conf: #"return { scene = "nowhere" }"#, main: #"tide.scene.define("menu", {})"#),
      "game/conf.lua: scene: unknown scene 'nowhere' (defined: menu)")
    let syntax = try loadError(conf: "return {\n  width = = 3\n}")
    XCTAssertTrue(syntax?.hasPrefix("game/conf.lua:2:") ?? false, syntax ?? "loaded")
  }

  /// conf.lua writes nowhere shared: its globals do not leak into the game, and it has no `os`.
  func testConfIsSandboxed() throws {
    let fixture = try GameFixture(
      main: #"tide.sprite.text(tostring(leaked), { name = "leak" })"#,
      conf: #"leaked = "from conf"; return { title = "T" }"#)
    let engine = try fixture.engine()
    XCTAssertEqual(engine.config.title, "T")
    XCTAssertEqual(engine.text(of: "leak"), "nil")
    let escape = try loadError(conf: "os.exit(1)")
    XCTAssertTrue(escape?.hasPrefix("game/conf.lua:1: attempt to index a nil value (global 'os')") ?? false, escape ?? "loaded")
  }

  /// conf.lua should see the safe globals (math, string, tostring...), as its loader's comment says.
  func testConfSeesTheSafeGlobals() throws {
    XCTAssertNil(try loadError(conf: "return { width = math.floor(390.5), title = tostring(1) .. string.upper('x') }"))
  }

  func testTestsCanOverrideOptions() throws {
    let report = try runLuaTests(
      #"""
      it("starts with overridden options", function()
        local app = tide.test.start{ options = { variant = "animals", lives = 9, hard = true } }
        assert.matches("^animals 9", app:find{ name = "options" }.text)
        assert.matches("true$", app:find{ name = "options" }.text)
        app = tide.test.start()
        assert.matches("^classic 3", app:find{ name = "options" }.text)
      end)
      """#, main: Self.main, conf: Self.conf)
    assertAllPassed(report, count: 1)
  }
}
