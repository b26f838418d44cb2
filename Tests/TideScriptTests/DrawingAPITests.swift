import TideCore
import TideScript
import XCTest

/// `loops`/`yoyo` on tweens and sequences, `tide.sprite.ellipse`, `line`, `polygon`, the
/// `points` and `clip` fields, `tide.particles`, `tide.camera`, `tide.time()` and `tide.scene.time()`.
final class DrawingAPITests: XCTestCase {
  func testLoopsShapesClipsAndGameTime() throws {
    let report = try runLuaTests(
      luaFailsWith + #"""

      describe("loops and yoyo", function()
        local app, r
        before_each(function()
          app = tide.test.start()
          r = tide.sprite.rect{ x = 0, y = 0, w = 10, h = 10 }
        end)

        it("plays a tween loops times, each pass from the start", function()
          local ended
          tide.tween(r, 1, { x = 100 }, { loops = 3, on_done = function(done) ended = done end })
          app:advance(1.5)
          assert.near(50, r.x, 1e-6)
          app:advance(1.5)
          assert.are.equal(100, r.x)
          assert.is_true(ended)
        end)

        it("swings back and forth with yoyo, for ever with loops = -1, until cancelled", function()
          local tw = tide.tween(r, 0.5, { x = 100 }, { loops = -1, yoyo = true, ease = "in_out_sine" })
          app:advance(0.5)
          assert.near(100, r.x, 1e-6)
          app:advance(0.5)
          assert.near(0, r.x, 1e-6)
          app:advance(60)
          assert.near(0, r.x, 1e-6)
          assert.is_false(tw:done())
          tw:cancel()
          app:advance(0.25)
          assert.near(0, r.x, 1e-6)
          assert.is_true(tw:done())
        end)

        it("goes there and back once with yoyo alone", function()
          local tw = tide.tween(r, 1, { alpha = 0 }, { yoyo = true })
          app:advance(1)
          assert.near(0, r.alpha, 1e-6)
          app:advance(1)
          assert.are.equal(1, r.alpha)
          assert.is_true(tw:done())
        end)

        it("loops a sequence, and a step of one", function()
          local beats = 0
          tide.sequence({ { r, 0.2, { scale = 1.5 } }, function() beats = beats + 1 end, { r, 0.2, { scale = 1 } } }, { loops = -1 })
          local s = tide.sprite.rect{}
          tide.sequence{ { s, 0.5, { x = 10 }, { loops = 2 } }, { s, 0.5, { y = 10 } } }
          app:advance(4)
          assert.are.equal(10, beats)
          assert.are.equal(10, s.x)
          assert.are.equal(10, s.y)
        end)

        it("ends a loop when its sprite is removed, as cancelled", function()
          local result
          tide.tween(r, 1, { x = 100 }, { loops = -1, on_done = function(done) result = done end })
          app:advance(0.5)
          r:remove()
          app:advance(1 / 60)
          assert.is_false(result)
        end)

        it("refuses bad loops and yoyo values, naming them", function()
          fails_with(function() tide.tween(r, 1, { x = 1 }, { loops = 0 }) end, "'loops' must be -1 (for ever) or from 1 to 1000000, got 0")
          fails_with(function() tide.tween(r, 1, { x = 1 }, { loops = 2.5 }) end, "loops")
          fails_with(function() tide.tween(r, 1, { x = 1 }, { loops = -2 }) end, "loops")
          fails_with(function() tide.tween(r, 1, { x = 1 }, { yoyo = "yes" }) end, "'yoyo' must be a boolean, got string")
          fails_with(function() tide.tween(r, 0, { x = 1 }, { loops = -1 }) end, "a loop for ever needs steps that take time")
          fails_with(function() tide.sequence({ function() end }, { loops = -1 }) end, "a loop for ever needs steps that take time")
        end)
      end)

      describe("shapes", function()
        local app
        before_each(function() app = tide.test.start() end)

        -- Whether a tap at (x, y) reaches `sprite`: a tap of its own, after the tap guard's
        -- interval, since what the test changes between taps would make it a double tap's.
        local function tapped(sprite, x, y)
          local hit = false
          sprite:on("tap", function() hit = true end)
          app:advance(0.4)
          app:tap({ x = x, y = y })
          sprite:on("tap", nil)
          return hit
        end

        it("makes ellipses as circles of two sizes, by their centre", function()
          local e = tide.sprite.ellipse{ x = 100, y = 50, w = 80, h = 20 }
          assert.are.equal("circle", e.kind)
          assert.are.same({ 80, 20 }, { e.w, e.h })
          assert.is_true(tapped(e, 100, 50))
          assert.is_false(tapped(e, 62, 42))
        end)

        it("reads and writes points, and sizes the sprite by them", function()
          local p = tide.sprite.polygon{ x = 10, y = 10, points = { 0, 0, 40, 0, 20, 30 } }
          assert.are.same({ 0, 0, 40, 0, 20, 30 }, p.points)
          assert.are.same({ 40, 30 }, { p.w, p.h })
          p.points = { 0, 0, 10, 0, 10, 10, 0, 10 }
          assert.are.equal(8, #p.points)
          assert.are.equal(10, p.w)
          local l = tide.sprite.line{ points = { 0, 0, 5, 5 } }
          assert.are.equal("line", l.kind)
          assert.are.equal(2, l.stroke_width)
        end)

        it("refuses bad points with the reason", function()
          fails_with(function() tide.sprite.polygon{ x = 1 } end, "points expected")
          fails_with(function() tide.sprite.polygon{ points = { 0, 0, 1, 1 } } end, "3 to 10000 corners, got 4 numbers")
          fails_with(function() tide.sprite.line{ points = { 0, 0, 1 } } end, "even count")
          fails_with(function() tide.sprite.line{ points = { 0, 0, "a", 1 } } end, "points[3] and points[4] must be numbers")
          fails_with(function() tide.sprite.line{ points = { 0, 0, 1 / 0, 1 } } end, "points[3]")
          fails_with(function() tide.sprite.line{ points = "0,0" } end, "got string")
          fails_with(function() tide.sprite.rect{ points = { 0, 0, 1, 1 } } end, "only lines and polygons have points (this is a rect)")
        end)

        it("clips children to a sprite with clip = true", function()
          local g = tide.sprite.group{ x = 0, y = 0, w = 50, h = 50, clip = true }
          assert.is_true(g.clip)
          local r = tide.sprite.rect{ parent = g, w = 100, h = 100 }
          assert.is_true(tapped(r, 25, 25))
          assert.is_false(tapped(r, 75, 75))
          g.clip = false
          assert.is_true(tapped(r, 75, 75))
          fails_with(function() g.clip = "yes" end, "boolean expected")
        end)
      end)
      describe("particles", function()
        local app
        before_each(function() app = tide.test.start() end)
        local spark = { burst = 20, lifetime = 0.5, speed = { 50, 100 }, colors = { "#ffd500", "#ff5400" }, size = { 8, 2 } }

        it("bursts, lives its lifetime, then removes itself", function()
          local p = tide.particles(spark, { x = 100, y = 100 })
          assert.are.equal("particles", p.kind)
          assert.are.equal(20, p:particle_count())
          app:advance(0.4)
          assert.are.equal(20, p:particle_count())
          app:advance(0.2)
          assert.is_nil(p.parent)
        end)

        it("stays when kept, and emits more on demand", function()
          local p = tide.particles(spark, { keep = true, name = "kept", x = 12, alpha = 0.5 })
          assert.are.same({ 12, 0.5 }, { p.x, p.alpha })  -- the options' sprite fields beside `keep`
          app:advance(1)
          assert.are.equal(0, p:particle_count())
          assert.are.equal(p, app:find{ name = "kept" })
          p:emit(5)
          assert.are.equal(5, p:particle_count())
        end)

        it("emits at its rate until stopped", function()
          local p = tide.particles({ rate = 60, lifetime = 10 }, {})
          app:advance(1)
          assert.are.equal(60, p:particle_count())
          p:stop_emitting()
          app:advance(1)
          assert.are.equal(60, p:particle_count())
        end)

        it("refuses bad emitter tables, naming the key", function()
          fails_with(function() tide.particles({ burst = 5, colour = "#fff" }) end, "unknown emitter key 'colour' (keys: rate, burst")
          fails_with(function() tide.particles({ lifetime = 1 }) end, "an emitter needs a 'burst' or a 'rate' above 0")
          fails_with(function() tide.particles({ burst = 5, speed = { 10, 5 } }) end, "'speed' must be { min, max } with min <= max")
          fails_with(function() tide.particles({ burst = 5, colors = { "#fff", "blurple" } }) end, "'colors[2]' must be a colour")
          fails_with(function() tide.particles({ burst = 5, size = { 9, -1 } }) end, "size[2] must be")
          fails_with(function() tide.particles({ burst = 5, alpha = 2 }) end, "alpha")
          fails_with(function() tide.particles({ burst = 5, blend = "screen" }) end, "invalid blend 'screen'")
          fails_with(function() tide.particles({ burst = 5, gravity = { 0 } }) end, "'gravity' must be { x, y }")
          fails_with(function() tide.particles({ burst = 1e9 }) end, "burst")
          fails_with(function() tide.particles({ burst = 5, image = "nope.png" }) end, "nope.png")
          fails_with(function() tide.sprite.rect{}:emit(3) end, "only particles sprites emit (this is a rect)")
        end)

        it("never changes what tide.random gives the game", function()
          tide.test.start{ seed = 9 }
          local plain = tide.random.int(1, 1000000)
          tide.test.start{ seed = 9 }
          tide.particles({ burst = 3 }, {})
          assert.are.equal(plain, tide.random.int(1, 1000000))
        end)
      end)

      describe("the camera", function()
        local app
        before_each(function()
          app = tide.test.start()
          tide.scene.define("world", {})
          tide.scene.define("other", {})
          tide.scene.go("world")
          app:step()
        end)

        it("starts at rest, the screen's centre at the centre", function()
          assert.are.same({ tide.screen.width / 2, tide.screen.height / 2, 1, 0 },
            { tide.camera.x, tide.camera.y, tide.camera.zoom, tide.camera.rotation })
          local x, y = tide.camera:to_world(10, 20)
          assert.near(10, x, 1e-9)
          assert.near(20, y, 1e-9)
        end)

        it("maps taps and drags on world sprites to world points, and keeps the HUD still", function()
          local w, h = tide.screen.width, tide.screen.height
          local target = tide.sprite.rect{ x = 1000, y = 1000, w = 100, h = 100 }
          local badge = tide.sprite.rect{ parent = tide.camera.hud, x = 0, y = 0, w = 50, h = 50 }
          local seen, badge_seen, moved = nil, nil, 0
          target:on("drag", function(e)
            seen = e
            moved = moved + e.dx
          end)
          badge:on("tap", function(e) badge_seen = e end)
          tide.camera.x, tide.camera.y, tide.camera.zoom = 1050, 1050, 2
          app:drag({ x = w / 2, y = h / 2 }, { x = w / 2 + 40, y = h / 2 })
          assert.near(1050, seen.start_x, 1e-6)
          assert.near(20, moved, 1e-6) -- 40 screen units at zoom 2
          assert.near(w / 2 + 40, seen.screen_x, 1e-6)
          app:tap({ x = 10, y = 10 })
          assert.are.same({ 10, 10 }, { badge_seen.x, badge_seen.y })
        end)

        it("names its methods in argument errors however they are called, and NaN as nan", function()
          local ok, message = pcall(tide.camera.to_world, tide.camera, 1e300, 0)
          assert.is_false(ok)
          assert.are.equal("bad argument #2 to 'camera:to_world' (x must be a finite number from -1000000 to 1000000, got 1e+300)", message)
          ok, message = pcall(tide.camera.to_screen, tide.camera, 0, 0 / 0)
          assert.are.equal("bad argument #3 to 'camera:to_screen' (y must be a finite number from -1000000 to 1000000, got nan)", message)
          local s = tide.sprite.rect{}
          ok, message = pcall(s.contains, s, 7)
          assert.is_false(ok)
          assert.is_truthy(message:find("bad argument #2 to 'sprite:contains'", 1, true), message)
        end)

        it("round-trips points through zoom and rotation", function()
          tide.camera.rotation, tide.camera.zoom, tide.camera.x = 30, 3, -200
          local sx, sy = tide.camera:to_screen(12, -34)
          local x, y = tide.camera:to_world(sx, sy)
          assert.near(12, x, 1e-6)
          assert.near(-34, y, 1e-6)
          assert.near(tide.screen.width / 2, (tide.camera:to_screen(-200, tide.camera.y)), 1e-6)
        end)

        it("tweens like a sprite, and is fresh in each scene", function()
          tide.tween(tide.camera, 1, { x = 500, zoom = 2 }, { ease = "in_out_quad" })
          app:advance(1)
          assert.are.same({ 500, 2 }, { tide.camera.x, tide.camera.zoom })
          tide.scene.go("other")
          app:step()
          assert.are.same({ tide.screen.width / 2, 1 }, { tide.camera.x, tide.camera.zoom })
        end)

        it("refuses what it does not have, naming it", function()
          fails_with(function() tide.camera.zoom = 0 end, "zoom")
          fails_with(function() tide.camera.angle = 3 end, "camera has no field 'angle' to set (fields: x, y, zoom, rotation")
          fails_with(function() return tide.camera.hud.x + tide.camera.speed end, "camera has no field 'speed'")
          fails_with(function() tide.tween(tide.camera, 1, { alpha = 0 }) end, "cannot tween camera 'alpha' (can tween: x, y, zoom, rotation)")
        end)
      end)

      describe("game time", function()
        it("counts virtual seconds since the start and since the scene was entered", function()
          local app = tide.test.start()
          assert.are.equal(0, tide.scene.time())
          tide.scene.define("a", {})
          tide.scene.define("b", {})
          tide.scene.go("a")
          app:advance(2)
          assert.near(2, tide.time(), 1e-9)
          local before = tide.scene.time()
          assert.truthy(before > 1.9 and before <= 2, tostring(before))
          tide.scene.go("b")
          app:advance(0.5)
          assert.near(2.5, tide.time(), 1e-9)
          assert.truthy(tide.scene.time() < 0.5 + 1e-9 and tide.scene.time() >= 0.48, tostring(tide.scene.time()))
        end)
      end)
      """#)
    assertAllPassed(report, count: 22)
  }
}
