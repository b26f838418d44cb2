-- Brief numbers (GAMES.md, BubblePop): P10, P11.
-- The high-score board: the score saved at the end (every player's best, in one
-- file), the top ten shown, scores surviving a restart, and a damaged score file
-- set aside with a warning and a fresh board started, never overwritten, never a crash.

local helpers
before_each(function()
  tide.test.start{}
  helpers = require("tests.helpers")
end)

-- The notice the player gets, naming where the unreadable board was kept.
local function kept_notice(kept)
  return ('The score file could not be read, so it was kept as "%s" and a fresh board started.'):format(kept)
end

local function notice_text(app)
  return app:find{ name = "notice_message" }.data.widget:text()
end

local function entries(app)
  local list = {}
  for i = 1, 20 do
    local name = app:find{ name = "entry_" .. i }
    if not name then break end
    list[i] = app:find{ name = "entry_" .. i .. "_rank" }.text .. "  " .. name.text .. " "
      .. app:find{ name = "entry_" .. i .. "_score" }.text
  end
  return list
end

describe("the end of a game", function()
  it("saves the score under the player's name, then shows the board", function()
    local app, score = helpers.play_game{ name = "Ada", pops = 3 }
    assert.is_true(score > 0)
    assert.are.equal("board", app:scene())
    assert.are.same({ players = { Ada = score } }, tide.save.read("scores"))
    assert.are.equal("Ada scored " .. score, app:find{ name = "result" }.text)
    assert.is_not_nil(app:find{ name = "new_best" })
    assert.are.same({ "1.  Ada " .. score }, entries(app))
    assert.are.equal(0, #app:errors())
  end)

  it("keeps each player's best, and shows the top ten, highest first", function()
    local players = {}
    for i = 1, 12 do players["P" .. i] = i * 10 end      -- P1 10 ... P12 120
    helpers.launch{}
    tide.save.write("scores", { players = players })
    local app, score = helpers.play_game{ name = "P12", pops = 2 }
    assert.is_true(score < 120)
    assert.is_nil(app:find{ name = "new_best" })
    local saved = tide.save.read("scores").players
    assert.are.equal(120, saved.P12)                       -- a lower score keeps the best
    assert.are.same({
      "1.  P12 120", "2.  P11 110", "3.  P10 100", "4.  P9 90", "5.  P8 80",
      "6.  P7 70", "7.  P6 60", "8.  P5 50", "9.  P4 40", "10.  P3 30",
    }, entries(app))
    -- The player's row stands out.
    assert.are.equal(require("data.game").colors.highlight, app:find{ name = "entry_1" }.color)

    app:tap(app:find{ name = "new_player" })
    app:advance(0.5)
    assert.are.equal("name", app:scene())
    score = select(2, helpers.play_game{ name = "Zed", pops = 4 })
    assert.are.equal(score, tide.save.read("scores").players.Zed)
    assert.are.equal(13, (function() local n = 0 for _ in pairs(tide.save.read("scores").players) do n = n + 1 end return n end)())
  end)

  it("plays again under the same name from the board", function()
    local app = helpers.play_game{ name = "Ada" }
    app:tap(app:find{ name = "play_again" })
    app:advance(0.5)
    assert.are.equal("play", app:scene())
    assert.are.equal("Ada", app:find{ name = "player" }.text)
  end)
end)

describe("the saved scores", function()
  it("survive a restart of the game", function()
    local _, score = helpers.play_game{ name = "Ada", pops = 3 }
    local app = tide.test.start{ seed = 9 }                  -- a restart keeps the saves
    app:tap(app:find{ name = "open_board" })
    app:advance(0.5)
    assert.are.equal("board", app:scene())
    assert.are.same({ "1.  Ada " .. score }, entries(app))
  end)
end)

describe("a damaged score file", function()
  for _, case in ipairs({
    { what = "not a table", value = "not a table" },
    { what = "a table of the wrong shape", value = { players = { Ada = "lots" } } },
    { what = "a list", value = { 1, 2, 3 } },
  }) do
    it("(" .. case.what .. ") is set aside with a warning and a fresh board started", function()
      helpers.launch{}
      tide.save.write("scores", case.value)
      local before = tide.test.read_raw_save("scores.json")
      local app = tide.test.start{ seed = 7 }
      -- The warning, on the first screen; the file kept byte for byte, as the engine keeps one.
      assert.is_not_nil(app:find{ name = "notice" })
      assert.are.equal(kept_notice("scores.damaged-1.json"), notice_text(app))
      assert.are.equal(before, tide.test.read_raw_save("scores.damaged-1.json"))
      assert.matches("save 'scores' was set aside (not a board", app:errors()[1], 1, true)
      app:tap(app:find{ name = "notice_1" })
      app:advance(0.5)
      -- A fresh board: only the new score.
      local score
      app, score = helpers.play_game{ name = "Ada", pops = 2 }
      assert.are.equal("board", app:scene())
      assert.are.same({ "1.  Ada " .. score }, entries(app))
      assert.are.same({ players = { Ada = score } }, tide.save.read("scores"))
      -- The damaged copy is still there, untouched.
      assert.are.equal(before, tide.test.read_raw_save("scores.damaged-1.json"))
    end)
  end

  it("that is not even JSON is set aside by tide.save, with a warning, and a fresh board started", function()
    helpers.play_game{ name = "Ada", pops = 2 }
    tide.test.write_raw_save("scores", '{ "players": { "Ada": 1')   -- cut off mid-write
    local app = tide.test.start{ seed = 7 }
    assert.are.equal(kept_notice("scores.damaged-1.json"), notice_text(app))
    assert.matches("could not be read", app:errors()[1])
    app:tap(app:find{ name = "notice_1" })
    app = tide.test.start{ seed = 7 }                      -- told once
    assert.is_nil(app:find{ name = "notice" })
    local score
    app, score = helpers.play_game{ name = "Bob", pops = 1 }
    assert.are.same({ "1.  Bob " .. score }, entries(app))
  end)

  it("set aside twice keeps both copies", function()
    helpers.launch{}
    tide.save.write("scores", "first")
    tide.test.start{}
    tide.save.write("scores", "second")
    local app = tide.test.start{}
    assert.are.equal('"first"\n', tide.test.read_raw_save("scores.damaged-1.json"))
    assert.are.equal('"second"\n', tide.test.read_raw_save("scores.damaged-2.json"))
    assert.are.equal(kept_notice("scores.damaged-2.json"), notice_text(app))
  end)

  it("found during play still ends the game with a fresh board, and warns on the board", function()
    local app, start = helpers.play{ settings = { game_time = 5, max_bubbles = 15 } }
    tide.save.write("scores", 42)                            -- damaged while playing
    helpers.advance_to(app, start + 5 + 3)
    assert.are.equal("board", app:scene())
    assert.are.same({ players = { Ada = 0 } }, tide.save.read("scores"))
    assert.are.equal("42\n", tide.test.read_raw_save("scores.damaged-1.json"))
    assert.is_not_nil(app:find{ name = "notice" })
  end)
end)
