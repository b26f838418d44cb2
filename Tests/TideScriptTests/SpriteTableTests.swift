import Foundation
import TideCore
import XCTest

@testable import TideScript

/// Sprites are Lua tables whose `x` and `y` are plain fields (the bunnymark): what a
/// script writes there reaches the engine wherever the engine reads it, a bad value is reported
/// at the end of the tick and put right, and drawing a frame reads without changing anything.
final class SpriteTableTests: XCTestCase {
  func testPositionsWrittenInTheTableReachTheEngine() throws {
    let report = try runLuaTests(
      #"""
      describe("a sprite's table", function()
        local app
        before_each(function() app = tide.test.start() end)

        it("is a table with x and y of its own and the Sprite metatable", function()
          local s = tide.sprite.rect{ x = 5, y = 6, w = 10, h = 10 }
          assert.are.equal("table", type(s))
          assert.are.same({ 5, 6 }, { rawget(s, "x"), rawget(s, "y") })
          assert.are.equal("tide.Sprite", getmetatable(s))
          assert.has_error(function() setmetatable(s, {}) end)
          assert.is_nil(rawget(s, "w"))
          assert.are.equal(10, s.w)
        end)

        it("hands each write to whatever reads next, even within one callback", function()
          local s = tide.sprite.rect{ x = 0, y = 0, w = 10, h = 10 }
          s.x = 100
          assert.are.same({ 100, 0, 10, 10 }, { s:bounds() })
          s.x, s.y = 200, 50
          assert.are.same({ 200, 50, 10, 10 }, { s:bounds() })
          local arena = tide.sprite.rect{ x = 190, y = 40, w = 40, h = 40 }
          assert.is_true(arena:contains(s))
          s.y = 45.5
          assert.is_true(arena:contains(s))
          s.y = 100
          assert.is_false(arena:contains(s))
        end)

        it("is tapped where the script last put it", function()
          local s = tide.sprite.rect{ x = 0, y = 0, w = 20, h = 20 }
          local taps = 0
          s:on("tap", function() taps = taps + 1 end)
          s.x, s.y = 300, 400
          app:tap{ x = 10, y = 10 }
          assert.are.equal(0, taps)
          app:tap{ x = 310, y = 410 }
          assert.are.equal(1, taps)
        end)

        it("starts a tween from the written position and shows the tween's in the table", function()
          local s = tide.sprite.rect{ x = 0, y = 0 }
          s.x = 100
          tide.tween(s, 1, { x = 200 })
          app:advance(0.5)
          assert.is_true(s.x > 100 and s.x < 200, tostring(s.x))
          app:advance(0.6)
          assert.are.equal(200, rawget(s, "x"))
          s.x = s.x + 1
          assert.are.same({ 201, 0, 0, 0 }, { s:bounds() })
        end)

        it("keeps a position written just before the script lets go of the sprite", function()
          tide.sprite.rect{ name = "dropped", w = 4, h = 4 }.x = 77
          collectgarbage()
          collectgarbage()
          app:step()
          assert.are.same({ 77, 0, 4, 4 }, { app:find{ name = "dropped" }:bounds() })
        end)

        it("takes x again from a write after the script set it to nil", function()
          local s = tide.sprite.rect{ x = 1, y = 2 }
          s.x = nil
          s.x = 30
          assert.are.equal(30, rawget(s, "x"))
          app:step()
          assert.are.same({}, app:errors())
          assert.are.same({ 30, 2, 0, 0 }, { s:bounds() })
        end)

        it("lists its fields with pairs, not the engine's own key", function()
          local s = tide.sprite.rect{ x = 3, y = 4, w = 5, h = 6, name = "r" }
          local seen = {}
          for k, v in pairs(s) do seen[k] = v end
          assert.are.same({ 3, 4, 5, 6, "r", "rect" }, { seen.x, seen.y, seen.w, seen.h, seen.name, seen.kind })
          assert.is_nil(seen.stroke)
          for k in pairs(s) do assert.are.equal("string", type(k)) end
        end)

        it("is refused where a plain table goes, and cannot be saved", function()
          local s = tide.sprite.rect{}
          assert.error_matches(function() tide.sprite.rect(s) end, "table expected, got tide.Sprite", nil, true)
          assert.error_matches(function() tide.save.write("s", { hero = s }) end, "cannot save a tide.Sprite (at", nil, true)
          assert.error_matches(function() tide.ui.column{}:add(s) end, "children must be tide.ui widgets", nil, true)
        end)
      end)
      """#)
    assertAllPassed(report, count: 8)
  }

  /// `rotation` and `alpha` join the table the first time a script writes them, so a sprite
  /// that spins or fades every tick costs a table write, and one that never does carries neither.
  func testRotationAndAlphaJoinTheTableWhenFirstWritten() throws {
    let report = try runLuaTests(
      #"""
      describe("rotation and alpha", function()
        local app
        before_each(function() app = tide.test.start() end)

        it("are served from the sprite until a script writes them, then kept in its table", function()
          local s = tide.sprite.rect{ w = 20, h = 10, rotation = 10, alpha = 0.5 }
          assert.are.same({ 10, 0.5 }, { s.rotation, s.alpha })
          assert.is_nil(rawget(s, "rotation"))
          assert.is_nil(rawget(s, "alpha"))
          s.rotation = 90
          assert.are.equal(90, rawget(s, "rotation"))
          assert.is_nil(rawget(s, "alpha"))
          s.alpha = 0.25
          assert.are.same({ 90, 0.25 }, { rawget(s, "rotation"), rawget(s, "alpha") })
          app:step()
          assert.are.same({}, app:errors())
        end)

        it("check the first write at its line", function()
          local s = tide.sprite.rect{}
          assert.error_matches(function() s.alpha = 2e6 end, "alpha must be a finite number from -1000000 to 1000000", nil, true)
          assert.error_matches(function() s.rotation = "up" end, "rotation", nil, true)
          assert.is_nil(rawget(s, "alpha"))
          assert.is_nil(rawget(s, "rotation"))
        end)

        it("reach the engine wherever it reads them", function()
          local s = tide.sprite.rect{ x = 100, y = 100, w = 40, h = 10, anchor = "center" }
          s.rotation = 90
          local _, _, w, h = s:bounds()
          assert.are.same({ 10, 40 }, { math.floor(w + 0.5), math.floor(h + 0.5) })
          local taps = 0
          s:on("tap", function() taps = taps + 1 end)
          app:tap{ x = 100, y = 115 }
          assert.are.equal(1, taps, "turned a quarter, it covers (100, 115)")
          s.alpha = 0
          app:tap{ x = 100, y = 115 }
          assert.are.equal(1, taps, "a sprite faded out is not hit")
        end)

        it("start a tween from the written value, which takes them out of the table", function()
          local s = tide.sprite.rect{}
          s.alpha = 0.2
          s.alpha = 0.3  -- a plain table write, which the sprite has not seen
          tide.tween(s, 1, { alpha = 1 })
          app:advance(0.5)
          assert.is_nil(rawget(s, "alpha"), "the engine holds what it tweens: no step goes to the table")
          local mid = s.alpha
          assert.is_true(mid > 0.3 and mid < 1, tostring(mid))
          app:advance(0.6)
          assert.are.equal(1, s.alpha)
          s.alpha = 0.5  -- the script's again, in the table
          assert.are.equal(0.5, rawget(s, "alpha"))
        end)

        it("stay out of the table of a sprite only the engine changes", function()
          local s = tide.sprite.rect{}
          tide.tween(s, 1, { alpha = 0, rotation = 45 })
          app:advance(1.1)
          assert.are.same({ 0, 45 }, { s.alpha, s.rotation })
          assert.is_nil(rawget(s, "alpha"))
          assert.is_nil(rawget(s, "rotation"))
        end)

        it("report a bad value written after the first at the end of the tick, and put it right", function()
          local s = tide.sprite.rect{ name = "fader" }
          s.alpha = 0.5
          s:bounds()  -- the engine reads the sprite: 0.5 is confirmed, the value a bad one gives way to
          s.alpha = 5e6
          assert.error_matches(function() app:step() end,
            "alpha must be a finite number from -1000000 to 1000000, got 5000000; it stays at alpha = 0.5", nil, true)
          assert.are.equal(0.5, rawget(s, "alpha"))
          s.rotation = 30
          s:bounds()
          s.rotation = nil
          assert.error_matches(function() app:step() end, "rotation must be a number, got nil; it stays at rotation = 30", nil, true)
          assert.are.equal(30, rawget(s, "rotation"))
          app:advance(1)
          assert.are.equal(2, #app:errors())
        end)

        it("follow a sprite dropped by the script and made again", function()
          tide.sprite.rect{ name = "spun" }.rotation = 33
          collectgarbage()
          collectgarbage()
          app:step()
          local s = app:find{ name = "spun" }
          assert.are.equal(33, s.rotation)
          s.alpha = 0.5
          s:remove()
          assert.are.same({ 33, 0.5 }, { s.rotation, s.alpha })
        end)
      end)
      """#)
    assertAllPassed(report, count: 7)
  }

  /// The uniform `scale` joins the table as the axes do, so a pulsing sprite's `s.scale = ...`
  /// each tick is a table write; the table holds the one or the axes, never both, and whichever
  /// it holds, every name reads the newest value, wherever it was written.
  func testTheScaleJoinsTheTableUniformOrByAxis() throws {
    let report = try runLuaTests(
      #"""
      describe("scale", function()
        local app
        before_each(function() app = tide.test.start() end)

        it("is served until a script writes it, then kept in the table", function()
          local s = tide.sprite.rect{ w = 20, h = 10, scale = 2 }
          assert.are.same({ 2, 2, 2 }, { s.scale, s.scale_x, s.scale_y })
          assert.is_nil(rawget(s, "scale"), "a constructor keeps the table bare")
          s.scale = 3
          assert.are.same({ 3 }, { rawget(s, "scale"), rawget(s, "scale_x"), rawget(s, "scale_y") })
          s.scale = 4  -- a plain table write, which the sprite has not seen
          local _, _, w, h = s:bounds()
          assert.are.same({ 80, 40 }, { w, h })
          assert.are.same({ 4, 4 }, { s.scale_x, s.scale_y })
          assert.error_matches(function() tide.sprite.rect{}.scale = 1e5 end,
            "scale must be a finite number from -10000 to 10000", nil, true)
          app:step()
          assert.are.same({}, app:errors())
        end)

        it("gives way to the axes when a script writes one, and takes their place back", function()
          local s = tide.sprite.rect{ w = 10, h = 10 }
          s.scale = 3
          s.scale = 5  -- unseen by the sprite: the axis not written keeps it
          s.scale_x = 2
          assert.is_nil(rawget(s, "scale"))
          assert.are.same({ 2, 5 }, { rawget(s, "scale_x"), rawget(s, "scale_y") })
          assert.are.equal(2, s.scale, "scale reads scale_x")
          s.scale_y = 6
          s.scale = 0.5
          assert.are.same({ 0.5 }, { rawget(s, "scale"), rawget(s, "scale_x"), rawget(s, "scale_y") })
          local _, _, w, h = s:bounds()
          assert.are.same({ 5, 5 }, { w, h })
          s.scale_y = 0.5  -- the same as the other axis: still the axes, as the script wrote
          assert.are.same({ 0.5, 0.5 }, { rawget(s, "scale_x"), rawget(s, "scale_y") })
          assert.is_nil(rawget(s, "scale"))
        end)

        it("takes what the engine sets: both axes as one, or apart", function()
          local s = tide.sprite.rect{}
          s.scale = 1
          s.scale = 1.5  -- unseen: the tween starts from it
          tide.tween(s, 1, { scale = 3 })
          app:advance(0.5)
          assert.is_nil(rawget(s, "scale"), "the engine holds what it tweens")
          assert.are.same({ 2.25, 2.25 }, { s.scale_x, s.scale_y })
          app:advance(0.6)
          s.scale = 3.5  -- the script's again
          tide.tween(s, 1, { scale_x = 2 })
          app:advance(0.5)
          assert.is_nil(rawget(s, "scale"), "the tween of an axis takes the uniform scale back")
          s.scale = 4  -- mid-tween: the axis the tween leaves alone keeps it
          assert.are.equal(4, rawget(s, "scale"))
          app:advance(0.6)
          assert.is_nil(rawget(s, "scale"))
          assert.are.same({ 2, 4 }, { rawget(s, "scale_x"), rawget(s, "scale_y") })
        end)

        it("axes are served until a script writes them, then kept in the table", function()
          local s = tide.sprite.rect{ w = 20, h = 10 }
          s.scale_x = 4
          assert.are.equal(4, rawget(s, "scale_x"))
          assert.is_nil(rawget(s, "scale_y"), "the axis the table does not hold stays served")
          local _, _, w, h = s:bounds()
          assert.are.same({ 80, 10 }, { w, h })
          tide.tween(s, 1, { scale = 3 })
          app:advance(1.1)
          assert.are.same({ 3, 3 }, { s.scale_x, s.scale_y })
          assert.is_nil(next({ rawget(s, "scale_x"), rawget(s, "scale_y"), rawget(s, "scale") }),
            "the engine holds what it tweens")
        end)

        it("reports a bad scale written after the first at the end of the tick, and puts it right", function()
          local s = tide.sprite.rect{ name = "pulse" }
          s.scale = 1.5
          s:bounds()
          s.scale = "big"
          assert.error_matches(function() app:step() end,
            'scale must be a number, got string "big"; it stays at scale = 1.5', nil, true)
          assert.are.same({ 1.5, 1.5, 1.5 }, { rawget(s, "scale"), s.scale_x, s.scale_y })
          s.scale_x = 2
          s:bounds()
          s.scale_x = "big"
          assert.error_matches(function() app:step() end,
            'scale_x must be a number, got string "big"; it stays at scale_x = 2', nil, true)
          assert.are.equal(2, rawget(s, "scale_x"))
        end)
      end)
      """#)
    assertAllPassed(report, count: 5)
  }

  /// `w` and `h` join the table as `rotation` does, so a box a script stretches every tick
  /// costs a table write; `width`, `height` and a circle's `radius` say the same of the same
  /// box, wherever it is kept; a text, whose size is measured, never holds its size.
  func testTheSizeJoinsTheTableWhenFirstWrittenAndItsOtherNamesFollow() throws {
    let report = try runLuaTests(
      #"""
      describe("the size", function()
        local app
        before_each(function() app = tide.test.start() end)

        it("is served until a script writes it, then kept in the table", function()
          local s = tide.sprite.rect{ w = 20, h = 10 }
          assert.are.same({ 20, 10, 20, 10 }, { s.w, s.h, s.width, s.height })
          assert.is_nil(rawget(s, "w"))
          s.w = 30
          assert.are.equal(30, rawget(s, "w"))
          assert.is_nil(rawget(s, "h"))
          local _, _, w, h = s:bounds()
          assert.are.same({ 30, 10 }, { w, h })
          app:step()
          assert.are.same({}, app:errors())
        end)

        it("reads as width and height, and takes their writes", function()
          local s = tide.sprite.rect{ w = 20, h = 10 }
          s.w, s.h = 25, 35  -- the first writes: the table holds both from here
          s.w, s.h = 30, 40  -- plain table writes, which the sprite has not seen
          assert.are.same({ 30, 40 }, { s.width, s.height })
          s.width, s.height = 50, 60
          assert.are.same({ 50, 60 }, { rawget(s, "w"), rawget(s, "h") })
          assert.error_matches(function() s.width = 2e6 end, "width must be a finite number from -1000000 to 1000000", nil, true)
          assert.are.equal(50, rawget(s, "w"))
        end)

        it("is a circle's radius, both ways", function()
          local c = tide.sprite.circle{ radius = 10 }
          c.w = 40
          c.w = 50
          assert.are.equal(25, c.radius)
          c.radius = 4
          assert.are.same({ 8, 8 }, { rawget(c, "w"), c.h })
        end)

        it("reaches taps and tweens", function()
          local s = tide.sprite.rect{ x = 0, y = 0, w = 10, h = 10 }
          local taps = 0
          s:on("tap", function() taps = taps + 1 end)
          s.w = 50
          s.w = 100
          app:tap{ x = 90, y = 5 }
          assert.are.equal(1, taps, "stretched, it covers (90, 5)")
          tide.tween(s, 1, { w = 200, h = 20 })
          app:advance(0.5)
          assert.are.same({ 150, 15 }, { s.w, s.h })
          assert.is_nil(rawget(s, "w"), "the engine holds what it tweens")
          assert.is_nil(rawget(s, "h"), "a side only the engine changes stays out")
          app:advance(0.6)
          assert.are.same({ 200, 20 }, { s.w, s.h })
          s.w = 210
          assert.are.equal(210, rawget(s, "w"))
        end)

        it("is never kept in a text's table, which is measured", function()
          local t = tide.sprite.text("hi", { size = 20 })
          local measured = t.w
          assert.is_true(measured > 0)
          t.w = 300
          assert.is_nil(rawget(t, "w"))
          assert.are.equal(300, t.w)
          t.text = "hello there"
          assert.is_true(t.w > measured and t.w < 300, "measured again: " .. t.w)
        end)

        it("reports a bad size written after the first at the end of the tick, and puts it right", function()
          local s = tide.sprite.rect{ name = "bar", w = 5 }
          s.w = 60
          s:bounds()
          s.w = "wide"
          assert.error_matches(function() app:step() end,
            "'bar'%) made at game/tests/api_test%.lua:%d+: w must be a number, got string \"wide\"; it stays at w = 60")
          assert.are.equal(60, rawget(s, "w"))
          assert.error_matches(function() s.h = -5e6 end, "h must be a finite number", nil, true)
          s.h = 7  -- the first write, checked here, is the value a bad one gives way to
          s.h = -5e6
          assert.error_matches(function() app:step() end,
            "h must be a finite number from -1000000 to 1000000, got -5000000; it stays at h = 7", nil, true)
          assert.are.same({ 60, 7 }, { s.width, s.height })
        end)
      end)
      """#)
    assertAllPassed(report, count: 6)
  }

  func testABadPositionIsReportedAtTheEndOfTheTickAndPutRight() throws {
    let report = try runLuaTests(
      #"""
      describe("a bad x or y", function()
        local app
        before_each(function() app = tide.test.start() end)

        it("names the sprite, where it was made, the field, the value and what it keeps", function()
          local s = tide.sprite.rect{ name = "hero", x = 12, y = 34 }
          s.x = "left"
          assert.error_matches(function() app:step() end,
            "script error in sprite field x): sprite Node(rect #", nil, true)
          local message = app:errors()[1]
          assert.truthy(message:find("'hero') made at game/tests/api_test.lua:6: ", 1, true), message)
          assert.truthy(message:find('x must be a number, got string "left"; it stays at x = 12', 1, true), message)
          assert.are.equal(12, s.x)
          app:advance(1)  -- put right: no error again
          assert.are.equal(1, #app:errors())
        end)

        it("refuses nil, NaN, infinities and numbers past 1e6 alike", function()
          local s = tide.sprite.rect{ x = 1, y = 2 }
          local cases = {
            { "y", nil, "y must be a number, got nil" },
            { "x", 0/0, "x must be a finite number from -1000000 to 1000000, got nan" },
            { "y", -math.huge, "got -inf" },
            { "x", 1e300, "got 1e+300" },
            { "x", {}, "x must be a number, got table" },
            { "x", s, "x must be a number, got tide.Sprite" },
          }
          for _, case in ipairs(cases) do
            local field, value, words = case[1], case[2], case[3]
            s[field] = value
            assert.error_matches(function() app:step() end, words, nil, true)
            assert.are.same({ 1, 2 }, { s.x, s.y })
          end
        end)

        it("is put right before anything else reads it in the same callback", function()
          local s = tide.sprite.rect{ x = 5, y = 5, w = 10, h = 10 }
          s.x = "far"
          assert.are.same({ 5, 5, 10, 10 }, { s:bounds() })
          assert.are.equal(5, s.x)
          assert.error_matches(function() app:step() end, 'got string "far"', nil, true)
        end)

        it("shows control characters in a bad value as Lua's decimal escapes", function()
          local s = tide.sprite.rect{ x = 5, y = 5, w = 10, h = 10 }
          s.x = "a\nb\127"
          assert.error_matches(function() app:step() end, 'got string "a\\10b\\127"', nil, true)
        end)

        it("is found within a second even when nothing reads the sprite", function()
          local all = {}
          for i = 1, 600 do all[i] = tide.sprite.rect{ x = i, y = i } end
          all[599].y = "oops"
          local ticks = 0
          while #app:errors() == 0 and ticks < 120 do
            pcall(app.step, app)
            ticks = ticks + 1
          end
          assert.are.equal(1, #app:errors())
          assert.is_true(ticks > 1 and ticks <= 60, tostring(ticks))
          assert.are.equal(599, all[599].y)
        end)

        it("of a removed sprite is nobody's business", function()
          local s = tide.sprite.rect{ x = 1, y = 1 }
          s:remove()
          s.x = "gone"
          app:advance(1)
          assert.are.same({}, app:errors())
        end)
      end)
      """#)
    assertAllPassed(report, count: 6)
  }

  func testRemovedSpritesLetGoOfTheirTablesAndTakeThemBackWhenAdded() throws {
    let report = try runLuaTests(
      #"""
      it("follows a group's children again when the group comes back", function()
        local app = tide.test.start()
        local group = tide.sprite.group{ x = 10, y = 10 }
        local child = group:add(tide.sprite.rect{ x = 1, y = 1, w = 5, h = 5 })
        group:remove()
        child.x = 50
        group.y = 20
        local layer = tide.sprite.group{}
        layer:add(group)
        app:step()
        assert.are.same({ 60, 21, 5, 5 }, { child:bounds() })
        child.x = 70
        app:step()
        assert.are.same({ 80, 21, 5, 5 }, { child:bounds() })
      end)
      """#)
    assertAllPassed(report, count: 1)
  }

  /// A failed assertion names a sprite as `tostring` does, with its position, not as a table of
  /// some forty fields.
  func testAFailedAssertionNamesASprite() throws {
    let report = try runLuaTests(
      #"""
      it("compares two sprites", function()
        tide.test.start()
        assert.are.equal(tide.sprite.rect{ name = "a", x = 3 }, tide.sprite.rect{ name = "b" })
      end)
      """#)
    XCTAssertEqual(report.failed, 1)
    XCTAssertTrue(report.output.contains("expected: (tide.Sprite) Node(rect #1 'a') at x = 3.0, y = 0.0"), report.output)
    XCTAssertFalse(report.output.contains("[anchor_x]"), report.output)
  }

  /// The held tables are let go as sprites leave: by `remove`, by a scene change and by a
  /// particle burst that removes itself; nothing piles up over a long game.
  func testHeldTablesGoWithTheirSprites() throws {
    let fixture = try GameFixture(
      main: #"""
      tide.scene.define("a", {
        enter = function(self)
          for i = 1, 50 do tide.sprite.rect{ x = i } end
          self.gone = tide.sprite.group{}
          self.gone:remove()
          self.gone:add(tide.sprite.rect{})  -- into a removed group: off the scene too
          tide.particles({ burst = 5, lifetime = { 0.1, 0.2 }, speed = { 10, 20 } }, { x = 10, y = 10 })
        end,
      })
      tide.scene.define("b", { enter = function() tide.sprite.rect{} end })
      """#, conf: #"return { scene = "a" }"#)
    let engine = try fixture.engine()
    XCTAssertEqual(engine.spriteTables.heldCount, 51, "50 rects and the burst")
    engine.step(60)
    XCTAssertEqual(engine.spriteTables.heldCount, 50, "the burst removed itself")
    try engine.lua.load(#"local tide = ...; tide.scene.go("b")"#, chunkName: "=test")
    engine.lua.push(engine.tideTable)
    try engine.lua.pcall(nargs: 1, nresults: 0)
    engine.step()
    XCTAssertEqual(engine.spriteTables.heldCount, 1)
    XCTAssertEqual(engine.errorMessages, [])
  }

  /// A sprite off the scene that a script reaches again (a removed group a tween keeps alive,
  /// found as its child's parent once its old table is collected) gets a table that is not
  /// held: nothing keeps it alive for nothing.
  func testASpriteOffTheSceneReachedAgainIsNotHeld() throws {
    let fixture = try GameFixture(
      main: #"""
      tide.scene.define("a", { enter = function(self)
        local group = tide.sprite.group{}
        self.child = group:add(tide.sprite.rect{})
        tide.tween(group, 100, { alpha = 0 })  -- keeps the group's node alive once removed
        group:remove()
      end })
      """#, conf: #"return { scene = "a" }"#)
    let engine = try fixture.engine()
    engine.step()
    let held = engine.spriteTables.heldCount
    engine.vm.collectGarbage()
    engine.vm.collectGarbage()
    try engine.lua.load("local scene = ...; assert(scene.child.parent, 'the removed group')", chunkName: "=test")
    engine.lua.push(try XCTUnwrap(engine.scenes.current).selfRef)
    try engine.lua.pcall(nargs: 1, nresults: 0)
    XCTAssertEqual(engine.spriteTables.heldCount, held)
    XCTAssertEqual(engine.errorMessages, [])
  }

  /// Drawing reads every position quietly: a bad value is neither reported nor put right by a
  /// frame (a window must play exactly as headless does), the good ones on either side of it
  /// are taken; the next tick reports it.
  func testDrawingAFrameChangesNothing() throws {
    let fixture = try GameFixture(
      main: #"""
      tide.scene.define("a", { enter = function()
        tide.sprite.rect{ name = "good", x = 1, y = 1, w = 4, h = 4 }
        tide.sprite.rect{ name = "bad", x = 2, y = 2, w = 4, h = 4 }
        tide.sprite.rect{ name = "after", x = 3, y = 3, w = 4, h = 4 }
      end })
      """#, conf: #"return { scene = "a" }"#)
    let engine = try fixture.engine()
    engine.step()
    let lua = engine.lua
    let (good, bad) = (try XCTUnwrap(engine.node(named: "good")), try XCTUnwrap(engine.node(named: "bad")))
    let after = try XCTUnwrap(engine.node(named: "after"))
    // A script writes the tables, as a game's code would between two ticks.
    func run(_ source: String) throws {
      try lua.load(source, chunkName: "=test")
      engine.pushSprite(good, on: lua)
      engine.pushSprite(bad, on: lua)
      engine.pushSprite(after, on: lua)
      try lua.pcall(nargs: 3, nresults: 0)
    }
    try run(#"local good, bad, after = ...; good.x = 40; bad.y = "nope"; after.x = 50"#)
    // The window takes them all at once before it draws: past the bad one, both ways.
    engine.spriteTables.pullAllToDraw()
    let blocks = [good, after].map { $0.fieldsAddress.assumingMemoryBound(to: NodeFields.self).pointee }
    XCTAssertEqual(blocks.map(\.x), [40, 50])
    let items = engine.scene.drawList()
    XCTAssertEqual(items.first { $0.id == good.id }?.transform.apply(Vec2(x: 0, y: 0)).x, 40)
    XCTAssertEqual(items.first { $0.id == after.id }?.transform.apply(Vec2(x: 0, y: 0)).x, 50)
    XCTAssertEqual(engine.errorMessages, [], "a frame reports nothing")
    try run(#"local _, bad = ...; assert(rawget(bad, "y") == "nope", "a frame changed the table")"#)
    engine.step()
    XCTAssertEqual(engine.errorMessages.count, 1)
    XCTAssertTrue(engine.errorMessages.first?.contains(#"y must be a number, got string "nope"; it stays at y = 2"#) ?? false)
    XCTAssertEqual(engine.node(named: "bad")?.y, 2)
  }

  /// Sprites holding different once-written fields (or none), written between two ticks: a
  /// frame draws each with what its own table holds.
  func testAFrameTakesTheOnceWrittenFieldsEachTableHolds() throws {
    let fixture = try GameFixture(
      main: #"""
      tide.scene.define("a", { enter = function()
        tide.sprite.rect{ name = "plain", x = 10, y = 10, w = 10, h = 10 }
        tide.sprite.rect{ name = "faded", x = 30, y = 10, w = 10, h = 10 }.alpha = 0.5
        local wide = tide.sprite.rect{ name = "wide", x = 50, y = 10, w = 10, h = 10 }
        wide.scale_y, wide.scale_x = 1, 1
        local tall = tide.sprite.rect{ name = "tall", x = 70, y = 10, w = 10, h = 10 }
        tall.rotation, tall.scale_y = 0, 1
      end })
      """#, conf: #"return { scene = "a" }"#)
    let engine = try fixture.engine()
    engine.step()
    let names = ["plain", "faded", "wide", "tall"]
    let nodes = try names.map { try XCTUnwrap(engine.node(named: $0)) }
    // Written after the engine last looked, as a game's code would between two ticks.
    try engine.lua.load(
      "local plain, faded, wide, tall = ...; plain.x = 11; faded.alpha = 0.25; wide.scale_x = 3; tall.scale_y = 2",
      chunkName: "=test")
    for node in nodes { engine.pushSprite(node, on: engine.lua) }
    try engine.lua.pcall(nargs: 4, nresults: 0)
    let items = engine.scene.drawList()
    func item(_ i: Int) throws -> DrawItem { try XCTUnwrap(items.first { $0.id == nodes[i].id }) }
    XCTAssertEqual(try item(0).transform.tx, 11)
    XCTAssertEqual(try item(1).alpha, 0.25)
    XCTAssertEqual(try item(2).transform.a, 3)
    XCTAssertEqual(try item(3).transform.d, 2)
    XCTAssertEqual(try item(3).transform.a, 1)
    XCTAssertEqual(engine.errorMessages, [])
  }

  /// The one pull over every held sprite before a frame takes each sprite's fields itself, the
  /// once-written ones of whichever tables hold them: a sprite it gave up on would still be drawn
  /// right (each node takes its own when read), one by one at many times the cost, so this looks
  /// at the field blocks straight after that pull, before any node reads.
  func testTheFramesPullTakesEverySpritesOnceWrittenFields() throws {
    let fixture = try GameFixture(
      main: #"""
      tide.scene.define("a", { enter = function()
        tide.sprite.rect{ name = "plain", w = 10, h = 10 }
        tide.sprite.rect{ name = "faded", w = 10, h = 10 }.alpha = 0.5
        tide.sprite.rect{ name = "tall", w = 10, h = 10 }.scale_y = 1
        local both = tide.sprite.rect{ name = "both", w = 10, h = 10 }
        both.rotation, both.scale_x = 0, 1
      end })
      """#, conf: #"return { scene = "a" }"#)
    let engine = try fixture.engine()
    engine.step()
    let nodes = try ["plain", "faded", "tall", "both"].map { try XCTUnwrap(engine.node(named: $0)) }
    try engine.lua.load(
      "local plain, faded, tall, both = ...; plain.y = 7; faded.alpha = 0.25; tall.scale_y = 2; "
        + "both.rotation = 30; both.scale_x = 3",
      chunkName: "=test")
    for node in nodes { engine.pushSprite(node, on: engine.lua) }
    try engine.lua.pcall(nargs: 4, nresults: 0)
    engine.spriteTables.pullAllToDraw()
    let blocks = nodes.map { $0.fieldsAddress.assumingMemoryBound(to: NodeFields.self).pointee }
    XCTAssertEqual(blocks[0].y, 7)
    XCTAssertEqual(blocks[1].alpha, 0.25)
    XCTAssertEqual(blocks[2].scaleY, 2)
    XCTAssertEqual([blocks[3].rotation, blocks[3].scaleX], [30, 3])
  }

  /// Hostile tables: a script that moves the engine's key between sprites, puts junk there or
  /// reads it can only confuse its own sprites, never the host.
  func testWhatAScriptDoesToTheTableStaysHarmless() throws {
    let report = try runLuaTests(
      #"""
      it("survives the engine's key moved, replaced and used elsewhere", function()
        local app = tide.test.start()
        local a, b = tide.sprite.rect{ x = 1 }, tide.sprite.rect{ x = 2 }
        local key, box
        for k, v in next, a do
          if type(k) ~= "string" then key, box = k, v end
        end
        assert.are.equal("userdata", type(box))
        rawset(b, key, box)           -- b now reaches a's node for its other fields
        b.anchor_x = 0.25
        assert.are.equal(0.25, a.anchor_x)
        rawset(b, key, "junk")
        assert.error_matches(function() b:remove() end, "sprite expected", nil, true)
        assert.error_matches(function() return b.anchor_x end, "sprite", nil, true)
        local mine = {}
        mine[key] = box
        rawset(a, "x", nil)
        rawset(a, "y", "still junk")
        pcall(app.advance, app, 1)
        assert.are.same({ 1, 0 }, { a.x, a.y })
        collectgarbage()
        app:advance(1)
      end)
      """#)
    assertAllPassed(report, count: 1)
  }
}
