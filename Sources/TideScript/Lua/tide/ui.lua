-- tide.ui: widgets and screens for casual games, built on sprites and gestures.
--
-- Each constructor takes one table of options and returns a widget object:
-- `widget.sprite` is its root sprite (top-left at its position), `name` names
-- the sprite a test finds (parts are `<name>_label`, `<name>_text`, ...), and
-- `sprite.data.widget` leads back to the object. Every widget has
-- place(x, y, anchor), bounds(), set_visible / show / hide / is_visible, remove.
--
--   label{ text, size, color, align, width, wrap }        :text() :set_text(s) :set_color(c)
--   button{ text, on_press, style, width, height, enabled, visible }
--                                                         :text() :set_text(s) :set_enabled(b) :press()
--   text_field{ text, placeholder, max_length, numeric, required, validate, on_change, on_submit }
--                                                         :text() :number() :set_text(s) :focus() :blur()
--                                                         :is_valid() :error() :set_enabled(b)
--   slider{ min, max, step, value, format, on_change }    :value() :set_value(v) :set_enabled(b)
--   segmented{ options, value, on_change }                :value() :set_value(id) :set_enabled(b)
--   alert{ title, message, buttons, on_dismiss }          :dismiss() :is_open()
--   info_button{ on_press }   back_button{ text }   spacer{ height, width }
--   column{ w1, w2, ..., spacing, align, justify, padding, max_width, x, y, width, height } :add(w)
--   row{ w1, w2, ..., spacing, align, justify, width }   :add(w)
--   screen(name, definition)  go(name, params, opts)  back()  can_go_back()  reset(name)  current()
--
-- Setters called from code never fire on_change; a user's tap, drag or typing does.
-- Each constructor's options are explained above it in tide/ui/<widget>.lua;
-- screens in tide/ui/navigation.lua, layout in tide/ui/layout.lua.

local core = require("tide.ui.core")
local layout = require("tide.ui.layout")
local navigation = require("tide.ui.navigation")
local button = require("tide.ui.button")

local ui = {
  --- The colours, font sizes and spacing every widget uses (a table of fields, see tide/ui/core.lua);
  --- change a field before building widgets to restyle them.
  theme = core.theme,
  --- A text label: `tide.ui.label{ text, size, color, align, width, wrap, name, x, y, anchor, parent }`.
  --- Methods: `:text()`, `:set_text(s)`, `:set_color(c)`, and every widget's `place(x, y, anchor)`,
  --- `bounds()`, `set_visible(b)`, `show()`, `hide()`, `is_visible()`, `remove()`.
  --- @example local title = tide.ui.label{ text = "Memory", size = 32, name = "title" }
  label = require("tide.ui.label"),
  --- A button: `tide.ui.button{ text, on_press, style ("primary", "secondary"), width, height, enabled, visible, name }`.
  --- Methods: `:text()`, `:set_text(s)`, `:set_enabled(b)`, `:press()` (as a tap would).
  --- @example tide.ui.button{ text = "Play", name = "play", on_press = function() tide.ui.go("play") end }
  button = button,
  --- A one-line text field: `tide.ui.text_field{ text, placeholder, max_length, numeric, required, validate, on_change, on_submit, name }`.
  --- Methods: `:text()`, `:number()`, `:set_text(s)`, `:focus()`, `:blur()`, `:is_valid()`, `:error()`, `:set_enabled(b)`.
  text_field = require("tide.ui.text_field"),
  --- A slider: `tide.ui.slider{ min, max, step, value, format, on_change, name }`.
  --- Methods: `:value()`, `:set_value(v)`, `:set_enabled(b)`.
  slider = require("tide.ui.slider"),
  --- A segmented choice: `tide.ui.segmented{ options = { { id, text }, ... }, value, on_change, name }`.
  --- Methods: `:value()`, `:set_value(id)`, `:set_enabled(b)`.
  segmented = require("tide.ui.segmented"),
  --- A modal alert: `tide.ui.alert{ title, message, buttons = { { text, on_press }, ... }, on_dismiss }`.
  --- Methods: `:dismiss()`, `:is_open()`.
  alert = require("tide.ui.alert"),
  --- A column laying widgets out top to bottom:
  --- `tide.ui.column{ w1, w2, ..., spacing, align, justify, padding, max_width, x, y, width, height }`. Method `:add(w)`.
  column = layout.column,
  --- A row laying widgets out left to right: `tide.ui.row{ w1, w2, ..., spacing, align, justify, width }`. Method `:add(w)`.
  row = layout.row,
  --- Empty space in a row or column: `tide.ui.spacer{ height, width }`.
  spacer = layout.spacer,
  --- Defines a screen: `tide.ui.screen(name, { build = function(self, params) ... end, ... })` (see tide/ui/navigation.lua).
  screen = navigation.screen,
  --- Shows screen `name`, remembering the one shown for `back()`: `tide.ui.go(name, params, opts)`.
  go = navigation.go,
  --- Returns to the previous screen.
  back = navigation.back,
  --- True when `back()` has a screen to return to.
  can_go_back = navigation.can_go_back,
  --- Shows screen `name` and forgets the history.
  reset = navigation.reset,
}

--- tide.ui.info_button{ on_press, size = 40, name = "info" }: a round "i" button.
function ui.info_button(opts)
  opts = opts or {}
  local size = opts.size or 40
  return button{
    text = "i", on_press = opts.on_press, name = opts.name or "info", width = size, height = size,
    radius = size / 2, style = "secondary", size = size * 0.6, x = opts.x, y = opts.y, anchor = opts.anchor,
    visible = opts.visible, parent = opts.parent,
  }
end

--- tide.ui.back_button{ text = "‹ Back", name = "back" }: goes back a screen.
function ui.back_button(opts)
  opts = opts or {}
  return button{
    text = opts.text or "‹ Back", style = opts.style or "secondary", name = opts.name or "back",
    on_press = function() navigation.back() end, x = opts.x, y = opts.y, anchor = opts.anchor,
    width = opts.width, height = opts.height or 44, size = opts.size or 20,
  }
end

--- tide.ui.focused(): the text field with the focus, or nil.
function ui.focused() return core.state().focused end

--- tide.ui.current(): the screen shown (its name), as tide.ui.go and back see it.
function ui.current()
  local current = core.state().current
  return current and current.name
end

return ui
