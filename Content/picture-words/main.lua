-- Picture Words: a young child sees every picture and one word at a time, and taps the picture
-- that goes with the word. The right picture scores a point, a wrong one nothing; either way the
-- score updates and the next word shows. The words come shuffled, each once; at the end the
-- child is told the score and can play again, in a new order. The pictures never move in a game.
--
-- Shows: a word list kept as data and checked at load, tide.random.shuffle, and one screen laid
-- out by tide.ui columns and rows from the design size, so a phone and a tablet get the same
-- board; each picture sits in a tide.ui button.

local ui = tide.ui
local words = require("data.words")
local board = require("data.board")
local colors, messages, text_size = board.colors, board.messages, board.text

-- A broken word list stops the game at load, naming the entry and the field at fault.
require("check_words")(words, "data/words.lua")

-- A picture's tile: a tide.ui button of side `side` holding the picture, named after the word.
local function tile(entry, side, u, on_press)
  local button = ui.button{
    name = "tile_" .. entry.word, width = side, height = side, fill = colors.tile, radius = board.radius * u,
    on_press = on_press,
  }
  local picture = side * board.picture
  tide.sprite.image(entry.image, {
    parent = button.sprite, x = side / 2, y = side / 2, w = picture, h = picture, anchor = "center",
    name = entry.word, tag = "picture",
  })
  return button
end

-- A tile glowing `fill` a moment, then white again.
local function glow(button, fill)
  tide.sequence{
    { button.sprite, 0.05, { fill = fill } },
    { button.sprite, board.flash, { fill = colors.tile }, { ease = "in_quad" } },
  }
end

tide.scene.define("play", {
  enter = function(self)
    -- One base unit on this screen: everything is sized in units of the 375x667 phone.
    local u = math.min(tide.screen.width / board.base.width, tide.screen.height / board.base.height)
    local pad, spacing, gap = board.padding * u, board.spacing * u, board.gap * u
    local inner = board.base.width * u - 2 * pad
    local function label(name, size, color, text)
      return ui.label{ name = name, size = size * u, color = color or colors.text, text = text or " " }
    end

    self.score = label("score", text_size.score)
    self.progress = label("progress", text_size.score, colors.muted)
    local prompt = label("prompt", text_size.prompt, colors.muted, messages.prompt)
    self.word = label("word", text_size.word)
    -- 🔊 says the word again: each word is read aloud when it shows, for children learning to read.
    local say = ui.button{
      text = "🔊", name = "say", style = "plain", size = text_size.word * 0.6 * u,
      width = self.word.h, height = self.word.h, on_press = function() self:say() end,
    }
    local word_row = ui.row{ spacing = board.gap * u, self.word, say }
    self.feedback = label("feedback", text_size.feedback, colors.muted)
    local top = ui.row{ self.score, self.progress, width = inner, justify = "space_between" }

    -- The tiles share the width; with many words, the height left under the words too.
    local rows = math.ceil(#words / board.columns)
    local header = top.h + prompt.h + word_row.h + self.feedback.h + 4 * spacing
    local room = board.base.height * u - 2 * pad - header
    local side = math.min((inner - gap * (board.columns - 1)) / board.columns, (room - gap * (rows - 1)) / rows)
    local grid = ui.column{ spacing = gap, width = inner, name = "grid" }
    self.tiles = {}
    local row
    for i, entry in ipairs(words) do
      if (i - 1) % board.columns == 0 then row = grid:add(ui.row{ spacing = gap }) end
      self.tiles[entry.word] = row:add(tile(entry, side, u, function(button) self:choose(entry.word, button) end))
    end
    self.playing = ui.column{ spacing = spacing, width = inner, name = "playing", prompt, word_row, self.feedback, grid }

    -- The end of a game takes the place of the words and pictures.
    self.result = label("result", text_size.result)
    self.finished = ui.column{
      spacing = 2 * spacing, width = inner, height = self.playing.h, justify = "center", name = "finished",
      label("over", text_size.over, colors.text, messages.over),
      self.result,
      ui.button{
        text = messages.again, name = "play_again", size = text_size.button * u,
        width = board.button.width * u, height = board.button.height * u,
        radius = board.radius * u, fill = colors.button, color = colors.tile, on_press = function() self:new_game() end,
      },
    }
    ui.column{
      padding = pad, spacing = spacing, max_width = inner, height = tide.screen.height, justify = "center",
      top, self.playing, self.finished,
    }
    self:new_game()
  end,

  -- A fresh shuffle of every word, the score back to 0.
  new_game = function(self)
    self.order = {}
    for i, entry in ipairs(words) do self.order[i] = entry.word end
    tide.random.shuffle(self.order)
    self.turn, self.points, self.waiting, self.shown_word = 1, 0, false, nil
    self.feedback:set_text(" ")
    self.finished:hide()
    self.playing:show()
    self:show_turn()
  end,

  show_turn = function(self)
    self.score:set_text(messages.score:format(self.points))
    self.progress:set_text(messages.progress:format(math.min(self.turn, #self.order), #self.order))
    if self.turn > #self.order then return end
    self.shown_word = self.order[self.turn]
    self.word:set_text(self.shown_word)
    self.word.text_sprite.alpha = 0
    tide.tween(self.word.text_sprite, board.word_fade, { alpha = 1 })
    self:say()
  end,

  -- Reads the word on screen aloud: assets/say_<word>.wav, recorded by Scripts/assets/sounds/make.sh.
  -- While an answer's feedback shows, that is still the word just answered, not the next one.
  -- A word added without its recording still plays, silently, with one warning.
  say = function(self)
    local word = self.shown_word
    if not word then return end
    if not pcall(tide.audio.play, "say_" .. word) and not self.unspoken then
      self.unspoken = true
      tide.warn(("no recording of '%s' (assets/say_%s.wav): run Scripts/assets/sounds/make.sh"):format(word, word))
    end
  end,

  -- A tap on the picture of `word`: a point when it is the word shown. The feedback stays a
  -- moment (the right picture glows too after a wrong tap), then the next word or the end shows;
  -- taps in between are ignored, so a quick double tap cannot answer the next word unseen (W3).
  choose = function(self, word, button)
    if self.waiting or self.turn > #self.order then return end
    local answer = self.order[self.turn]
    local right = word == answer
    if right then self.points = self.points + 1 end
    self.score:set_text(messages.score:format(self.points))
    self.feedback:set_text((right and messages.right or messages.wrong):format(word))
    glow(button, right and colors.right or colors.wrong)
    if not right then glow(self.tiles[answer], colors.right) end
    tide.audio.play(right and "right" or "wrong")
    self.waiting = true
    self.turn = self.turn + 1
    self.next_word = tide.after(board.next_word, function()
      self.waiting = false
      if self.turn > #self.order then self:finish() else self:show_turn() end
    end)
  end,

  finish = function(self)
    self.result:set_text(messages.result:format(self.points, #self.order))
    self.playing:hide()
    self.finished:show()
    tide.audio.play("end")
  end,
})
