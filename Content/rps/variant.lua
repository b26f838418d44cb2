-- Checks a variant table like data/classic.lua and builds its duel. A broken one stops the game
-- at load with an error naming the data file and the field at fault, since the file is what an
-- author fixes. Content/rps-match plays rps's rules, so it checks them with this too.

local FIELDS = { title = true, choices = true, beats = true }
local CHOICE_FIELDS = { id = true, emoji = true }

--- Checks `tbl`, read from `source` ("data/classic.lua"). Returns the duel (tide.rules.duel, in
--- the choices' order) and a table of each choice's id -> emoji.
return function(tbl, source)
  local function fail(message, ...) error(source .. ": " .. message:format(...), 0) end
  local key, expected = tide.rules.unknown_field(tbl, FIELDS)
  if key then fail("unknown field '%s' (expected: %s)", key, expected) end
  if type(tbl.title) ~= "string" or tbl.title == "" then fail("title: expected a string, got %s", tostring(tbl.title)) end
  if type(tbl.choices) ~= "table" or #tbl.choices == 0 then
    fail("choices: expected a list like { { id = \"rock\", emoji = \"✊\" }, ... }, got %s", tostring(tbl.choices))
  end
  local order, emoji_of = {}, {}
  for i, choice in ipairs(tbl.choices) do
    if type(choice) ~= "table" then fail("choices[%d]: expected a table like { id = \"rock\", emoji = \"✊\" }", i) end
    key, expected = tide.rules.unknown_field(choice, CHOICE_FIELDS)
    if key then fail("choices[%d]: unknown field '%s' (expected: %s)", i, key, expected) end
    for _, field in ipairs({ "id", "emoji" }) do
      if type(choice[field]) ~= "string" or choice[field] == "" then
        fail("choices[%d].%s: expected a string, got %s", i, field, tostring(choice[field]))
      end
    end
    if emoji_of[choice.id] then fail("choices[%d].id: '%s' is listed twice", i, choice.id) end
    order[i], emoji_of[choice.id] = choice.id, choice.emoji
  end
  -- The choices and the rules must name the same ids; the duel checks the rules themselves.
  if type(tbl.beats) == "table" then
    for i, id in ipairs(order) do
      if tbl.beats[id] == nil then fail("choices[%d].id: '%s' is not in beats", i, id) end
    end
    key = tide.rules.unknown_field(tbl.beats, emoji_of)
    if key then fail("beats.%s: '%s' is not one of the choices (%s)", key, key, table.concat(order, ", ")) end
  end
  return tide.rules.duel(tbl.beats, { order = order, source = source }), emoji_of
end
