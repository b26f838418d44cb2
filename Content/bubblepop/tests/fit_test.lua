-- Brief numbers (GAMES.md, BubblePop): P-H1, P-H2, P-E2, P-E3, P7, P10, P11.
-- What a player meets at the edges: the longest names the name field takes in the top bar
-- and on the board (P-H1, P-E3, P11), "+8" and combo labels never over a new bubble (P-E2,
-- P7), a grown bubble poppable a while before the top bar takes it (P7, P9), no cheer for a
-- first score of 0 (P10), settings fields that refuse what they cannot take and say the range
-- (P-H2), a damaged settings file set aside with the player told (P4, P5), and everything
-- tapped at least 48 points square.

local SIZES = { { 390, 844 }, { 375, 667 }, { 844, 390 } }
-- The name field takes 14 characters; W and M are the widest letters.
local LONG = { "WWWWWWWWWWWWWW", "MMMMMMMMMMMMMM" }
local MIN_TARGET = 48

local function box(sprite)
  local x, y, w, h = sprite:bounds()
  return { x = x, y = y, w = w, h = h, right = x + w, bottom = y + h }
end

local function apart(a, b)
  return a.right <= b.x or b.right <= a.x or a.bottom <= b.y or b.bottom <= a.y
end

local function on_screen(b)
  return b.x >= 0 and b.y >= 0 and b.right <= tide.screen.width and b.bottom <= tide.screen.height
end

describe("the longest names (P-H1)", function()
  for _, size in ipairs(SIZES) do
    local at = ("%dx%d"):format(size[1], size[2])

    it("keep to their sides of the clock in the top bar at " .. at, function()
      tide.test.start{}
      require("board").record(LONG[2], 999)
      local helpers = require("tests.helpers")
      local app = helpers.launch{ size = size, settings = { game_time = 300, max_bubbles = 15 } }
      helpers.enter_name(app, LONG[1])
      local player, leader, clock = app:find{ name = "player" }, app:find{ name = "best_name" }, app:find{ name = "time" }
      assert.are.equal(LONG[1], player.text)
      assert.are.equal(LONG[2], leader.text)
      assert.are.equal("300", clock.text)
      local p, l, c = box(player), box(leader), box(clock)
      assert.is_true(p.right <= c.x, ("the player's name ends at %.0f, the clock starts at %.0f"):format(p.right, c.x))
      assert.is_true(l.x >= c.right, ("the leader's name starts at %.0f, the clock ends at %.0f"):format(l.x, c.right))
      assert.is_true(apart(p, l) and on_screen(p) and on_screen(l))
      assert.are.same({}, app:layout_problems())
    end)

    it("stay between their rank and their score on the board at " .. at, function()
      tide.test.start{}
      local board = require("board")
      for i = 1, 10 do board.record((i % 2 == 0 and LONG[1] or LONG[2]):sub(1, 13) .. string.char(64 + i), 1000 * i) end
      local app = tide.test.start{ seed = 7, size = size }
      app:tap(app:find{ name = "open_board" })
      app:advance(0.6)
      local first = box(app:find{ name = "entry_1" })
      for i = 1, 10 do
        local rank, name, score = box(app:find{ name = "entry_" .. i .. "_rank" }),
          box(app:find{ name = "entry_" .. i }), box(app:find{ name = "entry_" .. i .. "_score" })
        assert.is_true(rank.right <= name.x and name.right <= score.x, "row " .. i .. ": rank, name, score apart")
        assert.is_true(on_screen(rank) and on_screen(name) and on_screen(score), "row " .. i .. " on screen")
        -- The name column does not move at "10.".
        assert.are.equal(first.x, name.x, "row " .. i .. "'s name lines up with row 1's")
      end
      assert.are.same({}, app:layout_problems())
    end)
  end
end)

