import TideCore
import TideScript
import XCTest

/// `tide.tween`, `tide.sequence`, `tide.parallel`: easing, delay, completion, cancel, colours.
final class TweenAPITests: XCTestCase {
  func testTweens() throws {
    let report = try runLuaTests(
      #"""
      describe("tide.tween", function()
        local app, r
        before_each(function()
          app = tide.test.start()
          r = tide.sprite.rect{ x = 0, y = 0, w = 10, h = 10 }
        end)

        it("moves linearly by default and lands exactly", function()
          tide.tween(r, 1, { x = 100, y = 50 })
          app:advance(0.5)
          assert.near(50, r.x, 1e-6)
          assert.near(25, r.y, 1e-6)
          app:advance(0.5)
          assert.are.equal(100, r.x)
          assert.are.equal(50, r.y)
          app:advance(1)
          assert.are.equal(100, r.x)
        end)

        it("follows the named easing", function()
          local a = tide.sprite.rect{}
          local b = tide.sprite.rect{}
          tide.tween(a, 1, { x = 100 }, { ease = "in_quad" })
          tide.tween(b, 1, { x = 100 }, { ease = "out_quad" })
          app:advance(0.5)
          assert.near(25, a.x, 1e-6)
          assert.near(75, b.x, 1e-6)
        end)

        it("runs every easing of the catalogue to its target", function()
          local names = { "linear" }
          for _, family in ipairs({ "quad", "cubic", "quart", "quint", "sine", "expo", "circ", "back", "elastic", "bounce" }) do
            for _, kind in ipairs({ "in", "out", "in_out" }) do names[#names + 1] = kind .. "_" .. family end
          end
          local sprites = {}
          for i, name in ipairs(names) do
            sprites[i] = tide.sprite.rect{}
            tide.tween(sprites[i], 0.5, { x = 200 }, { ease = name })
          end
          app:advance(0.25)
          app:advance(0.25)
          for i, name in ipairs(names) do assert.near(200, sprites[i].x, 1e-9, name) end
        end)

        it("lists the valid easings when given a bad one", function()
          assert.error_matches(function() tide.tween(r, 1, { x = 1 }, { ease = "wobbly" }) end,
            "bad argument #4 to 'tween' (invalid ease 'wobbly' (expected one of: linear, in_quad", nil, true)
          assert.error_matches(function() tide.tween(r, 1, { x = 1 }, { ease = "wobbly" }) end, "out_back", nil, true)
          assert.error_matches(function() tide.tween(r, 1, { x = 1 }, { ease = "wobbly" }) end, "in_out_bounce", nil, true)
        end)

        it("waits out its delay, then starts from the value at that moment", function()
          tide.tween(r, 1, { x = 100 }, { delay = 0.5 })
          app:advance(0.25)
          assert.are.equal(0, r.x)
          r.x = 20
          app:advance(0.25)
          assert.are.equal(20, r.x)
          app:advance(0.5)
          assert.near(60, r.x, 1e-6)
          app:advance(0.5)
          assert.are.equal(100, r.x)
        end)

        it("reports completion with true, and cancellation with false", function()
          local results = {}
          local done = tide.tween(r, 0.5, { x = 10 }, { on_done = function(ok) results.opt = ok end })
          done:on_done(function(ok) results.method = ok end)
          local other = tide.sprite.rect{}
          local cancelled = tide.tween(other, 0.5, { x = 10 }):on_done(function(ok) results.cancelled = ok end)
          assert.is_false(done:done())
          app:advance(0.25)
          cancelled:cancel()
          cancelled:cancel()
          assert.is_false(results.cancelled)
          assert.is_true(cancelled:done())
          assert.near(5, other.x, 1e-6)
          app:advance(0.5)
          assert.is_true(results.opt)
          assert.is_true(results.method)
          assert.is_true(done:done())
          assert.near(5, other.x, 1e-6)
          done:cancel()
          local late
          done:on_done(function(ok) late = ok end)
          assert.is_true(late)
        end)

        it("tweens colours, channel by channel", function()
          r.fill = "#000000"
          tide.tween(r, 1, { fill = "#ffffff", tint = "#00000000" })
          app:advance(0.5)
          assert.matches("^#(%x%x)%1%1$", r.fill)
          assert.are_not.equal("#000000", r.fill)
          assert.are_not.equal("#ffffff", r.fill)
          app:advance(0.5)
          assert.are.equal("#ffffff", r.fill)
          assert.are.equal("#00000000", r.tint)
          local t = tide.sprite.text("hi", { color = "#ff0000" })
          tide.tween(t, 0.5, { color = "#0000ff", size = 48 })
          app:advance(0.5)
          assert.are.equal("#0000ff", t.color)
          assert.are.equal(48, t.size)
        end)

        it("tweens every numeric field", function()
          local c = tide.sprite.circle{ radius = 5 }
          tide.tween(r, 0.5, { w = 20, h = 30, scale = 2, rotation = 90, alpha = 0, anchor_x = 1, anchor_y = 1, z = 3, stroke_width = 4, radius = 6 })
          tide.tween(c, 0.5, { radius = 15, scale_x = 3, scale_y = 4 })
          app:advance(0.5)
          assert.are.same({ 20, 30, 2, 90, 0, 1, 1, 3, 4, 6 },
            { r.w, r.h, r.scale, r.rotation, r.alpha, r.anchor_x, r.anchor_y, r.z, r.stroke_width, r.radius })
          assert.are.same({ 15, 3, 4 }, { c.radius, c.scale_x, c.scale_y })
        end)

        it("refuses fields it cannot tween and bad values", function()
          assert.error_matches(function() tide.tween(r, 1, { colour = 1 }) end, "cannot tween 'colour' (can tween: x, y, w, h", nil, true)
          assert.error_matches(function() tide.tween(r, 1, { x = "far" }) end, "'x' must be a number, got string", nil, true)
          assert.error_matches(function() tide.tween(r, 1, { fill = "nope" }) end, "'fill' must be a colour", nil, true)
          assert.error_matches(function() tide.tween({}, 1, { x = 1 }) end, "bad argument #1 to 'tween'", nil, true)
          assert.error_matches(function() tide.tween(r, 1, { x = 1 }, { on_done = 3 }) end, "on_done must be a function", nil, true)
        end)
      end)

      describe("tide.sequence and tide.parallel", function()
        local app, r
        before_each(function()
          app = tide.test.start()
          r = tide.sprite.rect{}
        end)

        it("runs tweens, waits and functions one after another", function()
          local called, finished = false, nil
          tide.sequence({
            { r, 0.5, { x = 100 } },
            0.5,
            function() called = true end,
            { r, 0.5, { y = 100 }, { ease = "out_quad" } },
          }, { on_done = function(ok) finished = ok end })
          app:advance(0.5)
          assert.are.same({ 100, 0 }, { r.x, r.y })
          assert.is_false(called)
          app:advance(0.5)
          assert.is_true(called)
          assert.are.equal(0, r.y)
          app:advance(0.25)
          assert.near(75, r.y, 1e-6)
          assert.is_nil(finished)
          app:advance(0.25)
          assert.are.equal(100, r.y)
          assert.is_true(finished)
        end)

        it("stops a cancelled sequence mid-step", function()
          local called = false
          local s = tide.sequence{ { r, 1, { x = 100 } }, function() called = true end, { r, 1, { y = 100 } } }
          app:advance(0.5)
          s:cancel()
          app:advance(3)
          assert.near(50, r.x, 1e-6)
          assert.are.equal(0, r.y)
          assert.is_false(called)
        end)

        it("runs parallel steps together and ends with the longest", function()
          local other = tide.sprite.rect{}
          local ended = false
          local p = tide.parallel{ { r, 0.5, { x = 50 } }, { other, 1, { x = 100 } } }
          p:on_done(function() ended = true end)
          app:advance(0.5)
          assert.are.equal(50, r.x)
          assert.near(50, other.x, 1e-6)
          assert.is_false(ended)
          app:advance(0.5)
          assert.is_true(ended)
          assert.are.equal(100, other.x)
        end)

        it("starts after a delay", function()
          tide.sequence({ { r, 0.5, { x = 10 } } }, { delay = 1 })
          app:advance(1)
          assert.near(0, r.x, 1e-9)
          app:advance(0.5)
          assert.are.equal(10, r.x)
        end)

        it("refuses a step that is not a tween, wait or function", function()
          assert.error_matches(function() tide.sequence{ "later" } end, "step 1 must be a tween table, a number or a function, got string", nil, true)
          assert.error_matches(function() tide.parallel{ { "r", 1, {} } } end, "step 1: { sprite, duration, props, opts } expected", nil, true)
          assert.error_matches(function() tide.sequence{ { r, 1, { x = 1 }, { ease = "nope" } } } end, "invalid ease 'nope'", nil, true)
        end)
      end)
      """#)
    assertAllPassed(report, count: 14)
  }
}
