-- tide.ui.segmented: a row of mutually exclusive choices; the chosen one is
-- highlighted. Options are `{ id = "rounds", text = "By rounds" }` or plain strings.

local core = require("tide.ui.core")
local theme = core.theme

local Segmented = core.class()

function Segmented:value() return self.current end

--- Chooses `id` from code (no on_change).
function Segmented:set_value(id)
  self.current = id
  for _, segment in ipairs(self.segments) do
    local chosen = segment.id == id
    segment.box.fill = chosen and theme.primary or "#00000000"
    segment.label.color = chosen and theme.on_primary or theme.text
  end
  return self
end

function Segmented:set_width(w)
  self.w, self.sprite.w = w, w
  local each = (w - 8) / #self.segments
  for i, segment in ipairs(self.segments) do
    segment.box.x, segment.box.w = 4 + (i - 1) * each, each
    segment.reach.w = each
    segment.label.x = each / 2
    segment.label.max_width = math.max(1, each - 12)
  end
  return self
end

--- tide.ui.segmented{ options = { { id, text }, ... } or { "A", "B" }, value, on_change = function(segmented, id),
---   width, height, size, name, enabled }. Each segment is named `<name>_<id>`.
return function(opts)
  opts = core.options("segmented", opts)
  if type(opts.options) ~= "table" or #opts.options < 2 then
    error("tide.ui.segmented: options must list at least two choices", 2)
  end
  local w, h = opts.width or 300, opts.height or 48
  local root = tide.sprite.rect{ w = w, h = h, radius = 12, fill = theme.surface, name = opts.name, tag = opts.tag }
  local self = core.make(Segmented, root, w, h, opts)
  self.segments, self.on_change, self.enabled = {}, opts.on_change, true
  for _, option in ipairs(opts.options) do
    local id, text = option, option
    if type(option) == "table" then id, text = option.id, option.text or option.id end
    local box = tide.sprite.rect{
      parent = root, y = 4, h = h - 8, radius = 9, name = opts.name and (opts.name .. "_" .. id), tag = "segment",
    }
    local label = tide.sprite.text(text, {
      parent = box, y = (h - 8) / 2, anchor = "center", size = opts.size or 20, font = opts.font or theme.font, align = "center",
      max_height = h - 12, fit = "shrink",
    })
    -- The segment takes taps over the control's whole height, its inset margin too: a finger
    -- needs the room more than the highlight does.
    local reach = tide.sprite.group{ parent = box, y = -4, w = 10, h = h }
    box:on("tap", function()
      if not self.enabled or self.current == id then return end
      self:set_value(id)
      if self.on_change then self.on_change(self, id) end
    end)
    self.segments[#self.segments + 1] = { id = id, box = box, label = label, reach = reach }
  end
  self:set_width(w)
  self:set_value(opts.value or self.segments[1].id)
  if opts.enabled == false then self:set_enabled(false) end
  return self
end
