-- Brief numbers (GAMES.md, BubblePop): P6, P-X (a sixth colour by data alone), P-E2 (readable bubbles).
-- The colour table: its contents, its validation at load (a bad table is refused
-- naming the file and the field), colour frequencies over 100,000 draws against
-- the table (chi-square), and a six-colour table played with no code change.

-- A copy of data/colours.lua's table with colours[i][field] set to `value`: one fault each.
local function table_with(i, field, value)
  return require("tests.colours_with_fault")(i, field, value)
end

describe("the colour table", function()
  it("has five colours with the points and probabilities of the brief", function()
    tide.test.start{ seed = 7 }
    local colours = require("bubbles").colours
    local rows = {}
    for i, c in ipairs(colours) do rows[i] = { c.colour, c.points, c.probability } end
    assert.are.same({
      { "red", 1, 40 }, { "pink", 2, 30 }, { "green", 5, 15 }, { "blue", 8, 10 }, { "black", 10, 5 },
    }, rows)
  end)

  it("refuses, at load, a table whose probabilities do not sum to 100", function()
    assert.has_error(function()
      tide.test.start{ options = { colours = "tests.bad_sum_colours" } }
    end, "game failed to start: tests/bad_sum_colours.lua: colours: probabilities sum to 95, expected 100")
  end)

  it("refuses, at load, a bubble with no points, naming the field", function()
    assert.has_error(function()
      tide.test.start{ options = { colours = "tests.bad_points_colours" } }
    end, "game failed to start: tests/bad_points_colours.lua: colours[2].points: expected a positive whole number, got 0")
  end)

  it("names the field of every other fault", function()
    tide.test.start{ seed = 7 }
    local check = require("bubbles").check_colours
    assert.has_error(function() check(table_with(3, "probability", nil), "data/x.lua") end,
      "data/x.lua: colours[3].probability: expected a number, got nil")
    assert.has_error(function() check(table_with(1, "points", -1), "data/x.lua") end,
      "data/x.lua: colours[1].points: expected a positive whole number, got -1")
    assert.has_error(function() check(table_with(4, "points", 2.5), "data/x.lua") end,
      "data/x.lua: colours[4].points: expected a positive whole number, got 2.5")
    assert.has_error(function() check(table_with(2, "colour", "red"), "data/x.lua") end,
      "data/x.lua: colours[2].colour: 'red' is listed twice")
    assert.has_error(function() check({}, "data/x.lua") end, "data/x.lua: colours: the list is empty")
  end)

  -- P6, P-X: a new table is data an author writes, so a typo must be named where it is.
  it("refuses a fill, text or outline that is not a colour, naming the field (P6, P-X)", function()
    tide.test.start{ seed = 7 }
    local check = require("bubbles").check_colours
    local hint = ' is not a colour (use "#rrggbb", "#rrggbbaa" or a name like "white")'
    assert.has_error(function() check(table_with(1, "fill", "#zzz"), "data/x.lua") end,
      "data/x.lua: colours[1].fill: '#zzz'" .. hint)
    assert.has_error(function() check(table_with(2, "text", "whit"), "data/x.lua") end,
      "data/x.lua: colours[2].text: 'whit'" .. hint)
    assert.has_error(function() check(table_with(3, "outline", "#12345"), "data/x.lua") end,
      "data/x.lua: colours[3].outline: '#12345'" .. hint)
    -- Names the engine knows are colours too.
    check(table_with(1, "fill", "tomato"), "data/x.lua")
    assert.has_error(function()
      tide.test.start{ options = { colours = "tests.bad_fill_colours" } }
    end, "game failed to start: tests/bad_fill_colours.lua: colours[1].fill: '#zzz'" .. hint)
  end)

  it("names a misspelt field, not the field it leaves missing (P6, P-X)", function()
    tide.test.start{ seed = 7 }
    local check = require("bubbles").check_colours
    local list = table_with(3, "probabilty", require("data.colours")[3].probability)
    list[3].probability = nil
    assert.has_error(function() check(list, "data/x.lua") end,
      "data/x.lua: colours[3]: unknown field 'probabilty' (expected: colour, fill, outline, points, probability, text)")
  end)

  it("gives colours with the table's frequencies over 100,000 draws (chi-square, seed 7)", function()
    tide.test.start{ seed = 7 }
    local helpers, bubbles = require("tests.helpers"), require("bubbles")
    local n = 100000
    local counts = helpers.draw_counts(n)
    local x2, critical = helpers.chi_square(bubbles.colours, counts, n), helpers.CRITICAL[4]
    assert.is_true(x2 < critical, ("chi-square %.2f, over %.2f for 4 degrees of freedom"):format(x2, critical))
    -- And each share within half a percentage point of the table.
    for _, c in ipairs(bubbles.colours) do
      assert.near(c.probability / 100, counts[c.colour] / n, 0.005)
    end
  end)
end)

