import TideCore
import TideScript
import XCTest

/// `tide.random`: seeded, repeatable, in range.
final class RandomAPITests: XCTestCase {
  func testRandom() throws {
    let report = try runLuaTests(
      #"""
      local function draws(seed)
        tide.test.start{ seed = seed }
        local out = {}
        for i = 1, 10 do out[#out + 1] = tide.random.int(1, 1000000) end
        for i = 1, 5 do out[#out + 1] = tide.random.float() end
        out[#out + 1] = tide.random.pick({ "a", "b", "c", "d", "e", "f", "g" })
        out[#out + 1] = table.concat(tide.random.shuffle({ 1, 2, 3, 4, 5, 6, 7, 8 }), ",")
        out[#out + 1] = tide.random.weighted({ { w = 1, id = "x" }, { w = 2, id = "y" }, { w = 3, id = "z" } }, "w").id
        return out
      end

      describe("tide.random", function()
        it("repeats exactly for one seed and differs for another", function()
          local a, b, c = draws(7), draws(7), draws(8)
          assert.are.same(a, b)
          assert.are_not.same(a, c)
        end)

        it("starts every test from the same fixed seed", function()
          tide.test.start()
          local first = tide.random.int(1, 1000000)
          tide.test.start()
          assert.are.equal(first, tide.random.int(1, 1000000))
          tide.test.start{ seed = 1 }
          assert.are.equal(first, tide.random.int(1, 1000000))
        end)

        it("draws whole numbers over the whole closed range", function()
          tide.test.start()
          local seen = {}
          for _ = 1, 600 do
            local n = tide.random.int(1, 6)
            assert.are.equal("integer", math.type(n))
            assert.is_true(n >= 1 and n <= 6)
            seen[n] = true
          end
          assert.are.same({ true, true, true, true, true, true }, seen)
          assert.are.equal(5, tide.random.int(5, 5))
          assert.is_true(tide.random.int(-3, -1) < 0)
        end)

        it("draws floats in [0, 1) or [lo, hi)", function()
          tide.test.start()
          for _ = 1, 500 do
            local f = tide.random.float()
            assert.are.equal("float", math.type(f))
            assert.is_true(f >= 0 and f < 1)
            local g = tide.random.float(40, 350)
            assert.is_true(g >= 40 and g < 350)
          end
        end)

        it("picks members and shuffles into permutations in place", function()
          tide.test.start()
          local list = { "rock", "paper", "scissors" }
          local picked = {}
          for _ = 1, 100 do picked[tide.random.pick(list)] = true end
          assert.are.same({ rock = true, paper = true, scissors = true }, picked)
          local deck = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 }
          local same = tide.random.shuffle(deck)
          assert.are.equal(deck, same)
          local sorted = { table.unpack(deck) }
          table.sort(sorted)
          assert.are.same({ 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 }, sorted)
          assert.are.same({}, tide.random.shuffle({}))
          assert.are.same({ "solo" }, tide.random.shuffle({ "solo" }))
        end)

        it("weights picks by a field; a zero weight is never picked", function()
          tide.test.start()
          local colours = {
            { name = "red", probability = 75 },
            { name = "blue", probability = 25 },
            { name = "never", probability = 0 },
          }
          local counts = { red = 0, blue = 0, never = 0 }
          for _ = 1, 2000 do
            local c = tide.random.weighted(colours, "probability")
            counts[c.name] = counts[c.name] + 1
          end
          assert.are.equal(0, counts.never)
          assert.is_true(counts.red > 1300 and counts.red < 1700, "red: " .. counts.red)
          assert.are.equal(2000, counts.red + counts.blue)
        end)

        it("refuses empty ranges and bad lists, in Lua's wording", function()
          tide.test.start()
          assert.has_error(function() tide.random.int(6, 1) end, "bad argument #2 to 'int' (interval is empty (6 > 1))")
          assert.has_error(function() tide.random.int(1.5, 2) end, "bad argument #1 to 'int' (number has no integer representation)")
          assert.has_error(function() tide.random.int("a", 2) end, "bad argument #1 to 'int' (number expected, got string)")
          assert.has_error(function() tide.random.float(1, nil) end, "bad argument #2 to 'float' (number expected, got nil)")
          assert.has_error(function() tide.random.pick({}) end, "bad argument #1 to 'pick' (list is empty)")
          assert.has_error(function() tide.random.pick(nil) end, "bad argument #1 to 'pick' (table expected, got nil)")
          assert.error_matches(function() tide.random.weighted({ { w = 0 } }, "w") end, "every 'w' is zero", nil, true)
          assert.error_matches(function() tide.random.weighted({ { w = -1 } }, "w") end, "item 1: 'w' must be a finite number from 0 to 1e+300, got -1", nil, true)
          assert.error_matches(function() tide.random.weighted({ { w = math.huge } }, "w") end, "item 1: 'w' must be a finite number from 0 to 1e+300, got inf", nil, true)
          assert.has_error(function() tide.random.float(-math.huge, math.huge) end, "bad argument #1 to 'float' (lo must be a finite number from -1e+300 to 1e+300, got -inf)")
          assert.error_matches(function() tide.random.weighted({ { x = 1 } }, "w") end, "item 1: 'w' must be a non-negative number, got nil", nil, true)
          assert.error_matches(function() tide.random.weighted({ 3 }, "w") end, "item 1 is number, not a table", nil, true)
        end)
      end)
      """#)
    assertAllPassed(report, count: 7)
  }

  /// Two engines with one seed draw the same numbers; the generator is the engine's, not Lua's.
  func testSameSeedSameDrawsAcrossEngines() throws {
    let fixture = try GameFixture(
      main: #"""
      local out = {}
      for i = 1, 20 do out[i] = tide.random.int(0, 1 << 40) end
      tide.sprite.text(table.concat(out, " "), { name = "draws" })
      """#)
    func draws(_ seed: UInt64) throws -> String? {
      try fixture.engine(options: fixture.options(seed: seed)).text(of: "draws")
    }
    let a = try draws(42)
    XCTAssertNotNil(a)
    XCTAssertEqual(a, try draws(42))
    XCTAssertNotEqual(a, try draws(43))
  }
}
