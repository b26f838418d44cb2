-- The game screen: the emoji buttons on gray, the computer's random pick, the
-- background and the result naming the player, scoring by points and by
-- rounds, the victory alert and the match's end with a new match (M10), Next Turn and
-- Reset Game, rules from Content/rps, and buttons of 48 points or more. Brief numbers: M7, M8,
-- M9, M10, M11, M12.

-- The shades are the game's data (data/match.lua); what matters is that each result has its own.
local colors = require("data.match").colors
local messages = { win = "Ada wins!", lose = "Ada loses!", tie = "Ada ties!" }

describe("the game screen", function()
  local app, helpers
  before_each(function()
    app = tide.test.start{ seed = 7 }
    helpers = require("tests.helpers")
    app:advance(2)
  end)

  local function background() return app:find{ name = "background" }.fill end
  local function score() return app:find{ name = "score" }.text end
  local function next_turn()
    app:tap(app:find{ name = "next_turn" })
    app:advance(0.3)
  end

  it("offers ✊ ✋ ✌️ buttons on a gray background", function()
    helpers.start_match(app, { rounds = 3 })
    assert.are.equal("game", app:scene())
    assert.are.equal("✊", app:find{ name = "rock_label" }.text)
    assert.are.equal("✋", app:find{ name = "paper_label" }.text)
    assert.are.equal("✌️", app:find{ name = "scissors_label" }.text)
    assert.are.equal(colors.idle, background())
    assert.are.equal("Your move, Ada", app:find{ name = "result" }.text)
    assert.is_false(app:find{ name = "next_turn" }.visible)
  end)

  it("shows the computer's random pick, colours the background and names the player", function()
    helpers.start_match(app, { rounds = 5 })
    local seen, picks = {}, {}
    for _ = 1, 60 do
      local outcome, pick = helpers.play(app, "rock")
      app:advance(0.3)
      seen[outcome], picks[pick] = true, true
      assert.are.equal(colors[outcome], background())
      assert.are.equal(messages[outcome], app:find{ name = "result" }.text)
      assert.are.equal("Ada picked ✊", app:find{ name = "player_pick" }.text)
      if app:find{ name = "victory" } then
        app:tap(app:find{ name = "accept" })
        app:tap(app:find{ name = "new_match" })   -- the match is over: start another
        app:advance(0.5)
      else
        next_turn()
      end
    end
    assert.is_true(seen.win and seen.lose and seen.tie)
    assert.is_true(picks.rock and picks.paper and picks.scissors)   -- every pick comes up
  end)

  it("keeps the hand played bright and ringed while the others dim, until Next Turn", function()
    helpers.start_match(app, { rounds = 5 })
    helpers.play(app, "paper")
    local paper, rock = app:find{ name = "paper" }, app:find{ name = "rock" }
    assert.are.equal(1, paper.alpha)
    assert.are.equal(colors.picked, paper.stroke)
    assert.is_true(rock.alpha < 1)
    assert.is_nil(rock.stroke)
    next_turn()
    assert.is_nil(paper.stroke)
    assert.are.equal(1, rock.alpha)
  end)

  it("takes one choice a round: the buttons wait for Next Turn", function()
    helpers.start_match(app, { rounds = 5 })
    helpers.play(app, "paper")
    local shown = app:find{ name = "computer_pick" }.text
    app:tap(app:find{ name = "rock" })
    assert.are.equal(shown, app:find{ name = "computer_pick" }.text)
    assert.are.equal("Ada picked ✋", app:find{ name = "player_pick" }.text)
  end)

  it("Next Turn brings the gray background back and keeps the score", function()
    helpers.start_match(app, { mode = "points", win = 2, loss = 1, target = 50 })
    local outcome
    repeat
      outcome = helpers.play(app, "scissors")
      if outcome ~= "win" then next_turn() end
    until outcome == "win"
    app:advance(0.3)
    assert.are.equal("Score: 2 of 50", score())
    next_turn()
    assert.are.equal(colors.idle, background())
    assert.are.equal("🤖 ❔", app:find{ name = "computer_pick" }.text)
    assert.are.equal("Score: 2 of 50", score())
    assert.is_false(app:find{ name = "next_turn" }.visible)
  end)

  it("by points: adds the win value, takes the loss value, never below 0, and declares victory", function()
    helpers.start_match(app, { mode = "points", win = 3, loss = 2, target = 9 })
    assert.are.equal("Score: 0 of 9", score())
    local expected, went_below = 0, false
    for _ = 1, 200 do
      local outcome = helpers.play(app, "paper")
      if outcome == "win" then expected = expected + 3 end
      if outcome == "lose" then
        if expected - 2 < 0 then went_below = true end
        expected = math.max(0, expected - 2)
      end
      assert.are.equal(("Score: %d of 9"):format(expected), score())
      if expected >= 9 then break end
      assert.is_nil(app:find{ name = "victory" })
      next_turn()
    end
    assert.is_true(went_below)   -- a loss at 0 or 1 stayed at 0
    assert.are.equal("🏆 Ada wins the match!", (app:find{ name = "victory_title" }.text:gsub("\n", " ")))
    -- The alert came up under the finger that played: a quick second tap must not dismiss it
    -- unseen, so the player's next tap comes a moment later.
    app:advance(0.4)
    app:tap(app:find{ name = "accept" })
    assert.is_nil(app:find{ name = "victory" })
  end)

  it("ends the match at victory: no more rounds, then a new match with the same settings (M10)", function()
    helpers.start_match(app, { mode = "points", win = 5, loss = 1, target = 5 })
    for _ = 1, 100 do
      if helpers.play(app, "rock") == "win" then break end
      next_turn()
    end
    app:tap(app:find{ name = "accept" })
    assert.is_false(app:find{ name = "next_turn" }.visible)
    assert.is_true(app:find{ name = "new_match" }.visible)
    local shown = app:find{ name = "computer_pick" }.text
    app:tap(app:find{ name = "rock" })   -- the hands take no more rounds
    assert.are.equal(shown, app:find{ name = "computer_pick" }.text)
    assert.are.equal("Score: 5 of 5", score())
    app:tap(app:find{ name = "new_match" })
    app:advance(0.5)
    assert.are.equal("game", app:scene())
    assert.are.equal("Score: 0 of 5", score())
    assert.is_false(app:find{ name = "new_match" }.visible)
    helpers.play(app, "rock")   -- and the hands play again
    assert.are_not.equal("🤖 ❔", app:find{ name = "computer_pick" }.text)
  end)

  it("by rounds: counts rounds won and declares victory at the slider's number", function()
    helpers.start_match(app, { rounds = 2 })
    assert.are.equal("Rounds won: 0 of 2", score())
    local wins = 0
    for _ = 1, 100 do
      if helpers.play(app, "rock") == "win" then wins = wins + 1 end
      assert.are.equal(("Rounds won: %d of 2"):format(wins), score())
      if wins == 2 then break end
      assert.is_nil(app:find{ name = "victory" })
      next_turn()
    end
    assert.is_not_nil(app:find{ name = "victory" })
    -- The alert is modal: Next Turn, enabled and shown beneath it, takes no tap.
    app:advance(0.3)   -- the background's tween to the win colour done
    assert.are.equal(colors.win, background())
    local pick, result, shade = app:find{ name = "computer_pick" }.text, app:find{ name = "result" }.text, background()
    assert.is_true(app:find{ name = "next_turn" }.visible)
    app:tap(app:find{ name = "next_turn" })
    app:advance(0.3)
    assert.are.equal(pick, app:find{ name = "computer_pick" }.text)
    assert.are.equal(result, app:find{ name = "result" }.text)
    assert.are.equal(shade, background())
    assert.is_true(app:find{ name = "next_turn" }.visible)
    assert.are.equal("Rounds won: 2 of 2", score())
    app:tap(app:find{ name = "accept" })
    assert.is_nil(app:find{ name = "victory" })
  end)

  it("Reset Game restores every option and value to its starting state", function()
    helpers.set_rounds(app, 5)   -- off its default of 3, so the reset has something to undo
    assert.are.equal(5, app:find{ name = "rounds" }.data.widget:value())
    helpers.start_match(app, { mode = "points", win = 3, loss = 1, target = 20, name = "Grace" })
    helpers.play(app, "rock")
    app:tap(app:find{ name = "reset_game" })
    assert.are.equal("config", app:scene())
    assert.are.equal("", app:find{ name = "name_text" }.text)
    assert.are.equal("rounds", app:find{ name = "mode" }.data.widget:value())
    assert.are.equal(3, app:find{ name = "rounds" }.data.widget:value())
    app:tap(app:find{ name = "mode_points" })
    for _, field in ipairs{ "win_points", "loss_points", "target" } do
      assert.are.equal("", app:find{ name = field .. "_text" }.text)
    end
    assert.is_false(app:find{ name = "continue" }.visible)
    helpers.fill(app, "name", "Ada")
    app:tap(app:find{ name = "mode_rounds" })
    app:tap(app:find{ name = "continue" })
    assert.are.equal("Rounds won: 0 of 3", score())
  end)

  it("decides rounds by Content/rps's rules", function()
    local classic = require("rps.data.classic")
    assert.are.equal("crushes", classic.beats.rock.scissors)
    helpers.start_match(app, { rounds = 5 })
    -- Scissors cut paper, are crushed by rock, and tie with scissors.
    local expected = { paper = "Ada wins!", rock = "Ada loses!", scissors = "Ada ties!" }
    local seen = {}
    for _ = 1, 20 do
      local _, pick = helpers.play(app, "scissors")
      seen[pick] = true
      assert.are.equal(expected[pick], app:find{ name = "result" }.text)
      if app:find{ name = "victory" } then break end
      next_turn()
    end
    assert.is_true(seen.paper and seen.rock and seen.scissors)
  end)
end)

