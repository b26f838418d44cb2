-- Covers rps R1 R2 R3 R4 R5 (GAMES.md), for every variant: the choices and the robot's random
-- pick (R1), the start state (R2), the count, the picks facing each other, the result wording,
-- colour, sound and running score, hiding the choices (R3), Play Again (R4), variants as data (R5).
-- What each variant must show and who must win is written out here, not read
-- from the game's data, so a wrong emoji or a swapped rule in data/ fails.

local variants = {
  classic = {
    choices = { { "rock", "✊" }, { "paper", "✋" }, { "scissors", "✌️" } },
    wins = { "rock>scissors", "paper>rock", "scissors>paper" },
  },
  lizard_spock = {
    choices = { { "rock", "✊" }, { "paper", "✋" }, { "scissors", "✌️" }, { "lizard", "🦎" }, { "spock", "🖖" } },
    wins = {
      "rock>scissors", "rock>lizard", "paper>rock", "paper>spock", "scissors>paper",
      "scissors>lizard", "lizard>paper", "lizard>spock", "spock>scissors", "spock>rock",
    },
  },
  animals = {
    choices = { { "lion", "🦁" }, { "cobra", "🐍" }, { "rabbit", "🐇" } },
    wins = { "lion>rabbit", "cobra>lion", "rabbit>cobra" },
  },
}
local messages = { win = "You won!", lose = "You lose!", tie = "Draw!" }
-- Colours and positions are the game's data: what matters here is that each result has its own.
local look = require("data.look")
-- The count before the picks show: three beats of 0.3 s.
local REVEAL = 0.9

