-- Checks a variant table like data/classic.lua and builds its duel. A broken one stops the game
-- at load with an error naming the data file and the field at fault, since the file is what an
-- author fixes. Content/rps-match plays rps's rules, so it checks them with this too.

local FIELDS = { title = true, start = true, count = true, choices = true, beats = true }
local CHOICE_FIELDS = { id = true, emoji = true }
local COUNT_FIELDS = { say = true, show = true }

-- The words of a line, without its punctuation: "Rock, Scissors!" -> { "Rock", "Scissors" }.
local function words_of(text)
  local words = {}
  for word in text:gmatch("[%w']+") do words[#words + 1] = word end
  return words
end

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
  -- The wording is the variant's own: what the start reads, and the count, which says the same
  -- words in the same order, one a beat, so the screen never reads one order and counts another.
  if type(tbl.start) ~= "string" or tbl.start == "" then fail("start: expected a string, got %s", tostring(tbl.start)) end
  if type(tbl.count) ~= "table" or #tbl.count == 0 then
    fail("count: expected a list like { { say = \"Rock…\", show = \"rock\" }, ... }, got %s", tostring(tbl.count))
  end
  local said = {}
  for i, beat in ipairs(tbl.count) do
    if type(beat) ~= "table" then fail("count[%d]: expected a table like { say = \"Rock…\", show = \"rock\" }", i) end
    key, expected = tide.rules.unknown_field(beat, COUNT_FIELDS)
    if key then fail("count[%d]: unknown field '%s' (expected: %s)", i, key, expected) end
    if type(beat.say) ~= "string" or beat.say == "" then fail("count[%d].say: expected a string, got %s", i, tostring(beat.say)) end
    if not emoji_of[beat.show] then
      fail("count[%d].show: '%s' is not one of the choices (%s)", i, tostring(beat.show), table.concat(order, ", "))
    end
    for _, word in ipairs(words_of(beat.say)) do said[#said + 1] = word end
  end
  if table.concat(said, " ") ~= table.concat(words_of(tbl.start), " ") then
    fail("count: says \"%s\" but start reads \"%s\"", table.concat(said, " "), tbl.start)
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
