-- Checks a word list like data/words.lua: at least two entries, each { word = , image = } with a
-- word used once and a picture in assets/. Raises an error naming `source`, the entry and the field.

-- The fields an entry may have; any other is a typo to name at load.
local FIELDS = { word = true, image = true }

return function(list, source)
  local function fail(message, ...) error(source .. ": " .. message:format(...), 0) end
  if type(list) ~= "table" or #list < 2 then fail("needs a list of at least 2 words") end
  local seen = {}
  for i, entry in ipairs(list) do
    if type(entry) ~= "table" then fail("[%d] must be a table like { word = \"cat\", image = \"cat.png\" }", i) end
    local field, expected = tide.rules.unknown_field(entry, FIELDS)
    if field then fail("[%d]: unknown field '%s' (expected: %s)", i, tostring(field), expected) end
    if type(entry.word) ~= "string" or entry.word == "" then
      fail("[%d].word must be a non-empty string, got %s", i, tostring(entry.word))
    end
    if seen[entry.word] then fail("[%d].word '%s' is already [%d]", i, entry.word, seen[entry.word]) end
    seen[entry.word] = i
    if type(entry.image) ~= "string" then fail("[%d].image must be a file name in assets/, got %s", i, tostring(entry.image)) end
    -- The engine knows which pictures exist: making one (hidden, then gone) asks it.
    local ok, picture = pcall(tide.sprite.image, entry.image, { visible = false })
    if not ok then fail("[%d].image: %s", i, tostring(picture):match("%((no image.*)%)$") or tostring(picture)) end
    picture:remove()
  end
  return list
end
