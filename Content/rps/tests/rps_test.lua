-- Every rule of the brief, for every variant: the choices, the robot's random
-- pick, the result wording, hiding the choices, and Play Again.

local variants = { "classic", "lizard_spock", "animals" }
local messages = { win = "You won!", lose = "You lose!", tie = "Draw!" }

local function emoji_to_id(data, emoji)
  for _, choice in ipairs(data.choices) do
    if choice.emoji == emoji then return choice.id end
  end
end

for _, name in ipairs(variants) do
  describe(name, function()
    local app, data, duel

    before_each(function()
      app = tide.test.start{ seed = 7, options = { variant = name } }
      data = require("data." .. name)
      duel = tide.rules.duel(data.beats)
    end)

    it("shows one tappable emoji per choice and a robot", function()
      local shown = app:find_all{ tag = "choice" }
      assert.are.equal(#data.choices, #shown)
      for i, choice in ipairs(data.choices) do
        assert.are.equal(choice.emoji, shown[i].text)
        assert.is_true(shown[i].visible)
      end
      assert.are.equal("🤖", app:find{ name = "robot" }.text)
      assert.is_false(app:find{ name = "play_again" }.visible)
    end)

    it("plays every pairing, names the result and hides the choices", function()
      local seen, rounds = {}, 0
      for _, choice in ipairs(data.choices) do
        local robot_picks = {}
        -- The robot picks at random: keep playing until it has picked everything.
        while rounds < 400 and #robot_picks < #data.choices do
          rounds = rounds + 1
          app:tap(app:find{ name = choice.id })
          local robot = emoji_to_id(data, app:find{ name = "robot_pick" }.text)
          assert.is_not_nil(robot)
          assert.are.equal("You chose " .. choice.emoji, app:find{ name = "player_pick" }.text)
          local outcome = duel:outcome(choice.id, robot)
          assert.are.equal(messages[outcome], app:find{ name = "result" }.text)
          for _, sprite in ipairs(app:find_all{ tag = "choice" }) do
            assert.is_false(sprite.visible)
          end
          assert.is_true(app:find{ name = "play_again" }.visible)
          if not seen[choice.id .. robot] then
            seen[choice.id .. robot] = true
            robot_picks[#robot_picks + 1] = robot
          end
          app:tap(app:find{ name = "play_again" })
        end
        assert.are.equal(#data.choices, #robot_picks)
      end
    end)

    it("resets the round on Play Again", function()
      app:tap(app:find{ name = data.choices[1].id })
      app:advance(1)
      app:tap(app:find{ name = "play_again" })
      assert.are.equal("Make your choice", app:find{ name = "result" }.text)
      assert.are.equal("❔", app:find{ name = "robot_pick" }.text)
      assert.are.equal("", app:find{ name = "player_pick" }.text)
      for _, sprite in ipairs(app:find_all{ tag = "choice" }) do
        assert.is_true(sprite.visible)
      end
      assert.is_false(app:find{ name = "play_again" }.visible)
    end)

    it("decides every pair of distinct choices exactly once", function()
      for _, a in ipairs(duel:choices()) do
        assert.are.equal("tie", duel:outcome(a, a))
        for _, b in ipairs(duel:choices()) do
          if a ~= b then
            assert.are_not.equal(duel:outcome(a, b), duel:outcome(b, a))
            assert.are_not.equal("tie", duel:outcome(a, b))
          end
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
  it("is refused when a rule names an unknown choice", function()
    assert.has_error(function()
      tide.rules.duel({ rock = { tiger = "eats" }, paper = { rock = "covers" }, scissors = { paper = "cuts" } },
        { source = "data/broken.lua" })
    end, "data/broken.lua: rules.rock: 'tiger' is not one of the choices (paper, rock, scissors)")
  end)

  it("is refused when a choice beats itself", function()
    assert.has_error(function()
      tide.rules.duel({ rock = { "rock", "scissors" }, paper = { "rock" }, scissors = { "paper" } })
    end, "rules.rock: a choice cannot beat itself")
  end)

  it("is refused when a pair is undecided or decided twice", function()
    assert.has_error(function()
      tide.rules.duel({ rock = { "scissors" }, paper = {}, scissors = { "paper" } })
    end, "nothing decides paper vs rock")
    assert.has_error(function()
      tide.rules.duel({ rock = { "scissors", "paper" }, paper = { "rock" }, scissors = { "paper" } })
    end, "both beat each other")
  end)
end)
