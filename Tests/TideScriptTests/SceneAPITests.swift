import TideCore
import TideScript
import XCTest

/// `tide.scene`: define, go, current; scenes own what they create and tear it all down on leave.
final class SceneAPITests: XCTestCase {
  static let main = #"""
    -- A hud outside any scene (made before the first one) shows what happened.
    local hud = tide.sprite.text("", { name = "hud" })
    local log = tide.sprite.text("", { name = "log" })
    local function note(s) log.text = log.text .. s .. ";" end

    tide.scene.define("menu", {
      enter = function(self, params)
        self.visits = (self.visits or 0) + 1
        note("enter menu " .. tostring(params.from))
        tide.sprite.rect{ name = "menu_box", w = 100, h = 100 }
        tide.after(1, function() note("menu timer") end)
        tide.every(0.25, function() note("menu every") end)
        tide.tween(hud, 1, { x = 100 })
        tide.task(function()
          tide.wait(0.5)
          note("menu task")
        end)
        tide.input.on("key", function(name) note("menu key " .. name) end)
        local box = tide.sprite.rect{ name = "tap_me", x = 200, y = 200, w = 50, h = 50 }
        box:on("tap", function()
          note("menu tap")
          tide.scene.go("play", { name = "tapped" })
        end)
      end,
      leave = function(self) note("leave menu") end,
    })

    tide.scene.define("play", {
      enter = function(self, params)
        note("enter play " .. tostring(params.name))
        self.ticks = 0
        tide.sprite.text("Hello " .. tostring(params.name), { name = "greeting" })
        tide.input.on("key", function(name) note("play key " .. name) end)
      end,
      update = function(self, dt)
        self.ticks = self.ticks + 1
        hud.text = tostring(self.ticks)
      end,
      key = function(self, name) note("play scene key " .. name) end,
      text = function(self, s) note("play scene text " .. s) end,
    })

    tide.scene.define("bounce", {
      enter = function() tide.scene.go("play", { name = "bounced" }) end,
    })
    """#

  static let conf = #"return { scene = "menu" }"#

  func testScenes() throws {
    let report = try runLuaTests(
      #"""
      local function log(app) return app:find{ name = "log" }.text end

