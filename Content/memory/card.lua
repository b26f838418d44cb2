-- A card: a rounded rect with its emoji on it, face down (the emoji hidden) until turned.
-- The game's state changes at once; the picture follows over a short flip.
local board = require("data.board")
local colors = board.colors

local card = {}

-- A face-down card centred on (x, y), named card_1, card_2, ... so tests can find it.
function card.new(face, index, x, y, w, h)
  local sprite = tide.sprite.rect{
    x = x, y = y, w = w, h = h, anchor = "center", radius = board.radius, fill = colors.back,
    name = "card_" .. index, tag = "card",
  }
  sprite.data.face = face
  sprite.data.up = false
  -- The back's inner panel, so a face-down card reads as a card back, not a blank tile.
  local inset = board.back_inset
  sprite.data.back = sprite:add(tide.sprite.rect{
    x = inset, y = inset, w = w - 2 * inset, h = h - 2 * inset, radius = board.radius / 2, fill = colors.panel,
  })
  sprite.data.label = sprite:add(tide.sprite.text(face, {
    x = w / 2, y = h / 2, anchor = "center", size = w * board.face_size, visible = false, tag = "face",
  }))
  return sprite
end

-- Turns a card face up or down: it narrows to nothing, shows its other side, widens again.
function card.turn(sprite, up)
  sprite.data.up = up
  tide.sequence{
    { sprite, board.flip_time, { scale_x = 0 }, { ease = "in_quad" } },
    function()
      sprite.data.label.visible = up
      sprite.data.back.visible = not up
      sprite.fill = up and colors.face or colors.back
    end,
    { sprite, board.flip_time, { scale_x = 1 }, { ease = "out_quad" } },
  }
end

-- A card of a matched pair stays up and turns green once its flip is done.
function card.keep(sprite)
  tide.tween(sprite, 0.2, { fill = colors.matched }, { delay = 2 * board.flip_time })
end

return card