describe("a pop's label (P-E2, P7)", function()
  it("never has a new bubble placed under it", function()
    local helpers = require("tests.helpers")
    local app, start = helpers.play{ seed = 11, settings = { game_time = 60, max_bubbles = 40 } }
    local checked = 0
    for second = 1, 45 do
      -- Pop a few just before the refresh, so their labels are still rising through it.
      helpers.advance_to(app, start + second - 0.15)
      for _ = 1, 3 do
        local bubble = helpers.bubbles(app)[1]
        if bubble then app:tap(bubble) end
      end
      helpers.advance_to(app, start + second + helpers.TICK)
      local labels = app:find_all{ name = "gain" }
      for _, bubble in ipairs(helpers.bubbles(app)) do
        if bubble.scale < 1 then   -- placed by this refresh, still growing in
          for _, label in ipairs(labels) do
            checked = checked + 1
            -- From the bubble's centre to the nearest point of the label: more than its radius.
            local b = box(label)
            local dx = bubble.x - math.max(b.x, math.min(b.right, bubble.x))
            local dy = bubble.y - math.max(b.y, math.min(b.bottom, bubble.y))
            assert.is_true(dx * dx + dy * dy > bubble.radius * bubble.radius,
              ("second %d: a new bubble at %.0f, %.0f under %q"):format(second, bubble.x, bubble.y, label.text))
          end
        end
      end
    end
    assert.is_true(checked > 100, "new bubbles met live labels " .. checked .. " times")
  end)
end)

describe("a bubble placed near the top bar (P7, P9)", function()
  it("can be popped for a second once grown in before the bar takes it", function()
    local helpers = require("tests.helpers")
    local game = require("data.game")
    local app, start = helpers.play{ seed = 5, settings = { game_time = 12, max_bubbles = 40 } }
    local grown, checked = {}, 0
    while app:time() < start + 11.5 do
      app:step()
      for _, bubble in ipairs(helpers.bubbles(app)) do
        if bubble.scale >= 1 and not grown[bubble.id] then grown[bubble.id] = app:time() end
      end
      for _, leaving in ipairs(app:find_all{ tag = "leaving" }) do
        local since = grown[leaving.id]
        if since then
          checked = checked + 1
          assert.is_true(app:time() - since >= game.bubble.stay * 0.8,
            ("a bubble began to fade %.2f s after it grew in"):format(app:time() - since))
          grown[leaving.id] = nil
        end
      end
    end
    assert.is_true(checked > 10, "bubbles reached the bar " .. checked .. " times")
  end)
end)

describe("a first game that scores nothing (P10)", function()
  it("goes on the board without a personal best to cheer", function()
    local helpers = require("tests.helpers")
    local app, score = helpers.play_game{ name = "Zed", pops = 0 }
    assert.are.equal(0, score)
    assert.are.equal("board", app:scene())
    assert.are.equal("Zed scored 0", app:find{ name = "result" }.text)
    assert.is_nil(app:find{ name = "new_best" })
    assert.are.equal(0, tide.save.read("scores").players.Zed)
    -- A first game that scores is one.
    app = helpers.play_game{ name = "Amy", pops = 2 }
    assert.is_not_nil(app:find{ name = "new_best" })
  end)
end)

describe("the settings fields (P-H2)", function()
  -- Typed as a whole, as a paste or a quick thumb would: each is refused, never rewritten into
  -- a number the player did not type, and the field says the range.
  it("refuse a decimal, a minus and a value past the range, saying the range", function()
    local cases = {
      { "game_time", "4.5", "45" }, { "game_time", "-5", "5" }, { "game_time", "1000", "100" },
      { "max_bubbles", "2.5", "25" }, { "max_bubbles", "-3", "3" }, { "max_bubbles", "400", "40" },
    }
    local game = require("data.game")
    for _, case in ipairs(cases) do
      local key, typed, rewritten = case[1], case[2], case[3]
      local app = tide.test.start{ seed = 7 }
      app:tap(app:find{ name = "open_settings" })
      app:advance(0.6)
      app:tap(app:find{ name = key })
      for _ = 1, 4 do app:key("backspace") end
      app:type(typed)
      app:key("return")
      local what = key .. " given " .. typed
      local field = app:find{ name = key }.data.widget
      assert.are_not.equal(rewritten, field:text(), what .. ": not rewritten")
      assert.is_false(field:is_valid(), what .. ": refused")
      local said, message = {}, app:find{ name = key .. "_error" }.text
      for n in message:gmatch("%d+") do said[tonumber(n)] = true end
      local rule = game.settings[key]
      assert.is_true(said[rule.min] and said[rule.max], what .. ": says the range, not \"" .. message .. "\"")
      app:tap(app:find{ name = "save" })
      app:advance(0.3)
      assert.are.equal("settings", app:scene(), what .. ": not saved")
      assert.is_nil(tide.save.read("settings"), what .. ": nothing written")
    end
  end)
end)

