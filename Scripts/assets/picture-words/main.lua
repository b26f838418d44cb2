-- Draws one picture of Picture Words: a Noto Color Emoji glyph filling the square.
--   emoji = the glyph to draw, e.g. 🍎
--   bg = black | white: the backdrop; the two shots together give the alpha channel.

local W, H = tide.screen.width, tide.screen.height

tide.scene.define("studio", {
  enter = function()
    tide.sprite.rect{ x = 0, y = 0, w = W, h = H, fill = tide.options.bg == "white" and "#ffffff" or "#000000" }
    tide.sprite.text(tide.options.emoji, { x = W / 2, y = H / 2, anchor = "center", size = H * 0.72 })
  end,
})
