-- tide.ui.text_field: a box you tap to type into. A blinking caret shows the
-- focus; typed text and backspace edit it; a placeholder shows while it is
-- empty; `max_length` and `numeric` limit what goes in; `validate` (and
-- `required`) decide whether the text is acceptable, and once the field has
-- been edited or left, an invalid one turns red and says why beneath.
--
-- A numeric field never turns what the player typed into another number: a
-- point, a comma or a sign stays as typed ("1.5" is not 15), as does a value
-- past `max` or a digit past `max_length`, and the field refuses it, saying
-- the whole numbers it takes. Only other characters (typos) are dropped.
--
-- One field has the focus at a time. Tapping anywhere else (or "return")
-- takes it away; an open alert holds back all typing.

local core = require("tide.ui.core")
local theme = core.theme

local TextField = core.class()
local ERROR_LINE = 22
local TEXT_INSET = 14   -- text and caret start this far inside the box

function TextField:text() return self.value_text end
TextField.value = TextField.text

--- The text as a number (nil when it is not one; for a numeric field, nil unless it is a
--- whole number the field takes).
function TextField:number()
  if self.numeric and self:number_problem() then return nil end
  return tonumber(self.value_text)
end

--- What a numeric field says when it refuses a value: the whole numbers it takes.
function TextField:range_message()
  local low, high = self.min, self.max
  if low and high then return ("Whole numbers from %d to %d"):format(low, high) end
  if low then return ("Whole numbers from %d up"):format(low) end
  if high then return ("Whole numbers up to %d"):format(high) end
  return "Whole numbers only"
end

-- Why a numeric field's text is not a number it takes, or nil.
function TextField:number_problem()
  local text = self.value_text
  if not self.numeric or text == "" then return nil end
  local n = text:match("^%d+$") and tonumber(text)
  if not n or (self.max_length and utf8.len(text) > self.max_length)
    or (self.min and n < self.min) or (self.max and n > self.max) then
    return self:range_message()
  end
  return nil
end

