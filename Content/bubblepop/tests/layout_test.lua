-- Brief numbers (GAMES.md, BubblePop): P-H1 (with play_test.lua's play at each size).
-- Issues 16 and 17: every screen holds up at every size conf.lua declares, portrait and
-- landscape: nothing off screen, over other text, under what takes its taps, or too faint
-- (app:layout_problems(), the headless cousin of `tide check --layout`).

local SIZES = { { 390, 844 }, { 375, 667 }, { 844, 390 } }

local function start(size)
  return tide.test.start{ seed = 7, size = size }
end

local function open(app, name)
  app:tap(app:find{ name = name })
  app:advance(0.6)   -- past the screen's slide
end

for _, size in ipairs(SIZES) do
  local at = ("%dx%d"):format(size[1], size[2])
  describe("at " .. at, function()
    it("lays out the name screen, with a name or without one", function()
      local app = start(size)
      app:advance(0.6)
      assert.are.same({}, app:layout_problems())
      -- A name typed and erased again: the field's error line shows too.
      app:tap(app:find{ name = "name" })
      app:type("A")
      app:key("backspace")
      assert.are.equal("Please enter your name to play", app:find{ name = "name_error" }.text)
      assert.are.same({}, app:layout_problems())
    end)

    it("lays out the settings, with both values refused", function()
      local app = start(size)
      open(app, "open_settings")
      assert.are.equal("settings", app:scene())
      assert.are.same({}, app:layout_problems())
      for _, key in ipairs({ "game_time", "max_bubbles" }) do
        app:tap(app:find{ name = key })
        for _ = 1, 3 do app:key("backspace") end
        app:type("500")
      end
      app:key("return")
      assert.are_not.equal("", app:find{ name = "game_time_error" }.text)
      assert.are_not.equal("", app:find{ name = "max_bubbles_error" }.text)
      assert.are.same({}, app:layout_problems())
    end)

    it("lays out a full high-score board after a game, and from the name screen", function()
      tide.test.start{}
      local board = require("board")
      for i = 1, 12 do board.record("Player " .. i, 100 * i) end
      local app = start(size)
      assert.are.same({}, app:layout_problems())   -- the name screen with a top score
      open(app, "open_board")
      assert.is_not_nil(app:find{ name = "entry_10" })
      assert.are.same({}, app:layout_problems())
      -- After a game: the result, a new best and two buttons over the ten.
      tide.ui.go("board", { score = 2000, improved = true }, { transition = "none" })
      app:advance(0.1)
      assert.is_not_nil(app:find{ name = "new_best" })
      assert.is_not_nil(app:find{ name = "entry_10" })
      assert.are.same({}, app:layout_problems())
    end)

    it("lays out play: the countdown, a game and its end", function()
      local helpers = require("tests.helpers")
      local app = helpers.launch{ size = size }
      helpers.enter_name(app, "Ada")
      app:advance(0.5)
      assert.are.same({}, app:layout_problems())   -- the countdown
      app:advance(5)
      assert.are.same({}, app:layout_problems())
    end)
  end)
end
