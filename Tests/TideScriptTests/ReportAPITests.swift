import TideCore
import TideScript
import XCTest

/// `tide.report`: named finite numbers, the last per key wins, read back by `app:reports()`.
final class ReportAPITests: XCTestCase {
  func testReports() throws {
    let report = try runLuaTests(
      luaFailsWith + #"""

      describe("tide.report", function()
        it("keeps the last value per key and the keys not given", function()
          local app = tide.test.start()
          assert.are.same({}, app:reports())
          tide.report{ score = 10, combo = 2 }
          tide.report{ score = 25, time = 1.5 }
          assert.are.same({ score = 25, combo = 2, time = 1.5 }, app:reports())
          assert.are.equal("integer", math.type(app:reports().score))
        end)

        it("starts empty again with each game", function()
          tide.test.start()
          tide.report{ score = 1 }
          assert.are.same({}, tide.test.start():reports())
        end)

        it("reports what the game's callbacks report", function()
          local app = tide.test.start()
          app:advance(1.1)
          assert.are.same({ seconds = 1 }, app:reports())
        end)

        it("refuses what is not a finite number, naming the key", function()
          tide.test.start()
          fails_with(function() tide.report{ score = 0 / 0 } end, "report 'score' must be a finite number, got nan")
          fails_with(function() tide.report{ score = math.huge } end, "report 'score' must be a finite number, got inf")
          fails_with(function() tide.report{ best = -math.huge } end, "report 'best' must be a finite number, got -inf")
          fails_with(function() tide.report{ score = "12" } end, "report 'score' must be a number, got string")
          fails_with(function() tide.report{ won = true } end, "report 'won' must be a number, got boolean")
          fails_with(function() tide.report{ 5 } end, "report keys must be names, got a number key")
          fails_with(function() tide.report{ ["two words"] = 1 } end, "report key 'two words' is not a name")
          -- luaL_argerror formats with %s: a NUL in the key cut the message short after "report key 'a".
          fails_with(function() tide.report{ ["a\0b"] = 1 } end, "report key 'a\\0b' is not a name")
          fails_with(function() tide.report(5) end, "bad argument #1 to 'report'")
          fails_with(function() tide.report() end, "bad argument #1 to 'report'")
        end)

        it("changes nothing when it refuses", function()
          local app = tide.test.start()
          pcall(tide.report, { a = 1, b = 0 / 0 })
          assert.are.same({}, app:reports())
        end)

        it("takes at most 100 keys", function()
          local app = tide.test.start()
          local many = {}
          for i = 1, 100 do many["k" .. i] = i end
          tide.report(many)
          tide.report{ k1 = 0 }
          fails_with(function() tide.report{ k101 = 1 } end, "at most 100 report keys per game")
          assert.are.equal(0, app:reports().k1)
        end)
      end)
      """#,
      main: "tide.after(1, function() tide.report{ seconds = tide.time() } end)")
    assertAllPassed(report, count: 6)
  }
}
