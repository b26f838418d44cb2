-- Covers rps R1 R2 R3 R4 R5 (GAMES.md), for every variant: the choices and the robot's random
-- pick (R1), the start state on a gray background (R2), the count, the robot's pick in the
-- robot's place, the player's sign large, the whole background's colour, the result wording,
-- sound and running score, hiding the choices (R3), Play Again (R4), variants as data, their
-- wording included (R5); and choices large enough for a child's finger (48 points or more).
-- What each variant must show and who must win is written out here, not read
-- from the game's data, so a wrong emoji or a swapped rule in data/ fails.

local variants = {
  classic = {
    start = "Rock, Scissors, Paper!",
    count = { { "Rock…", "✊" }, { "Scissors…", "✊" }, { "Paper!", "✊" } },
    choices = { { "rock", "✊" }, { "paper", "✋" }, { "scissors", "✌️" } },
    wins = { "rock>scissors", "paper>rock", "scissors>paper" },
  },
  lizard_spock = {
    start = "Rock, Scissors, Paper, Lizard, Spock!",
    count = { { "Rock…", "✊" }, { "Scissors…", "✊" }, { "Paper…", "✊" }, { "Lizard…", "✊" }, { "Spock!", "✊" } },
    choices = { { "rock", "✊" }, { "paper", "✋" }, { "scissors", "✌️" }, { "lizard", "🦎" }, { "spock", "🖖" } },
    wins = {
      "rock>scissors", "rock>lizard", "paper>rock", "paper>spock", "scissors>paper",
      "scissors>lizard", "lizard>paper", "lizard>spock", "spock>scissors", "spock>rock",
    },
  },
  animals = {
    start = "Lion, Cobra, Rabbit!",
    count = { { "Lion…", "🦁" }, { "Cobra…", "🐍" }, { "Rabbit!", "🐇" } },
    choices = { { "lion", "🦁" }, { "cobra", "🐍" }, { "rabbit", "🐇" } },
    wins = { "lion>rabbit", "cobra>lion", "rabbit>cobra" },
  },
}
local messages = { win = "You won!", lose = "You lose!", tie = "Draw!" }
-- Colours and positions are the game's data: what matters here is that each result has its own.
local look = require("data.look")
-- The count before the picks show: a beat of 0.3 s per word of the variant's count.
local BEAT = 0.3
-- The least side of anything a child taps, in points (Material asks 48 dp, Apple 44 pt).
local MIN_TARGET = 48

-- Gray as a parent would call it: red, green and blue close together, neither black nor white.
local function is_gray(colour)
  local r, g, b = tide.colour(colour)
  local luma = 0.3 * r + 0.59 * g + 0.11 * b
  return math.max(r, g, b) - math.min(r, g, b) <= 0.06 and luma > 0.25 and luma < 0.75
end

local function covers_screen(sprite)
  local x, y, w, h = sprite:bounds()
  return x <= 0 and y <= 0 and x + w >= tide.screen.width and y + h >= tide.screen.height
end

