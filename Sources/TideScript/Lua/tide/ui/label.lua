-- tide.ui.label: a line of text, or given a width a paragraph kept inside it.
-- The engine fits the text to the box (text sprites' `max_width` and `fit`), so
-- the font decides, the same one in a window and headless.

local core = require("tide.ui.core")
local theme = core.theme

local Label = core.class()

function Label:text() return self.raw_text end

--- Replaces the text; a layout holding the label makes room for it.
function Label:set_text(text)
  text = tostring(text)
  self.raw_text = text
  local sprite = self.text_sprite
  sprite.text = text
  local w = self.fixed_width or sprite.w
  local offset = { left = 0, center = (w - sprite.w) / 2, right = w - sprite.w }
  sprite.anchor, sprite.x, sprite.y = "top_left", offset[self.align], 0
  local changed = self.w ~= w or self.h ~= sprite.h
  self.w, self.h = w, sprite.h
  self.sprite.w, self.sprite.h = w, sprite.h
  if changed then self:changed() end
  return self
end

--- Gives the label a fixed width (a stretching column calls this).
function Label:set_width(w)
  self.fixed_width = w
  self.text_sprite.max_width = w or self.max_width or 0
  return self:set_text(self.raw_text)
end

function Label:set_color(color)
  self.text_sprite.color = color
  return self
end

--- tide.ui.label{ text, size, color, align = "left"|"center"|"right", width, max_width, height,
---   fit = "wrap"|"shrink"|"ellipsis"|"none", wrap, min_size, name }
--- Without `width` the label is as wide as its text (up to `max_width`); with one,
--- the text is aligned inside it. Text that would not fit the box wraps onto lines
--- with `wrap = true` (or `fit = "wrap"`), else shrinks to fit, then is cut with "…".
return function(opts)
  opts = core.options("label", opts)
  core.check_choice("label", "align", opts.align, { "left", "center", "right" })
  core.check_choice("label", "fit", opts.fit, { "wrap", "shrink", "ellipsis", "none" })
  local root = tide.sprite.group{}
  local sprite = tide.sprite.text("", {
    parent = root, size = opts.size or theme.font_size, font = opts.font or theme.font, color = opts.color or theme.text,
    align = opts.align or "left", name = opts.name, tag = opts.tag,
    max_width = opts.width or opts.max_width or 0, max_height = opts.height or 0,
    fit = opts.fit or (opts.wrap and "wrap" or "shrink"), min_size = opts.min_size,
  })
  local self = core.make(Label, root, 0, 0, { parent = opts.parent, visible = opts.visible })
  sprite.data.widget = self   -- the named sprite leads to the widget too
  self.text_sprite, self.fixed_width, self.max_width, self.align = sprite, opts.width, opts.max_width, opts.align or "left"
  self:set_text(opts.text or "")
  if opts.x or opts.y then self:place(opts.x or 0, opts.y or 0, opts.anchor) end
  return self
end
