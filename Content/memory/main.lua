-- Memory: every card lies face down; tap two to turn them up. A pair that matches stays up,
-- two that differ turn back down after a moment. Each two turns are a move; turn up every pair
-- to win, in as few moves as you can.
--
-- Shows: a grid sized by conf.lua options, faces dealt from a data table with
-- tide.random.shuffle, a flip made of tweens (card.lua), tide.after for a pause, two scenes.

local board = require("data.board")
local decks = require("data.decks")
local card = require("card")
local colors, messages = board.colors, board.messages

-- The grid and the deck come from conf.lua's options; one that cannot make a game stops it at
-- load with a message that says why, instead of a half-dealt board.
local columns, rows = math.tointeger(tide.options.columns), math.tointeger(tide.options.rows)
if not columns or not rows or columns < 1 or rows < 1 or columns * rows % 2 == 1 then
  error(("options: columns x rows must be whole numbers making an even count of cards, got %s x %s")
    :format(tide.options.columns, tide.options.rows), 0)
end
local deck = decks[tide.options.deck]
if not deck then error(("options: no deck '%s' in data/decks.lua"):format(tide.options.deck), 0) end
local first_at = {}   -- a face listed twice would deal four cards that match
for i, face in ipairs(deck) do
  if first_at[face] then
    error(("data/decks.lua: %s[%d]: %s is listed twice (first at [%d])"):format(tide.options.deck, i, face,
      first_at[face]), 0)
  end
  first_at[face] = i
end
local pair_count = columns * rows // 2
if pair_count > #deck then
  error(("options: deck '%s' has %d faces, a %dx%d grid needs %d"):format(tide.options.deck, #deck, columns, rows,
    pair_count), 0)
end

-- A new game's faces: `pair_count` emoji picked from the deck at random, each twice, shuffled.
local function deal()
  local faces = tide.random.shuffle({ table.unpack(deck) })
  local cards = {}
  for i = 1, pair_count do
    cards[2 * i - 1], cards[2 * i] = faces[i], faces[i]
  end
  return tide.random.shuffle(cards)
end

tide.scene.define("play", {
  enter = function(self)
    local w, h = tide.screen.width, tide.screen.height
    tide.sprite.text(messages.title, { x = w / 2, y = 45, anchor = "center", size = 34, color = colors.text })
    self.moves_label = tide.sprite.text(" ", {
      x = board.margin, y = 92, anchor = "left", size = 22, color = colors.dim, name = "moves",
    })
    self.pairs_label = tide.sprite.text(" ", {
      x = w - board.margin, y = 92, anchor = "right", size = 22, color = colors.dim, name = "pairs",
    })

    -- Cards as wide as the screen allows, unless the rows would not fit under the counters.
    local room_w, room_h = w - 2 * board.margin, h - board.top - board.margin
    local card_w = math.min((room_w - board.gap * (columns - 1)) / columns,
      (room_h - board.gap * (rows - 1)) / rows / board.aspect)
    local card_h = card_w * board.aspect
    local left = (w - columns * card_w - (columns - 1) * board.gap) / 2
    local top = board.top + (room_h - rows * card_h - (rows - 1) * board.gap) / 2
    self.cards = {}
    for i, face in ipairs(deal()) do
      local column, row = (i - 1) % columns, (i - 1) // columns
      local x = left + column * (card_w + board.gap) + card_w / 2
      local y = top + row * (card_h + board.gap) + card_h / 2
      local sprite = card.new(face, i, x, y, card_w, card_h)
      sprite:on("tap", function() self:turn(sprite) end)
      self.cards[i] = sprite
    end
    self.moves, self.found, self.first, self.waiting = 0, 0, nil, false
    self:count()
  end,

  count = function(self)
    self.moves_label.text = messages.moves:format(self.moves)
    self.pairs_label.text = messages.pairs:format(self.found, pair_count)
  end,

  -- A tap on a card: the first of a move turns up and waits for the second, which ends the move.
  turn = function(self, sprite)
    -- A card already up does nothing, and nor does any card while two that differ are showing.
    if sprite.data.up or self.waiting then return end
    card.turn(sprite, true)
    if not self.first then
      self.first = sprite
      return
    end
    local first = self.first
    self.first = nil
    self.moves = self.moves + 1
    if first.data.face == sprite.data.face then
      card.keep(first)
      card.keep(sprite)
      self.found = self.found + 1
      if self.found == pair_count then
        local result = { moves = self.moves, pairs = pair_count }
        tide.after(board.win_delay, function() tide.scene.go("won", result) end)
      end
    else
      -- Two that differ stay up a moment so the player can remember them.
      self.waiting = true
      tide.after(board.peek_time, function()
        card.turn(first, false)
        card.turn(sprite, false)
        self.waiting = false
      end)
    end
    self:count()
  end,
})

tide.scene.define("won", {
  enter = function(_, result)
    local w, h = tide.screen.width, tide.screen.height
    local title = tide.sprite.text(messages.won, {
      x = w / 2, y = h * 0.36, anchor = "center", size = 44, color = colors.text, name = "won", scale = 0.3,
    })
    tide.tween(title, 0.5, { scale = 1 }, { ease = "out_back" })
    tide.sprite.text(messages.result:format(result.pairs, result.moves), {
      x = w / 2, y = h * 0.46, anchor = "center", size = 26, color = colors.dim, name = "result",
    })
    local again = tide.sprite.rect{
      x = w / 2, y = h * 0.6, w = 220, h = 64, anchor = "center", radius = board.radius, fill = colors.button,
      name = "play_again",
    }
    again:add(tide.sprite.text(messages.again, {
      x = 110, y = 32, anchor = "center", size = 28, color = colors.button_text,
    }))
    again:on("tap", function() tide.scene.go("play") end)
  end,
})
