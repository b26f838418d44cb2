import TideCore
import TideScript
import XCTest

/// `tide.task`, `tide.wait`, `tween:await()`: coroutines that read top to bottom.
final class TaskAPITests: XCTestCase {
  func testTasks() throws {
    let report = try runLuaTests(
      #"""
      describe("tide.task", function()
        local app
        before_each(function() app = tide.test.start() end)

        it("reads top to bottom: tween, await, wait, go on", function()
          local title = tide.sprite.text("Hi", { scale = 0 })
          local log = {}
          tide.task(function()
            log[#log + 1] = "start"
            local completed = tide.tween(title, 1, { scale = 1 }, { ease = "out_back" }):await()
            log[#log + 1] = "grown:" .. tostring(completed)
            tide.wait(0.5)
            log[#log + 1] = "waited"
            tide.tween(title, 0.5, { alpha = 0 }):await()
            log[#log + 1] = "faded"
          end)
          assert.are.same({ "start" }, log)
          app:advance(0.9)
          assert.are.same({ "start" }, log)
          app:advance(0.2)
          assert.are.same({ "start", "grown:true" }, log)
          assert.are.equal(1, title.scale)
          app:advance(0.5)
          assert.are.same({ "start", "grown:true", "waited" }, log)
          app:advance(0.5)
          assert.are.same({ "start", "grown:true", "waited", "faded" }, log)
          assert.are.equal(0, title.alpha)
        end)

        it("gets false from await when the tween is cancelled", function()
          local r = tide.sprite.rect{}
          local tw = tide.tween(r, 1, { x = 100 })
          local got
          local task = tide.task(function() got = tw:await() end)
          tide.after(0.5, function() tw:cancel() end)
          app:advance(1)
          assert.is_false(got)
          assert.is_true(task:done())
        end)

        it("gets true at once when awaiting a finished tween", function()
          local r = tide.sprite.rect{}
          local tw = tide.tween(r, 0.1, { x = 1 })
          app:advance(0.5)
          local got
          tide.task(function() got = tw:await() end)
          assert.is_true(got)
        end)

        it("waits a tick on a bare coroutine.yield", function()
          local n = 0
          tide.task(function()
            for _ = 1, 3 do
              n = n + 1
              coroutine.yield()
            end
          end)
          assert.are.equal(1, n)
          app:step()
          assert.are.equal(2, n)
          app:step()
          assert.are.equal(3, n)
          app:step(5)
          assert.are.equal(3, n)
        end)

        it("counts waits in game time", function()
          local times = {}
          tide.task(function()
            for _ = 1, 3 do
              tide.wait(0.5)
              times[#times + 1] = app:time()
            end
          end)
          app:advance(2)
          assert.are.equal(3, #times)
          assert.near(0.5, times[1], 1 / 60 + 1e-9)
          assert.near(1.5, times[3], 3 / 60 + 1e-9)
        end)

        it("refuses to wait outside a task, saying why", function()
          assert.has_error(function() tide.wait(1) end,
            "tide.wait can only pause inside tide.task(function() ... end)")
          local tw = tide.tween(tide.sprite.rect{}, 1, { x = 1 })
          assert.has_error(function() tw:await() end,
            "tween:await() can only pause inside tide.task(function() ... end)")
          assert.has_error(function() tide.task(42) end, "bad argument #1 to 'task' (function expected, got number)")
        end)

        it("is cancelled for good, harmlessly twice", function()
          local after = false
          local task = tide.task(function()
            tide.wait(0.5)
            after = true
          end)
          assert.is_false(task:done())
          task:cancel()
          task:cancel()
          assert.is_true(task:done())
          app:advance(1)
          assert.is_false(after)
        end)

        it("reports an error inside a task with its line, and the game goes on", function()
          app = tide.test.start{ raise_errors = false }
          local ticks = 0
          tide.every(0.1, function() ticks = ticks + 1 end)
          tide.task(function()
            tide.wait(0.2)
            local nothing = nil
            return nothing.field
          end)
          app:advance(1)
          local errors = app:errors()
          assert.are.equal(1, #errors)
          assert.matches("api_test%.lua:%d+: attempt to index a nil value", errors[1])
          assert.are.equal(10, ticks)
        end)

        it("runs tasks side by side", function()
          local log = {}
          for _, name in ipairs({ "a", "b" }) do
            tide.task(function()
              for i = 1, 2 do
                tide.wait(name == "a" and 0.3 or 0.2)
                log[#log + 1] = name .. i
              end
            end)
          end
          app:advance(1)
          assert.are.same({ "b1", "a1", "b2", "a2" }, log)
        end)
      end)
      """#)
    assertAllPassed(report, count: 9)
  }

  /// Bindings called inside a task act on the task's own coroutine stack: sprites, require and
  /// scene params made there come back to the task, not to the main thread.
  func testBindingsInsideATaskUseTheTasksStack() throws {
    let report = try runLuaTests(
      #"""
      it("makes sprites, requires modules and goes to scenes from a task", function()
        local app = tide.test.start()
        local made = {}
        tide.task(function()
          tide.wait(0.1)
          made.rect = tide.sprite.rect{ name = "late", w = 10, h = 10 }
          made.group = tide.sprite.group()
          made.kind = made.rect.kind
          made.parent_is_nil = made.rect.parent == nil
          made.data = require("data.numbers")
          tide.scene.go("next", { from = "task" })
        end)
        app:advance(0.5)
        assert.are.equal("rect", made.kind)
        assert.are.equal("group", made.group.kind)
        assert.is_true(made.parent_is_nil)
        assert.are.same({ 1, 2, 3 }, made.data)
        assert.are.equal("next", app:scene())
        assert.are.equal("task", app:find{ name = "from" }.text)
      end)
      """#,
      main: #"""
      tide.scene.define("first", {})
      tide.scene.define("next", { enter = function(self, params) tide.sprite.text(params.from, { name = "from" }) end })
      tide.scene.go("first")
      """#,
      files: ["data/numbers.lua": "return { 1, 2, 3 }"])
    XCTAssertEqual(report.failed, 0, report.output)
    XCTAssertEqual(report.passed, 1, report.output)
  }

  func testTasksEndWithTheirScene() throws {
    let report = try runLuaTests(
      #"""
      it("cancels a scene's tasks when the scene is left", function()
        local app = tide.test.start()
        local hud = tide.sprite.text("", { name = "hud" })
        tide.scene.define("one", {
          enter = function()
            tide.task(function()
              tide.wait(0.5)
              hud.text = "task ran"
            end)
          end,
        })
        tide.scene.define("two", {})
        tide.scene.go("one")
        app:step()
        assert.are.equal("one", app:scene())
        tide.scene.go("two")
        app:step()
        app:advance(2)
        assert.are.equal("", hud.text)
      end)
      """#)
    assertAllPassed(report, count: 1)
  }

  /// A task that cancels itself, or a child that cancels its parent, used to
  /// reset a running coroutine (invalid reads in liblua, a crash 7 runs in 10). It now runs on
  /// to its next wait or its end and stops there.
  func testCancellingTheRunningTaskEndsItAtItsNextWait() throws {
    let report = try runLuaTests(
      #"""
      describe("cancel from inside", function()
        local app
        before_each(function() app = tide.test.start() end)

        it("lets a task cancel itself: it runs to its next wait and stops", function()
          local log = {}
          local t
          t = tide.task(function()
            tide.wait(0)
            t:cancel()
            log[#log + 1] = "after"
            log[#log + 1] = tostring(t:done())
            tide.wait(0)
            log[#log + 1] = "never"
          end)
          app:advance(1)
          assert.are.same({ "after", "true" }, log)
          assert.is_true(t:done())
          assert.are.same({}, app:errors())
        end)

        it("lets a task cancel itself on its first run, and end by returning", function()
          local log = {}
          local t
          t = tide.task(function()
            log[#log + 1] = tostring(t)
            if t then t:cancel() end
            log[#log + 1] = "end"
          end)
          app:advance(0.5)
          assert.are.same({ "nil", "end" }, log)
          assert.is_true(t:done())
        end)

        it("lets a child cancel its parent while the parent waits for it", function()
          local log = {}
          local parent
          parent = tide.task(function()
            tide.wait(0)
            tide.task(function()
              parent:cancel()
              log[#log + 1] = "child"
              tide.wait(0.1)
              log[#log + 1] = "child again"
            end)
            log[#log + 1] = "parent goes on"
            tide.wait(0)
            log[#log + 1] = "never"
          end)
          app:advance(1)
          assert.are.same({ "child", "parent goes on", "child again" }, log)
          assert.is_true(parent:done())
        end)

        it("lets a task restart the game with tide.test.start", function()
          local log = {}
          tide.task(function()
            tide.wait(0)
            app = tide.test.start()
            log[#log + 1] = "restarted"
            tide.wait(0)
            log[#log + 1] = "never"
          end)
          app:advance(0.5)
          app:advance(0.5)
          assert.are.same({ "restarted" }, log)
        end)
      end)
      """#)
    assertAllPassed(report, count: 4)
  }
}
