-- Run by Tests/TideCLITests/StuckEngineTests.swift with TIDE_TEST_STALL_HOOK=1: one test sticks
-- the engine in Swift code the watchdog cannot stop; it alone must fail, the others still report.
describe("a game", function()
  it("passes before", function() assert.are.equal(2, 1 + 1) end)
  it("sticks the engine", function()
    tide.test.start()
    tide.test.stall_engine()
  end)
  it("passes after", function()
    local app = tide.test.start()
    assert.are.equal("play", app:scene())
  end)
  it("fails after", function() assert.are.equal(1, 2) end)
end)
