-- tide.rules: game rules as data, checked when the game loads.
--
-- A duel (rock-paper-scissors and its cousins) is a table saying which
-- choice beats which; a weighted table is a list of items with a numeric
-- weight (say colours with a `probability`). Both are validated up front so
-- a typo in data/*.lua fails at load with the field named, not mid-game.
--
-- Error messages start with the field path ("rules.lion: ...") so the
-- engine can prefix the file: "data/rules.lua: rules.lion: ...".

local rules = {}

local is_identifier = require("tide.names").is_identifier
local type_of = require("tide.names").type_of

local function escape_controls(s)
  return (s:gsub("%c", function(c) return ("\\%d"):format(c:byte()) end))
end

-- A value inside a message, in the quoting Lua's own errors use: 'tiger'.
local function show(v)
  if type(v) == "string" then return "'" .. escape_controls(v) .. "'" end
  return tostring(v)
end

-- "rules" + "lion" -> "rules.lion"; + 2 -> "rules[2]"; + "a b" -> 'rules["a b"]'.
local function field(path, key)
  if is_identifier(key) then return path .. "." .. key end
  if type(key) == "string" then return path .. '["' .. escape_controls((key:gsub('"', '\\"'))) .. '"]' end
  return path .. "[" .. tostring(key) .. "]"
end

local key_less = require("tide.names").key_less

local function sorted_keys(t)
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = k end
  table.sort(keys, key_less)
  return keys
end

local function fail(message, ...)
  error({ rules_error = message:format(...) })
end

-- Runs a validation step, turning fail() into ok, err and letting real
-- bugs surface as errors.
local function validated(fn, ...)
  local ok, result = pcall(fn, ...)
  if ok then return true, result end
  if type(result) == "table" and result.rules_error then return false, result.rules_error end
  error(result, 0)
end

-- Duels: validation ---------------------------------------------------------

local function choice_names(tbl, where)
  local names = {}
  for _, key in ipairs(sorted_keys(tbl)) do
    if type(key) ~= "string" then
      fail("%s: expected choice = { beaten choices } entries, got a %s key", field(where, key), type(key))
    end
    if key == "" then fail("%s: a choice name cannot be empty", field(where, key)) end
    names[#names + 1] = key
  end
  if #names < 2 then fail("%s: a duel needs at least two choices, got %d", where, #names) end
  return names
end

local function choice_set(names)
  local set = {}
  for i, name in ipairs(names) do set[name] = i end
  return set
end

-- opts.order names exactly the choices, each once; it sets display order.
local function display_order(names, order)
  if order == nil then return names end
  if type_of(order) ~= "table" then fail("order: expected a list of choices, got %s", type_of(order)) end
  local known, listed = choice_set(names), {}
  local listing = table.concat(names, ", ")
  for i = 1, #order do
    local name = order[i]
    if not known[name] then
      fail("order[%d]: %s is not one of the choices (%s)", i, show(name), listing)
    end
    if listed[name] then fail("order[%d]: %s is listed twice", i, show(name)) end
    listed[name] = true
  end
  for _, name in ipairs(names) do
    if not listed[name] then fail("order: %s is missing", show(name)) end
  end
  return { table.unpack(order, 1, #order) }
end

-- One beaten entry of `choice`: list item (index -> name) or map (name -> verb).
local function beaten_entry(path, key, value)
  if math.type(key) == "integer" then
    if type(value) ~= "string" then fail("%s: expected a choice name, got %s", field(path, key), type(value)) end
    return value, true
  end
  if type(key) == "string" then
    if value == true or (type(value) == "string" and value ~= "") then return key, value end
    fail("%s: expected a verb (a non-empty string) or true, got %s", field(path, key), show(value))
  end
  fail("%s: expected a list of choices or choice = verb pairs", field(path, key))
end

local function beaten_by(tbl, where, choice, known, listing)
  local path = field(where, choice)
  local entries = tbl[choice]
  if type_of(entries) ~= "table" then
    fail("%s: expected a list of beaten choices or a map of beaten choice = verb, got %s", path, type_of(entries))
  end
  local beaten = {}
  for _, key in ipairs(sorted_keys(entries)) do
    local name, verb = beaten_entry(path, key, entries[key])
    if not known[name] then fail("%s: %s is not one of the choices (%s)", path, show(name), listing) end
    if name == choice then fail("%s: a choice cannot beat itself", path) end
    if beaten[name] then fail("%s: %s is listed twice", path, show(name)) end
    beaten[name] = verb
  end
  return beaten
end

-- Every unordered pair of distinct choices is decided exactly once.
local function check_pairs(where, order, beats)
  for i = 1, #order do
    for j = i + 1, #order do
      local a, b = order[i], order[j]
      local ab, ba = beats[a][b] ~= nil, beats[b][a] ~= nil
      if ab and ba then fail("%s: %s and %s both beat each other", where, a, b) end
      if not ab and not ba then fail("%s: nothing decides %s vs %s", where, a, b) end
    end
  end
end

local function analyse_duel(tbl, where, opts)
  if type_of(tbl) ~= "table" then fail("%s: expected a table of choices, got %s", where, type_of(tbl)) end
  local names = choice_names(tbl, where)
  local order = display_order(names, opts.order)
  local known, listing = choice_set(names), table.concat(order, ", ")
  local beats = {}
  for _, choice in ipairs(order) do
    beats[choice] = beaten_by(tbl, where, choice, known, listing)
  end
  check_pairs(where, order, beats)
  return { order = order, index = choice_set(order), beats = beats }
end

local function check_opts(opts, fname)
  if opts ~= nil and type_of(opts) ~= "table" then
    error(("bad argument #2 to '%s' (table expected, got %s)"):format(fname, type_of(opts)), 3)
  end
  return opts or {}
end

--- Checks a duel table without building it: returns true, or false and a
--- message starting with the field path, e.g. "rules.lion: ...". `where`
--- names the table in messages (default "rules"); opts.order as in duel().
--- @param tbl table: `{ choice = { beaten, ... } }` or `{ choice = { beaten = "verb", ... } }`
--- @param where string?: the table's name in messages ("rules")
--- @param opts { order?: string[] }?: `order`, as in duel()
--- @return boolean: true when the table is a valid duel
--- @return string?: why not, starting with the field path
function rules.validate_duel(tbl, where, opts)
  opts = check_opts(opts, "validate_duel")
  local ok, err = validated(analyse_duel, tbl, where or "rules", opts)
  if ok then return true end
  return false, err
end

-- Duels: the rule object ----------------------------------------------------

local function copy(list)
  return { table.unpack(list, 1, #list) }
end

local function build_duel(data, default_verb)
  local proxy, methods = {}, {}
  local order, index, beats = data.order, data.index, data.beats
  local listing = table.concat(order, ", ")

  -- Levels count from here: 1 this, 2 the method, 3 the caller.
  local function check(self, method, ...)
    if self ~= proxy then
      error(("calling '%s' on bad self (use duel:%s(...) with a colon)"):format(method, method), 3)
    end
    for i = 1, select("#", ...) do
      local choice = select(i, ...)
      if not index[choice] then
        error(("bad argument #%d to '%s' (unknown choice %s, expected one of: %s)")
          :format(i, method, show(choice), listing), 3)
      end
    end
  end

  function methods.outcome(self, a, b)
    check(self, "outcome", a, b)
    if a == b then return "tie" end
    return beats[a][b] and "win" or "lose"
  end

  function methods.beats(self, a, b)
    check(self, "beats", a, b)
    return beats[a][b] ~= nil
  end

  function methods.verb(self, a, b)
    check(self, "verb", a, b)
    local verb = beats[a][b]
    if verb == true then return default_verb end
    return verb
  end

  function methods.winner(self, a, b)
    check(self, "winner", a, b)
    if beats[a][b] then return a end
    if beats[b][a] then return b end
    return nil
  end

  function methods.choices(self)
    check(self, "choices")
    return copy(order)
  end

  function methods.beaten_by(self, a)
    check(self, "beaten_by", a)
    local list = {}
    for _, b in ipairs(order) do
      if beats[a][b] then list[#list + 1] = b end
    end
    return list
  end

  function methods.has(self, choice)
    check(self, "has")
    return index[choice] ~= nil
  end

  return setmetatable(proxy, {
    __index = methods,
    __newindex = function() error("a duel is read-only", 2) end,
    __tostring = function() return "duel(" .. listing .. ")" end,
    __metatable = "duel",
  })
end

--- Builds an immutable duel from { choice = { beaten, ... } } or
--- { choice = { beaten = "verb", ... } }. opts: order (display order, must
--- name exactly the choices), name (table name in messages, default
--- "rules"), default_verb (what verb() returns for list entries, default nil),
--- source (the data file the table came from, e.g. "data/classic.lua").
--- Raises an error when the table is invalid: prefixed with `source` when
--- given (the data file is what the author must fix), else located at the caller.
--- @param tbl table: `{ choice = { beaten, ... } }` or `{ choice = { beaten = "verb", ... } }`
--- @param opts { order?: string[], name?: string, default_verb?: string, source?: string }?: as above
--- @return table: the duel (`beats`, `verb`, `choices`...), read-only
function rules.duel(tbl, opts)
  opts = check_opts(opts, "duel")
  local ok, data = validated(analyse_duel, tbl, opts.name or "rules", opts)
  if not ok then
    if opts.source then error(opts.source .. ": " .. data, 0) end
    error(data, 2)
  end
  return build_duel(data, opts.default_verb)
end

-- Weighted tables -----------------------------------------------------------

-- "probability" -> "probabilities", "weight" -> "weights".
local function plural(word)
  if word:match("[^aeiou]y$") then return word:sub(1, -2) .. "ies" end
  if word:match("[sx]$") or word:match("[cs]h$") then return word .. "es" end
  return word .. "s"
end

-- Numbers read as people write them: 95, 0.9 (not 0.89999999999999991), six significant digits.
local function format_sum(n)
  return ("%.6g"):format(n)
end

local function item_keys(list)
  local n = #list
  local keys, count = {}, 0
  for _ in pairs(list) do count = count + 1 end
  if count == n then
    for i = 1, n do keys[i] = i end
    return keys
  end
  return sorted_keys(list)
end

local function check_weight(path, item, weight_field)
  if type_of(item) ~= "table" then fail("%s: expected a table, got %s", path, type_of(item)) end
  local weight_path = field(path, weight_field)
  local weight = item[weight_field]
  if type(weight) ~= "number" then fail("%s: expected a number, got %s", weight_path, show(weight)) end
  if weight ~= weight or weight == math.huge or weight == -math.huge then
    fail("%s: expected a finite number, got %s", weight_path, weight ~= weight and "nan" or tostring(weight))
  end
  if weight < 0 then fail("%s: must not be negative, got %s", weight_path, format_sum(weight)) end
  return weight
end

local function analyse_weighted(list, weight_field, opts)
  local name = opts.name or "items"
  if type_of(list) ~= "table" then fail("%s: expected a table, got %s", name, type_of(list)) end
  local keys = item_keys(list)
  if #keys == 0 then fail("%s: the list is empty", name) end
  local sum = 0
  for _, key in ipairs(keys) do
    sum = sum + check_weight(field(name, key), list[key], weight_field)
  end
  local total = opts.total
  if total ~= nil and math.abs(sum - total) > 1e-9 then
    local got, expected = format_sum(sum), format_sum(total)
    -- Short forms that look equal would make the message a riddle: show all the digits then.
    if got == expected then got, expected = ("%.17g"):format(sum), ("%.17g"):format(total) end
    fail("%s: %s sum to %s, expected %s", name, plural(weight_field), got, expected)
  end
  if total == nil and sum <= 0 then
    fail("%s: %s sum to 0; at least one must be positive", name, plural(weight_field))
  end
  return sum
end

local function check_weighted_args(weight_field, opts, fname)
  if type(weight_field) ~= "string" then
    error(("bad argument #2 to '%s' (string expected, got %s)"):format(fname, type(weight_field)), 3)
  end
  if opts ~= nil and type_of(opts) ~= "table" then
    error(("bad argument #3 to '%s' (table expected, got %s)"):format(fname, type_of(opts)), 3)
  end
  opts = opts or {}
  if opts.total ~= nil and type(opts.total) ~= "number" then
    error(("bad argument #3 to '%s' (total must be a number, got %s)"):format(fname, type(opts.total)), 3)
  end
  return opts
end

--- Checks a weighted table: returns true, sum or false, message. opts.name
--- names the list in messages (default "items"); opts.total, when given,
--- is the sum the weights must reach (within 1e-9).
--- @param list table[]: the items
--- @param weight_field string: the name of each item's weight field
--- @param opts { name?: string, total?: number }?: as above
--- @return boolean: true when the table is valid
--- @return number|string: the sum of the weights, or why not
function rules.validate_weighted(list, weight_field, opts)
  opts = check_weighted_args(weight_field, opts, "validate_weighted")
  return validated(analyse_weighted, list, weight_field, opts)
end

--- Validates a weighted table and returns it with the sum of its weights;
--- raises an error located at the caller when it is invalid. This is the
--- stricter check for probability tables: pass opts.total (1, or 100) and the
--- weights must sum to it, where tide.random.weighted accepts any positive sum.
--- @example local colours = tide.rules.weighted_table(require("data.colours"), "probability", { total = 100, name = "colours" })
--- @param list table[]: the items
--- @param weight_field string: the name of each item's weight field
--- @param opts { name?: string, total?: number }?: `total`, the sum the weights must reach; `name`, the list's name in messages
--- @return table[]: `list` itself
--- @return number: the sum of the weights
function rules.weighted_table(list, weight_field, opts)
  opts = check_weighted_args(weight_field, opts, "weighted_table")
  local ok, result = validated(analyse_weighted, list, weight_field, opts)
  if not ok then error(result, 2) end
  return list, result
end

-- Data tables: unknown fields -------------------------------------------------

--- Finds a field a data entry should not have, such as a misspelt `probabilty`: returns the
--- first key of `tbl` that is not a key of `known`, in sorted order so a message names the same
--- one every run, and the names in `known` sorted and joined by ", " for the message; returns
--- nil when every key is known.
--- @example local key, expected = tide.rules.unknown_field(entry, { word = true, image = true }); if key then error(("unknown field '%s' (expected: %s)"):format(key, expected)) end
--- @param tbl table: the data entry
--- @param known table<string, any>: the fields it may have, as keys
--- @return string?: the first unknown key, or nil when every key is known
--- @return string?: the known names, sorted and joined by ", "
function rules.unknown_field(tbl, known)
  for _, key in ipairs(sorted_keys(tbl)) do
    if known[key] == nil then
      local names = {}
      for i, name in ipairs(sorted_keys(known)) do names[i] = tostring(name) end
      return key, table.concat(names, ", ")
    end
  end
  return nil
end

return rules
