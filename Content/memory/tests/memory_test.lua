-- The rules of Memory: the deal (every face twice, from the deck, shuffled, face down), a tap
-- turning a card up, a pair that matches staying up, two that differ turning back down after a
-- moment with taps waiting meanwhile, the move and pair counters, the win screen and Play Again,
-- and the grid and deck taken from conf.lua's options, refused when they cannot make a game.
local decks = require("data.decks")

-- Long enough for any flip or pause to finish: a flip is 0.24 s, two cards that differ show 0.8 s.
local SETTLE = 1

-- The cards in order, card_1, card_2, ...
local function cards(app)
  local list = {}
  while true do
    local card = app:find{ name = "card_" .. #list + 1 }
    if not card then return list end
    list[#list + 1] = card
  end
end

-- The emoji a card shows, or nil when it is face down.
local function shown(app, card)
  for _, face in ipairs(app:find_all{ tag = "face", visible = true }) do
    if face.parent == card then return face.text end
  end
end

-- The cards of each face: { ["🐶"] = { card, card }, ... }.
local function pairs_of(app)
  local by_face = {}
  for _, card in ipairs(cards(app)) do
    by_face[card.data.face] = by_face[card.data.face] or {}
    table.insert(by_face[card.data.face], card)
  end
  return by_face
end

-- Two cards that differ.
local function two_that_differ(app)
  local list = cards(app)
  for i = 2, #list do
    if list[i].data.face ~= list[1].data.face then return list[1], list[i] end
  end
end

local function counters(app)
  return app:find{ name = "moves" }.text, app:find{ name = "pairs" }.text
end

-- Turns up every pair, one move each.
local function win(app)
  for _, two in pairs(pairs_of(app)) do
    app:tap(two[1])
    app:tap(two[2])
    app:advance(SETTLE)
  end
end

describe("the deal", function()
  it("lays out 16 cards face down, every face twice, from the animals deck", function()
    local app = tide.test.start()
    local list = cards(app)
    assert.are.equal(16, #list)
    local in_deck = {}
    for _, face in ipairs(decks.animals) do in_deck[face] = true end
    local faces = 0
    for face, two in pairs(pairs_of(app)) do
      faces = faces + 1
      assert.is_true(in_deck[face], face .. " is not in the animals deck")
      assert.are.equal(2, #two)
    end
    assert.are.equal(8, faces)
    for _, card in ipairs(list) do assert.is_nil(shown(app, card)) end
    assert.are.same({ "Moves: 0", "Pairs: 0 / 8" }, { counters(app) })
  end)

  it("deals another layout for another seed", function()
    local function layout(seed)
      local app, faces = tide.test.start{ seed = seed }, {}
      for i, card in ipairs(cards(app)) do faces[i] = card.data.face end
      return table.concat(faces, " ")
    end
    assert.are_not.equal(layout(1), layout(2))
    assert.are.equal(layout(3), layout(3))
  end)

  it("keeps every card on screen and none overlapping", function()
    local app = tide.test.start()
    local boxes = {}
    for i, card in ipairs(cards(app)) do
      local x, y, w, h = card:bounds()
      assert.is_true(x >= 0 and y >= 0 and x + w <= 390 and y + h <= 844, card.name .. " is off screen")
      for j = 1, i - 1 do
        local b = boxes[j]
        assert.is_true(x >= b[1] + b[3] or b[1] >= x + w or y >= b[2] + b[4] or b[2] >= y + h,
          card.name .. " overlaps card_" .. j)
      end
      boxes[i] = { x, y, w, h }
    end
  end)
end)

describe("a move", function()
  local app
  before_each(function() app = tide.test.start() end)

  it("turns a tapped card face up, showing its emoji", function()
    local card = cards(app)[1]
    app:tap(card)
    app:advance(SETTLE)
    assert.are.equal(card.data.face, shown(app, card))
    assert.are.same({ "Moves: 0", "Pairs: 0 / 8" }, { counters(app) })
  end)

  it("ignores a tap on a card that is already up", function()
    local card = cards(app)[1]
    app:tap(card)
    app:tap(card)
    app:advance(SETTLE)
    assert.are.equal(card.data.face, shown(app, card))
    assert.are.same({ "Moves: 0", "Pairs: 0 / 8" }, { counters(app) })
  end)

  it("keeps a pair that matches face up and counts it", function()
    local _, two = next(pairs_of(app))
    app:tap(two[1])
    app:tap(two[2])
    app:advance(SETTLE)
    for _, card in ipairs(two) do
      assert.are.equal(card.data.face, shown(app, card))
      assert.are.equal("#9fd89a", card.fill)
    end
    assert.are.same({ "Moves: 1", "Pairs: 1 / 8" }, { counters(app) })
    -- A kept card stays up when tapped again.
    app:tap(two[1])
    app:advance(SETTLE)
    assert.are.equal(two[1].data.face, shown(app, two[1]))
    assert.are.same({ "Moves: 1", "Pairs: 1 / 8" }, { counters(app) })
  end)

  it("turns two that differ back down after a moment, counting the move", function()
    local a, b = two_that_differ(app)
    app:tap(a)
    app:tap(b)
    app:advance(0.5)
    assert.are.equal(a.data.face, shown(app, a))
    assert.are.equal(b.data.face, shown(app, b))
    assert.are.same({ "Moves: 1", "Pairs: 0 / 8" }, { counters(app) })
    app:advance(SETTLE)
    assert.is_nil(shown(app, a))
    assert.is_nil(shown(app, b))
    assert.are.same({ "Moves: 1", "Pairs: 0 / 8" }, { counters(app) })
  end)

  it("ignores taps while two that differ are showing", function()
    local a, b = two_that_differ(app)
    app:tap(a)
    app:tap(b)
    local third
    for _, card in ipairs(cards(app)) do
      if card ~= a and card ~= b then third = card break end
    end
    app:tap(third)
    app:advance(SETTLE)
    assert.is_nil(shown(app, third))
    assert.are.same({ "Moves: 1", "Pairs: 0 / 8" }, { counters(app) })
    -- Once they are down, the next tap starts a move again.
    app:tap(third)
    app:advance(SETTLE)
    assert.are.equal(third.data.face, shown(app, third))
  end)
end)

describe("the end", function()
  it("shows the win screen with the moves once every pair is up, then Play Again deals anew", function()
    local app = tide.test.start()
    local a, b = two_that_differ(app)
    app:tap(a)
    app:tap(b)
    app:advance(SETTLE)
    local before = {}
    for i, card in ipairs(cards(app)) do before[i] = card.data.face end
    win(app)
    assert.are.equal("won", app:scene())
    assert.is_true(app:find{ name = "won" }.visible)
    assert.are.equal("8 pairs in 9 moves", app:find{ name = "result" }.text)
    app:tap(app:find{ name = "play_again" })
    app:advance(SETTLE)
    assert.are.equal("play", app:scene())
    assert.are.same({ "Moves: 0", "Pairs: 0 / 8" }, { counters(app) })
    local after = {}
    for i, card in ipairs(cards(app)) do
      after[i] = card.data.face
      assert.is_nil(shown(app, card))
    end
    assert.are_not.equal(table.concat(before, " "), table.concat(after, " "))
  end)

  it("waits a moment on the last pair before the win screen", function()
    local app = tide.test.start()
    local list = pairs_of(app)
    local last
    for face, two in pairs(list) do
      if last then
        app:tap(two[1])
        app:tap(two[2])
        app:advance(SETTLE)
      else
        last = face
      end
    end
    app:tap(list[last][1])
    app:tap(list[last][2])
    app:advance(0.3)
    assert.are.equal("play", app:scene())
    assert.are.same({ "Moves: 8", "Pairs: 8 / 8" }, { counters(app) })
    app:advance(0.4)
    assert.are.equal("won", app:scene())
    assert.are.equal("8 pairs in 8 moves", app:find{ name = "result" }.text)
  end)
end)

describe("options", function()
  it("sizes the grid from columns and rows", function()
    local app = tide.test.start{ options = { columns = 3, rows = 4 } }
    assert.are.equal(12, #cards(app))
    assert.are.same({ "Moves: 0", "Pairs: 0 / 6" }, { counters(app) })
    win(app)
    assert.are.equal("6 pairs in 6 moves", app:find{ name = "result" }.text)
  end)

  it("deals the faces of the chosen deck", function()
    local app = tide.test.start{ options = { deck = "fruit" } }
    local in_deck = {}
    for _, face in ipairs(decks.fruit) do in_deck[face] = true end
    for face in pairs(pairs_of(app)) do assert.is_true(in_deck[face], face .. " is not in the fruit deck") end
  end)

  it("refuses an odd count of cards, an unknown deck and a deck too small for the grid", function()
    local refused = {
      { { columns = 3, rows = 3 }, "columns x rows must be whole numbers making an even count of cards, got 3 x 3" },
      { { columns = 2.5, rows = 4 }, "columns x rows must be whole numbers making an even count of cards, got 2.5 x 4" },
      { { deck = "birds" }, "no deck 'birds' in data/decks.lua" },
      { { deck = "fruit", columns = 5, rows = 6 }, "deck 'fruit' has 12 faces, a 5x6 grid needs 15" },
    }
    for _, case in ipairs(refused) do
      local ok, message = pcall(tide.test.start, { options = case[1] })
      assert.is_false(ok)
      assert.is_truthy(tostring(message):find(case[2], 1, true), tostring(message))
    end
  end)
end)
