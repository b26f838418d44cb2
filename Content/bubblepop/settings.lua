-- The game time and the most bubbles on screen: checked against the bounds in
-- data/game.lua, kept between runs in the save "settings". A value out of bounds
-- (or not a whole number) is never saved, and the message says what is allowed.
--
-- A settings file that cannot be read, or reads as something else, is set aside (renamed,
-- never overwritten: tide.save does it for one it cannot read, tide.save.set_aside for the
-- rest), the defaults come back, and `settings.notice` tells the player so.

local game = require("data.game")

local settings = { keys = { "game_time", "max_bubbles" }, file = "settings" }

-- A whole number as typed (digits only) or as saved; nil for anything else, "4.5", "-5" and
-- "1e1" included, so nothing the player did not type is taken.
local function whole(value)
  if type(value) == "number" then return math.tointeger(value) end
  if type(value) == "string" and value:match("^%d+$") then return math.tointeger(tonumber(value)) end
  return nil
end

--- Why `value` (text or number) cannot be the setting `key`, in words for the player;
--- nil when it can.
function settings.problem(key, value)
  local rule = game.settings[key]
  local n = whole(value)
  if n == nil then return ("Please enter a number from %d to %d %s."):format(rule.min, rule.max, rule.unit) end
  if n < rule.min or n > rule.max then return ("Between %d and %d %s, please."):format(rule.min, rule.max, rule.unit) end
  return nil
end

-- Whether a saved value is the settings table this game writes: every key allowed, no other.
local function is_settings(saved)
  if type(saved) ~= "table" then return false end
  for key in pairs(saved) do
    if game.settings[key] == nil then return false end
  end
  for _, key in ipairs(settings.keys) do
    if saved[key] ~= nil and settings.problem(key, saved[key]) then return false end
  end
  return true
end

local function notice_kept(kept)
  settings.notice = ("Your settings could not be read, so they were kept as %q and the defaults are back."):format(kept)
end

--- The saved settings, each falling back to its default when missing. A damaged file is set
--- aside, never overwritten, and the player told (settings.take_notice).
function settings.load()
  local saved, status, kept = tide.save.read_status(settings.file)
  if status == "damaged" then
    notice_kept(kept)
    saved = nil
  elseif saved ~= nil and not is_settings(saved) then
    notice_kept(tide.save.set_aside(settings.file, "not the game time and most bubbles"))
    saved = nil
  end
  local values = {}
  for _, key in ipairs(settings.keys) do
    local v = saved and saved[key]
    values[key] = v ~= nil and whole(v) or game.settings[key].default
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
    clean[key] = whole(values[key])
  end
  tide.save.write(settings.file, clean)
  return true
end

--- The notice about damaged settings, once: later calls return nil.
function settings.take_notice()
  local notice = settings.notice
  settings.notice = nil
  return notice
end

return settings
