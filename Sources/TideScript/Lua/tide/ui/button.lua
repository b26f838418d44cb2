-- tide.ui.button: a rounded box with a label that calls `on_press` when
-- tapped. It darkens while the finger is down, fades when disabled (and then
-- ignores taps), and takes no input while hidden.

local core = require("tide.ui.core")
local theme = core.theme

local Button = core.class()

local STYLES = {
  primary = function() return theme.primary, theme.on_primary end,
  secondary = function() return theme.surface, theme.text end,
  danger = function() return theme.danger, theme.text end,
  plain = function() return "#ffffff22", theme.text end,
}
local STYLE_NAMES = { "primary", "secondary", "danger", "plain" }

function Button:text() return self.label.text end

function Button:set_text(text)
  self.label.text = tostring(text)
  self:center_label()
  return self
end

-- The label keeps a margin inside the box: it shrinks (then is cut with "…") rather than
-- running past the edges when the text or the width changes.
local LABEL_MARGIN = 12

function Button:center_label()
  self.label.max_width = math.max(1, self.w - 2 * LABEL_MARGIN)
  self.label.max_height = math.max(1, self.h - 8)
  self.label.x, self.label.y = self.w / 2, self.h / 2
end

--- Sets the width (a stretching column calls this).
function Button:set_width(w)
  self.w, self.sprite.w = w, w
  self:center_label()
  return self
end

--- Enables or disables the button: disabled, it is faded and ignores taps.
function Button:set_enabled(enabled)
  if not enabled then self.sprite.fill = self.fill end  -- drop a pressed look
  return core.Widget.set_enabled(self, enabled)
end

function Button:set_fill(fill)
  self.fill = fill
  self.sprite.fill = fill
  return self
end

--- Presses the button from code: calls `on_press` when it is enabled and shown.
function Button:press()
  if self.enabled and self.sprite.visible and self.on_press then self.on_press(self) end
end

--- tide.ui.button{ text, on_press = function(button), style = "primary"|"secondary"|"danger"|"plain",
---   width, max_width, height, size, fit = "shrink"|"wrap"|"ellipsis", min_size, fill, color, radius,
---   enabled, visible, name, tag }
return function(opts)
  opts = core.options("button", opts)
  core.check_choice("button", "style", opts.style, STYLE_NAMES)
  local fill, color = STYLES[opts.style or "primary"]()
  fill, color = opts.fill or fill, opts.color or color
  local h = opts.height or 56
  local box = tide.sprite.rect{ w = 10, h = h, fill = fill, radius = opts.radius or 14, name = opts.name, tag = opts.tag }
  core.check_choice("button", "fit", opts.fit, { "wrap", "shrink", "ellipsis" })
  local label = tide.sprite.text(opts.text or "", {
    parent = box, anchor = "center", size = opts.size or theme.font_size, font = opts.font or theme.font, color = color, align = "center",
    name = opts.name and (opts.name .. "_label"), fit = opts.fit or "shrink", min_size = opts.min_size,
  })
  local w = opts.width or math.max(opts.min_width or 120, label.w + 48)
  if opts.max_width then w = math.min(w, opts.max_width) end
  local self = core.make(Button, box, w, h, opts)
  self.label, self.fill, self.on_press = label, fill, opts.on_press
  self:set_width(w)
  self:set_enabled(opts.enabled ~= false)

  box:on("press", function()
    if self.enabled then box.fill = core.darken(self.fill, 0.75) end
  end)
  box:on("release", function() box.fill = self.fill end)
  box:on("tap", function() self:press() end)
  return self
end
