import TideCore
import TideScript
import XCTest

/// `tide.sprite`: every kind with options, fields, `data`, gestures, hit-testing, `contains`,
/// `remove` and frame animation, driven as a game author would, through Lua tests.
final class SpriteAPITests: XCTestCase {
  static let assets: [String: Data] = [
    "assets/hero.png": PNGFixture.make(width: 12, height: 8),
    "assets/walk1.png": PNGFixture.make(width: 12, height: 8, rgba: (0, 255, 0, 255)),
    "assets/walk2.png": PNGFixture.make(width: 12, height: 8, rgba: (0, 0, 255, 255)),
  ]

  func testMakesEveryKindWithOptions() throws {
    let report = try runLuaTests(
      #"""
      describe("making sprites", function()
        before_each(function() tide.test.start() end)

        it("makes a rect with every option", function()
          local r = tide.sprite.rect{
            x = 10, y = 20, w = 30, h = 40, fill = "#ff0000", stroke = "#00ff00", stroke_width = 3,
            radius = 5, name = "box", tag = "crate", z = 2, alpha = 0.5, rotation = 45, scale = 2,
            anchor = "center", flip_x = true, flip_y = true, tint = "#0000ff", visible = false,
          }
          assert.are.equal("rect", r.kind)
          assert.are.same({ 10, 20, 30, 40 }, { r.x, r.y, r.w, r.h })
          assert.are.same({ 30, 40 }, { r.width, r.height })
          assert.are.equal("#ff0000", r.fill)
          assert.are.equal("#00ff00", r.stroke)
          assert.are.equal(3, r.stroke_width)
          assert.are.equal(5, r.radius)
          assert.are.equal("box", r.name)
          assert.are.equal("crate", r.tag)
          assert.are.equal(2, r.z)
          assert.are.equal(0.5, r.alpha)
          assert.are.equal(45, r.rotation)
          assert.are.same({ 2, 2, 2 }, { r.scale, r.scale_x, r.scale_y })
          assert.are.same({ 0.5, 0.5 }, { r.anchor_x, r.anchor_y })
          assert.is_true(r.flip_x)
          assert.is_true(r.flip_y)
          assert.are.equal("#0000ff", r.tint)
          assert.is_false(r.visible)
          assert.are.equal("number", type(r.id))
        end)

        it("gives a rect a white fill by default", function()
          local r = tide.sprite.rect{ w = 10, h = 10 }
          assert.are.equal("#ffffff", r.fill)
          assert.are.same({ 0, 0 }, { r.x, r.y })
          assert.are.same({ 0, 0 }, { r.anchor_x, r.anchor_y })
          assert.is_true(r.visible)
          assert.are.equal(1, r.alpha)
        end)

        it("makes a circle positioned by its centre", function()
          local c = tide.sprite.circle{ x = 100, y = 120, radius = 30, fill = "red" }
          assert.are.equal("circle", c.kind)
          assert.are.equal(30, c.radius)
          assert.are.same({ 60, 60 }, { c.w, c.h })
          assert.are.same({ 0.5, 0.5 }, { c.anchor_x, c.anchor_y })
          assert.are.equal("#ff0000", c.fill)
          c.radius = 10
          assert.are.equal(20, c.w)
        end)

        it("makes an image sized from its PNG, unless told a size", function()
          local img = tide.sprite.image("hero.png", { x = 5, y = 6 })
          assert.are.equal("image", img.kind)
          assert.are.equal("hero.png", img.image)
          assert.are.same({ 12, 8 }, { img.w, img.h })
          local big = tide.sprite.image("hero.png", { w = 48, h = 32 })
          assert.are.same({ 48, 32 }, { big.w, big.h })
          local bare = tide.sprite.image("hero.png")
          assert.are.same({ 0, 0 }, { bare.x, bare.y })
        end)

        it("refuses an image that is not in assets", function()
          assert.has_error(function() tide.sprite.image("nope.png") end,
            "bad argument #1 to 'image' (no image 'nope.png' in game/assets)")
        end)

        it("makes text whose box follows the text", function()
          local t = tide.sprite.text("Hi", { size = 40, color = "#ffd500", align = "center" })
          assert.are.equal("text", t.kind)
          assert.are.equal("Hi", t.text)
          assert.are.equal(40, t.size)
          assert.are.equal("#ffd500", t.color)
          assert.are.equal("center", t.align)
          local w = t.w
          assert.is_true(w > 0 and t.h > 0)
          t.text = "Hello there"
          assert.is_true(t.w > w)
          assert.are.equal(24, tide.sprite.text("x").size)
          -- A size written after a change is kept, and both names of the box read the same.
          t.text = "Hi"
          t.w = 200
          assert.are.equal(200, t.w)
          assert.are.equal(200, t.width)
          t.size = 20
          assert.is_true(t.width < w)
          assert.are.equal(t.h, t.height)
        end)

        it("makes groups whose children move with them", function()
          local g = tide.sprite.group{ x = 100, y = 100, name = "card" }
          local child = g:add(tide.sprite.rect{ x = 10, y = 10, w = 20, h = 20, name = "pip" })
          assert.are.equal("group", g.kind)
          assert.are.equal(g, child.parent)
          assert.is_nil(g.parent)
          local other = tide.sprite.rect{ parent = g, w = 5, h = 5 }
          assert.are.equal(g, other.parent)
        end)

        it("refuses unknown options and bad values, naming them", function()
          assert.error_matches(function() tide.sprite.rect{ colour = "red" } end, "unknown sprite field 'colour'", nil, true)
          assert.error_matches(function() tide.sprite.rect{ x = "left" } end, "x: number expected, got string", nil, true)
          assert.error_matches(function() tide.sprite.rect{ fill = "#zzz" } end, "fill: '#zzz' is not a colour", nil, true)
          assert.error_matches(function() tide.sprite.rect{ anchor = "middle" } end,
            "invalid anchor 'middle' (expected one of: top_left, top, top_right, left, center, right, bottom_left, bottom, bottom_right)", nil, true)
          assert.error_matches(function() tide.sprite.text("a", { align = "justify" }) end,
            "invalid align 'justify' (expected one of: left, center, right)", nil, true)
          assert.error_matches(function() tide.sprite.rect{ parent = 3 } end, "parent must be a sprite", nil, true)
          assert.has_error(function() tide.sprite.rect(5) end, "bad argument #1 to 'rect' (table expected, got number)")
          assert.has_error(function() tide.sprite.text(nil) end, "bad argument #1 to 'text' (string expected, got nil)")
        end)

        it("reads a colour as sprites take it, or says why it is not one, for data checks", function()
          local r, g, b, a = tide.colour("#ff8000")
          assert.are.same({ 1, 0, 1 }, { r, b, a })
          assert.is_near(0.502, g, 0.001)
          assert.are.same({ 1, 1, 1, 1 }, { tide.colour("white") })
          assert.is_near(0.502, select(4, tide.colour("#00000080")), 0.001)
          local none, why = tide.colour("#zzz")
          assert.is_nil(none)
          assert.are.equal([['#zzz' is not a colour (use "#rrggbb", "#rrggbbaa" or a name like "white")]], why)
          local no_string, what = tide.colour(5)
          assert.is_nil(no_string)
          assert.are.equal("expected a colour string, got number", what)
          -- It reads what a sprite takes: the same parser, names included.
          assert.has_no.errors(function() tide.sprite.rect{ fill = "gold" }:remove() end)
          assert.is_not_nil(tide.colour("gold"))
        end)
      end)
      """#, assets: Self.assets)
    assertAllPassed(report, count: 9)
  }

  /// The outside author's report: with two unknown fields, the error named one or the other
  /// from run to run (Lua walks a table in an order seeded per state). Each engine here is a new
  /// Lua state, so each draws a new order; the key that sorts first is named every time.
  func testOfSeveralBadFieldsTheFirstInSortedOrderIsNamedEveryTime() throws {
    let cases = [
      ("tide.sprite.rect{ x = 10, fil = '#ff0000', anchr = 'center', zz = 1 }", "unknown sprite field 'anchr'"),
      ("tide.tween(tide.sprite.rect{}, 1, { x = 1 }, { eese = 'linear', dlay = 1 })", "unknown tween option 'dlay'"),
      ("tide.tween(tide.sprite.rect{}, 1, { x = 'far', bogus = 1, y = 2 })", "cannot tween 'bogus'"),
    ]
    for (main, expected) in cases {
      let fixture = try GameFixture(main: main)
      var messages: Set<String> = []
      for _ in 0..<24 {
        do {
          _ = try fixture.engine()
          XCTFail("\(main) loaded")
        } catch {
          messages.insert(String(describing: error))
        }
      }
      XCTAssertEqual(messages.count, 1, "\(main): \(messages.sorted())")
      XCTAssertTrue(messages.first?.contains(expected) ?? false, "\(main): \(messages)")
    }
  }

  func testFieldsGetSetAndUnknownFieldsError() throws {
    let report = try runLuaTests(
      #"""
      describe("sprite fields", function()
        local app, r
        before_each(function()
          app = tide.test.start()
          r = tide.sprite.rect{ w = 10, h = 10 }
        end)

        it("sets and reads back every writable field", function()
          local numbers = { x = 1, y = 2, w = 3, h = 4, anchor_x = 0.25, anchor_y = 0.75, scale_x = 2,
            scale_y = 3, rotation = 90, alpha = 0.5, z = 7, stroke_width = 4, radius = 6 }
          for name, value in pairs(numbers) do
            r[name] = value
            assert.are.equal(value, r[name], name)
          end
          r.width, r.height = 11, 12
          assert.are.same({ 11, 12 }, { r.w, r.h })
          r.scale = 1.5
          assert.are.same({ 1.5, 1.5 }, { r.scale_x, r.scale_y })
          r.anchor = "bottom_right"
          assert.are.same({ 1, 1 }, { r.anchor_x, r.anchor_y })
          r.anchor = { 0.1, 0.2 }
          assert.are.same({ 0.1, 0.2 }, { r.anchor_x, r.anchor_y })
          r.visible, r.flip_x, r.flip_y = false, true, true
          assert.are.same({ false, true, true }, { r.visible, r.flip_x, r.flip_y })
          r.fill, r.stroke, r.tint = "#102030", "blue", "#ffffff80"
          assert.are.same({ "#102030", "#0000ff", "#ffffff80" }, { r.fill, r.stroke, r.tint })
          r.fill, r.stroke = nil, false
          assert.is_nil(r.fill)
          assert.is_nil(r.stroke)
          r.tag, r.name = "enemy", "bob"
          assert.are.same({ "enemy", "bob" }, { r.tag, r.name })
          local t = tide.sprite.text("a")
          t.text, t.size, t.color, t.align = "b", 30, "#00ff00", "right"
          assert.are.same({ "b", 30, "#00ff00", "right" }, { t.text, t.size, t.color, t.align })
        end)

        it("refuses unknown fields on read and write, listing the real ones", function()
          assert.error_matches(function() return r.colour end, "sprite has no field 'colour' (fields: x, y, w, h", nil, true)
          assert.error_matches(function() r.colour = "red" end, "sprite has no field 'colour' to set", nil, true)
          assert.error_matches(function() r.velocity = 3 end, "keep your own values in sprite.data", nil, true)
        end)

        it("refuses values of the wrong type and read-only fields", function()
          assert.error_matches(function() r.visible = 1 end, "boolean expected, got number", nil, true)
          assert.error_matches(function() r.fill = "mauve-ish" end, "'mauve-ish' is not a colour", nil, true)
          assert.error_matches(function() r.kind = "circle" end, "'kind' is read-only", nil, true)
          assert.error_matches(function() r.id = 3 end, "'id' is read-only", nil, true)
          assert.error_matches(function() r.data = {} end, "'data' is read-only", nil, true)
          assert.error_matches(function() r.parent = r end, "'parent' is read-only", nil, true)
          -- x and y are plain fields of the sprite's table: checked when the tick ends.
          r.x = "left"
          assert.error_matches(function() app:step() end, 'x must be a number, got string "left"', nil, true)
          assert.are.equal(0, r.x)
        end)

        it("keeps the author's own values in data, one table per sprite", function()
          assert.are.same({}, r.data)
          r.data.hp = 3
          r.data.name = "crate"
          assert.are.equal(r.data, r.data)
          assert.are.same({ hp = 3, name = "crate" }, r.data)
          local other = tide.sprite.rect{}
          assert.are.same({}, other.data)
          assert.are_not.equal(r.data, other.data)
        end)

        it("is the same Lua value each time it is found", function()
          local app = tide.test.start()
          local a = tide.sprite.rect{ name = "one" }
          assert.are.equal(a, app:find{ name = "one" })
          local seen = { [a] = true }
          assert.is_true(seen[app:find{ name = "one" }])
          assert.matches("rect", tostring(a))
        end)

        it("names a missing method as a missing field", function()
          assert.error_matches(function() r:explode() end, "sprite has no field 'explode'", nil, true)
        end)
      end)
      """#)
    assertAllPassed(report, count: 6)
  }

  /// The BubblePop case: a bubble drawn under the opaque top bar takes no taps there;
  /// a translucent or untouched cover, or a text label on top, still lets the tap through.
  func testTapsGoOnlyToWhatIsSeen() throws {
    let report = try runLuaTests(
      #"""
      describe("taps and covers", function()
        local app, popped, bubble
        before_each(function()
          app = tide.test.start()
          popped = 0
          bubble = tide.sprite.circle{ x = 100, y = 30, w = 60, h = 60, fill = "#ff0000" } -- centred: y 0..60
          bubble:on("tap", function() popped = popped + 1 end)
        end)

        it("keeps a bubble under the opaque top bar from being popped", function()
          tide.sprite.rect{ x = 0, y = 0, w = 390, h = 50, fill = "#202020" }
          app:tap{ x = 100, y = 40 }
          assert.are.equal(0, popped)
          app:tap{ x = 100, y = 55 }
          assert.are.equal(1, popped)
        end)

        it("lets taps through a translucent cover, a faded one and a label", function()
          local veil = tide.sprite.rect{ x = 0, y = 0, w = 390, h = 50, fill = "#20202080" }
          app:tap{ x = 100, y = 40 }
          assert.are.equal(1, popped)
          veil.fill = "#202020"
          veil.alpha = 0.5
          app:tap{ x = 100, y = 40 }
          assert.are.equal(2, popped)
          veil:remove()
          tide.sprite.text("Score", { x = 100, y = 30, size = 40 })
          app:tap{ x = 100, y = 40 }
          assert.are.equal(3, popped)
        end)

        it("lets a cover drawn below the bubble stay out of the way", function()
          tide.sprite.rect{ x = 0, y = 0, w = 390, h = 50, fill = "#202020", z = -1 }
          app:tap{ x = 100, y = 40 }
          assert.are.equal(1, popped)
        end)
      end)
      """#)
    assertAllPassed(report, count: 3)
  }

  func testGesturesReachHandlersAndBubbleToParents() throws {
    let report = try runLuaTests(
      #"""
      describe("sprite:on", function()
        local app
        before_each(function() app = tide.test.start() end)

        it("calls a tap handler with the point and the sprite", function()
          local r = tide.sprite.rect{ x = 100, y = 100, w = 40, h = 40 }
          local events = {}
          assert.are.equal(r, r:on("tap", function(e) events[#events + 1] = e end))
          app:tap(r)
          assert.are.equal(1, #events)
          assert.are.same({ 120, 120 }, { events[1].x, events[1].y })
          assert.are.equal(r, events[1].sprite)
          app:tap{ x = 5, y = 5 }
          assert.are.equal(1, #events)
        end)

        it("sends press on touch down and release after the tap", function()
          local r = tide.sprite.rect{ x = 0, y = 0, w = 50, h = 50 }
          local order = {}
          for _, name in ipairs({ "tap", "press", "release" }) do
            r:on(name, function() order[#order + 1] = name end)
          end
          app:tap(r)
          assert.are.same({ "press", "tap", "release" }, order)
        end)

        it("reports a drag as began, moved and ended with start and deltas", function()
          local r = tide.sprite.rect{ x = 0, y = 0, w = 50, h = 50 }
          local phases, last = {}, nil
          r:on("drag", function(e)
            phases[#phases + 1] = e.phase
            last = e
            if e.phase == "began" then assert.are.same({ 25, 25 }, { e.start_x, e.start_y }) end
          end)
          local tapped = false
          r:on("tap", function() tapped = true end)
          app:drag(r, { x = 225, y = 125 }, { steps = 4 })
          assert.are.equal("began", phases[1])
          assert.are.equal("moved", phases[2])
          assert.are.equal("ended", phases[#phases])
          assert.are.same({ 225, 125 }, { last.x, last.y })
          assert.are.same({ 25, 25 }, { last.start_x, last.start_y })
          assert.is_false(tapped)
        end)

        it("bubbles a gesture from a child to the nearest parent listening for it", function()
          local g = tide.sprite.group{ x = 100, y = 100 }
          local child = g:add(tide.sprite.rect{ x = 0, y = 0, w = 30, h = 30 })
          local got
          g:on("tap", function(e) got = e.sprite end)
          app:tap(child)
          assert.are.equal(g, got)
          -- A child listening for something else still lets the tap through to its parent.
          local dragged = false
          child:on("drag", function() dragged = true end)
          got = nil
          app:tap(child)
          assert.are.equal(g, got)
          assert.is_false(dragged)
          -- Moving the group moves where its child is hit.
          g.x = 200
          got = nil
          app:tap{ x = 215, y = 115 }
          assert.are.equal(g, got)
        end)

        it("removes a handler when given nil", function()
          local r = tide.sprite.rect{ w = 50, h = 50 }
          local n = 0
          r:on("tap", function() n = n + 1 end)
          app:tap(r)
          r:on("tap", nil)
          app:tap(r)
          assert.are.equal(1, n)
        end)

        it("refuses unknown gesture names, listing the valid ones", function()
          local r = tide.sprite.rect{}
          assert.error_matches(function() r:on("click", function() end) end,
            "invalid option 'click'", nil, true)
          assert.error_matches(function() r:on("click", function() end) end, "tap, drag, press, release", nil, true)
          assert.error_matches(function() r:on("tap", 3) end, "function expected, got number", nil, true)
        end)

        it("hit-tests the topmost visible sprite by z, then by order", function()
          local hits = {}
          local function make(name, z)
            local s = tide.sprite.rect{ x = 0, y = 0, w = 100, h = 100, z = z, name = name }
            s:on("tap", function() hits[#hits + 1] = name end)
            return s
          end
          local low = make("low", 5)
          local high = make("high", 1)
          app:advance(0.4)   -- each a tap of its own, not a double tap (the tap guard)
          app:tap{ x = 50, y = 50 }
          assert.are.same({ "low" }, hits)
          low.z = 0
          app:advance(0.4)
          app:tap{ x = 50, y = 50 }
          assert.are.equal("high", hits[2])
          high.visible = false
          app:advance(0.4)
          app:tap{ x = 50, y = 50 }
          assert.are.equal("low", hits[3])
          high.visible, high.alpha = true, 0
          app:advance(0.4)
          app:tap{ x = 50, y = 50 }
          assert.are.equal("low", hits[4])
          local later = make("later", 1)
          high.alpha = 1
          app:advance(0.4)
          app:tap{ x = 50, y = 50 }
          assert.are.equal("later", hits[5])
        end)

        it("does not hit children of a hidden parent", function()
          local g = tide.sprite.group{}
          local c = g:add(tide.sprite.rect{ w = 50, h = 50 })
          local n = 0
          c:on("tap", function() n = n + 1 end)
          g.visible = false
          app:tap{ x = 25, y = 25 }
          assert.are.equal(0, n)
          g.visible = true
          app:advance(0.4)   -- a tap of its own, not a double tap (the tap guard)
          app:tap{ x = 25, y = 25 }
          assert.are.equal(1, n)
        end)

        it("hits a circle by its radius, not its box", function()
          local c = tide.sprite.circle{ x = 100, y = 100, radius = 50 }
          local n = 0
          c:on("tap", function() n = n + 1 end)
          app:tap{ x = 100, y = 140 }
          app:tap{ x = 55, y = 55 }
          assert.are.equal(1, n)
        end)
      end)
      """#)
    assertAllPassed(report, count: 9)
  }

  func testContainsRemoveAndAdd() throws {
    let report = try runLuaTests(
      #"""
      describe("contains, remove, add", function()
        local app
        before_each(function() app = tide.test.start() end)

        it("says a sprite lies wholly inside another", function()
          local zone = tide.sprite.rect{ x = 0, y = 0, w = 100, h = 100 }
          local inner = tide.sprite.rect{ x = 10, y = 10, w = 20, h = 20 }
          assert.is_true(zone:contains(inner))
          inner.x = 90
          assert.is_false(zone:contains(inner))
          inner.x = 40
          inner.scale = 4
          assert.is_false(zone:contains(inner))
          inner.scale = 1
          inner.anchor = "center"
          inner.x, inner.y = 50, 50
          inner.rotation = 45
          assert.is_true(zone:contains(inner))
          assert.is_false(inner:contains(zone))
          -- A method call counts arguments after self, as Lua's own string methods do.
          assert.has_error(function() zone:contains(nil) end, "bad argument #1 to 'contains' (sprite expected, got nil)")
        end)

        it("removes a sprite and its children, harmlessly twice", function()
          local g = tide.sprite.group{ name = "g" }
          local c = g:add(tide.sprite.rect{ w = 50, h = 50, name = "c" })
          local n = 0
          c:on("tap", function() n = n + 1 end)
          g:remove()
          assert.is_nil(app:find{ name = "g" })
          assert.is_nil(app:find{ name = "c" })
          app:tap{ x = 25, y = 25 }
          assert.are.equal(0, n)
          g:remove()
          c:remove()
          assert.are.equal(0, c.x)
          assert.error_matches(function() app:tap(c) end, "is no longer on screen", nil, true)
        end)

        it("refuses to add a sprite to itself or its own child", function()
          local g = tide.sprite.group{}
          local c = g:add(tide.sprite.group{})
          assert.error_matches(function() g:add(g) end, "cannot add a sprite to itself or its own child", nil, true)
          assert.error_matches(function() c:add(g) end, "cannot add a sprite to itself or its own child", nil, true)
        end)

        it("moves a sprite to a new parent with add", function()
          local a = tide.sprite.group{ x = 100 }
          local b = tide.sprite.group{ x = 300 }
          local s = a:add(tide.sprite.rect{ w = 10, h = 10 })
          b:add(s)
          assert.are.equal(b, s.parent)
          local tapped = false
          s:on("tap", function() tapped = true end)
          app:tap{ x = 305, y = 5 }
          assert.is_true(tapped)
        end)
      end)
      """#)
    assertAllPassed(report, count: 4)
  }

  func testFrameAnimationPlaysAndStops() throws {
    let report = try runLuaTests(
      #"""
      local frames = { "hero.png", "walk1.png", "walk2.png" }

      describe("sprite:play and :stop", function()
        local app, s
        before_each(function()
          app = tide.test.start()
          s = tide.sprite.image("hero.png")
        end)

        it("steps through frames at fps and loops", function()
          s:play(frames, { fps = 10 })
          assert.are.equal(1, s.frame)
          assert.are.equal("hero.png", s.image)
          app:advance(0.1)
          assert.are.equal(2, s.frame)
          assert.are.equal("walk1.png", s.image)
          app:advance(0.1)
          assert.are.equal(3, s.frame)
          app:advance(0.1)
          assert.are.equal(1, s.frame)
        end)

        it("stops on the last frame when not looping", function()
          s:play(frames, { fps = 10, loop = false })
          app:advance(1)
          assert.are.equal(3, s.frame)
          assert.are.equal("walk2.png", s.image)
        end)

        it("stops where asked, or where it is", function()
          s:play(frames, { fps = 10 })
          app:advance(0.1)
          s:stop()
          app:advance(0.5)
          assert.are.equal(2, s.frame)
          s:play(frames, { fps = 10 })
          s:stop(3)
          app:advance(0.5)
          assert.are.equal(3, s.frame)
          assert.are.equal("walk2.png", s.image)
        end)

        it("uses 8 frames a second by default", function()
          s:play(frames)
          app:advance(0.125)
          assert.are.equal(2, s.frame)
        end)

        it("refuses missing frames and bad options", function()
          assert.error_matches(function() s:play({ "hero.png", "gone.png" }) end, "no image 'gone.png' in game/assets", nil, true)
          assert.error_matches(function() s:play({}) end, "at least one frame expected", nil, true)
          assert.error_matches(function() s:play({ 3 }) end, "frames[1] must be an image name", nil, true)
          assert.error_matches(function() s:play(frames, { fps = 0 }) end, "fps must be a finite number from 0.001 to 1000, got 0", nil, true)
          assert.error_matches(function() s:play(frames, { fps = "fast" }) end, "'fps' must be a number, got string", nil, true)
        end)
      end)
      """#, assets: Self.assets)
    assertAllPassed(report, count: 5)
  }

  /// The fields read and written in C (x, y, size, anchor, scale, rotation, alpha, visible,
  /// flips) behave exactly as the Swift path: values reach the node, and a wrong type is
  /// refused with the same words.
  func testFastFieldsMatchTheSwiftPath() throws {
    let report = try runLuaTests(
      #"""
      it("reads and writes fast fields, and refuses wrong types the same way", function()
        local app = tide.test.start()
        local s = tide.sprite.rect{ name = "s", w = 10, h = 10 }
        s.x, s.y, s.w, s.h, s.rotation, s.alpha = 12, 34, 56, 78, 90, 0.5
        s.scale = 2
        s.visible, s.flip_x = false, true
        assert.are.same({ 12, 34, 56, 78, 90, 0.5, 2, 2, false, true },
          { s.x, s.y, s.w, s.h, s.rotation, s.alpha, s.scale_x, s.scale_y, s.visible, s.flip_x })
        -- The table holds w, which may be newer than the sprite: the engine takes the table's
        -- fields to answer, confirming x = 12, where the bad write below puts the sprite back.
        assert.are.equal(56, s.width)
        s.x = "12"
        assert.error_matches(function() app:step() end, 'x must be a number, got string "12"; it stays at x = 12', nil, true)
        assert.has_error(function() s.visible = 1 end, "bad argument #3 to 'newindex' (visible: boolean expected, got number)")
        assert.error_matches(function() s.id = 3 end, "'id' is read-only", nil, true)
        assert.error_matches(function() s.xx = 3 end, "sprite has no field 'xx' to set", nil, true)
        s.z = 5
        assert.are.equal(5, s.z)
      end)
      """#)
    assertAllPassed(report, count: 1)
  }

  /// A circle's `radius`, read in C as half its width, reads as the Swift getter gives it,
  /// whoever wrote the width; other kinds' `radius` (their corner's) still comes from Swift.
  func testRadiusReadInCMatchesTheSwiftPath() throws {
    let report = try runLuaTests(
      #"""
      it("reads a circle's radius as half its width, and other kinds' as their corner's", function()
        tide.test.start()
        local c = tide.sprite.circle{ radius = 10 }
        assert.are.equal(10, c.radius)
        assert.are.equal("float", math.type(c.radius))
        c.w = 7
        assert.are.equal(3.5, c.radius)
        c.radius = 4
        assert.are.same({ 4, 8, 8 }, { c.radius, c.w, c.h })
        c.w = 0.1
        assert.are.equal(0.1 / 2, c.radius)
        local r = tide.sprite.rect{ w = 40, h = 20, radius = 6 }
        assert.are.equal(6, r.radius)
        r.w = 100
        assert.are.equal(6, r.radius)
        assert.error_matches(function() c.radius = "big" end, "radius: number expected, got string", nil, true)
      end)
      """#)
    assertAllPassed(report, count: 1)
  }
}
