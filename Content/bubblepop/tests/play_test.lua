-- Brief numbers (GAMES.md, BubblePop): P2, P3, P6, P7, P8, P9, P-E1, P-E2, P-E3, P-E4 (the burst of
-- particles and sounds), P-H1 in full with layout_test.lua: play at every size conf.lua
-- declares, portrait and landscape (issues 16 and 17).
-- Play: the 3-2-1 countdown, the clock in one-second steps stopping play at zero,
-- the score, the bubbles each second (never over the maximum, never overlapping,
-- wholly on screen once grown in, colours as the table says), drifting away faster
-- as time runs down, pops with combos and their label, and the board's best shown.

local game = require("data.game")
local W, H, TOP = 390, 844, game.hud_height
local R = game.bubble.radius

local helpers
before_each(function()
  tide.test.start{}
  helpers = require("tests.helpers")
end)

local function radius(b) return b.radius * b.scale end

describe("the countdown", function()
  it("flashes 3, 2, 1 a second apart, with no bubbles and the clock full, then play starts", function()
    local app = helpers.launch{}
    helpers.enter_name(app, "Ada")
    local countdown, entered = app:find{ name = "countdown" }, app:time()
    for i, n in ipairs({ "3", "2", "1" }) do
      helpers.advance_to(app, entered + (i - 1) + 0.05)
      assert.are.equal(n, countdown.text)
      assert.is_true(countdown.visible and countdown.scale > 1.2 and countdown.alpha > 0.9, "flash in")
      helpers.advance_to(app, entered + (i - 1) + 0.85)
      assert.are.equal(n, countdown.text)
      assert.is_true(countdown.alpha < 0.3, "and fade")
      assert.are.equal(0, #helpers.bubbles(app))
      assert.are.equal("60", app:find{ name = "time" }.text)
      assert.are.equal("0", app:find{ name = "score" }.text)
    end
    local started = helpers.run_countdown(app)
    assert.near(entered + game.countdown, started, 2 * helpers.TICK)
    assert.is_true(#helpers.bubbles(app) > 0)
  end)
end)

describe("the clock", function()
  it("counts down in one-second steps from the game time; at zero play stops", function()
    local app, start = helpers.play{ settings = { game_time = 8, max_bubbles = 15 } }
    assert.are.equal("8", app:find{ name = "time" }.text)
    for k = 1, 8 do
      helpers.advance_to(app, start + k - helpers.TICK)
      assert.are.equal(tostring(8 - k + 1), app:find{ name = "time" }.text)
      helpers.advance_to(app, start + k + helpers.TICK)
      assert.are.equal(tostring(8 - k), app:find{ name = "time" }.text)
    end
    -- Stopped: "Time's up!", no new bubbles, nothing pops, nothing moves.
    assert.is_not_nil(app:find{ name = "times_up" })
    local left = helpers.bubbles(app)
    assert.is_true(#left > 0, "no bubbles left to try popping after time's up")
    local ids, ys = {}, {}
    for i, b in ipairs(left) do ids[i], ys[i] = b.id, b.y end
    app:tap(left[1])
    assert.are.equal("0", app:find{ name = "score" }.text)
    app:advance(1.5)
    local now = helpers.bubbles(app)
    assert.are.equal(#left, #now)
    for i, b in ipairs(now) do
      assert.are.equal(ids[i], b.id)
      assert.are.equal(ys[i], b.y)
    end
    assert.are.equal("0", app:find{ name = "time" }.text)
    app:advance(game.end_pause)
    assert.are.equal("board", app:scene())
  end)
end)

describe("the bubbles", function()
  it("never overlap, never pass the maximum, and sit wholly on screen once grown in, over many games", function()
    local counts, n, refreshes = {}, 0, 0
    for game_number = 1, 12 do
      local max = ({ 1, 5, 15, 40 })[game_number % 4 + 1]
      local seconds = 20
      local app, start = helpers.play{ seed = game_number, settings = { game_time = seconds, max_bubbles = max } }
      local seen = {}
      for k = 0, seconds - 1 do
        -- Just after the refresh, and again once its new bubbles have grown in.
        helpers.advance_to(app, start + k + helpers.TICK)
        assert.is_true(#helpers.bubbles(app) <= max, "more than " .. max .. " bubbles")
        helpers.advance_to(app, start + k + game.bubble.appear + helpers.TICK)
        local list = helpers.bubbles(app)
        refreshes = refreshes + 1
        assert.is_true(#list <= max, "more than " .. max .. " bubbles")
        for i, a in ipairs(list) do
          assert.are.equal(1, a.scale)
          assert.is_true(a.y + radius(a) > 0, "a bubble lingers above the screen")
          if not seen[a.id] then
            seen[a.id] = true
            n = n + 1
            counts[a.name] = (counts[a.name] or 0) + 1
            local where = ("bubble at %.1f, %.1f (seed %d, second %d)"):format(a.x, a.y, game_number, k)
            assert.is_true(a.x - R >= 0 and a.x + R <= W and a.y - R >= TOP and a.y + R <= H, where .. " is not wholly on screen")
          end
          for j = i + 1, #list do
            local b = list[j]
            local d = math.sqrt((a.x - b.x) ^ 2 + (a.y - b.y) ^ 2)
            assert.is_true(d >= radius(a) + radius(b), ("bubbles overlap: %.1f apart (seed %d, second %d)"):format(d, game_number, k))
          end
        end
      end
    end
    assert.are.equal(12 * 20, refreshes)
    -- The colours that appeared follow the table (chi-square, 4 degrees of freedom, p = 0.001).
    local x2 = helpers.chi_square(require("bubbles").colours, counts, n)
    assert.is_true(n > 500, "only " .. n .. " bubbles")
    assert.is_true(x2 < helpers.CRITICAL[4], ("chi-square %.2f over %d bubbles"):format(x2, n))
  end)

  it("take away a random number of those on screen each second and add new ones", function()
    local app, start = helpers.play{ settings = { game_time = 30, max_bubbles = 15 } }
    local removed, added = 0, 0
    local removed_counts = {}
    for k = 1, 25 do
      helpers.advance_to(app, start + k - helpers.TICK)
      local before, on_screen = {}, #helpers.bubbles(app)
      for _, b in ipairs(helpers.bubbles(app)) do
        -- Those about to float away at the top bar go by themselves, not by the refresh.
        if b.y - radius(b) > TOP + 5 then before[b.id] = true end
      end
      helpers.advance_to(app, start + k + helpers.TICK)
      local now, gone, new = {}, 0, 0
      for _, b in ipairs(helpers.bubbles(app)) do
        now[b.id] = true
        if not before[b.id] then new = new + 1 end
      end
      for id in pairs(before) do if not now[id] then gone = gone + 1 end end
      removed_counts[gone] = true
      assert.is_true(gone <= math.floor(on_screen * game.refresh.remove_share), "took away " .. gone .. " of " .. on_screen)
      removed, added = removed + gone, added + new
    end
    assert.is_true(removed > 0 and added > 0)
    assert.is_true(removed_counts[0] and (removed_counts[1] or removed_counts[2]), "the number taken away varies")
  end)

  it("never count popped bubbles: after popping them all, a second fills at least half the room", function()
    local max = 6
    local app, start = helpers.play{ settings = { game_time = 30, max_bubbles = max } }
    for k = 2, 12 do
      helpers.advance_to(app, start + k - 0.3)   -- a tap takes two ticks: all done before the second
      for _ = 1, 2 * max do
        local b = helpers.bubbles(app)[1]
        if not b then break end
        app:tap(b)
      end
      assert.are.equal(0, #helpers.bubbles(app))
      assert.is_true(app:time() < start + k)
      helpers.advance_to(app, start + k + helpers.TICK)
      assert.is_true(#helpers.bubbles(app) >= math.ceil(max * game.refresh.add_share))
    end
  end)

  it("choose counts that keep to the maximum", function()
    local bubbles = require("bubbles")
    for live = 0, 40 do
      for max = math.max(1, live), 40, 3 do
        local remove, add = bubbles.refresh_counts(live, max)
        assert.is_true(remove >= 0 and remove <= live and add >= 0)
        assert.is_true(live - remove + add <= max)
      end
    end
  end)

  it("skip a bubble that finds no room rather than overlap", function()
    local bubbles = require("bubbles")
    local field = { left = 0, top = 0, right = 100, bottom = 100 }
    assert.is_nil(bubbles.place({ { x = 50, y = 50, radius = 40 } }, R, field, 0))
    local x, y = bubbles.place({}, R, field, 0)
    assert.is_true(x >= R and x <= 100 - R and y >= R and y <= 100 - R)
  end)
end)

describe("drifting", function()
  it("moves every bubble up together, faster as the clock runs down", function()
    local app, start = helpers.play{ settings = { game_time = 40, max_bubbles = 15 } }
    local function rise_over_half_second(k)
      helpers.advance_to(app, start + k + 0.3)
      -- The lowest bubble: it will not reach the top bar (and float away) in half a second.
      local b = helpers.bubbles(app)[1]
      for _, o in ipairs(helpers.bubbles(app)) do if o.y > b.y then b = o end end
      local x, y = b.x, b.y
      local others = {}
      for _, o in ipairs(helpers.bubbles(app)) do others[o.id] = o.y end
      app:advance(0.5)
      assert.are.equal(x, b.x)
      for _, o in ipairs(helpers.bubbles(app)) do
        if others[o.id] then assert.near(y - b.y, others[o.id] - o.y, 1e-6) end   -- all alike
      end
      return y - b.y
    end
    local early, middle, late = rise_over_half_second(1), rise_over_half_second(20), rise_over_half_second(38)
    assert.is_true(early > 0)
    assert.is_true(middle > early and late > middle, ("%.1f, %.1f, %.1f"):format(early, middle, late))
  end)

  it("follows the speed curve in data/game.lua", function()
    local bubbles = require("bubbles")
    assert.are.equal(game.drift[1].speed, bubbles.speed(1))
    assert.are.equal(game.drift[#game.drift].speed, bubbles.speed(0))
    local last = 0
    for i = 100, 0, -1 do
      local s = bubbles.speed(i / 100)
      assert.is_true(s >= last)
      last = s
    end
  end)

  it("lets bubbles float away at the top bar, never under it", function()
    local app, start = helpers.play{ seed = 3, settings = { game_time = 60, max_bubbles = 40 } }
    local rise = require("bubbles").speed(0) * helpers.TICK   -- the most a bubble rises in one tick
    local floated, tapped = 0, false
    while app:time() < start + 59.5 do
      app:step()
      -- Every bubble that can still be popped is below the bar (give or take this tick's rise).
      for _, b in ipairs(helpers.bubbles(app)) do
        assert.is_true(b.y - radius(b) >= TOP - rise, ("a bubble under the top bar at y %.1f"):format(b.y))
      end
      -- One at the bar no longer takes taps and fades away.
      for _, b in ipairs(app:find_all{ tag = "leaving" }) do
        assert.is_true(b.y - radius(b) <= TOP, "a bubble floats away below the bar")
        floated = floated + 1
        if not tapped and b.y > TOP then
          -- Its centre still shows below the bar: a tap there pops nothing.
          tapped = true
          local score = helpers.score(app)
          app:tap(b)
          assert.are.equal(score, helpers.score(app), "a bubble floating away was popped")
        end
      end
    end
    assert.is_true(floated > 0 and tapped, "no bubble drifted away")
  end)
end)

describe("popping", function()
  it("removes the bubble with a pop, adds its points, and shows them", function()
    local app = helpers.play{}
    app:advance(game.bubble.appear)
    local b = helpers.bubbles(app)[1]
    local points = b.data.colour.points
    local count = #helpers.bubbles(app)
    app:tap(b)
    assert.are.equal(points, helpers.score(app))
    assert.are.equal(count - 1, #helpers.bubbles(app))
    assert.are.equal("popped", b.tag)
    local label = helpers.last_gain(app)
    assert.are.equal("+" .. points, label.text)
    -- The pop: it swells and fades, then it is gone; the label pops in, rises and fades.
    local y = label.y
    app:advance(game.bubble.pop / 2)
    assert.is_true(b.scale > 1 and b.alpha < 1)
    app:advance(0.5)
    assert.is_nil(app:find{ tag = "popped" })
    assert.is_true(label.y < y and label.alpha < 1 and label.scale == 1)
    app:advance(1)
    assert.is_nil(app:find{ name = "gain" })
  end)

  it("pops two bubbles touched on the same tick by two fingers, in finger order", function()
    local bubbles = require("bubbles")
    local app = helpers.play{}
    app:advance(game.bubble.appear)
    local a, b = helpers.bubbles(app)[1], helpers.bubbles(app)[2]
    local count = #helpers.bubbles(app)
    local first = bubbles.points_for(a.data.colour, nil)
    local second = bubbles.points_for(b.data.colour, a.data.colour.colour)
    app:touch(a, b)
    assert.are.same({ "popped", "popped" }, { a.tag, b.tag })
    assert.are.equal(count - 2, #helpers.bubbles(app))
    assert.are.equal(first + second, helpers.score(app))
  end)

  it("scores the score from 0 on every pop", function()
    local app = helpers.play{ settings = { game_time = 30, max_bubbles = 40 } }
    assert.are.equal(0, helpers.score(app))
    local expected, previous = 0, nil
    for _ = 1, 40 do
      app:advance(0.5)
      local b = helpers.bubbles(app)[1]
      if b and b.y - radius(b) > TOP + 10 then   -- not about to float away at the top bar
        local c = b.data.colour
        expected = expected + (c.colour == previous and math.floor(c.points * 1.5 + 0.5) or c.points)
        previous = c.colour
        app:tap(b)
        assert.are.equal(expected, helpers.score(app))
      end
    end
    assert.is_true(expected > 0)
  end)

  it("gives 1.5x, rounded, for the colour popped last", function()
    local bubbles = require("bubbles")
    local expected = { red = 2, pink = 3, green = 8, blue = 12, black = 15 }
    for _, c in ipairs(bubbles.colours) do
      assert.are.same({ c.points, false }, { bubbles.points_for(c, nil) })
      assert.are.same({ expected[c.colour], true }, { bubbles.points_for(c, c.colour) })
      local other = c.colour == "red" and "pink" or "red"
      assert.are.same({ c.points, false }, { bubbles.points_for(c, other) })
    end
  end)

  it("makes two black in a row 10 + 15 = 25, with a combo label", function()
    local app = helpers.play{ seed = 5, settings = { game_time = 120, max_bubbles = 40 } }
    local blacks
    for _ = 1, 100 do
      app:advance(1)
      blacks = {}
      for _, b in ipairs(app:find_all{ tag = "bubble", name = "black" }) do
        if b.y > 120 then blacks[#blacks + 1] = b end
      end
      if #blacks >= 3 then break end
    end
    assert.is_true(#blacks >= 3, "never three black bubbles at once")
    app:tap(blacks[1])
    assert.are.equal(10, helpers.score(app))
    assert.are.equal("+10", helpers.last_gain(app).text)
    app:tap(blacks[2])
    assert.are.equal(25, helpers.score(app))
    local label = helpers.last_gain(app)
    assert.are.equal("Combo ×2  +15", label.text)
    assert.are.equal(game.colors.combo, label.color)
    app:tap(blacks[3])
    assert.are.equal(40, helpers.score(app))
    local combo = helpers.last_gain(app)
    assert.are.equal("Combo ×3  +15", combo.text)
    -- Like "+N", the combo label pops in small, then rises and fades, then is gone.
    local y = combo.y
    assert.is_true(combo.scale < 1 and combo.alpha == 1, "the combo label pops in")
    -- Another colour breaks the run.
    local other = app:find{ tag = "bubble", name = "red" } or app:find{ tag = "bubble", name = "pink" }
    app:tap(other)
    assert.are.equal("+" .. other.data.colour.points, helpers.last_gain(app).text)
    app:advance(0.5)
    assert.are.equal(1, combo.scale)
    assert.is_true(combo.y < y and combo.alpha < 1, "the combo label rises and fades")
    app:advance(1)
    assert.is_nil(app:find{ name = "gain" })
  end)
end)

describe("the best score", function()
  it("shows the board's highest during play, and yours once you pass it", function()
    helpers.launch{}
    tide.save.write("scores", { players = { Bob = 3, Cleo = 12 } })
    local app = helpers.play{}
    assert.are.equal("12", app:find{ name = "best" }.text)
    assert.are.equal("Cleo", app:find{ name = "best_name" }.text)
    local passed = false
    for _ = 1, 40 do
      app:advance(0.5)
      local b = helpers.bubbles(app)[1]
      if b and b.y - radius(b) > TOP + 10 then app:tap(b) end   -- not about to float away at the bar
      if helpers.score(app) > 12 then passed = true; break end
    end
    assert.is_true(passed)
    assert.are.equal(tostring(helpers.score(app)), app:find{ name = "best" }.text)
    assert.are.equal("Ada", app:find{ name = "best_name" }.text)
  end)

  it("says so when the board is empty", function()
    local app = helpers.play{}
    assert.are.equal("–", app:find{ name = "best" }.text)
    assert.are.equal("no scores yet", app:find{ name = "best_name" }.text)
  end)
end)

describe("a pop", function()
  it("bursts into particles of the bubble's colour (P-E2)", function()
    local app = helpers.play()
    local bubble = helpers.bubbles(app)[1]
    local fill = bubble.fill
    app:tap(bubble)
    local burst = app:find{ name = "burst" }
    assert.is_not_nil(burst)
    assert.are.equal(require("data.particles").pop.burst, burst:particle_count())
    assert.are.equal(fill, burst.tint)
    app:advance(1)
    assert.is_nil(app:find{ name = "burst" }, "the burst removes itself once done")
  end)
end)

describe("the report", function()
  it("reports the score and the longest one-colour run when time is up, not before", function()
    local app = helpers.play{ seed = 5, settings = { game_time = 10, max_bubbles = 40 } }
    app:advance(game.bubble.appear + helpers.TICK)
    local first = helpers.bubbles(app)[1]
    local same = app:find_all{ tag = "bubble", name = first.name }
    for i = 1, math.min(2, #same) do app:tap(same[i]) end
    local run = math.min(2, #same)
    local other = app:find{ tag = "bubble", name = first.name == "red" and "pink" or "red" }
    if other then app:tap(other) end
    assert.are.same({}, app:reports())
    app:advance(10)
    assert.are.same({ score = helpers.score(app), best_combo = run }, app:reports())
  end)
end)

describe("sounds", function()
  it("pops with a sound, and ends the game with one", function()
    local app = helpers.play()
    assert.are.same({}, app:sounds())
    app:tap(helpers.bubbles(app)[1])
    assert.are.same({ "pop" }, app:sounds())
    app:advance(game.settings.game_time.default + 1)
    assert.are.same({ "pop", "end" }, app:sounds())
  end)
end)

describe("play on other screens (P-H1)", function()
  -- Every size conf.lua declares: phones in portrait, and one turned on its side.
  for _, size in ipairs({ { 375, 667 }, { 390, 844 }, { 844, 390 } }) do
    it(("keeps every bubble and the top bar on a %dx%d screen"):format(size[1], size[2]), function()
      local app = helpers.play{ size = size }
      assert.are.same(size, { tide.screen.width, tide.screen.height })
      local hud = app:find{ name = "hud" }
      local hx, hy, hw = hud:bounds()
      assert.are.same({ 0, 0, size[1] }, { hx, hy, hw })   -- the bar spans the screen
      for _ = 1, 6 do
        app:advance(1)
        for _, bubble in ipairs(helpers.bubbles(app)) do
          local x, y, w, h = bubble:bounds()
          assert.is_true(x >= 0 and x + w <= size[1], "a bubble off the side at x " .. x)
          assert.is_true(y + h <= size[2], "a bubble off the bottom at y " .. y)
          assert.is_true(y >= TOP - 1, "a bubble under the top bar at y " .. y)
        end
        for _, name in ipairs({ "score", "time", "best", "player", "best_name" }) do
          local x, y, w, h = app:find{ name = name }:bounds()
          assert.is_true(x >= 0 and x + w <= size[1] and y >= 0 and y + h <= TOP, name .. " off the top bar")
        end
      end
      assert.is_true(#helpers.bubbles(app) > 0)
    end)
  end
end)
