-- data/colours.lua's table, copied, with one fault: colours[i][field] set to `value`. The broken
-- tables of the tests are made with it, so each differs from the game's table by the fault it
-- tests alone and follows the table as it changes. (Require it after tide.test.start or from a
-- module the game loads: `require` is the game's.)
return function(i, field, value)
  local list = {}
  for j, entry in ipairs(require("data.colours")) do
    local copy = {}
    for key, v in pairs(entry) do copy[key] = v end
    list[j] = copy
  end
  list[i][field] = value
  return list
end
