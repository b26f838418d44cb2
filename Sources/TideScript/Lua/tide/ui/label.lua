-- tide.ui.label: a line (or, given a width, a wrapped paragraph) of text.

local core = require("tide.ui.core")
local theme = core.theme

local Label = core.class()

-- Breaks `text` into lines no wider than `width`, measuring with `sprite`
-- itself so the real font decides in a window and the approximate one
-- headless. Explicit "\n" breaks are kept.
local function wrap(sprite, text, width)
  local lines = {}
  for paragraph in (text .. "\n"):gmatch("(.-)\n") do
    local line = nil
    for word in paragraph:gmatch("%S+") do
      local candidate = line and (line .. " " .. word) or word
      sprite.text = candidate
      if line and sprite.w > width then
        lines[#lines + 1] = line
        line = word
      else
        line = candidate
      end
    end
    lines[#lines + 1] = line or ""
  end
  return table.concat(lines, "\n")
end

function Label:text() return self.raw_text end

--- Replaces the text; a layout holding the label makes room for it.
function Label:set_text(text)
  text = tostring(text)
  self.raw_text = text
  local sprite = self.text_sprite
  sprite.text = (self.wraps and self.fixed_width) and wrap(sprite, text, self.fixed_width) or text
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
  return self:set_text(self.raw_text)
end

function Label:set_color(color)
  self.text_sprite.color = color
  return self
end

--- tide.ui.label{ text, size, color, align = "left"|"center"|"right", width, wrap, name }
--- Without `width` the label is as wide as its text; with one, the text is
--- aligned inside it, and `wrap = true` breaks it into lines that fit.
return function(opts)
  opts = opts or {}
  core.check_choice("label", "align", opts.align, { "left", "center", "right" })
  local root = tide.sprite.group{}
  local sprite = tide.sprite.text("", {
    parent = root, size = opts.size or theme.font_size, color = opts.color or theme.text,
    align = opts.align or "left", name = opts.name, tag = opts.tag,
  })
  local self = core.make(Label, root, 0, 0, { parent = opts.parent, visible = opts.visible })
  sprite.data.widget = self   -- the named sprite leads to the widget too
  self.text_sprite, self.fixed_width, self.wraps, self.align = sprite, opts.width, opts.wrap, opts.align or "left"
  self:set_text(opts.text or "")
  if opts.x or opts.y then self:place(opts.x or 0, opts.y or 0, opts.anchor) end
  return self
end
