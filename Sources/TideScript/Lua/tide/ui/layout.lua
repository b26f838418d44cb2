-- tide.ui.column and tide.ui.row: place widgets one under / beside another,
-- with `spacing` between them and `align` across. A column starts out as the
-- whole design size (tide.screen), so the same screen lays out on a phone-
-- and a tablet-shaped window; `max_width` keeps it readable on wide ones.
-- Hidden widgets give up their place; a widget that changes size or
-- visibility lays its column out again.

local core = require("tide.ui.core")
local type_of = require("tide.names").type_of

local Column = core.class()
local Row = core.class()

local function add(self, child)
  -- A sprite is a table too, one that has no field `sprite` (asking raises): refused first.
  if type_of(child) ~= "table" or not child.sprite then
    error("tide.ui." .. self.kind .. ": children must be tide.ui widgets", 3)
  end
  child.owner = self
  self.sprite:add(child.sprite)
  self.children[#self.children + 1] = child
end

local function visible_children(self)
  local list = {}
  for _, child in ipairs(self.children) do
    if child.sprite.visible then list[#list + 1] = child end
  end
  return list
end

local function forget(self, child)
  for i, c in ipairs(self.children) do
    if c == child then table.remove(self.children, i); break end
  end
  child.owner = nil
  self:layout()
end

local function add_method(self, child)
  add(self, child)
  self:layout()
  return child
end

Column.add, Row.add, Column.forget, Row.forget = add_method, add_method, forget, forget

function Column:set_width(w)
  self.w = w
  self:layout()
  return self
end

--- Places the children top to bottom; the column's height follows them unless fixed.
function Column:layout()
  local pad = self.padding
  local inner = self.w - 2 * pad
  if self.max_width then inner = math.min(inner, self.max_width) end
  local left = (self.w - inner) / 2
  local list = visible_children(self)
  local total = 0
  for i, child in ipairs(list) do
    if self.align == "stretch" and child.set_width then child:set_width(inner) end
    local _, ch = child:size()
    total = total + ch + (i > 1 and self.spacing or 0)
  end
  local top = pad
  if self.fixed_height then
    local room = self.fixed_height - 2 * pad
    top = pad + ({ top = 0, center = (room - total) / 2, bottom = room - total })[self.justify]
  end
  local y = top
  for _, child in ipairs(list) do
    local cw, ch = child:size()
    local offset = ({ left = 0, center = (inner - cw) / 2, right = inner - cw, stretch = 0 })[self.align]
    child.sprite.x, child.sprite.y = left + offset, y
    y = y + ch + self.spacing
  end
  local h = self.fixed_height or (total + 2 * pad)
  self.sprite.w = self.w
  if h ~= self.h then
    self.h, self.sprite.h = h, h
    self:changed()
  end
end

function Row:set_width(w)
  self.fixed_width = w
  self:layout()
  return self
end

--- Places the children left to right; the row is as wide as they are unless given a width.
function Row:layout()
  local list = visible_children(self)
  local total, tallest = 0, 0
  for i, child in ipairs(list) do
    local cw, ch = child:size()
    total = total + cw + (i > 1 and self.spacing or 0)
    tallest = math.max(tallest, ch)
  end
  local w = self.fixed_width or total
  local gap = self.spacing
  local x = ({ start = 0, center = (w - total) / 2, ["end"] = w - total, space_between = 0 })[self.justify]
  if self.justify == "space_between" and #list > 1 then
    gap = self.spacing + (w - total) / (#list - 1)
  end
  for _, child in ipairs(list) do
    local cw, ch = child:size()
    local offset = ({ top = 0, center = (tallest - ch) / 2, bottom = tallest - ch })[self.align]
    child.sprite.x, child.sprite.y = x, offset
    x = x + cw + gap
  end
  local changed = w ~= self.w or tallest ~= self.h
  self.w, self.h = w, tallest
  self.sprite.w, self.sprite.h = w, tallest
  if changed then self:changed() end
end

local function make(class, kind, opts, defaults)
  local self = core.make(class, tide.sprite.group{ name = opts.name }, 0, 0, { parent = opts.parent, visible = opts.visible })
  self.kind, self.children = kind, {}
  self.spacing = opts.spacing or 12
  self.align = opts.align or defaults.align
  self.justify = opts.justify or defaults.justify
  self.padding = opts.padding or 0
  self.max_width = opts.max_width
  for _, child in ipairs(opts) do add(self, child) end
  for _, child in ipairs(opts.children or {}) do add(self, child) end
  return self
end

--- tide.ui.column{ child, child, ..., spacing = 12, align = "center"|"left"|"right"|"stretch",
---   justify = "top"|"center"|"bottom", padding, max_width, x = 0, y = 0,
---   width = tide.screen.width, height (nil: as tall as the children), name }
local function column(opts)
  opts = core.options("column", opts)
  core.check_choice("column", "align", opts.align, { "center", "left", "right", "stretch" })
  core.check_choice("column", "justify", opts.justify, { "top", "center", "bottom" })
  local self = make(Column, "column", opts, { align = "center", justify = "top" })
  self.w = opts.width or tide.screen.width
  self.fixed_height = opts.height
  self:layout()
  self.sprite.x, self.sprite.y = opts.x or 0, opts.y or 0
  return self
end

--- tide.ui.row{ child, child, ..., spacing = 12, align = "center"|"top"|"bottom",
---   justify = "center"|"start"|"end"|"space_between" (with a width), width, x, y, name }
local function row(opts)
  opts = core.options("row", opts)
  core.check_choice("row", "align", opts.align, { "center", "top", "bottom" })
  core.check_choice("row", "justify", opts.justify, { "center", "start", "end", "space_between" })
  local self = make(Row, "row", opts, { align = "center", justify = "center" })
  self.fixed_width = opts.width
  self:layout()
  if opts.x or opts.y then self:place(opts.x or 0, opts.y or 0, opts.anchor) end
  return self
end

--- tide.ui.spacer{ height, width }: empty room in a column or row.
local function spacer(opts)
  opts = core.options("spacer", opts)
  return core.make(core.class(), tide.sprite.group{}, opts.width or 0, opts.height or 0, {})
end

return { column = column, row = row, spacer = spacer }
