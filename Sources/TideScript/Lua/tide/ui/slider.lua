-- tide.ui.slider: a value from `min` to `max` in steps of `step` (whole
-- numbers by default). Drag the thumb, or tap the track to jump there; the
-- value shows at the right end.

local core = require("tide.ui.core")
local theme = core.theme

local Slider = core.class()
local HEIGHT, THUMB, VALUE_WIDTH = 44, 14, 52
-- A child's finger needs 48 points to aim at (Material's minimum), more than the slider is drawn.
local TOUCH = 48

function Slider:value() return self.current end

local function snap(self, v)
  v = math.max(self.min, math.min(self.max, v))
  v = self.min + math.floor((v - self.min) / self.step + 0.5) * self.step
  v = math.min(v, self.max)
  return math.tointeger(v) or v
end

--- Sets the value from code (snapped to a step, kept in range; no on_change).
function Slider:set_value(v)
  self.current = snap(self, v)
  self:refresh()
  return self
end

function Slider:set_width(w)
  self.w, self.sprite.w = w, w
  self.track_w = w - (self.shows_value and VALUE_WIDTH or 0) - 2 * THUMB
  self.track.w = self.track_w
  self.value_label.x = w - VALUE_WIDTH / 2
  self:refresh()
  return self
end

function Slider:refresh()
  local span = self.max - self.min
  local t = span > 0 and (self.current - self.min) / span or 0
  local x = THUMB + t * self.track_w
  self.thumb.x = x
  self.filled.w = t * self.track_w
  self.value_label.text = self.format(self.current)
end

-- The finger is at design x: move to the nearest step there.
function Slider:pick(x)
  if not self.enabled then return end
  local left = self.sprite:bounds() + THUMB
  local t = self.track_w > 0 and (x - left) / self.track_w or 0
  local v = snap(self, self.min + t * (self.max - self.min))
  if v ~= self.current then
    self.current = v
    self:refresh()
    if self.on_change then self.on_change(self, v) end
  end
end

--- tide.ui.slider{ min = 0, max = 10, step = 1, value, width, show_value = true,
---   format = function(value) return text end, on_change = function(slider, value), name, enabled }
return function(opts)
  opts = core.options("slider", opts)
  local min, max = opts.min or 0, opts.max or 10
  if not (min < max) then error("tide.ui.slider: min must be less than max", 2) end
  local w = opts.width or 280
  -- The root is an invisible strip as tall as a finger: it takes the taps and drags.
  local root = tide.sprite.group{ w = w, h = HEIGHT, name = opts.name, tag = opts.tag }
  local function part(suffix) return core.part_name(opts, suffix) end
  local self = core.make(Slider, root, w, HEIGHT, opts)
  -- Clear, and reaching past the drawn strip above and below: taps on it go to the root's handlers.
  tide.sprite.rect{ parent = root, y = (HEIGHT - TOUCH) / 2, w = w, h = TOUCH, fill = "#00000000", name = part("touch") }
  self.min, self.max, self.step = min, max, opts.step or 1
  self.shows_value = opts.show_value ~= false
  self.format = opts.format or tostring
  self.on_change = opts.on_change
  self.track = tide.sprite.rect{ parent = root, x = THUMB, y = HEIGHT / 2, h = 6, anchor = "left", radius = 3, fill = theme.surface }
  self.filled = tide.sprite.rect{ parent = root, x = THUMB, y = HEIGHT / 2, h = 6, anchor = "left", radius = 3, fill = theme.primary }
  self.thumb = tide.sprite.circle{
    parent = root, y = HEIGHT / 2, radius = THUMB, fill = "#ffffff", stroke = theme.primary, stroke_width = 3, name = part("thumb"),
  }
  self.value_label = tide.sprite.text("", {
    parent = root, y = HEIGHT / 2, anchor = "center", size = theme.font_size, font = theme.font, color = theme.text,
    name = part("value"), visible = self.shows_value,
  })
  self.current = snap(self, opts.value or min)
  self:set_width(w)
  self:set_enabled(opts.enabled ~= false)

  root:on("tap", function(e) self:pick(e.x) end)
  root:on("drag", function(e) self:pick(e.x) end)
  root:on("press", function() if self.enabled then self.thumb.scale = 1.2 end end)
  root:on("release", function() self.thumb.scale = 1 end)
  return self
end
