import XCTest

/// The tap guard as a game meets it: a quick second tap at the same spot reaches only what was
/// under it when the first ended; `instant_tap` opts a sprite out; conf.lua's `tap_guard` sets
/// or ends it; `tide.input.hold` holds presses while a screen slides in. And `sprite.removed`.
final class TapGuardAPITests: XCTestCase {
  /// Play Again in miniature: tapping `again` hides it and shows `sign` where it was and `far`
  /// elsewhere; every tap is written to the `log` text.
  static let main = #"""
    tide.scene.define("play", {
      enter = function()
        local log = tide.sprite.text("", { name = "log", y = 700 })
        local function note(what) log.text = log.text == "" and what or log.text .. "," .. what end
        local again = tide.sprite.rect{ x = 100, y = 100, w = 120, h = 60, name = "again" }
        local sign = tide.sprite.rect{ x = 100, y = 100, w = 120, h = 60, name = "sign", visible = false }
        local far = tide.sprite.rect{ x = 100, y = 400, w = 120, h = 60, name = "far", visible = false }
        again:on("tap", function() note("again"); again.visible = false; sign.visible = true; far.visible = true end)
        sign:on("tap", function() note("sign") end)
        far:on("tap", function() note("far") end)
        tide.input.on("pointer_down", function() note("down") end)
      end,
    })
    tide.scene.define("sliding", {
      enter = function()
        tide.input.hold(0.3)
        tide.sprite.rect{ x = 100, y = 100, w = 120, h = 60, name = "button" }:on("tap", function()
          tide.sprite.text("tapped", { name = "tapped" })
        end)
      end,
    })
    """#

  static let tests = #"""
    local spot = { x = 160, y = 130 }
    local function log(app) return app:find{ name = "log" }.text end

    describe("a quick second tap", function()
      it("does not reach what the first brought under the finger", function()
        local app = tide.test.start{}
        app:tap(spot)
        app:advance(0.1)
        app:tap(spot)
        assert.are.equal("down,again,down", log(app))
        app:advance(0.4)
        app:tap(spot)
        assert.are.equal("down,again,down,down,sign", log(app))
      end)

      it("reaches what appeared elsewhere, and what was already there", function()
        local app = tide.test.start{}
        app:tap(spot)
        app:tap({ x = 160, y = 430 })
        assert.are.equal("down,again,down,far", log(app))
        app:tap({ x = 160, y = 430 })
        assert.are.equal("down,again,down,far,down,far", log(app))
      end)

      it("reaches a sprite marked instant_tap", function()
        local app = tide.test.start{}
        local sign = app:find{ name = "sign" }
        assert.is_false(sign.instant_tap)
        sign.instant_tap = true
        app:tap(spot)
        app:tap(spot)
        assert.are.equal("down,again,down,sign", log(app))
      end)
    end)

    describe("tide.input.hold", function()
      it("holds presses back until the slide ends", function()
        local app = tide.test.start{}
        tide.scene.go("sliding")
        app:step()
        app:tap(spot)
        assert.is_nil(app:find{ name = "tapped" })
        app:advance(0.3)
        app:tap(spot)
        assert.is_not_nil(app:find{ name = "tapped" })
      end)

      it("ends with the scene that asked for it", function()
        local app = tide.test.start{}
        tide.scene.go("sliding")
        app:step()
        tide.scene.go("play")
        app:step()
        app:tap(spot)
        assert.are.equal("down,again", log(app))
      end)

      it("takes 0 to 60 seconds", function()
        assert.has_error(function() tide.input.hold(-1) end)
        assert.has_error(function() tide.input.hold(61) end)
      end)
    end)

    describe("sprite.removed", function()
      it("tells a script the sprite is gone, with its group or its scene", function()
        local app = tide.test.start{}
        local group = tide.sprite.group{}
        local child = tide.sprite.rect{ parent = group, w = 10, h = 10 }
        local other = tide.sprite.rect{ w = 10, h = 10 }
        assert.is_false(child.removed)
        group:remove()
        assert.is_true(group.removed)
        assert.is_true(child.removed)
        assert.is_false(other.removed)
        tide.scene.go("sliding")
        app:step()
        assert.is_true(other.removed)
        assert.error_matches(function() other.removed = false end, "'removed' is read-only", nil, true)
      end)
    end)
    """#

  func testTheGuardInAGame() throws {
    let conf = #"return { width = 390, height = 844, scene = "play" }"#
    assertAllPassed(try runLuaTests(Self.tests, main: Self.main, conf: conf), count: 7)
  }

  func testATapGuardOfZeroLetsEveryPressThrough() throws {
    let tests = #"""
      it("lets the second tap reach the sign", function()
        local app = tide.test.start{}
        app:tap({ x = 160, y = 130 })
        app:tap({ x = 160, y = 130 })
        assert.are.equal("down,again,down,sign", app:find{ name = "log" }.text)
      end)
      """#
    let conf = #"return { width = 390, height = 844, scene = "play", tap_guard = 0 }"#
    assertAllPassed(try runLuaTests(tests, main: Self.main, conf: conf), count: 1)
  }
}
