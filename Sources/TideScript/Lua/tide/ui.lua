-- tide.ui: widgets and screens for casual games, built on sprites and gestures.
--
--   tide.ui.label{ text = "Hello" }            tide.ui.button{ text = "Continue", on_press = fn }
--   tide.ui.text_field{ placeholder = "Name" } tide.ui.slider{ min = 1, max = 5 }
--   tide.ui.segmented{ options = { "A", "B" } } tide.ui.alert{ title = "You win!", message = "..." }
--   tide.ui.info_button{ on_press = fn }       tide.ui.column{ spacing = 12, w1, w2 } / tide.ui.row{ ... }
--   tide.ui.screen("menu", { enter = ... })    tide.ui.go("play", params) / tide.ui.back()
--
-- Each constructor takes one table of options and returns a widget object:
-- `widget.sprite` is its root sprite (top-left at its position), `name`
-- names the sprite tests find, and methods change it (set_text, set_enabled,
-- set_visible, value ...). Each constructor's options are listed above it in
-- tide/ui/<widget>.lua; screens are explained in tide/ui/navigation.lua.

local core = require("tide.ui.core")
local layout = require("tide.ui.layout")
local navigation = require("tide.ui.navigation")
local button = require("tide.ui.button")

local ui = {
  theme = core.theme,
  label = require("tide.ui.label"),
  button = button,
  text_field = require("tide.ui.text_field"),
  slider = require("tide.ui.slider"),
  segmented = require("tide.ui.segmented"),
  alert = require("tide.ui.alert"),
  column = layout.column,
  row = layout.row,
  spacer = layout.spacer,
  screen = navigation.screen,
  go = navigation.go,
  back = navigation.back,
  can_go_back = navigation.can_go_back,
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