describe("sounds", function()
  it("plays each round's result and the victory", function()
    local app = tide.test.start{ seed = 7 }
    local helpers = require("tests.helpers")
    app:advance(2)
    helpers.start_match(app, { mode = "points", win = 5, loss = 1, target = 5 })
    local expected = {}
    for _ = 1, 100 do
      local outcome = helpers.play(app, "rock")
      expected[#expected + 1] = outcome
      if outcome == "win" then expected[#expected + 1] = "victory" break end
      app:tap(app:find{ name = "next_turn" })
      app:advance(0.3)
    end
    assert.are.same(expected, app:sounds())
  end)
end)

describe("a 375x667 phone", function()
  local function phone_match(opts)
    local app = tide.test.start{ seed = 7, size = { 375, 667 } }
    local helpers = require("tests.helpers")
    app:advance(2)
    helpers.start_match(app, opts)
    return app, helpers
  end

  it("gives each result its own background", function()
    assert.is_true(colors.win ~= colors.lose and colors.lose ~= colors.tie and colors.tie ~= colors.win)
  end)

  it("keeps a 16-letter name inside the screen and Next Turn clear of Reset Game", function()
    local app, helpers = phone_match({ name = "Wolfgang Amadeus", rounds = 5 })
    helpers.play(app, "rock")
    assert.are.same({}, app:layout_problems())
    local result = app:find{ name = "result" }
    assert.is_true(result.w <= 375, "the result line fits the screen")
  end)

  it("shows Continue by points with every field filled in", function()
    local app = tide.test.start{ seed = 7, size = { 375, 667 } }
    local helpers = require("tests.helpers")
    app:advance(2)
    helpers.fill(app, "name", "Ada")
    app:tap(app:find{ name = "mode_points" })
    helpers.fill(app, "win_points", "3")
    helpers.fill(app, "loss_points", "1")
    helpers.fill(app, "target", "10")
    assert.is_true(app:find{ name = "continue" }.visible)
    assert.are.same({}, app:layout_problems())
  end)
end)

-- Every button of the game screen, the victory alert's included, is 48 points or more each
-- way at every size the game is checked at (Material asks 48 dp, Apple 44 pt).
describe("the game screen's buttons", function()
  for _, size in ipairs({ { 390, 844 }, { 375, 667 }, { 834, 1112 } }) do
    it(("are at least 48 points square at %dx%d"):format(size[1], size[2]), function()
      local app = tide.test.start{ seed = 7, size = size }
      local helpers = require("tests.helpers")
      app:advance(2)
      helpers.start_match(app, { rounds = 1 })
      local function check(name)
        local _, _, w, h = app:find{ name = name }:bounds()
        assert.is_true(w >= 48 and h >= 48, ("%s is %.0fx%.0f"):format(name, w, h))
      end
      for _, name in ipairs({ "rock", "paper", "scissors", "reset_game" }) do check(name) end
      for _ = 1, 40 do
        if helpers.play(app, "rock") == "win" then break end
        check("next_turn")
        app:tap(app:find{ name = "next_turn" })
        app:advance(0.3)
      end
      check("accept")
      app:tap(app:find{ name = "accept" })
      app:advance(0.3)
      check("new_match")
    end)
  end
end)
