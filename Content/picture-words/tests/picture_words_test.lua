-- Covers picture-words W1 W2 W3 W4 W5 W6 W7 (GAMES.md), on a phone-shaped and a tablet-shaped
-- screen: the word list and its pictures (W1), pictures that stay put (W4), the shuffle, each
-- word once, one at a time (W2), scoring right and wrong taps and ignoring taps until the next
-- word shows (W3), the score always shown (W5), the last answer's feedback then the end with Play
-- Again (W6), the right picture shown after a wrong tap, the sounds, each word read aloud and
-- the 🔊 button, and a layout made of tide.ui columns and rows that fits both screens the same
-- way (W7).

-- Seconds the feedback stays before the next word; taps in between are ignored.
local NEXT = 0.9

local SIZES = {
  phone = { w = 375, h = 667 },
  tablet = { w = 834, h = 1112 },
}

-- The orders the game's shuffle gives: seed 7's first game and its Play Again, and seed 8's.
-- Written out so a word skipped, repeated or left unshuffled fails; tide.random is seeded and
-- its generator fixed, so these stay the same on every machine and screen size.
local ORDERS = {
  seed_7 = { "banana", "car", "apple", "dog", "fish", "ball", "sun", "cat", "tree" },
  seed_7_again = { "apple", "cat", "car", "tree", "sun", "fish", "ball", "banana", "dog" },
  seed_8 = { "dog", "cat", "tree", "apple", "banana", "sun", "ball", "fish", "car" },
}

local function start(size, seed)
  return tide.test.start{ seed = seed or 7, size = { size.w, size.h } }
end

-- Where a sprite is on the screen.
local function box(sprite)
  local x, y, w, h = sprite:bounds()
  return { x = x, y = y, w = w, h = h }
end

local function text_of(app, name) return app:find{ name = name }.text end

local function shown_word(app) return text_of(app, "word") end

local function score(app) return tonumber(text_of(app, "score"):match("(%d+)")) end

-- Where every picture is, by word.
local function places(app)
  local found = {}
  for _, picture in ipairs(app:find_all{ tag = "picture" }) do
    local b = box(picture)
    found[picture.name] = { x = b.x, y = b.y, w = b.w, h = b.h }
  end
  return found
end

-- A picture other than the one of `word`.
local function other_than(app, word)
  for _, picture in ipairs(app:find_all{ tag = "picture" }) do
    if picture.name ~= word then return picture end
  end
end

-- Plays a whole game, tapping right when `right(turn)` says so; returns the words in the order shown.
local function play_game(app, right, each_turn)
  local shown = {}
  local total = #require("data.words")
  for turn = 1, total do
    local word = shown_word(app)
    shown[turn] = word
    app:tap(right(turn) and app:find{ tag = "picture", name = word } or other_than(app, word))
    app:advance(NEXT)
    if each_turn then each_turn(turn, word) end
  end
  return shown
end

local function always() return true end

local function sorted(list)
  local copy = { table.unpack(list) }
  table.sort(copy)
  return copy
end

