-- The rules of the bubbles, apart from any screen: the colour table (checked when
-- the game loads), the weighted colour pick, combo scoring, how many bubbles each
-- second takes away and adds, the drift speed curve, and placing a bubble where it
-- overlaps nothing and lies wholly inside the field.

local game = require("data.game")

local bubbles = {}

-- "data.colours" -> "data/colours.lua", the file an author has to fix.
local function source_of(module) return (module:gsub("%.", "/")) .. ".lua" end

-- The fields a colour entry may have; any other is a typo (`probabilty`) to name at load.
local FIELDS = { colour = true, fill = true, points = true, probability = true, text = true, outline = true }

-- Refuses a `value` the engine does not take as a colour, naming the field.
local function check_colour(where, key, value)
  local red, why = tide.colour(value)
  if not red then error(where .. key .. ": " .. why, 0) end
end

--- Checks a colour table and returns it; a bad one raises an error naming the file and
--- the field: "data/colours.lua: colours: probabilities sum to 95, expected 100".
function bubbles.check_colours(list, source)
  -- Unknown fields first: a misspelt `probabilty` is the fault, not the missing probability.
  for i, item in ipairs(type(list) == "table" and list or {}) do
    local key, expected
    if type(item) == "table" then key, expected = tide.rules.unknown_field(item, FIELDS) end
    if key then
      error(("%s: colours[%d]: unknown field '%s' (expected: %s)"):format(source, i, key, expected), 0)
    end
  end
  local ok, err = tide.rules.validate_weighted(list, "probability", { name = "colours", total = 100 })
  if not ok then error(source .. ": " .. err, 0) end
  local seen = {}
  for i, item in ipairs(list) do
    local where = ("%s: colours[%d]."):format(source, i)
    if type(item.colour) ~= "string" or item.colour == "" then
      error(where .. "colour: expected a name, got " .. tostring(item.colour), 0)
    end
    if seen[item.colour] then error(where .. "colour: '" .. item.colour .. "' is listed twice", 0) end
    seen[item.colour] = true
    if math.type(item.points) ~= "integer" or item.points <= 0 then
      error(where .. "points: expected a positive whole number, got " .. tostring(item.points), 0)
    end
    if type(item.fill) ~= "string" then error(where .. "fill: expected a colour like \"#e63946\", got " .. tostring(item.fill), 0) end
    check_colour(where, "fill", item.fill)
    for _, key in ipairs({ "text", "outline" }) do
      if item[key] ~= nil and type(item[key]) ~= "string" then
        error(where .. key .. ": expected a colour like \"#14213d\" or nothing, got " .. tostring(item[key]), 0)
      end
      if item[key] ~= nil then check_colour(where, key, item[key]) end
    end
  end
  return list
end

-- The table named by the `colours` option (conf.lua), checked now so a bad one stops the load.
bubbles.source = source_of(tide.options.colours)
bubbles.colours = bubbles.check_colours(require(tide.options.colours), bubbles.source)

--- One colour entry, chosen with the table's probabilities. Every bubble's colour comes from here.
function bubbles.pick_colour()
  return tide.random.weighted(bubbles.colours, "probability")
end

--- The points a pop earns, and whether it was a combo: the same colour as the previous pop
--- earns `combo_multiplier` times the bubble's points, rounded to the nearest whole number.
function bubbles.points_for(colour, previous_colour)
  if colour.colour == previous_colour then
    return math.floor(colour.points * game.combo_multiplier + 0.5), true
  end
  return colour.points, false
end

--- How many of `live` bubbles a game second takes away, and how many it adds, never going
--- over `max`. Popped bubbles are gone already: `live` counts only the ones still there.
function bubbles.refresh_counts(live, max)
  local remove = tide.random.int(0, math.floor(live * game.refresh.remove_share))
  local room = math.max(0, max - (live - remove))
  local add = room > 0 and tide.random.int(math.ceil(room * game.refresh.add_share), room) or 0
  return remove, add
end

--- The drift speed when `left` (1 at the start, 0 at the end) of the game time remains:
--- a straight line between the points of data/game.lua's curve.
function bubbles.speed(left)
  local curve = game.drift
  left = math.max(0, math.min(1, left))
  for i = 1, #curve - 1 do
    local a, b = curve[i], curve[i + 1]
    if left <= a.left and left >= b.left then
      local t = (a.left - left) / (a.left - b.left)
      return a.speed + (b.speed - a.speed) * t
    end
  end
  return curve[#curve].speed
end

--- A centre for a bubble of `radius` inside `field` ({ left, top, right, bottom }), at least
--- `gap` away from every one of `others` (each a circle { x, y, radius } or a box { left, top,
--- right, bottom }), with `rise` spare room above it (how far it drifts before it may reach
--- the field's top). Random spots are tried `placement_attempts`
--- times; nil when none fits, and the bubble is skipped.
function bubbles.place(others, radius, field, rise)
  local b = game.bubble
  local top = field.top + radius + (rise or 0)
  local left, right, bottom = field.left + radius, field.right - radius, field.bottom - radius
  if top > bottom or left > right then return nil end
  local float, gap = tide.random.float, b.gap
  for _ = 1, b.placement_attempts do
    local x, y = float(left, right), float(top, bottom)
    local clear = true
    for i = 1, #others do
      local other = others[i]
      local dx, dy, least
      if other.radius then
        dx, dy, least = x - other.x, y - other.y, radius + other.radius + gap
      else
        -- From the centre to the nearest point of the box.
        dx = x - math.max(other.left, math.min(other.right, x))
        dy = y - math.max(other.top, math.min(other.bottom, y))
        least = radius + gap
      end
      if dx * dx + dy * dy < least * least then
        clear = false
        break
      end
    end
    if clear then return x, y end
  end
  return nil
end

return bubbles
