import TideCore
import TideScript
import XCTest

/// Every number a script hands the engine is checked where it enters,
/// against one range per argument or field, with an error naming it. Each test is a reproducer
/// from an audit's list (its item numbers in the names) that crashed or hung the host before.
final class NumberBoundaryTests: XCTestCase {
  static let assets: [String: Data] = ["assets/a.png": PNGFixture.make(width: 4, height: 4)]

  /// Item 1: `frame = math.mininteger` and `s:stop(math.mininteger)` trapped on `i - 1`.
  func testItem1FrameMinInteger() throws {
    let report = try runLuaTests(
      #"""
      it("refuses math.mininteger as a frame, in the constructor, the field and stop", function()
        tide.test.start()
        assert.has_error(function() tide.sprite.rect{ frame = math.mininteger } end,
          "bad argument #1 to 'rect' (frame must be an integer from 1 to 1000000, got -9223372036854775808)")
        local s = tide.sprite.image("a.png")
        assert.has_error(function() s:stop(math.mininteger) end,
          "bad argument #1 to 'stop' (frame must be an integer from 1 to 1000000, got -9223372036854775808)")
        assert.has_error(function() s.frame = math.maxinteger end,
          "bad argument #3 to 'newindex' (frame must be an integer from 1 to 1000000, got 9223372036854775807)")
        assert.has_error(function() s:stop(1.5) end,
          "bad argument #1 to 'stop' (frame must be an integer from 1 to 1000000, got 1.5)")
        s:stop(1)
        s.frame = 1e6
        assert.are.equal(1000000, s.frame)
      end)
      """#, assets: Self.assets)
    assertAllPassed(report, count: 1)
  }

  /// Item 2: `fps = 1e308` trapped converting the frame number to Int on the next tick.
  func testItem2HugeFPS() throws {
    let report = try runLuaTests(
      #"""
      it("refuses an fps past 1000 and plays at 1000", function()
        local app = tide.test.start()
        local s = tide.sprite.image("a.png")
        assert.has_error(function() s:play({ "a.png" }, { fps = 1e308 }) end,
          "bad argument #2 to 'play' (fps must be a finite number from 0.001 to 1000, got 1e+308)")
        assert.has_error(function() s:play({ "a.png" }, { fps = 0/0 }) end)
        assert.has_error(function() s:play({ "a.png" }, { fps = 0 }) end)
        s:play({ "a.png", "a.png" }, { fps = 1000 })
        app:advance(10)
        assert.are.equal("a.png", s.image)
      end)
      """#, assets: Self.assets)
    assertAllPassed(report, count: 1)
  }

  /// Item 3: `tide.every(1e-300, fn)` looped forever inside the timer queue; 1e-9 ran ten million
  /// callbacks a second.
  func testItem3TinyInterval() throws {
    let report = try runLuaTests(
      #"""
      it("refuses intervals under a millisecond and delays that are not finite", function()
        tide.test.start()
        assert.has_error(function() tide.every(1e-300, function() end) end,
          "bad argument #1 to 'every' (interval must be a finite number from 0.001 to 1000000, got 1e-300)")
        assert.has_error(function() tide.every(1e-9, function() end) end,
          "bad argument #1 to 'every' (interval must be a finite number from 0.001 to 1000000, got 1e-09)")
        assert.has_error(function() tide.every(1, function() end, math.mininteger) end,
          "bad argument #3 to 'every' (count must be an integer from 1 to 9007199254740992, got -9223372036854775808)")
        assert.has_error(function() tide.after(math.huge, function() end) end,
          "bad argument #1 to 'after' (delay must be a finite number from 0 to 1000000000, got inf)")
        assert.has_error(function() tide.after(0/0, function() end) end)
      end)

      it("fires a millisecond timer at most once per interval", function()
        local app = tide.test.start()
        local n = 0
        tide.every(0.001, function() n = n + 1 end)
        app:advance(1)
        assert.is_true(n >= 999 and n <= 1001, tostring(n))
      end)
      """#)
    assertAllPassed(report, count: 2)
  }

  /// Item 4: `size = math.huge` (or 1e19) trapped in text metrics.
  func testItem4HugeTextSize() throws {
    let report = try runLuaTests(
      #"""
      it("refuses text sizes outside 1..2000 points", function()
        tide.test.start()
        assert.has_error(function() tide.sprite.text("hi", { size = math.huge }) end,
          "bad argument #2 to 'text' (size must be a finite number from 1 to 2000, got inf)")
        assert.has_error(function() tide.sprite.text("hi", { size = 1e19 }) end,
          "bad argument #2 to 'text' (size must be a finite number from 1 to 2000, got 1e+19)")
        local t = tide.sprite.text("hi", { size = 2000 })
        assert.has_error(function() t.size = 0 end,
          "bad argument #3 to 'newindex' (size must be a finite number from 1 to 2000, got 0)")
        assert.has_error(function() tide.tween(t, 1, { size = 1e19 }) end,
          "bad argument #3 to 'tween' (size must be a finite number from 1 to 2000, got 1e+19)")
        assert.are.equal(2000, t.size)
      end)
      """#)
    assertAllPassed(report, count: 1)
  }

  /// Item 5: `radius = 1e16` or `scale = 1e15` trapped in the shape batcher.
  func testItem5HugeRadiusAndScale() throws {
    let report = try runLuaTests(
      #"""
      it("refuses huge radii and scales, in constructors and in C field writes", function()
        tide.test.start()
        assert.has_error(function() tide.sprite.circle{ radius = 1e16 } end,
          "bad argument #1 to 'circle' (radius must be a finite number from 0 to 100000, got 1e+16)")
        assert.has_error(function() tide.sprite.rect{ scale = 1e15 } end,
          "bad argument #1 to 'rect' (scale must be a finite number from -10000 to 10000, got 1e+15)")
        local c = tide.sprite.circle{ radius = 10 }
        -- scale is written in C, straight into the node: the C side must refuse it too.
        assert.has_error(function() c.scale = 1e15 end,
          "bad argument #3 to 'newindex' (scale must be a finite number from -10000 to 10000, got 1e+15)")
        assert.has_error(function() c.scale_y = -math.huge end,
          "bad argument #3 to 'newindex' (scale_y must be a finite number from -10000 to 10000, got -inf)")
        assert.has_error(function() c.radius = 1e16 end)
        assert.are.same({ 1, 1, 10 }, { c.scale_x, c.scale_y, c.radius })
        c.scale = -1e4
        assert.are.same({ -1e4, -1e4 }, { c.scale_x, c.scale_y })
      end)
      """#)
    assertAllPassed(report, count: 1)
  }

  /// Item 6, the boundary side: huge positions overflowed SDL's software renderer.
  func testItem6HugePositionsAndNaN() throws {
    let report = try runLuaTests(
      #"""
      it("refuses positions past 1e6 and NaN in every number field", function()
        local app = tide.test.start()
        assert.has_error(function() tide.sprite.text("hi", { x = math.mininteger, scale = 57, flip_y = true }) end,
          "bad argument #2 to 'text' (x must be a finite number from -1000000 to 1000000, got -9223372036854775808)")
        assert.has_error(function() tide.sprite.text("hi", { x = -3e9 }) end,
          "bad argument #2 to 'text' (x must be a finite number from -1000000 to 1000000, got -3000000000)")
        local s = tide.sprite.rect{ w = 10, h = 10 }
        for _, field in ipairs({ "w", "h", "width", "height", "anchor_x", "anchor_y", "scale",
            "scale_x", "scale_y", "rotation", "alpha", "z", "stroke_width", "radius" }) do
          local before = s[field]
          assert.has_error(function() s[field] = 0/0 end)
          assert.has_error(function() s[field] = math.huge end)
          assert.has_error(function() s[field] = -3e9 end)
          assert.are.equal(before, s[field], field)
        end
        -- x and y are plain fields of the sprite's table, checked at the end of the tick.
        for _, field in ipairs({ "x", "y" }) do
          local before = s[field]
          for _, bad in ipairs({ 0/0, math.huge, -3e9 }) do
            s[field] = bad
            assert.has_error(function() app:step() end)
            assert.are.equal(before, s[field], field)
          end
        end
        assert.has_error(function() s.anchor = { 0/0, 0 } end)
        assert.has_error(function() tide.tween(s, 1, { x = 1e300 }) end,
          "bad argument #3 to 'tween' (x must be a finite number from -1000000 to 1000000, got 1e+300)")
        assert.has_error(function() tide.tween(s, math.huge, { x = 1 }) end,
          "bad argument #2 to 'tween' (duration must be a finite number from 0 to 1000000000, got inf)")
        s.x, s.y = -1e6, 1e6
        assert.are.same({ -1e6, 1e6 }, { s.x, s.y })
      end)
      """#)
    assertAllPassed(report, count: 1)
  }
}

/// The test API took any number: `app:advance(math.huge)`, `0/0`, `1e308`,
/// `app:drag(a, b, { steps = 0/0 })` and `tide.test.start{ seed = 1e308 }` trapped, and
/// `app:step(1e12)` hung.
final class TestAPIBoundaryTests: XCTestCase {
  func testItem9TestAPINumbers() throws {
    let report = try runLuaTests(
      #"""
      it("refuses out-of-range numbers in the test API", function()
        local app = tide.test.start()
        for _, bad in ipairs({ math.huge, 0/0, 1e308, -1 }) do
          assert.has_error(function() app:advance(bad) end)
        end
        assert.has_error(function() app:advance(math.huge) end,
          "bad argument #1 to 'advance' (seconds must be a finite number from 0 to 100000, got inf)")
        assert.has_error(function() app:step(1e12) end,
          "bad argument #1 to 'step' (n must be an integer from 0 to 6000000, got 1000000000000)")
        assert.has_error(function() app:drag({ x = 1, y = 1 }, { x = 2, y = 2 }, { steps = 0/0 }) end,
          "bad argument #3 to 'drag' (steps must be an integer from 1 to 1000, got nan)")
        assert.has_error(function() app:drag({ x = 1, y = 1 }, { x = 2, y = 2 }, { steps = 1e9 }) end)
        assert.has_error(function() app:tap({ x = math.huge, y = 1 }) end,
          "bad argument #1 to 'tap' (x must be a finite number from -1000000 to 1000000, got inf)")
        assert.has_error(function() tide.test.start{ seed = 1e308 } end,
          "bad argument #1 to 'start' (seed must be an integer from -9007199254740992 to 9007199254740992, got 1e+308)")
        app = tide.test.start{ seed = 2^53 }
        app:advance(0.5)
        app:step(3)
        app:drag({ x = 1, y = 1 }, { x = 2, y = 2 }, { steps = 2 })
      end)
      """#)
    assertAllPassed(report, count: 1)
  }
}

/// A chain of 20,000 nested groups took 12 s of Swift work the instruction
/// budget never saw, and 50,000 overflowed the stack. Nesting stops at `Limits.nestingDepth`.
final class NestingDepthTests: XCTestCase {
  func testItem8NestingIsCapped() throws {
    let report = try runLuaTests(
      #"""
      it("refuses the level past the cap, in constructors and in add", function()
        local app = tide.test.start()
        local root = tide.sprite.group{}
        local p, made = root, 1
        local ok, err = pcall(function()
          for _ = 1, 50000 do
            p = tide.sprite.group{ parent = p }
            made = made + 1
          end
        end)
        assert.is_false(ok)
        assert.truthy(err:find("bad argument #1 to 'group' (parent: sprites nest at most 200 levels deep)", 1, true), err)
        assert.are.equal(200, made)  -- levels 1 to 200 below the scene's root
        assert.has_error(function() p:add(tide.sprite.rect{}) end,
          "bad argument #1 to 'add' (sprites nest at most 200 levels deep)")
        -- A chain of 10 cannot go under a node 195 deep either, nor anything under itself.
        local top = tide.sprite.group{}
        local q = top
        for _ = 1, 9 do q = q:add(tide.sprite.group{}) end
        assert.error_matches(function() p.parent:add(top) end, "sprites nest at most 200 levels deep", nil, true)
        assert.error_matches(function() q:add(top) end, "cannot add a sprite to itself or its own child", nil, true)
        app:advance(0.1)
      end)
      """#)
    assertAllPassed(report, count: 1)
  }
}

/// Sprites, timers, tweens, text and kept errors count
/// against `Limits`, with an error at the call that would pass the cap.
final class EngineCapTests: XCTestCase {
  /// The caps are `Limits` by default; lowered here so the test makes hundreds, not 200,000.
  func testSpritesTimersAndTweensAreCapped() throws {
    let fixture = try GameFixture(
      main: #"""
        local fn = function() end
        local s = tide.sprite.rect{}  -- made first: the tweens need one
        -- Each count is reported as a warning: "<what> <made>: <error>".
        local function count(what, make)
          local made = 0
          local ok, err = pcall(function() for _ = 1, 1e6 do make(); made = made + 1 end end)
          tide.warn(what .. " " .. made .. ": " .. tostring(err))
        end
        count("sprites", function() tide.sprite.group{} end)
        count("timers", function() tide.after(10, fn) end)
        count("tweens", function() tide.tween(s, 10, { x = 1 }) end)
        """#)
    var options = fixture.options()
    options.spriteLimit = 300
    options.timerLimit = 200
    options.tweenLimit = 100
    let engine = try fixture.engine(options: options)
    let messages = engine.errorMessages
    XCTAssertEqual(messages.count, 3, "\(messages)")
    XCTAssertTrue(messages[0].hasPrefix("sprites 299: ") && messages[0].hasSuffix(
      "too many sprites: at most 300 at once (remove some, and drop your references to removed ones)"), messages[0])
    XCTAssertTrue(messages[1].hasPrefix("timers 200: ") && messages[1].hasSuffix("too many timers: at most 200 at once (cancel some)"), messages[1])
    XCTAssertTrue(messages[2].hasPrefix("tweens 100: ") && messages[2].hasSuffix("too many tweens: at most 100 at once (cancel some)"), messages[2])
    XCTAssertEqual(EngineOptions().spriteLimit, Limits.sprites)
  }

  func testTextAndErrorsAreCapped() throws {
    let report = try runLuaTests(
      #"""
      it("refuses text longer than 20000 bytes", function()
        tide.test.start()
        assert.has_error(function() tide.sprite.text(string.rep("x", 1e6)) end,
          "bad argument #1 to 'text' (text must be at most 20000 bytes, got 1000000)")
        local t = tide.sprite.text(string.rep("x", 20000))
        assert.has_error(function() t.text = string.rep("é", 10001) end,
          "bad argument #3 to 'newindex' (text must be at most 20000 bytes, got 20002)")
        assert.has_error(function() t.name = string.rep("n", 1001) end,
          "bad argument #3 to 'newindex' (name must be at most 1000 bytes, got 1001)")
        assert.has_error(function() tide.sprite.rect{ tag = string.rep("t", 1e6) } end,
          "bad argument #1 to 'rect' (tag must be at most 1000 bytes, got 1000000)")
      end)

      it("keeps the first 1000 errors and counts the rest, each message cut at 10000 bytes", function()
        local app = tide.test.start{ raise_errors = false }
        local n = 0
        tide.every(0.001, function() n = n + 1; error(string.rep("e", 2e4) .. n) end)
        app:advance(1.5)
        assert.is_true(n > 1400, tostring(n))
        local errors = app:errors()
        assert.are.equal(1000, #errors)
        assert.truthy(#errors[1] < 11000, #errors[1])
      end)
      """#)
    assertAllPassed(report, count: 2)
  }

  /// A PNG can be a few kilobytes that decode to gigabytes: images past `Limits.imageSide` a
  /// side are refused where a sprite names them.
  func testHugeImagesAreRefusedAtTheCall() throws {
    let report = try runLuaTests(
      #"""
      it("refuses an image wider than 8192 pixels", function()
        tide.test.start()
        assert.has_error(function() tide.sprite.image("wide.png") end,
          "bad argument #1 to 'image' (image 'wide.png' is 8193x1 pixels; at most 8192 a side)")
        local s = tide.sprite.image("ok.png")
        assert.error_matches(function() s.image = "wide.png" end, "image 'wide.png' is 8193x1 pixels", nil, true)
        assert.error_matches(function() s:play({ "ok.png", "wide.png" }) end, "image 'wide.png' is 8193x1 pixels", nil, true)
      end)
      """#,
      assets: ["assets/wide.png": PNGFixture.make(width: 8193, height: 1), "assets/ok.png": PNGFixture.make(width: 8192, height: 1)])
    assertAllPassed(report, count: 1)
  }
}
