-- The animal blocks: loads the set conf.lua's `blocks` option names (data/blocks.lua, or a
-- variant such as data/ice.lua), checks its bodies and materials as it loads, and makes a
-- block's sprite (its shape, colour and emoji) from the same numbers as its body.

local blocks = {}

blocks.source = tide.options.blocks
local set = require(blocks.source)
local file = blocks.source:gsub("%.", "/") .. ".lua"
tide.physics.materials(set.materials, file .. ": materials")
blocks.bodies = tide.physics.bodies(set.bodies, file .. ": bodies")
blocks.looks = set.looks
blocks.order = set.order
for _, name in ipairs(blocks.order) do
  assert(blocks.bodies[name] and blocks.looks[name], file .. ": order names '" .. name .. "', which has no body and look")
end

-- A sprite for block `name` at (x, y): its shape drawn as its body is, and its emoji on it.
function blocks.make(name, x, y)
  local shape = blocks.bodies[name].shape
  local look = blocks.looks[name]
  local s, cx, cy
  if shape.shape == "circle" then
    s = tide.sprite.circle({ x = x, y = y, radius = shape.radius, fill = look.color, stroke = "#00000040", stroke_width = 2 })
    cx, cy = shape.radius, shape.radius
  elseif shape.shape == "polygon" then
    s = tide.sprite.polygon({ x = x, y = y, points = shape.points, fill = look.color, stroke = "#00000040", stroke_width = 2 })
    cx, cy = 0, 8
  else
    s = tide.sprite.rect({ x = x, y = y, w = shape.w, h = shape.h, radius = shape.corner or 0, anchor = "center",
      fill = look.color, stroke = "#00000040", stroke_width = 2 })
    cx, cy = shape.w / 2, shape.h / 2
  end
  s.name = "block_" .. name
  s.tag = "block"
  tide.sprite.text(look.emoji, { parent = s, x = cx, y = cy, anchor = "center", size = 28 })
  s.data.kind = name
  return s
end

-- Gives block `s` its body: it starts to fall.
function blocks.drop(s)
  tide.physics.body(s, blocks.bodies[s.data.kind])
  s.data.dropped = true
end

-- The top of block `s`: its highest point (y grows downwards), however it has turned.
function blocks.top(s)
  local shape = blocks.bodies[s.data.kind].shape
  if shape.shape == "circle" then return s.y - shape.radius end
  local r = math.rad(s.rotation)
  local c, si = math.cos(r), math.sin(r)
  local points = shape.points or { -shape.w / 2, -shape.h / 2, shape.w / 2, -shape.h / 2, shape.w / 2, shape.h / 2, -shape.w / 2, shape.h / 2 }
  local top = math.huge
  for i = 1, #points, 2 do
    top = math.min(top, s.y + points[i] * si + points[i + 1] * c)
  end
  return top
end

return blocks