describe("a sixth, gold bubble", function()
  it("is played from data/colours_gold.lua with no code change", function()
    local helpers
    local app = tide.test.start{ seed = 7, options = { colours = "data.colours_gold" } }
    helpers = require("tests.helpers")
    -- The legend on the name screen shows six bubbles, gold last, worth 25.
    assert.is_not_nil(app:find{ name = "legend_gold" })
    assert.are.equal(6, #require("bubbles").colours)

    -- Frequencies follow the six-colour table.
    local n = 60000
    local x2 = helpers.chi_square(require("bubbles").colours, helpers.draw_counts(n), n)
    assert.is_true(x2 < helpers.CRITICAL[5], ("chi-square %.2f over %d draws"):format(x2, n))

    -- Play until a gold bubble shows, pop it: 25 points.
    app = helpers.launch{ seed = 7, options = { colours = "data.colours_gold" },
      settings = { game_time = 120, max_bubbles = 40 } }
    helpers.enter_name(app, "Midas")
    helpers.run_countdown(app)
    local gold
    for _ = 1, 110 do
      app:advance(1)
      gold = helpers.bubble_of(app, "gold")
      if gold and gold.scale == 1 and gold.y > 120 then break end
      gold = nil
    end
    assert.is_not_nil(gold, "no gold bubble in 110 seconds")
    local before = helpers.score(app)
    app:tap(gold)
    assert.are.equal(before + 25, helpers.score(app))
    assert.are.equal("+25", helpers.last_gain(app).text)
    assert.are.equal(0, #app:errors())
  end)
end)

-- P-E2, P-H1: every bubble stands out and its number reads (WCAG: 4.5:1 for
-- text), in both tables.
describe("bubble contrast", function()
  -- WCAG 2 relative luminance and contrast ratio of two "#rrggbb" colours.
  local function luminance(hex)
    local function channel(i)
      local c = tonumber(hex:sub(i, i + 1), 16) / 255
      return c <= 0.03928 and c / 12.92 or ((c + 0.055) / 1.055) ^ 2.4
    end
    return 0.2126 * channel(2) + 0.7152 * channel(4) + 0.0722 * channel(6)
  end
  local function contrast(a, b)
    local la, lb = luminance(a), luminance(b)
    return (math.max(la, lb) + 0.05) / (math.min(la, lb) + 0.05)
  end

  for _, table_name in ipairs({ "data.colours", "data.colours_gold" }) do
    it("keeps every bubble of " .. table_name .. " visible and its number readable", function()
      tide.test.start{}
      local game = require("data.game")
      local background = game.colors.background
      for _, c in ipairs(require(table_name)) do
        local rim = c.outline or c.fill
        assert.is_true(math.max(contrast(c.fill, background), contrast(rim, background)) >= 3,
          c.colour .. " bubble against the background")
        -- 4.5:1, as for text under 24 points: a bubble growing in (and the legend's) draws
        -- its number smaller than number_size.
        assert.is_true(contrast(c.text or game.colors.text, c.fill) >= 4.5, c.colour .. " number on its fill")
      end
    end)
  end

  it("hides a popped bubble's number, so its +points do not sit on it", function()
    local helpers = require("tests.helpers")
    local app = helpers.play()
    local bubble = helpers.bubbles(app)[1]
    local number = bubble.data.number
    assert.is_true(number.visible)
    app:tap(bubble)
    assert.is_false(number.visible)
  end)
end)