describe("the word list", function()
  it("has at least eight words, each with its own picture in data/words.lua", function()
    start(SIZES.phone)
    local words = require("data.words")
    assert.is_true(#words >= 8, "only " .. #words .. " words")
    local images = {}
    for _, entry in ipairs(words) do
      assert.matches("^%l+$", entry.word)
      assert.matches("%.png$", entry.image)
      assert.is_nil(images[entry.image], entry.image .. " is used twice")
      images[entry.image] = true
    end
  end)

  it("is checked at load, naming the entry and the field", function()
    start(SIZES.phone)
    local check = require("check_words")
    local cat = { word = "cat", image = "cat.png" }
    assert.has_error(function() check({ cat }, "data/words.lua") end, "data/words.lua: needs a list of at least 2 words")
    assert.has_error(function() check({ cat, { word = "dog" } }, "data/words.lua") end,
      "data/words.lua: [2].image must be a file name in assets/, got nil")
    -- The message ends with the assets folder as tide was given it, so only its start is fixed.
    assert.error_matches(function() check({ cat, { word = "dog", image = "dgo.png" } }, "data/words.lua") end,
      "data/words.lua: [2].image: no image 'dgo.png' in ", nil, true)
    assert.has_error(function() check({ cat, { image = "dog.png" } }, "data/words.lua") end,
      "data/words.lua: [2].word must be a non-empty string, got nil")
    assert.has_error(function() check({ cat, { word = "cat", image = "dog.png" } }, "data/words.lua") end,
      "data/words.lua: [2].word 'cat' is already [1]")
    assert.has_error(function() check({ cat, { word = "dog", imgae = "dog.png" } }, "data/words.lua") end,
      "data/words.lua: [2]: unknown field 'imgae' (expected: image, word)")
    assert.are.same({ cat, { word = "dog", image = "dog.png" } }, check({ cat, { word = "dog", image = "dog.png" } }, "x"))
  end)
end)

for _, size_name in ipairs({ "phone", "tablet" }) do
  local size = SIZES[size_name]
  describe(("on a %s (%dx%d)"):format(size_name, size.w, size.h), function()
    local app, words

    before_each(function()
      app = start(size)
      words = require("data.words")
    end)

    it("shows every picture, each whole on the screen, none over another", function()
      local pictures = app:find_all{ tag = "picture" }
      assert.are.equal(#words, #pictures)
      for _, entry in ipairs(words) do
        local picture = app:find{ tag = "picture", name = entry.word }
        assert.is_not_nil(picture, entry.word)
        assert.are.equal(entry.image, picture.image)
        assert.is_true(picture.visible)
        assert.is_true(picture.parent.visible)
        local b = box(picture)
        assert.is_true(b.x >= 0 and b.y >= 0 and b.x + b.w <= size.w and b.y + b.h <= size.h,
          entry.word .. " is off the screen")
      end
      for i, a in ipairs(pictures) do
        for j = i + 1, #pictures do
          local p, q = box(a.parent), box(pictures[j].parent)
          local apart = p.x + p.w <= q.x or q.x + q.w <= p.x or p.y + p.h <= q.y or q.y + q.h <= p.y
          assert.is_true(apart, a.name .. " overlaps " .. pictures[j].name)
        end
      end
    end)

    it("keeps every picture in its place through a game, right and wrong taps alike", function()
      local before = places(app)
      play_game(app, function(turn) return turn % 2 == 1 end, function(turn)
        app:advance(0.3)
        if turn < #words then assert.are.same(before, places(app), "after turn " .. turn) end
      end)
      app:tap(app:find{ name = "play_again" })
      assert.are.same(before, places(app), "in the next game")
    end)

    it("shows one word at a time, every word exactly once, in a shuffled order", function()
      local order = {}
      for i, entry in ipairs(words) do order[i] = entry.word end
      local shown = play_game(app, always, function(turn)
        -- The feedback's moment brings the next word of the shuffle; after the last, none.
        local next_word = ORDERS.seed_7[turn + 1]
        if next_word then assert.are.equal(next_word, shown_word(app), "after turn " .. turn) end
      end)
      assert.are.same(ORDERS.seed_7, shown)
      assert.are.same(sorted(order), sorted(shown))
      assert.are_not.same(order, shown)
      -- Another seed, another order.
      local other = play_game(start(size, 8), always)
      assert.are.same(ORDERS.seed_8, other)
    end)

    it("scores 1 for the matching picture and shows the next word", function()
      local first = shown_word(app)
      assert.are.equal("Score: 0", text_of(app, "score"))
      app:tap(app:find{ tag = "picture", name = first })
      assert.are.equal("Score: 1", text_of(app, "score"))
      assert.are.same({ "say_" .. first, "right" }, app:sounds())
      app:advance(NEXT)
      assert.are_not.equal(first, shown_word(app))
      assert.are.equal("2 of " .. #words, text_of(app, "progress"))
      assert.are.equal("Yes! That was the " .. first .. ".", text_of(app, "feedback"))
    end)

    it("reads each word aloud as it shows, and again from 🔊", function()
      local first = shown_word(app)
      assert.are.same({ "say_" .. first }, app:sounds())
      app:tap(app:find{ name = "say" })
      assert.are.same({ "say_" .. first, "say_" .. first }, app:sounds())
      app:tap(app:find{ tag = "picture", name = first })
      app:advance(NEXT)
      local sounds = app:sounds()
      assert.are.equal("say_" .. shown_word(app), sounds[#sounds])
    end)

    it("speaks from 🔊 the word on screen, also while an answer's feedback shows", function()
      for _, answer in ipairs({ "right", "wrong" }) do
        local word = shown_word(app)
        app:tap(answer == "right" and app:find{ tag = "picture", name = word } or other_than(app, word))
        for _, wait in ipairs({ 0.05, 0.3, 0.3 }) do
          app:advance(wait)
          assert.are.equal(word, shown_word(app), "the answered word still shows")
          app:tap(app:find{ name = "say" })
          local sounds = app:sounds()
          assert.are.equal("say_" .. word, sounds[#sounds], answer .. ": 🔊 says the word on screen")
        end
        app:advance(NEXT)
        local next_word = shown_word(app)
        app:tap(app:find{ name = "say" })
        local sounds = app:sounds()
        assert.are.equal("say_" .. next_word, sounds[#sounds])
      end
    end)

    it("gives 🔊, every picture and Play Again at least 48 points to tap", function()
      local function big_enough(sprite)
        local b = box(sprite)
        assert.is_true(b.w >= 48 and b.h >= 48, ("%s is %.0fx%.0f"):format(sprite.name, b.w, b.h))
      end
      big_enough(app:find{ name = "say" })
      for _, entry in ipairs(words) do big_enough(app:find{ name = "tile_" .. entry.word }) end
      play_game(app, always)
      big_enough(app:find{ name = "play_again" })
    end)

    it("scores 0 for a wrong picture, takes nothing away, and shows the next word", function()
      app:tap(app:find{ tag = "picture", name = shown_word(app) })
      assert.are.equal(1, score(app))
      app:advance(NEXT)
      local word = shown_word(app)
      local wrong = other_than(app, word)
      app:tap(wrong)
      assert.are.equal(1, score(app))
      local said = app:sounds()
      assert.are.same({ "right", "say_" .. word, "wrong" }, { said[2], said[3], said[4] })
      app:advance(NEXT)
      assert.are_not.equal(word, shown_word(app))
      assert.are.equal("3 of " .. #words, text_of(app, "progress"))
      assert.are.equal("Oops, that was the " .. wrong.name .. ".", text_of(app, "feedback"))
    end)

    it("ignores a quick second tap until the next word shows (W3)", function()
      local first = shown_word(app)
      local picture = app:find{ tag = "picture", name = first }
      app:tap(picture)
      app:advance(0.1)
      app:tap(picture)
      app:tap(other_than(app, first))
      assert.are.equal(first, shown_word(app))
      assert.are.equal(1, score(app))
      assert.are.equal("1 of " .. #words, text_of(app, "progress"))
      app:advance(NEXT)
      assert.are_not.equal(first, shown_word(app))
      assert.are.equal("2 of " .. #words, text_of(app, "progress"))
      assert.are.equal(1, score(app))
      -- The next word is answered normally.
      app:tap(app:find{ tag = "picture", name = shown_word(app) })
      assert.are.equal(2, score(app))
    end)

    it("after a wrong tap, lights the right picture too", function()
      local word = shown_word(app)
      local wrong = other_than(app, word)
      app:tap(wrong)
      app:advance(0.05)
      assert.are.equal("#7ed957", app:find{ name = "tile_" .. word }.fill)
      assert.are.equal("#ff8a7d", app:find{ name = "tile_" .. wrong.name }.fill)
    end)

    it("shows the last answer's feedback, then the end screen with a sound (W6)", function()
      local total = #words
      for _ = 1, total - 1 do
        app:tap(app:find{ tag = "picture", name = shown_word(app) })
        app:advance(NEXT)
      end
      local last = shown_word(app)
      app:tap(app:find{ tag = "picture", name = last })
      app:advance(0.1)
      assert.is_true(app:find{ name = "playing" }.visible)
      assert.are.equal("Yes! That was the " .. last .. ".", text_of(app, "feedback"))
      assert.are.equal("Score: " .. total, text_of(app, "score"))
      assert.is_false(app:find{ name = "finished" }.visible)
      app:advance(NEXT)
      assert.is_true(app:find{ name = "finished" }.visible)
      local sounds = app:sounds()
      assert.are.equal("end", sounds[#sounds])
    end)

    it("shows the score throughout, and counts only the right taps", function()
      local expected = 0
      play_game(app, function(turn) return turn % 3 ~= 0 end, function(turn)
        if turn % 3 ~= 0 then expected = expected + 1 end
        local label = app:find{ name = "score" }
        assert.is_true(label.visible and label.parent.visible)
        assert.are.equal("Score: " .. expected, label.text)
      end)
      assert.is_true(app:find{ name = "score" }.visible)
    end)

    it("ends after the last word with the score, and Play Again reshuffles", function()
      -- While playing, the end screen and its Play Again do not show.
      assert.is_false(app:find{ name = "finished" }.visible)
      assert.is_nil(app:find{ name = "play_again", visible = true })
      local corner = box(app:find{ tag = "picture", name = words[1].word })
      local first = play_game(app, function(turn) return turn ~= 2 end)
      assert.is_false(app:find{ name = "playing" }.visible)
      assert.is_true(app:find{ name = "finished" }.visible)
      assert.matches("All done", text_of(app, "over"))
      assert.are.equal(("You matched %d of %d words."):format(#words - 1, #words), text_of(app, "result"))
      assert.are.equal("Score: " .. (#words - 1), text_of(app, "score"))

      -- The pictures are hidden with the board, and a tap where one was changes nothing.
      assert.is_nil(app:find{ tag = "picture", visible = true })
      local tile = app:find{ name = "tile_" .. words[1].word }
      local fill = tile.fill
      local before = {}
      for _, name in ipairs({ "score", "progress", "feedback", "result" }) do before[name] = text_of(app, name) end
      app:tap({ x = corner.x + corner.w / 2, y = corner.y + corner.h / 2 })
      app:advance(0.1)
      for name, text in pairs(before) do assert.are.equal(text, text_of(app, name), name) end
      assert.are.equal(fill, tile.fill)
      assert.is_true(app:find{ name = "finished" }.visible)

      app:tap(app:find{ name = "play_again" })
      assert.is_true(app:find{ name = "playing" }.visible)
      assert.is_false(app:find{ name = "finished" }.visible)
      assert.are.equal("Score: 0", text_of(app, "score"))
      assert.are.equal("1 of " .. #words, text_of(app, "progress"))
      local second = play_game(app, always)
      assert.are.same(ORDERS.seed_7_again, second)
      assert.are.same(sorted(first), sorted(second))
      assert.are_not.same(first, second)
      assert.are.equal(("You matched %d of %d words."):format(#words, #words), text_of(app, "result"))
    end)

    it("is laid out by tide.ui columns and rows, centred, in the same proportions on every screen", function()
      local unit = math.min(size.w / 375, size.h / 667)
      -- Each tile is a tide.ui button in a row, the rows in a column, that in the screen's column.
      local tile = app:find{ tag = "picture", name = words[1].word }.parent
      assert.are.equal("tile_" .. words[1].word, tile.name)
      assert.are.equal("row", tile.parent.data.widget.kind)
      assert.are.equal("column", tile.parent.parent.data.widget.kind)
      -- The board is the phone's, scaled by `unit`: tiles and words grow with the screen.
      local grid = box(app:find{ name = "grid" })
      assert.near(335 * unit, grid.w, 1)
      assert.near(size.w / 2, grid.x + grid.w / 2, 1)
      assert.near(grid.x, box(app:find{ name = "score" }).x, 1)
      local side = box(tile).w
      assert.near((335 - 2 * 12) / 3 * unit, side, 1)
      assert.near(54 * unit, app:find{ name = "word" }.size, 0.01)
      -- Top to bottom: the score, the word, the pictures; all inside the screen.
      local score_box, word_box = box(app:find{ name = "score" }), box(app:find{ name = "word" })
      assert.is_true(score_box.y >= 0 and score_box.y + score_box.h <= word_box.y)
      assert.is_true(word_box.y + word_box.h <= grid.y)
      assert.is_true(grid.y + grid.h <= size.h)
      -- The space above the board and below it is the same: the board is centred.
      assert.near(score_box.y, size.h - (grid.y + grid.h), 2)
    end)
  end)
end
