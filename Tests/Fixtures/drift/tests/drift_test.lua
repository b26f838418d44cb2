-- The drift fixture played through the runner: taps pop bubbles, runs repeat per seed.

local function play(seed)
  local app = tide.test.start{ seed = seed }
  app:advance(1)
  for _ = 1, 3 do
    local bubble = app:find{ tag = "bubble" }
    app:tap(bubble)
    app:advance(0.5)
  end
  local state = {}
  for _, b in ipairs(app:find_all{ tag = "bubble" }) do
    state[#state + 1] = ("%.6f,%.6f,%s"):format(b.x, b.y, b.fill)
  end
  return app:find{ name = "score" }.text, state
end

describe("drift", function()
  it("spawns bubbles on a timer", function()
    local app = tide.test.start()
    app:advance(1)
    assert.are.equal(4, #app:find_all{ tag = "bubble" })
  end)

  it("scores a point per popped bubble", function()
    local score = play(3)
    assert.are.equal("3", score)
  end)

  it("repeats exactly with one seed", function()
    local score_a, a = play(11)
    local score_b, b = play(11)
    assert.are.equal(score_a, score_b)
    assert.are.same(a, b)
    local _, c = play(12)
    assert.are_not.same(a, c)
  end)
end)