describe("a damaged settings file (P4, P5)", function()
  local function notice(app) return app:find{ name = "settings_notice_message" }.data.widget:text() end

  it("that is not JSON is kept aside, the defaults are back, and the player is told", function()
    tide.test.start{}
    tide.test.write_raw_save("settings", '{ "game_time": 9')   -- cut off mid-write
    local app = tide.test.start{ seed = 7 }
    assert.is_not_nil(app:find{ name = "settings_notice" })
    assert.are.equal('Your settings could not be read, so they were kept as "settings.damaged-1.json" and the defaults are back.',
      notice(app))
    assert.are.equal('{ "game_time": 9', tide.test.read_raw_save("settings.damaged-1.json"))
    assert.are.equal("60 seconds · up to 15 bubbles", app:find{ name = "summary" }.text)
    app:tap(app:find{ name = "settings_notice_1" })
    app = tide.test.start{ seed = 7 }                           -- told once
    assert.is_nil(app:find{ name = "settings_notice" })
  end)

  it("that reads as something else is set aside, not overwritten, and the player told", function()
    for i, value in ipairs({ "fast", { game_time = "many", max_bubbles = 15 }, { speed = 3 } }) do
      tide.test.start{}
      tide.save.write("settings", value)
      local before = tide.test.read_raw_save("settings.json")
      local app = tide.test.start{ seed = 7 }
      assert.are.equal(('Your settings could not be read, so they were kept as "settings.damaged-%d.json" and the defaults are back.')
        :format(i), notice(app))
      assert.are.equal(before, tide.test.read_raw_save(("settings.damaged-%d.json"):format(i)))
      assert.are.equal("60 seconds · up to 15 bubbles", app:find{ name = "summary" }.text)
    end
  end)
end)

describe("everything a player taps", function()
  for _, size in ipairs(SIZES) do
    it(("is at least 48 points square at %dx%d"):format(size[1], size[2]), function()
      tide.test.start{}
      require("board").record("Ada", 10)
      local app = tide.test.start{ seed = 7, size = size }
      local function check(names)
        for _, name in ipairs(names) do
          local b = box(app:find{ name = name })
          assert.is_true(b.w >= MIN_TARGET and b.h >= MIN_TARGET, ("%s is %.0fx%.0f"):format(name, b.w, b.h))
        end
      end
      check({ "name", "play", "open_settings", "open_board" })
      app:tap(app:find{ name = "open_settings" })
      app:advance(0.6)
      check({ "game_time", "max_bubbles", "save", "cancel" })
      app:tap(app:find{ name = "cancel" })
      app:advance(0.6)
      app:tap(app:find{ name = "open_board" })
      app:advance(0.6)
      check({ "back" })
      local helpers = require("tests.helpers")
      app = helpers.play{ size = size, settings = { game_time = 5, max_bubbles = 15 } }
      app:advance(0.5)
      for _, bubble in ipairs(helpers.bubbles(app)) do
        local r = bubble.radius
        assert.is_true(2 * r >= MIN_TARGET, "a bubble " .. 2 * r .. " across")
      end
      app:advance(8)
      check({ "play_again", "new_player" })
    end)
  end
end)