      describe("tide.scene", function()
        local app
        before_each(function() app = tide.test.start() end)

        it("enters the conf.lua scene with empty params", function()
          assert.are.equal("menu", app:scene())
          assert.are.equal("menu", tide.scene.current())
          assert.are.equal("enter menu nil;", log(app))
          assert.is_not_nil(app:find{ name = "menu_box" })
        end)

        it("goes at the end of the tick, handing params to enter", function()
          tide.scene.go("play", { name = "Ada" })
          assert.are.equal("menu", tide.scene.current())
          app:step()
          assert.are.equal("play", tide.scene.current())
          assert.are.equal("Hello Ada", app:find{ name = "greeting" }.text)
          assert.matches("leave menu;enter play Ada;$", log(app))
        end)

        it("removes the old scene's sprites, timers, tweens, tasks and listeners", function()
          local hud = app:find{ name = "hud" }
          app:advance(0.1)
          tide.scene.go("play", { name = "Ada" })
          app:step()
          local x = hud.x
          assert.is_true(x > 0)
          local at_leave = log(app)
          assert.is_nil(app:find{ name = "menu_box" })
          assert.is_nil(app:find{ name = "tap_me" })
          app:advance(3)
          app:key("a")
          app:tap{ x = 225, y = 225 }
          local after = log(app):sub(#at_leave + 1)
          assert.are.equal("play scene key a;play key a;", after)
          assert.are.equal(x, hud.x)
        end)

        it("calls update every tick with dt", function()
          tide.scene.go("play", { name = "Bo" })
          app:step()
          app:advance(1)
          assert.are.equal("60", app:find{ name = "hud" }.text)
        end)

        it("sends keys and text to the scene's methods", function()
          tide.scene.go("play", {})
          app:step()
          app:type("Ada")
          assert.matches("play scene text Ada;$", log(app))
        end)

        it("gives a fresh self on every entry", function()
          tide.scene.go("play", {})
          app:step()
          tide.scene.go("menu", { from = "play" })
          app:step()
          assert.matches("enter menu play;$", log(app))
        end)

        it("lets enter go on to another scene", function()
          tide.scene.go("bounce")
          app:step()
          assert.are.equal("play", app:scene())
          assert.are.equal("Hello bounced", app:find{ name = "greeting" }.text)
        end)

        it("names the defined scenes when asked for an unknown one", function()
          assert.has_error(function() tide.scene.go("credits") end,
            "bad argument #1 to 'go' (unknown scene 'credits' (defined: bounce, menu, play))")
          assert.has_error(function() tide.scene.go("play", 5) end, "bad argument #2 to 'go' (table expected, got number)")
          assert.has_error(function() tide.scene.define("x", nil) end, "bad argument #2 to 'define' (table expected, got nil)")
        end)

        it("redefines a scene in place", function()
          tide.scene.define("menu", { enter = function() tide.sprite.text("v2", { name = "v2" }) end })
          tide.scene.go("menu")
          app:step()
          assert.is_not_nil(app:find{ name = "v2" })
        end)
      end)
      """#, main: Self.main, conf: Self.conf)
    assertAllPassed(report, count: 9)
  }

  /// Leaving a scene from Swift's point of view: its nodes really leave the graph.
  func testLeavingRemovesNodesFromTheGraph() throws {
    let fixture = try GameFixture(main: Self.main, conf: Self.conf)
    let engine = try fixture.engine()
    XCTAssertEqual(engine.currentSceneName, "menu")
    let box = try XCTUnwrap(engine.node(named: "menu_box"))
    let button = try XCTUnwrap(engine.node(named: "tap_me"))
    engine.enqueue(.key("return", down: true))
    engine.step()
    XCTAssertEqual(engine.text(of: "log"), "enter menu nil;menu key return;")
    engine.tap(button)
    XCTAssertEqual(engine.currentSceneName, "play")
    XCTAssertFalse(box.isAttached)
    XCTAssertFalse(button.isAttached)
    XCTAssertNil(engine.node(named: "menu_box"))
    XCTAssertEqual(engine.text(of: "greeting"), "Hello tapped")
    engine.advance(seconds: 2)
    XCTAssertEqual(
      engine.text(of: "log"), "enter menu nil;menu key return;menu tap;leave menu;enter play tapped;")
    XCTAssertEqual(engine.errorMessages, [])
  }

  /// A scene whose `enter` fails is reported; the game keeps stepping.
  func testFailingEnterIsReported() throws {
    let fixture = try GameFixture(
      main: #"""
      local ticks = tide.sprite.text("0", { name = "ticks" })
      tide.every(0.5, function(n) ticks.text = tostring(n) end)
      tide.scene.define("broken", { enter = function(self) self.missing.field = 1 end })
      """#, conf: #"return { scene = "broken" }"#)
    let engine = try fixture.engine()
    XCTAssertEqual(engine.currentSceneName, "broken")
    XCTAssertEqual(engine.errors.all.count, 1)
    XCTAssertEqual(engine.errors.all.first?.title, "Script error in scene 'broken' enter")
    XCTAssertTrue(engine.errorMessages[0].hasPrefix("game/main.lua:3: attempt to index a nil value"), engine.errorMessages[0])
    engine.advance(seconds: 1)
    XCTAssertEqual(engine.text(of: "ticks"), "2")
  }

  /// A task of the leaving scene that awaits a tween must not wake up during the leave and
  /// leave sprites behind in the next scene.
  func testLeavingDoesNotWakeTheScenesTasks() throws {
    let report = try runLuaTests(
      #"""
      it("tears the scene down without running its tasks on", function()
        local app = tide.test.start()
        local woke = false
        tide.scene.define("a", {
          enter = function()
            local r = tide.sprite.rect{}
            tide.task(function()
              tide.tween(r, 5, { x = 100 }):await()
              woke = true
              tide.sprite.text("ghost", { name = "ghost" })
            end)
          end,
        })
        tide.scene.define("b", {})
        tide.scene.go("a")
        app:step()
        tide.scene.go("b")
        app:step()
        assert.are.equal("b", app:scene())
        assert.is_false(woke)
        assert.is_nil(app:find{ name = "ghost" })
      end)
      """#)
    assertAllPassed(report, count: 1)
  }
}