--- The longest text the field takes, of its widest characters ("W", or "0" when numeric), for
--- the layout check (a text sprite's `layout_text`); nil without a `max_length`. Give it to
--- any label that shows what was typed elsewhere: `label.layout_text = field:longest_text()`.
function TextField:longest_text()
  if not self.max_length then return nil end
  return string.rep(self.numeric and "0" or "W", self.max_length)
end

--- Replaces the text from code (no on_change; it does not mark the field as edited).
function TextField:set_text(text)
  self.value_text = tostring(text or "")
  self:refresh()
  return self
end

--- Why the text is not acceptable, or nil when it is.
function TextField:error()
  local text = self.value_text
  if self.required and text == "" then return self.required_message end
  -- A refused number is said in the game's own words when its `validate` has some for it.
  local refused = self:number_problem()
  if refused then return self.validate and self.validate(text, self) or refused end
  if self.validate then return self.validate(text, self) end
  return nil
end
function TextField:is_valid() return self:error() == nil end
function TextField:is_focused() return core.state().focused == self end

function TextField:focus()
  local state = core.state()
  if core.modal_open() or not self.enabled or state.focused == self then return self end
  local previous = state.focused
  if previous and previous.scene == self.scene then previous:blur() end
  state.focused = self
  self:restart_blink()
  self:refresh()
  return self
end

function TextField:blur()
  local state = core.state()
  if state.focused ~= self then return self end
  state.focused = nil
  if self.blink then self.blink:cancel() end
  self.caret.visible = false
  self.touched = true
  self:refresh()
  if self.on_blur then self.on_blur(self, self.value_text) end
  return self
end

-- The keyboard a tap on the box brings up on a phone in a served game's page.
local function keyboard(numeric) return numeric and "number" or "text" end

function TextField:set_enabled(enabled)
  if not enabled then self:blur() end
  self.sprite.keyboard = enabled and keyboard(self.numeric) or nil
  return core.Widget.set_enabled(self, enabled)
end

function TextField:set_width(w)
  self.w, self.sprite.w = w, w
  -- Text and placeholder stay inside the box: they shrink, then are cut with "…".
  if self.shown then
    for _, part in ipairs({ self.shown, self.placeholder }) do part.max_width = math.max(1, w - 2 * TEXT_INSET) end
    self.error_label.max_width = math.max(1, w - 4)
    self.area.w = w
  end
  return self
end

-- Redraws text, placeholder, caret and the invalid mark from the state.
function TextField:refresh()
  local text = self.value_text
  self.shown.text = text
  self.placeholder.visible = text == ""
  self.caret.x = self.shown.x + self.shown.w + (text == "" and 0 or 2)
  local why = self.touched and self:error() or nil
  self.error_label.text = why or ""
  local focused = core.state().focused == self
  self.sprite.stroke = why and theme.danger or (focused and theme.primary or theme.border)
end

-- The caret shows at once and blinks from then on, so it is solid while typing.
function TextField:restart_blink()
  if self.blink then self.blink:cancel() end
  self.caret.visible = true
  self.blink = tide.every(0.5, function()
    if core.state().focused == self then self.caret.visible = not self.caret.visible end
  end)
end

function TextField:edit(text)
  self.value_text = text
  self.touched = true
  self:restart_blink()
  self:refresh()
  if self.on_change then self.on_change(self, text) end
end

function TextField:insert(typed)
  -- A numeric field keeps a point, a comma or a sign to refuse the value; only typos go.
  if self.numeric then typed = typed:gsub("[^%d%.,%+%-]", "") end
  local text = self.value_text
  -- A numeric field takes one character past its length, to refuse "1000" rather than cut it to "100".
  local limit = self.max_length and (self.numeric and self.max_length + 1 or self.max_length)
  for _, code in utf8.codes(typed) do
    if limit and utf8.len(text) >= limit then break end
    text = text .. utf8.char(code)
  end
  if text ~= self.value_text then self:edit(text) end
end

function TextField:key(name)
  if name == "backspace" and self.value_text ~= "" then
    self:edit(self.value_text:sub(1, utf8.offset(self.value_text, -1) - 1))
  elseif name == "return" or name == "escape" then
    self:blur()
    if name == "return" and self.on_submit then self.on_submit(self, self.value_text) end
  end
end

--- tide.ui.text_field{ text, placeholder, max_length, numeric, min, max, required, required_message,
---   validate = function(text, field) return nil or "why not" end,
---   on_change = function(field, text), on_submit, on_blur, width, height, size, name, enabled }
return function(opts)
  opts = core.options("text_field", opts)
  local w, h = opts.width or 280, opts.height or 48
  local size = opts.size or theme.font_size
  local box = tide.sprite.rect{
    w = w, h = h, fill = theme.field, stroke = theme.border, stroke_width = 2, radius = 10,
    name = opts.name, tag = opts.tag, keyboard = keyboard(opts.numeric),
  }
  local function part(suffix) return core.part_name(opts, suffix) end
  local self = core.make(TextField, box, w, h + ERROR_LINE, opts)
  local inside = math.max(1, w - 2 * TEXT_INSET)
  self.shown = tide.sprite.text("", {
    parent = box, x = TEXT_INSET, y = h / 2, anchor = "left", size = size, font = opts.font or theme.font, color = theme.field_text, name = part("text"),
    max_width = inside, fit = "shrink", min_size = size * 0.6,
  })
  self.placeholder = tide.sprite.text(opts.placeholder or "", {
    parent = box, x = TEXT_INSET, y = h / 2, anchor = "left", size = size, font = opts.font or theme.font, color = theme.placeholder, name = part("placeholder"),
    max_width = inside, fit = "shrink", min_size = size * 0.6,
  })
  self.caret = tide.sprite.rect{
    parent = box, y = h / 2, w = 2, h = size * 1.2, anchor = "left", fill = theme.field_text,
    visible = false, name = part("caret"),
  }
  -- The whole box the field reserves, its error line included, so that line lies inside the widget.
  self.area = tide.sprite.group{ parent = box, w = w, h = h + ERROR_LINE }
  self.error_label = tide.sprite.text("", {
    parent = self.area, x = 4, y = h + 2, size = 16, font = theme.font, color = theme.danger_text, name = part("error"),
    max_width = math.max(1, w - 4), fit = "shrink", min_size = 11,
  })
  self.value_text = ""
  self.max_length, self.numeric = opts.max_length, opts.numeric
  self.min, self.max = opts.min, opts.max
  -- The layout check measures the field's text at its longest.
  self.shown.layout_text = self:longest_text()
  self.required, self.required_message = opts.required, opts.required_message or "Required"
  self.validate, self.on_change, self.on_submit, self.on_blur = opts.validate, opts.on_change, opts.on_submit, opts.on_blur
  self.enabled, self.scene = true, core.visit()
  if opts.enabled == false then self:set_enabled(false) end
  self:set_text(opts.text)

  -- A press outside the focused field takes its focus away when the finger lifts
  -- (listeners hear pointer_down before the press reaches a sprite).
  local state = core.state()
  local leaving = false
  tide.input.on("pointer_down", function() leaving = state.focused == self end)
  box:on("press", function() leaving = false end)
  tide.input.on("pointer_up", function()
    if leaving then leaving = false; self:blur() end
  end)
  box:on("tap", function() self:focus() end)
  tide.input.on("text", function(typed)
    if state.focused == self and not core.modal_open() then self:insert(typed) end
  end)
  tide.input.on("key", function(name)
    if state.focused == self and not core.modal_open() then self:key(name) end
  end)
  return self
end