for _, name in ipairs({ "classic", "lizard_spock", "animals" }) do
  local spec = variants[name]
  local id_of, wins = {}, {}
  for _, choice in ipairs(spec.choices) do id_of[choice[2]] = choice[1] end
  for _, pair in ipairs(spec.wins) do wins[pair] = true end
  local REVEAL = #spec.count * BEAT

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
        assert.are.equal(choice[2], app:find{ name = choice[1] .. "_sign" }.text)
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
      app:advance(REVEAL + 0.1)
      app:tap(app:find{ name = "play_again" })
      assert.are.equal(spec.start, app:find{ name = "result" }.text)
      assert.are.equal("", app:find{ name = "robot_pick" }.text)
      assert.is_true(app:find{ name = "robot" }.visible)
      assert.are.equal("", app:find{ name = "player_pick" }.text)
      assert.are.equal(look.colors.idle, app:find{ name = "background" }.fill)
      for _, sprite in ipairs(app:find_all{ tag = "choice" }) do
        assert.is_true(sprite.visible)
      end
      assert.is_false(app:find{ name = "play_again" }.visible)
    end)

    it("starts reading its call on a gray background with the robot on its disc (R2, R5)", function()
      assert.are.equal(spec.start, app:find{ name = "result" }.text)
      local background = app:find{ name = "background" }
      assert.is_true(is_gray(background.fill), "a gray background, not " .. background.fill)
      assert.is_true(covers_screen(background), "the gray is the whole background")
      local robot, disc = app:find{ name = "robot" }, app:find{ name = "robot_disc" }
      assert.is_true(robot.visible and disc.visible)
      assert.are.equal(robot.x, disc.x)
      assert.are.equal(robot.y, disc.y)
    end)

    it("counts its own words with both hands shaking, in the order the start reads (R3, R5)", function()
      local player = spec.choices[2]
      app:tap(app:find{ name = player[1] })
      local mine, theirs = app:find{ name = "player_pick" }, app:find{ name = "robot_pick" }
      local mine_y, theirs_y = mine.y, theirs.y
      local said = {}
      for i, beat in ipairs(spec.count) do
        assert.are.equal(beat[1], app:find{ name = "result" }.text)
        assert.are.equal(beat[2], mine.text, "the player's hand on " .. beat[1])
        assert.are.equal(beat[2], theirs.text, "the robot's hand on " .. beat[1])
        assert.is_false(app:find{ name = "play_again" }.visible)
        if i == 1 then
          app:advance(BEAT / 2)
          assert.is_true(mine.y < mine_y and theirs.y < theirs_y, "the hands shake")
          app:advance(BEAT / 2)
        else
          app:advance(BEAT)
        end
        said[#said + 1] = (beat[1]:gsub("[^%w]", ""))
      end
      local start = spec.start:gsub("[^%w ]", "")
      assert.are.equal(start, table.concat(said, " "), "the count says the start's words in its order")
      assert.are.equal(player[2], mine.text)
      assert.is_true(app:find{ name = "play_again" }.visible)
    end)

    it("puts the robot's pick in the robot's place and the player's large (R3)", function()
      local player = spec.choices[1]
      app:tap(app:find{ name = player[1] })
      app:advance(REVEAL + 0.5)
      local robot, theirs, mine = app:find{ name = "robot" }, app:find{ name = "robot_pick" }, app:find{ name = "player_pick" }
      assert.is_false(robot.visible, "the robot gives way to its pick")
      assert.is_nil(app:find{ text = "🤖", visible = true })
      assert.is_not_nil(id_of[theirs.text])
      assert.is_true(theirs.visible)
      assert.are.equal(robot.x, theirs.x)
      assert.are.equal(robot.y, theirs.y)
      assert.are.equal(player[2], mine.text)
      assert.is_true(mine.size > look.sizes.choice, "the player's sign shows larger than the choices")
      for _, sprite in ipairs(app:find_all{ tag = "choice" }) do assert.is_false(sprite.visible) end
    end)

    it("turns the whole background the result's colour, then gray again (R3, R4)", function()
      local seen = {}
      for _ = 1, 30 do
        app:tap(app:find{ name = spec.choices[1][1] })
        app:advance(REVEAL + 0.5)
        local outcome = expected_outcome(spec.choices[1][1], id_of[app:find{ name = "robot_pick" }.text])
        local background = app:find{ name = "background" }
        assert.are.equal(look.colors[outcome], background.fill)
        assert.is_true(covers_screen(background))
        seen[outcome] = true
        app:tap(app:find{ name = "play_again" })
        assert.are.equal(look.colors.idle, background.fill)
      end
      assert.is_true(seen.win and seen.lose and seen.tie, "every outcome was played")
    end)

    it("gives every choice a pad at least 48 points square, none touching, at each size", function()
      for _, size in ipairs({ { 390, 844 }, { 375, 667 } }) do
        local at_size = tide.test.start{ seed = 7, options = { variant = name }, size = size }
        local pads = at_size:find_all{ tag = "choice" }
        for i, pad in ipairs(pads) do
          local x, y, w, h = pad:bounds()
          assert.is_true(w >= MIN_TARGET and h >= MIN_TARGET, ("%s is %.0fx%.0f"):format(pad.name, w, h))
          assert.is_true(x >= 0 and y >= 0 and x + w <= size[1] and y + h <= size[2], pad.name .. " on screen")
          for j = i + 1, #pads do
            local ox, oy, ow, oh = pads[j]:bounds()
            assert.is_true(x + w <= ox or ox + ow <= x or y + h <= oy or oy + oh <= y, pad.name .. " apart from " .. pads[j].name)
          end
        end
        assert.are.same({}, at_size:layout_problems())
      end
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
        assert.are.equal(look.colors[outcome], app:find{ name = "background" }.fill)
        app:tap(app:find{ name = "play_again" })
        assert.are.equal(("You %d · Robot %d"):format(won, lost), app:find{ name = "score" }.text)
      end
      assert.are.same(expected_sounds, app:sounds())
    end)

    it("gives win, lose and draw each its own background colour", function()
      local c = look.colors
      assert.is_true(c.win ~= c.lose and c.lose ~= c.tie and c.tie ~= c.win and c.idle ~= c.win)
      assert.is_false(is_gray(c.win) or is_gray(c.lose) or is_gray(c.tie), "only the start is gray")
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
      start = "Rock, Paper, Scissors!",
      count = { { say = "Rock…", show = "rock" }, { say = "Paper…", show = "rock" }, { say = "Scissors!", show = "rock" } },
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
    assert.are.equal("data/broken.lua: unknown field 'choises' (expected: beats, choices, count, start, title)",
      load_error(function(t) t.choises, t.choices = t.choices, nil end))
    assert.are.equal("data/broken.lua: choices[2]: unknown field 'emoij' (expected: emoji, id)",
      load_error(function(t) t.choices[2].emoij, t.choices[2].emoji = t.choices[2].emoji, nil end))
  end)

  it("refuse a count that does not say the start's words in its order, or shows no choice", function()
    assert.are.equal('data/broken.lua: count: says "Rock Scissors Paper" but start reads "Rock, Paper, Scissors!"',
      load_error(function(t) t.count[2].say, t.count[3].say = "Scissors…", "Paper!" end))
    assert.are.equal("data/broken.lua: count[1].show: 'tiger' is not one of the choices (rock, paper, scissors)",
      load_error(function(t) t.count[1].show = "tiger" end))
    assert.are.equal("data/broken.lua: start: expected a string, got nil", load_error(function(t) t.start = nil end))
    assert.are.equal("data/broken.lua: count[2]: unknown field 'sya' (expected: say, show)",
      load_error(function(t) t.count[2].sya, t.count[2].say = "Paper…", nil end))
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
