-- A card: a rounded rect with its emoji on it, face down (the emoji hidden) until turned.
-- The game's state changes at once; the picture follows over a short flip.
local board = require("data.board")
local colors = board.colors

local card = {}

-- A face-down card centred on (x, y), named card_1, card_2, ... so tests can find it.
function card.new(face, index, x, y, w, h)
  local sprite = tide.sprite.rect{
    x = x, y = y, w = w, h = h, anchor = "center", radius = board.radius, fill = colors.back,
    stroke = colors.edge, stroke_width = 3,
    name = "card_" .. index, tag = "card",
  }
  sprite.data.face = face
  sprite.data.up = false
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
      sprite.fill = up and colors.face or colors.back
    end,
    { sprite, board.flip_time, { scale_x = 1 }, { ease = "out_quad" } },
  }
end

-- A card of a matched pair stays up and turns green once its flip is done.
function card.keep(sprite)
  sprite.data.kept = true
  tide.tween(sprite, 0.2, { fill = colors.matched }, { delay = 2 * board.flip_time })
end

return card
