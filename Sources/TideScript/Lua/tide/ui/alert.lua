-- tide.ui.alert: a modal card with a title, a message and buttons. A dimmed
-- sheet over the whole screen swallows every tap and drag, and typing is held
-- back from text fields, until one of the buttons dismisses it.

local core = require("tide.ui.core")
local theme = core.theme
local label = require("tide.ui.label")
local button = require("tide.ui.button")
local layout = require("tide.ui.layout")

local Alert = core.class()

function Alert:is_open() return self.open end

--- Removes the alert (without calling any button's on_press).
function Alert:dismiss()
  if not self.open then return end
  self.open = false
  local alerts = core.state().alerts
  for i, alert in ipairs(alerts) do
    if alert == self then table.remove(alerts, i); break end
  end
  self.sprite:remove()
  if self.on_dismiss then self.on_dismiss(self) end
end

--- tide.ui.alert{ title, message, buttons = { { text, on_press = function(alert), style, name }, ... },
---   on_dismiss = function(alert), width, name = "alert" }. Shown at once; any button dismisses it.
return function(opts)
  opts = core.options("alert", opts)
  local name = opts.name or "alert"
  local sw, sh = tide.screen.width, tide.screen.height
  local w = opts.width or math.min(sw - 48, 380)
  local sheet = tide.sprite.rect{ w = sw, h = sh, fill = "#000000a0", z = 5000, name = name }
  local self = core.make(Alert, sheet, sw, sh, {})
  self.open, self.on_dismiss, self.scene = true, opts.on_dismiss, core.visit()
  sheet:on("tap", function() end)   -- the sheet takes every tap, so nothing beneath does

  local state = core.state()
  if state.focused then state.focused:blur() end
  table.insert(state.alerts, self)

  local buttons = {}
  for i, spec in ipairs(opts.buttons or { { text = "OK" } }) do
    buttons[#buttons + 1] = button{
      text = spec.text, style = spec.style or (i == #(opts.buttons or { 1 }) and "primary" or "plain"),
      name = spec.name or (name .. "_" .. i), min_width = 110,
      on_press = function()
        self:dismiss()
        if spec.on_press then spec.on_press(self) end
      end,
    }
  end
  local content = layout.column{
    width = w, padding = 24, spacing = 14,
    label{ text = opts.title or "", size = 28, name = name .. "_title", width = w - 48, wrap = true, align = "center" },
    label{ text = opts.message or "", size = 19, color = theme.muted, name = name .. "_message",
      width = w - 48, wrap = true, align = "center" },
    layout.spacer{ height = 4 },
    layout.row{ spacing = 12, table.unpack(buttons) },
  }
  local card = tide.sprite.rect{ parent = sheet, x = sw / 2, y = sh / 2, w = w, h = content.h,
    anchor = "center", radius = 20, fill = theme.surface, name = name .. "_card" }
  card:add(content.sprite)
  card.scale = 0.85
  tide.tween(card, 0.2, { scale = 1 }, { ease = "out_back" })
  return self
end
