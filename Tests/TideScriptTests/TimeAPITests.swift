import TideCore
import TideScript
import XCTest

/// `tide.after` / `tide.every`: virtual-time callbacks, counts, cancelling from inside a callback.
final class TimeAPITests: XCTestCase {
  func testAfterAndEvery() throws {
    let report = try runLuaTests(
      #"""
      describe("tide.after", function()
        local app
        before_each(function() app = tide.test.start() end)

        it("calls back once, after the delay in game time", function()
          local n = 0
          tide.after(0.5, function() n = n + 1 end)
          app:advance(0.45)
          assert.are.equal(0, n)
          app:advance(0.1)
          assert.are.equal(1, n)
          app:advance(5)
          assert.are.equal(1, n)
        end)

        it("runs a zero delay on the next tick", function()
          local ran = false
          tide.after(0, function() ran = true end)
          assert.is_false(ran)
          app:step()
          assert.is_true(ran)
        end)

        it("fires timers in due order", function()
          local order = {}
          tide.after(0.3, function() order[#order + 1] = "c" end)
          tide.after(0.1, function() order[#order + 1] = "a" end)
          tide.after(0.2, function() order[#order + 1] = "b" end)
          app:advance(1)
          assert.are.same({ "a", "b", "c" }, order)
        end)

        it("is cancelled before it fires, harmlessly twice and after firing", function()
          local n = 0
          local h = tide.after(0.5, function() n = n + 1 end)
          assert.is_true(h:active())
          h:cancel()
          assert.is_false(h:active())
          h:cancel()
          app:advance(1)
          assert.are.equal(0, n)
          local fired = tide.after(0.1, function() n = n + 1 end)
          app:advance(0.2)
          assert.is_false(fired:active())
          fired:cancel()
          fired:cancel()
          assert.are.equal(1, n)
        end)

        it("lets a callback add timers", function()
          local log = {}
          tide.after(0.1, function()
            log[#log + 1] = "first"
            tide.after(0.1, function() log[#log + 1] = "second" end)
          end)
          app:advance(0.15)
          assert.are.same({ "first" }, log)
          app:advance(0.1)
          assert.are.same({ "first", "second" }, log)
        end)

        it("checks its arguments in Lua's wording", function()
          assert.has_error(function() tide.after(nil, function() end) end,
            "bad argument #1 to 'after' (number expected, got nil)")
          assert.has_error(function() tide.after(1, nil) end,
            "bad argument #2 to 'after' (function expected, got nil)")
          assert.has_error(function() tide.after("soon", print) end,
            "bad argument #1 to 'after' (number expected, got string)")
        end)
      end)

      describe("tide.every", function()
        local app
        before_each(function() app = tide.test.start() end)

        it("repeats count times, passing the call number", function()
          local calls = {}
          tide.every(0.25, function(n) calls[#calls + 1] = n end, 3)
          app:advance(0.3)
          assert.are.same({ 1 }, calls)
          app:advance(2)
          assert.are.same({ 1, 2, 3 }, calls)
        end)

        it("repeats until cancelled, even from inside its own callback", function()
          local calls = 0
          local h
          h = tide.every(0.1, function(n)
            calls = n
            if n == 4 then
              h:cancel()
              h:cancel()
            end
          end)
          app:advance(0.35)
          assert.are.equal(3, calls)
          assert.is_true(h:active())
          app:advance(3)
          assert.are.equal(4, calls)
          assert.is_false(h:active())
          h:cancel()
        end)

        it("keeps its phase: one call per elapsed interval", function()
          local calls = 0
          tide.every(0.5, function() calls = calls + 1 end)
          app:advance(10)
          assert.are.equal(20, calls)
        end)

        it("can cancel another timer from inside a callback", function()
          local other_ran = false
          local other = tide.after(0.2, function() other_ran = true end)
          tide.every(0.1, function() other:cancel() end, 1)
          app:advance(1)
          assert.is_false(other_ran)
        end)

        it("refuses a count below one", function()
          assert.has_error(function() tide.every(1, print, 0) end,
            "bad argument #3 to 'every' (count must be an integer from 1 to 9007199254740992, got 0)")
          assert.has_error(function() tide.every(1, print, 1.5) end,
            "bad argument #3 to 'every' (count must be an integer from 1 to 9007199254740992, got 1.5)")
        end)
      end)
      """#)
    assertAllPassed(report, count: 11)
  }

  /// Timers are driven by the fixed-step clock: 60 ticks a second, whatever the wall clock.
  func testTimersFollowTheFixedClockFromSwift() throws {
    let fixture = try GameFixture(
      main: #"""
      local label = tide.sprite.text("0", { name = "count" })
      tide.every(1, function(n) label.text = tostring(n) end)
      """#)
    let engine = try fixture.engine()
    engine.step(59)
    XCTAssertEqual(engine.text(of: "count"), "0")
    engine.step()
    XCTAssertEqual(engine.text(of: "count"), "1")
    engine.advance(seconds: 9)
    XCTAssertEqual(engine.text(of: "count"), "10")
    XCTAssertEqual(engine.tick, 600)
    XCTAssertEqual(engine.time, 10, accuracy: 1e-9)
    XCTAssertEqual(engine.errorMessages, [])
  }

  /// `tide.after(math.huge, fn)` means "never"; a NaN delay is a mistake. Neither may fire on the next tick.
  func testInfiniteOrNaNDelayDoesNotFireAtOnce() throws {
    let report = try runLuaTests(
      #"""
      for _, delay in ipairs({ math.huge, 0 / 0 }) do
        it("does not fire a timer due after " .. tostring(delay) .. " seconds at once", function()
          local app = tide.test.start()
          local fired = 0
          local ok = pcall(tide.after, delay, function() fired = fired + 1 end)
          pcall(tide.every, delay, function() fired = fired + 1 end)
          app:advance(10)
          assert.are.equal(0, fired, ok and "accepted, then fired" or "refused, yet fired")
        end)
      end
      """#)
    assertAllPassed(report, count: 2)
  }

  /// Each callback has the watchdog's limit, and a tick of many callbacks cannot add
  /// them up: past the limit the timers still due wait for the next tick, with one warning. Five
  /// timers, each busy for 0.4 s of real time, against a 1 s limit: three fire in the first tick
  /// (the third starts at 0.8 s), the other two in the next.
  func testATickOfSlowCallbacksHoldsItsOtherTimersOver() throws {
    let fixture = try GameFixture(main: #"""
      local fired = 0
      local count = tide.sprite.text("0", { name = "count" })
      for _ = 1, 5 do
        tide.after(0, function()
          local until_time = tide.stats().real_time + 0.4
          while tide.stats().real_time < until_time do end
          fired = fired + 1
          count.text = tostring(fired)
        end)
      end
      """#)
    var options = fixture.options()
    options.watchdogSeconds = 1
    let engine = try fixture.engine(options: options)
    engine.step()
    XCTAssertEqual(engine.text(of: "count"), "3", "three timers fire in the first tick")
    XCTAssertTrue(engine.errorMessages.contains { $0.contains("its callbacks ran past 1 s, so the timers still due wait for the next tick") },
                  "\(engine.errorMessages)")
    engine.step()
    XCTAssertEqual(engine.text(of: "count"), "5", "the other two in the next")
  }
}