for _, name in ipairs({ "classic", "lizard_spock", "animals" }) do
  local spec = variants[name]
  local id_of, wins = {}, {}
  for _, choice in ipairs(spec.choices) do id_of[choice[2]] = choice[1] end
  for _, pair in ipairs(spec.wins) do wins[pair] = true end

  -- The outcome the brief expects for the player's pick against the robot's.
  local function expected_outcome(player, robot)
    if player == robot then return "tie" end
    if wins[player .. ">" .. robot] then return "win" end
    assert.is_true(wins[robot .. ">" .. player], "no rule decides " .. player .. " vs " .. robot)
    return "lose"
  end

  describe(name, function()
    local app, duel

    before_each(function()
      app = tide.test.start{ seed = 7, options = { variant = name } }
      duel = tide.rules.duel(require("data." .. name).beats)
    end)

    it("shows one tappable emoji per choice and a robot", function()
      local shown = app:find_all{ tag = "choice" }
      assert.are.equal(#spec.choices, #shown)
      for i, choice in ipairs(spec.choices) do
        assert.are.equal(choice[1], shown[i].name)
        assert.are.equal(choice[2], shown[i].text)
        assert.is_true(shown[i].visible)
      end
      assert.are.equal("🤖", app:find{ name = "robot" }.text)
      assert.is_false(app:find{ name = "play_again" }.visible)
    end)

    it("plays every pairing, names the result and hides the choices", function()
      local seen, rounds = {}, 0
      for _, choice in ipairs(spec.choices) do
        local id, emoji = choice[1], choice[2]
        local robot_picks = {}
        -- The robot picks at random: keep playing until it has picked everything.
        while rounds < 400 and #robot_picks < #spec.choices do
          rounds = rounds + 1
          app:tap(app:find{ name = id })
          app:advance(REVEAL)
          local robot = id_of[app:find{ name = "robot_pick" }.text]
          assert.is_not_nil(robot)
          assert.are.equal(emoji, app:find{ name = "player_pick" }.text)
          assert.are.equal(messages[expected_outcome(id, robot)], app:find{ name = "result" }.text)
          for _, sprite in ipairs(app:find_all{ tag = "choice" }) do
            assert.is_false(sprite.visible)
          end
          assert.is_true(app:find{ name = "play_again" }.visible)
          if not seen[id .. robot] then
            seen[id .. robot] = true
            robot_picks[#robot_picks + 1] = robot
          end
          app:tap(app:find{ name = "play_again" })
          -- The next tap is a new one, not a double tap: a quick second tap where Play Again
          -- was reaches none of the signs it brings back (double_tap_test.lua).
          app:advance(0.4)
        end
        assert.are.equal(#spec.choices, #robot_picks)
      end
    end)

    it("resets the round on Play Again", function()
      app:tap(app:find{ name = spec.choices[1][1] })
      app:advance(1)
      app:tap(app:find{ name = "play_again" })
      assert.are.equal("Rock, Scissors, Paper!", app:find{ name = "result" }.text)
      assert.are.equal("❔", app:find{ name = "robot_pick" }.text)
      assert.are.equal("", app:find{ name = "player_pick" }.text)
      for _, sprite in ipairs(app:find_all{ tag = "choice" }) do
        assert.is_true(sprite.visible)
      end
      assert.is_false(app:find{ name = "play_again" }.visible)
    end)

    it("starts reading \"Rock, Scissors, Paper!\" with the robot on its disc (R2)", function()
      assert.are.equal("Rock, Scissors, Paper!", app:find{ name = "result" }.text)
      assert.are.equal(look.colors.idle, app:find{ name = "panel" }.fill)
      local robot, disc = app:find{ name = "robot" }, app:find{ name = "robot_disc" }
      assert.is_true(robot.visible and disc.visible)
      assert.are.equal(robot.x, disc.x)
      assert.are.equal(robot.y, disc.y)
    end)

    it("counts with both fists shaking, then shows both picks large, facing (R3)", function()
      local player = spec.choices[2]
      app:tap(app:find{ name = player[1] })
      local mine, theirs = app:find{ name = "player_pick" }, app:find{ name = "robot_pick" }
      local fist = spec.choices[1][2]
      assert.are.equal("Rock…", app:find{ name = "result" }.text)
      assert.are.equal(fist, mine.text)
      assert.are.equal(fist, theirs.text)
      assert.is_false(app:find{ name = "play_again" }.visible)
      local rest_y = mine.y
      app:advance(0.15)
      assert.is_true(mine.y < rest_y and theirs.y < rest_y, "the fists shake")
      app:advance(0.3)
      assert.are.equal("Paper…", app:find{ name = "result" }.text)
      app:advance(0.3)
      assert.are.equal("Scissors!", app:find{ name = "result" }.text)
      app:advance(0.3)
      assert.are.equal(player[2], mine.text)
      assert.is_not_nil(id_of[theirs.text])
      assert.are.equal(theirs.size, mine.size)
      assert.are.equal(mine.y, theirs.y)
      assert.is_true(mine.x < theirs.x and theirs.flip_x and not mine.flip_x, "the picks face each other")
      assert.is_true(app:find{ name = "play_again" }.visible)
    end)

    it("keeps a running score and plays a sound for each result (R3)", function()
      local won, lost = 0, 0
      local expected_sounds = {}
      for _ = 1, 12 do
        app:tap(app:find{ name = spec.choices[1][1] })
        app:advance(REVEAL)
        local outcome = expected_outcome(spec.choices[1][1], id_of[app:find{ name = "robot_pick" }.text])
        if outcome == "win" then won = won + 1 elseif outcome == "lose" then lost = lost + 1 end
        expected_sounds[#expected_sounds + 1] = "tap"
        expected_sounds[#expected_sounds + 1] = outcome
        assert.are.equal(("You %d · Robot %d"):format(won, lost), app:find{ name = "score" }.text)
        app:advance(0.5)
        assert.are.equal(look.colors[outcome], app:find{ name = "panel" }.fill)
        app:tap(app:find{ name = "play_again" })
        assert.are.equal(("You %d · Robot %d"):format(won, lost), app:find{ name = "score" }.text)
      end
      assert.are.same(expected_sounds, app:sounds())
    end)

    it("gives win, lose and draw each its own panel colour", function()
      local c = look.colors
      assert.is_true(c.win ~= c.lose and c.lose ~= c.tie and c.tie ~= c.win and c.idle ~= c.win)
    end)

    it("decides every pair of distinct choices as the brief says", function()
      assert.are.equal(#spec.choices, #duel:choices())
      for _, a in ipairs(spec.choices) do
        for _, b in ipairs(spec.choices) do
          assert.are.equal(expected_outcome(a[1], b[1]), duel:outcome(a[1], b[1]))
        end
      end
    end)
  end)
end

describe("the animal duel", function()
  it("lets the lion catch the rabbit, the cobra bite the lion, the rabbit outrun the cobra", function()
    local duel = tide.rules.duel(require("data.animals").beats)
    assert.are.equal("win", duel:outcome("lion", "rabbit"))
    assert.are.equal("win", duel:outcome("cobra", "lion"))
    assert.are.equal("win", duel:outcome("rabbit", "cobra"))
    assert.are.equal("lose", duel:outcome("rabbit", "lion"))
    assert.are.equal("catches", duel:verb("lion", "rabbit"))
  end)
end)

describe("a broken rule table", function()
  -- The whole message, as the game shows it at load: file, field, then fault.
  local function load_error(beats)
    local ok, err = pcall(tide.rules.duel, beats, { source = "data/broken.lua" })
    assert.is_false(ok)
    return err
  end

  it("is refused when a rule names an unknown choice", function()
    assert.are.equal("data/broken.lua: rules.rock: 'tiger' is not one of the choices (paper, rock, scissors)",
      load_error({ rock = { tiger = "eats" }, paper = { rock = "covers" }, scissors = { paper = "cuts" } }))
  end)

  it("is refused when a choice beats itself", function()
    assert.are.equal("data/broken.lua: rules.rock: a choice cannot beat itself",
      load_error({ rock = { "rock", "scissors" }, paper = { "rock" }, scissors = { "paper" } }))
  end)

  it("is refused when a pair is undecided or decided twice", function()
    assert.are.equal("data/broken.lua: rules: nothing decides paper vs rock",
      load_error({ rock = { "scissors" }, paper = {}, scissors = { "paper" } }))
    assert.are.equal("data/broken.lua: rules: paper and rock both beat each other",
      load_error({ rock = { "scissors", "paper" }, paper = { "rock" }, scissors = { "paper" } }))
  end)
end)

describe("the variant option", function()
  it("refuses a data file that is not a variant (R5), naming it", function()
    assert.has_error(function()
      tide.test.start{ options = { variant = "look" } }
    end, "game failed to start: option variant: data/look.lua is not a variant (it has no beats table)")
  end)
end)

-- R5: a variant is data an author writes, so its choices are checked at load like its rules,
-- each fault named by file and field rather than found later at a sprite.
describe("a broken variant's choices (R5)", function()
  local function variant_with(change)
    local tbl = {
      title = "Test", beats = { rock = { "scissors" }, paper = { "rock" }, scissors = { "paper" } },
      choices = { { id = "rock", emoji = "✊" }, { id = "paper", emoji = "✋" }, { id = "scissors", emoji = "✌️" } },
    }
    change(tbl)
    return tbl
  end
  local function load_error(change)
    tide.test.start{}
    local ok, err = pcall(require("variant"), variant_with(change), "data/broken.lua")
    assert.is_false(ok)
    return err
  end

  it("are accepted when whole", function()
    tide.test.start{}
    local duel, emoji_of = require("variant")(variant_with(function() end), "data/broken.lua")
    assert.are.same({ "rock", "paper", "scissors" }, duel:choices())
    assert.are.equal("✋", emoji_of.paper)
  end)

  it("are refused when a choice has no emoji or no id", function()
    assert.are.equal("data/broken.lua: choices[3].emoji: expected a string, got nil",
      load_error(function(t) t.choices[3].emoji = nil end))
    assert.are.equal("data/broken.lua: choices[1].id: expected a string, got 7",
      load_error(function(t) t.choices[1].id = 7 end))
  end)

  it("name a misspelt field", function()
    assert.are.equal("data/broken.lua: unknown field 'choises' (expected: beats, choices, title)",
      load_error(function(t) t.choises, t.choices = t.choices, nil end))
    assert.are.equal("data/broken.lua: choices[2]: unknown field 'emoij' (expected: emoji, id)",
      load_error(function(t) t.choices[2].emoij, t.choices[2].emoji = t.choices[2].emoji, nil end))
  end)

  it("are refused when missing, repeated or not matching the rules", function()
    assert.are.equal('data/broken.lua: choices: expected a list like { { id = "rock", emoji = "✊" }, ... }, got nil',
      load_error(function(t) t.choices = nil end))
    assert.are.equal("data/broken.lua: choices[3].id: 'rock' is listed twice",
      load_error(function(t) t.choices[3].id = "rock" end))
    assert.are.equal("data/broken.lua: choices[3].id: 'spock' is not in beats",
      load_error(function(t) t.choices[3].id = "spock" end))
    assert.are.equal("data/broken.lua: beats.scissors: 'scissors' is not one of the choices (rock, paper)",
      load_error(function(t) t.choices[3] = nil end))
  end)
end)
