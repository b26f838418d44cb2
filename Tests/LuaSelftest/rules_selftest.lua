-- Self-tests of tide.rules: the classic duels and every validation error.
local rules = require("tide.rules")

local RPS = { rock = { "scissors" }, paper = { "rock" }, scissors = { "paper" } }

local RPSLS = {
  rock = { scissors = "crushes", lizard = "crushes" },
  paper = { rock = "covers", spock = "disproves" },
  scissors = { paper = "cuts", lizard = "decapitates" },
  lizard = { spock = "poisons", paper = "eats" },
  spock = { scissors = "smashes", rock = "vaporizes" },
}

local ANIMALS = { lion = { rabbit = "catches" }, cobra = { lion = "bites" }, rabbit = { "cobra" } }

-- The message of a failed pcall, without the "file:line: " prefix.
local function error_of(fn, ...)
  local ok, err = pcall(fn, ...)
  if ok then error("expected an error", 2) end
  return (tostring(err):gsub("^[^:]*:%d+: ", ""))
end

return function(h)
  local check, eq, list_eq = h.check, h.eq, h.list_eq

  check("rock paper scissors outcomes", function()
    local duel = rules.duel(RPS)
    eq("win", duel:outcome("rock", "scissors"))
    eq("lose", duel:outcome("rock", "paper"))
    eq("tie", duel:outcome("paper", "paper"))
    eq("win", duel:outcome("scissors", "paper"))
    list_eq({ "paper", "rock", "scissors" }, duel:choices(), "sorted choices")
    eq(true, duel:beats("paper", "rock"))
    eq(false, duel:beats("rock", "paper"))
    eq(false, duel:beats("rock", "rock"))
    eq(nil, duel:verb("rock", "scissors"), "no verb for list entries")
    eq("paper", duel:winner("rock", "paper"))
    eq("paper", duel:winner("paper", "rock"))
    eq(nil, duel:winner("rock", "rock"))
  end)

  check("rock paper scissors lizard spock: every pair decided once, with verbs", function()
    local duel = rules.duel(RPSLS, { order = { "rock", "paper", "scissors", "lizard", "spock" } })
    list_eq({ "rock", "paper", "scissors", "lizard", "spock" }, duel:choices(), "display order")
    local wins = 0
    for _, a in ipairs(duel:choices()) do
      for _, b in ipairs(duel:choices()) do
        local forward, backward = duel:outcome(a, b), duel:outcome(b, a)
        if a == b then
          eq("tie", forward, a .. " vs itself")
        else
          eq(forward == "win" and "lose" or "win", backward, a .. " vs " .. b)
          if forward == "win" then wins = wins + 1 end
        end
      end
    end
    eq(10, wins, "decided pairs")
    eq("vaporizes", duel:verb("spock", "rock"))
    eq(nil, duel:verb("rock", "spock"))
    list_eq({ "scissors", "lizard" }, duel:beaten_by("rock"), "beaten_by in display order")
  end)

  check("the animal duel: lion > rabbit, cobra > lion, rabbit > cobra", function()
    local duel = rules.duel(ANIMALS, { default_verb = "beats" })
    eq("win", duel:outcome("lion", "rabbit"))
    eq("win", duel:outcome("cobra", "lion"))
    eq("win", duel:outcome("rabbit", "cobra"))
    eq("lose", duel:outcome("lion", "cobra"))
    eq("catches", duel:verb("lion", "rabbit"))
    eq("beats", duel:verb("rabbit", "cobra"), "default verb")
    eq("cobra", duel:winner("lion", "cobra"))
    eq(true, duel:has("lion"))
    eq(false, duel:has("tiger"))
    eq("duel(cobra, lion, rabbit)", tostring(duel))
  end)

  check("choices() returns a fresh list each time", function()
    local duel = rules.duel(RPS)
    local list = duel:choices()
    list[1] = "dynamite"
    eq("paper", duel:choices()[1])
  end)

  check("a duel is immutable and independent of its source table", function()
    local source = { rock = { "scissors" }, paper = { "rock" }, scissors = { "paper" } }
    local duel = rules.duel(source)
    eq("a duel is read-only", error_of(function() duel.outcome = nil end))
    eq("duel", getmetatable(duel))
    source.rock[1] = "paper"
    eq("win", duel:outcome("rock", "scissors"))
  end)

  check("unknown choices in calls are named with the valid ones", function()
    local duel = rules.duel(ANIMALS)
    eq("bad argument #1 to 'outcome' (unknown choice 'tiger', expected one of: cobra, lion, rabbit)",
      error_of(function() return duel:outcome("tiger", "lion") end))
    eq("bad argument #2 to 'beats' (unknown choice nil, expected one of: cobra, lion, rabbit)",
      error_of(function() return duel:beats("lion") end))
    eq("calling 'outcome' on bad self (use duel:outcome(...) with a colon)",
      error_of(function() local r = duel.outcome("lion", "rabbit"); return r end))
  end)

  check("a call error is located at the caller's line", function()
    local duel = rules.duel(RPS)
    local chunk = load("local d = ...\nlocal r = d:outcome('rock', 'dynamite')\nreturn r", "@game.lua", "t", {})
    local ok, err = pcall(chunk, duel)
    eq(false, ok)
    eq("game.lua:2: bad argument #2 to 'outcome' (unknown choice 'dynamite', expected one of: paper, rock, scissors)", err)
  end)

  -- Every validation error: { table, opts, message from validate_duel }.
  local invalid = {
    { "not a table", nil, "rules: expected a table of choices, got string" },
    { { rock = {} }, nil, "rules: a duel needs at least two choices, got 1" },
    { { "rock", "paper" }, nil, "rules[1]: expected choice = { beaten choices } entries, got a number key" },
    { { [""] = {}, a = {} }, nil, 'rules[""]: a choice name cannot be empty' },
    { { rock = "scissors", paper = { "rock" } }, nil,
      "rules.rock: expected a list of beaten choices or a map of beaten choice = verb, got string" },
    { { lion = { "tiger" }, cobra = { "lion" }, rabbit = { "cobra" } }, nil,
      "rules.lion: 'tiger' is not one of the choices (cobra, lion, rabbit)" },
    { { lion = { tiger = "eats" }, cobra = { "lion" }, rabbit = { "cobra" } }, nil,
      "rules.lion: 'tiger' is not one of the choices (cobra, lion, rabbit)" },
    { { rock = { "rock", "scissors" }, paper = { "rock" }, scissors = { "paper" } }, nil,
      "rules.rock: a choice cannot beat itself" },
    { { rock = { "scissors", "scissors" }, paper = { "rock" }, scissors = { "paper" } }, nil,
      "rules.rock: 'scissors' is listed twice" },
    { { rock = { "scissors", scissors = "crushes" }, paper = { "rock" }, scissors = { "paper" } }, nil,
      "rules.rock: 'scissors' is listed twice" },
    { { rock = { 3 }, paper = { "rock" } }, nil, "rules.rock[1]: expected a choice name, got number" },
    { { rock = { paper = 3 }, paper = {} }, nil,
      "rules.rock.paper: expected a verb (a non-empty string) or true, got 3" },
    { { rock = { [true] = "x" }, paper = {} }, nil,
      "rules.rock[true]: expected a list of choices or choice = verb pairs" },
    { { rock = { "scissors", "paper" }, paper = { "rock" }, scissors = { "paper" } }, nil,
      "rules: paper and rock both beat each other" },
    { { rock = { "scissors", "lizard" }, paper = { "rock" }, scissors = { "paper" }, lizard = { "paper" } },
      { order = { "rock", "paper", "scissors", "lizard" } }, "rules: nothing decides scissors vs lizard" },
    { RPS, { order = "rock" }, "order: expected a list of choices, got string" },
    { RPS, { order = { "rock", "paper", "dynamite" } },
      "order[3]: 'dynamite' is not one of the choices (paper, rock, scissors)" },
    { RPS, { order = { "rock", "rock", "paper", "scissors" } }, "order[2]: 'rock' is listed twice" },
    { RPS, { order = { "rock", "paper" } }, "order: 'scissors' is missing" },
  }

  check("every validation error names the field", function()
    for i, case in ipairs(invalid) do
      local ok, err = rules.validate_duel(case[1], nil, case[2])
      eq(false, ok, "case " .. i .. " ok")
      eq(case[3], err, "case " .. i)
    end
  end)

  check("spock vs paper: a missing pair is named", function()
    local spockless = {}
    for k, v in pairs(RPSLS) do spockless[k] = v end
    spockless.paper = { rock = "covers" }
    local ok, err = rules.validate_duel(spockless, "data.duel")
    eq(false, ok)
    eq("data.duel: nothing decides paper vs spock", err)
  end)

  check("validate_duel accepts valid tables and a custom name", function()
    eq(true, (rules.validate_duel(RPS)))
    eq(true, (rules.validate_duel(RPSLS)))
    eq(true, (rules.validate_duel(ANIMALS)))
    local _, err = rules.validate_duel({ lion = { "tiger" }, rabbit = {} }, "animals")
    eq("animals.lion: 'tiger' is not one of the choices (lion, rabbit)", err)
  end)

  -- Like Lua's own argument errors, the position is lost when the call is a
  -- tail call (`return rules.duel{...}`); engines wanting a uniform
  -- "file: field: message" use validate_duel instead.
  check("duel() raises the validation error at the caller's line", function()
    local chunk = load("local rules = ...\nlocal duel = rules.duel{ lion = { 'tiger' }, rabbit = {} }\nreturn duel", "@data/rules.lua", "t", {})
    local ok, err = pcall(chunk, rules)
    eq(false, ok)
    eq("data/rules.lua:2: rules.lion: 'tiger' is not one of the choices (lion, rabbit)", err)
    eq("names.lion: 'tiger' is not one of the choices (lion, rabbit)",
      error_of(rules.duel, { lion = { "tiger" }, rabbit = {} }, { name = "names" }))
  end)

  local COLOURS = {
    { name = "red", probability = 50 },
    { name = "blue", probability = 30 },
    { name = "green", probability = 20 },
  }

  check("weighted tables that sum right pass and return the list and sum", function()
    local list, sum = rules.weighted_table(COLOURS, "probability", { total = 100 })
    eq(COLOURS, list)
    eq(100, sum)
    eq(true, (rules.validate_weighted({ { w = 0.1 }, { w = 0.2 }, { w = 0.7 } }, "w", { total = 1 })))
    eq(true, (rules.validate_weighted({ a = { w = 0 }, b = { w = 2 } }, "w")))
  end)

  -- Every weighted-table error: { list, field, opts, message }.
  local bad_weights = {
    { nil, "probability", { name = "colours" }, "colours: expected a table, got nil" },
    { {}, "probability", { name = "colours" }, "colours: the list is empty" },
    { { { probability = 50 }, "blue" }, "probability", { name = "colours" }, "colours[2]: expected a table, got string" },
    { { { probability = 50 }, { probability = 30 }, { name = "green" } }, "probability", { name = "colours" },
      "colours[3].probability: expected a number, got nil" },
    { { { probability = "50" } }, "probability", { name = "colours" },
      "colours[1].probability: expected a number, got '50'" },
    { { { probability = -5 } }, "probability", { name = "colours" },
      "colours[1].probability: must not be negative, got -5" },
    { { { probability = 0 / 0 } }, "probability", { name = "colours" },
      "colours[1].probability: expected a finite number, got nan" },
    { { { probability = math.huge } }, "probability", { name = "colours" },
      "colours[1].probability: expected a finite number, got inf" },
    { { red = { weight = 1 }, blue = {} }, "weight", { name = "colours" },
      "colours.blue.weight: expected a number, got nil" },
    { { { probability = 50 }, { probability = 45 } }, "probability", { name = "colours", total = 100 },
      "colours: probabilities sum to 95, expected 100" },
    { { { weight = 0 }, { weight = 0 } }, "weight", nil, "items: weights sum to 0; at least one must be positive" },
    { { { chance = 0.5 } }, "chance", { total = 1 }, "items: chances sum to 0.5, expected 1" },
    -- Six significant digits, not 0.89999999999999991.
    { { { chance = 0.3 }, { chance = 0.3 }, { chance = 0.3 } }, "chance", { total = 1 }, "items: chances sum to 0.9, expected 1" },
  }

  check("every weighted-table error names the item and field", function()
    for i, case in ipairs(bad_weights) do
      local ok, err = rules.validate_weighted(case[1], case[2], case[3])
      eq(false, ok, "case " .. i .. " ok")
      eq(case[4], err, "case " .. i)
    end
  end)

  check("weighted_table raises at the caller; misuse is an argument error", function()
    eq("colours: probabilities sum to 95, expected 100",
      error_of(rules.weighted_table, { { probability = 95 } }, "probability", { name = "colours", total = 100 }))
    eq("bad argument #2 to 'weighted_table' (string expected, got nil)",
      error_of(function() local r = rules.weighted_table(COLOURS); return r end))
    eq("bad argument #3 to 'validate_weighted' (total must be a number, got string)",
      error_of(function() local r = rules.validate_weighted(COLOURS, "probability", { total = "100" }); return r end))
  end)

  check("unknown_field names the first unknown key in sorted order and the known names", function()
    local known = { word = true, image = true }
    eq(nil, rules.unknown_field({ word = "cat", image = "cat.png" }, known), "all known")
    eq(nil, rules.unknown_field({}, known), "empty")
    local key, expected = rules.unknown_field({ word = "cat", zebra = 1, imgae = "cat.png" }, known)
    eq("imgae", key)
    eq("image, word", expected)
    eq(1, rules.unknown_field({ "stray", word = "cat" }, known), "a list entry is a key too")
  end)
end
