-- The game time and the most bubbles on screen: checked against the bounds in
-- data/game.lua, kept between runs in the save "settings". A value out of bounds
-- (or not a whole number) is never saved, and the message says what is allowed.

local game = require("data.game")

local settings = { keys = { "game_time", "max_bubbles" } }

--- Why `value` (text or number) cannot be the setting `key`, in words for the player;
--- nil when it can.
function settings.problem(key, value)
  local rule = game.settings[key]
  local n = math.tointeger(tonumber(value))
  if n == nil then return ("Please enter a number from %d to %d %s."):format(rule.min, rule.max, rule.unit) end
  if n < rule.min or n > rule.max then return ("Between %d and %d %s, please."):format(rule.min, rule.max, rule.unit) end
  return nil
end

--- The saved settings, each falling back to its default when missing or out of bounds.
function settings.load()
  local saved = tide.save.read("settings", {})
  if type(saved) ~= "table" then saved = {} end
  local values = {}
  for _, key in ipairs(settings.keys) do
    local v = saved[key]
    values[key] = settings.problem(key, v) == nil and math.tointeger(tonumber(v)) or game.settings[key].default
  end
  return values
end

--- Saves `values` ({ game_time =, max_bubbles = }, numbers or text) when every one is
--- allowed: returns true, or false and the first problem (nothing is written then).
function settings.save(values)
  local clean = {}
  for _, key in ipairs(settings.keys) do
    local why = settings.problem(key, values[key])
    if why then return false, why end
    clean[key] = math.tointeger(tonumber(values[key]))
  end
  tide.save.write("settings", clean)
  return true
end

return settings
