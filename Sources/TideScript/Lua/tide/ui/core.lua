-- tide.ui core: the theme, per-game state, the widget base class and small
-- helpers the widgets share.
--
-- Every widget is a Lua object around one root sprite whose top-left corner
-- is its position (anchor "top_left"); `w` and `h` are the box a layout
-- reserves for it. The root sprite's `data.widget` points back at the object,
-- so a test holding a sprite can reach the widget.

local core = {}

local type_of = require("tide.names").type_of

-- Colours and sizes every widget starts from; each widget takes overrides.
core.theme = {
  background = "#1d2433",
  surface = "#2c3547",
  primary = "#f2c14e",
  on_primary = "#1d2433",
  text = "#ffffff",
  muted = "#9aa5b8",
  danger = "#c93c37",           -- white text on it 5:1; as an outline 3:1 on `background`
  danger_text = "#ff7b72",      -- error text on dark backgrounds: 6:1 on `background`
  field = "#f4f6fa",
  field_text = "#1d2433",
  placeholder = "#646c7d",      -- 4.9:1 on `field`: WCAG AA for text
  border = "#c9d0dc",
  font_size = 22,
}

-- Focus, screen history and open alerts. Library modules load afresh with every
-- start of the game, so this starts empty each time.
local state = { history = {}, current = nil, focused = nil, alerts = {} }

function core.state() return state end

-- The visit of a scene a widget belongs to: the instance number tide.scene.current
-- returns changes each time a scene is entered, so widgets of an earlier visit
-- (gone with it) are never mistaken for this one's.
function core.visit()
  local _, visit = tide.scene.current()
  return visit
end

-- Whether an alert of the current visit is open; alerts of visits that ended are dropped.
function core.modal_open()
  local visit = core.visit()
  for i = #state.alerts, 1, -1 do
    if state.alerts[i].scene ~= visit then table.remove(state.alerts, i) end
  end
  for _, alert in ipairs(state.alerts) do
    if alert.open then return true end
  end
  return false
end

-- "#rrggbb" scaled towards black by `factor` (0.8 = 20% darker).
function core.darken(hex, factor)
  local r, g, b, a = hex:match("^#(%x%x)(%x%x)(%x%x)(%x?%x?)$")
  if not r then return hex end
  local function scale(c) return ("%02x"):format(math.floor(tonumber(c, 16) * factor + 0.5)) end
  return "#" .. scale(r) .. scale(g) .. scale(b) .. a
end

local ANCHORS = {
  top_left = { 0, 0 }, top = { 0.5, 0 }, top_right = { 1, 0 },
  left = { 0, 0.5 }, center = { 0.5, 0.5 }, right = { 1, 0.5 },
  bottom_left = { 0, 1 }, bottom = { 0.5, 1 }, bottom_right = { 1, 1 },
}

-- A widget's options: `opts`, or none; anything else (a sprite, which is a table too) is
-- refused at the caller's line.
function core.options(fname, opts)
  if opts == nil then return {} end
  if type_of(opts) ~= "table" then
    error(("bad argument #1 to '%s' (table of options expected, got %s)"):format(fname, type_of(opts)), 3)
  end
  return opts
end

function core.check_choice(fname, field, value, choices)
  if value == nil then return end
  for _, choice in ipairs(choices) do
    if value == choice then return end
  end
  error(("tide.ui.%s: %s must be one of %s, got %s"):format(
    fname, field, table.concat(choices, ", "), tostring(value)), 3)
end

-- A widget class: methods fall back to Widget's.
local Widget = {}
Widget.__index = Widget
core.Widget = Widget

function core.class()
  local class = setmetatable({}, { __index = Widget })
  class.__index = class
  return class
end

-- Wraps `sprite` as a widget of `class`, sized w x h, applying the options
-- every widget shares: x, y, anchor, visible, parent.
function core.make(class, sprite, w, h, opts)
  local self = setmetatable({ sprite = sprite, w = w, h = h, name = opts.name }, class)
  sprite.anchor = "top_left"
  sprite.data.widget = self
  if opts.parent then opts.parent:add(sprite) end
  if opts.visible == false then sprite.visible = false end
  if opts.x or opts.y then self:place(opts.x or 0, opts.y or 0, opts.anchor) end
  return self
end

--- The box a layout reserves: width, height.
function Widget:size() return self.w, self.h end

--- Puts the widget's `anchor` point (default its top-left) at x, y in its parent.
function Widget:place(x, y, anchor)
  local a = ANCHORS[anchor or "top_left"]
  if not a then error("tide.ui: unknown anchor '" .. tostring(anchor) .. "'", 2) end
  self.sprite.x, self.sprite.y = x - a[1] * self.w, y - a[2] * self.h
  return self
end

function Widget:position() return self.sprite.x, self.sprite.y end

--- Where the widget is on the screen: left, top, width, height in design units.
function Widget:bounds()
  local x, y = self.sprite:bounds()
  return x, y, self.w, self.h
end

--- Shows or hides the widget; a hidden widget takes no input and gives up its
--- place in a column or row.
function Widget:set_visible(visible)
  if self.sprite.visible == visible then return self end
  -- A hidden field must stop taking the keyboard.
  if not visible and state.focused == self then self:blur() end
  self.sprite.visible = visible
  self:changed()
  return self
end
function Widget:show() return self:set_visible(true) end
function Widget:hide() return self:set_visible(false) end
function Widget:is_visible() return self.sprite.visible end

--- Enables or disables the widget: a disabled one is faded and ignores input (widgets
--- check `self.enabled`); subclasses extend this for their own looks.
function Widget:set_enabled(enabled)
  self.enabled = enabled
  self.sprite.alpha = enabled and 1 or 0.4
  return self
end
function Widget:is_enabled() return self.enabled end

--- The name of a widget's part (`<name>_<suffix>`) for tests to find, or nil for an unnamed widget.
function core.part_name(opts, suffix) return opts.name and (opts.name .. "_" .. suffix) end

--- Tells the layout holding the widget that its size or visibility changed.
function Widget:changed()
  if self.owner then self.owner:layout() end
end

function Widget:remove()
  if state.focused == self then self:blur() end
  if self.owner then self.owner:forget(self) end
  self.sprite:remove()
end

return core
