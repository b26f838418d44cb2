-- tide.testing: the busted-style test framework behind `tide test`.
--
-- Test files see describe / it / pending / before_each / after_each / assert
-- through the table returned by suite:environment(). The engine loads each
-- tests/*_test.lua with that table as its _ENV, hands the chunk to
-- suite:collect(file, chunk), then calls suite:run(opts) and prints
-- testing.format_results(results, "plain" | "tap" | "junit").
--
-- Results (suite:run) are a list, one entry per test in declaration order:
--   { name = "describe > nested > it", file = "tests/x_test.lua", line = 12,
--     status = "passed" | "failed" | "pending",
--     kind = "assertion" | "error",         -- failed only
--     message = "...",                      -- failed only
--     expected = "3", actual = "4",         -- formatted text, when known
--     traceback = "..." }                   -- errors, when opts.traceback given
-- plus totals: results.passed, results.failed, results.pending, results.total.
-- file/line is where the test failed when known, else where `it` was called.
-- opts.filter is a plain substring (not a pattern) of the full name.
--
-- Scripts run sandboxed (no debug library), so failure locations come from
-- Lua's own error positions: pcall(error, "", level) yields "source:line: "
-- for any stack level, which lets us walk up the stack to the first frame
-- that is not this file.

local testing = {}

local MAX_STACK_PROBE = 40
local FORMAT_MAX_DEPTH = 4
local FORMAT_MAX_ENTRIES = 30

-- Value formatting ----------------------------------------------------------

local is_identifier = require("tide.names").is_identifier

-- Quotes on one line (string.format("%q") would break lines at "\n"), writing other control
-- bytes with `byte_escape`: Lua's "\%d" by default, YAML's "\x%02X" for TAP.
local function quote_string(s, byte_escape)
  local escaped = tostring(s):gsub('[%c"\\]', function(c)
    if c == "\n" then return "\\n" end
    if c == "\t" then return "\\t" end
    if c == "\r" then return "\\r" end
    if c == '"' or c == "\\" then return "\\" .. c end
    return (byte_escape or "\\%d"):format(c:byte())
  end)
  return '"' .. escaped .. '"'
end

local format_number = require("tide.names").format_number

local function has_tostring(v)
  local mt = getmetatable(v)
  return type(mt) == "table" and rawget(mt, "__tostring") ~= nil
end

local function safe_tostring(v, fallback)
  local ok, text = pcall(tostring, v)
  if ok and type(text) == "string" then return text end
  return fallback
end

local key_less = require("tide.names").key_less

-- The keys of t after its 1..n sequence, sorted; raw access only, so
-- formatting never runs a metamethod that might fail.
local function sequence_length(t)
  local n = 0
  while rawget(t, n + 1) ~= nil do n = n + 1 end
  return n
end

local function sorted_extra_keys(t, n)
  local keys = {}
  for k in next, t do
    if not (math.type(k) == "integer" and k >= 1 and k <= n) then keys[#keys + 1] = k end
  end
  table.sort(keys, key_less)
  return keys
end

local format_value

local function format_key(k, depth, seen)
  if is_identifier(k) then return k end
  return "[" .. format_value(k, depth, seen) .. "]"
end

local function format_table(t, depth, seen)
  if seen[t] then return "<cycle>" end
  if depth >= FORMAT_MAX_DEPTH then return "{...}" end
  seen[t] = true
  local parts = {}
  local n = sequence_length(t)
  for i = 1, n do
    parts[#parts + 1] = format_value(rawget(t, i), depth + 1, seen)
  end
  for _, k in ipairs(sorted_extra_keys(t, n)) do
    parts[#parts + 1] = format_key(k, depth + 1, seen) .. " = " .. format_value(rawget(t, k), depth + 1, seen)
  end
  seen[t] = nil
  if #parts > FORMAT_MAX_ENTRIES then
    parts = { table.unpack(parts, 1, FORMAT_MAX_ENTRIES) }
    parts[#parts + 1] = "..."
  end
  return "{" .. table.concat(parts, ", ") .. "}"
end

function format_value(v, depth, seen)
  local kind = type(v)
  if kind == "string" then return quote_string(v) end
  if kind == "number" then return format_number(v) end
  if kind == "nil" or kind == "boolean" then return tostring(v) end
  if has_tostring(v) then return safe_tostring(v, "<" .. kind .. ">") end
  if kind == "table" then return format_table(v, depth or 0, seen or {}) end
  return "<" .. kind .. ">"
end

--- Formats any value on one line: strings quoted, tables with sorted keys,
--- depth-limited and cycle-safe. Used for the expected/actual of failures.
function testing.format_value(v)
  return format_value(v, 0, {})
end

-- Locations -----------------------------------------------------------------

local function split_where(where)
  local source, line = where:match("^(.*):(%d+): $")
  return source, tonumber(line)
end

local LIBRARY_SOURCE = split_where(select(2, pcall(error, "", 2)))

-- The first frame above the caller that is not this library.
-- Strict mode stops at a C frame (or the stack end): when a test tail-calls
-- an assert, its own frame is gone and the next Lua frame is our runner,
-- which would be a misleading location. The error handler, in contrast,
-- must step over the C function that raised (e.g. a binding's argerror).
local function locate(allow_c_frames)
  for level = 3, MAX_STACK_PROBE do
    local _, where = pcall(error, "", level)
    local source, line = split_where(where)
    if source == nil then
      if not allow_c_frames then return nil end
    elseif source ~= LIBRARY_SOURCE then
      return source, line
    end
  end
  return nil
end

-- Failures ------------------------------------------------------------------

local Failure = {}
Failure.__tostring = function(f)
  if f.file then return ("%s:%d: %s"):format(f.file, f.line, f.message) end
  return f.message
end

local PENDING = setmetatable({}, { __tostring = function() return "pending" end })

local function is_failure(v)
  return getmetatable(v) == Failure
end

--- Raises a structured assertion failure located at the test's call site.
local function raise_failure(message, expected, actual)
  local file, line = locate(false)
  error(setmetatable({
    kind = "assertion", message = message, expected = expected, actual = actual,
    file = file, line = line,
  }, Failure), 0)
end

local function error_message(err)
  if is_failure(err) then return err.message end
  if type(err) == "string" then return err end
  if type(err) == "number" then return format_number(err) end
  return format_value(err)
end

-- Assertions ----------------------------------------------------------------

local function with_user_message(user_message, message)
  if user_message == nil then return message end
  return tostring(user_message) .. ": " .. message
end

local function path_step(path, key)
  if is_identifier(key) then return path .. "." .. key end
  return path .. "[" .. format_value(key) .. "]"
end

local deep_difference

local function table_difference(expected, actual, path, seen)
  seen[expected] = seen[expected] or {}
  if seen[expected][actual] then return nil end
  seen[expected][actual] = true
  local keys, known = {}, {}
  for _, t in ipairs({ expected, actual }) do
    for k in next, t do
      if not known[k] then known[k] = true; keys[#keys + 1] = k end
    end
  end
  table.sort(keys, key_less)
  for _, k in ipairs(keys) do
    local found = deep_difference(rawget(expected, k), rawget(actual, k), path_step(path, k), seen)
    if found then return found end
  end
  return nil
end

-- The first place two values differ, as { path, expected, actual }, or nil.
function deep_difference(expected, actual, path, seen)
  if rawequal(expected, actual) then return nil end
  if type(expected) == "table" and type(actual) == "table" then
    return table_difference(expected, actual, path, seen)
  end
  if type(expected) == type(actual) and expected == actual then return nil end
  return { path = path, expected = expected, actual = actual }
end

-- Does an error value satisfy has_error's optional expectation?
local function error_matches(err, expected)
  if expected == nil then return true end
  if type(expected) == "table" and not is_failure(err) then
    return type(err) == "table" and deep_difference(expected, err, "e", {}) == nil
  end
  return error_message(err):find(tostring(expected), 1, true) ~= nil
end

-- Each check returns: passed (before negation), message, expected text,
-- actual text. The message states the positive claim; `negated` is the
-- wording used when the claim was negated.
local checks = {}

checks.equal = {
  arity = 2,
  run = function(expected, actual)
    return expected == actual, "expected values to be equal", format_value(expected), format_value(actual)
  end,
  negated = "expected values to differ",
}

checks.same = {
  arity = 2,
  run = function(expected, actual)
    local diff = deep_difference(expected, actual, "t", {})
    local message = "expected values to be the same"
    if diff and diff.path ~= "t" then
      message = ("values differ at %s: expected %s, got %s"):format(
        diff.path, format_value(diff.expected), format_value(diff.actual))
    end
    return diff == nil, message, format_value(expected), format_value(actual)
  end,
  negated = "expected values not to be the same",
}

local function exact_check(wanted)
  local label = tostring(wanted)
  return {
    arity = 1,
    run = function(value) return rawequal(value, wanted), "expected " .. label, label, format_value(value) end,
    negated = "expected a value other than " .. label,
  }
end

checks["true"] = exact_check(true)
checks["false"] = exact_check(false)
checks["nil"] = exact_check(nil)

checks.truthy = {
  arity = 1,
  run = function(value)
    return value ~= nil and value ~= false, "expected a truthy value", nil, format_value(value)
  end,
  negated = "expected a falsy value (nil or false)",
}

checks.falsy = {
  arity = 1,
  run = function(value)
    return value == nil or value == false, "expected a falsy value (nil or false)", nil, format_value(value)
  end,
  negated = "expected a truthy value",
}

-- Misuse of an assertion is reported as a failure at the test's line.
local function usage_error(message)
  error({ usage = message })
end

checks.near = {
  arity = 3,
  run = function(expected, actual, tolerance)
    if type(expected) ~= "number" or type(actual) ~= "number" or type(tolerance) ~= "number" then
      usage_error("near(expected, actual, tolerance) needs three numbers")
    end
    local shown = format_number(expected) .. " +/- " .. format_number(tolerance)
    return math.abs(expected - actual) <= tolerance, "expected a number within tolerance",
      shown, format_number(actual)
  end,
  negated = "expected a number outside the tolerance",
}

checks.match = {
  arity = 2,
  run = function(pattern, text)
    if type(pattern) ~= "string" or (type(text) ~= "string" and type(text) ~= "number") then
      usage_error("match(pattern, string) needs a pattern and a string")
    end
    local ok, found = pcall(string.find, tostring(text), pattern)
    if not ok then usage_error("bad pattern " .. quote_string(pattern) .. ": " .. tostring(found)) end
    return found ~= nil, "expected the string to match the pattern", quote_string(pattern), format_value(text)
  end,
  negated = "expected the string not to match the pattern",
}

local function is_callable(v)
  if type(v) == "function" then return true end
  local mt = getmetatable(v)
  return type(mt) == "table" and rawget(mt, "__call") ~= nil
end

checks.error = {
  arity = 2,
  run = function(fn, expected)
    if not is_callable(fn) then usage_error("has_error(fn) needs a function, got " .. type(fn)) end
    local shown = expected ~= nil and format_value(expected) or nil
    local ok, err = pcall(fn)
    if ok then return false, "expected an error", shown or "an error", "no error" end
    local actual = format_value(error_message(err))
    if expected == nil then return true, "expected an error", nil, actual end
    local wanted = type(expected) == "table" and "an error equal to " or "an error containing "
    return error_matches(err, expected), "expected " .. wanted .. shown, shown, actual
  end,
  negated = "expected no error",
}

local ALIASES = { equals = "equal", errors = "error", matches = "match" }
local MODIFIER_WORDS = {
  is = true, are = true, was = true, has = true, have = true, does = true, ["do"] = true,
  to = true, be = true,
}
local NEGATING_WORDS = { ["not"] = true, no = true }

-- Runs one check and raises a located failure when it does not hold.
local function run_check(check, negate, ...)
  local user_message = select(check.arity + 1, ...)
  local ok, passed, message, expected, actual = pcall(check.run, ...)
  if not ok then
    if type(passed) == "table" and passed.usage then
      raise_failure(with_user_message(user_message, passed.usage))
    end
    error(passed, 0)
  end
  if passed ~= negate then return end
  if negate then
    message = check.negated
    expected = expected and ("not " .. expected)
  end
  raise_failure(with_user_message(user_message, message), expected, actual)
end

local assertion_cache = { [true] = {}, [false] = {} }
local chains = {}

-- Resolves busted spellings: a key is split at "_" into modifier words
-- (is, are, has, does, ...), negations (not, no) and an assertion name,
-- so assert.is_not_nil, assert.are_not.same and assert.has_no.errors all work.
local function resolve(key, negate)
  if type(key) ~= "string" then error("assert has no field " .. format_value(key), 3) end
  local words = {}
  for word in key:gmatch("[^_]+") do
    if NEGATING_WORDS[word] then
      negate = not negate
    elseif not MODIFIER_WORDS[word] then
      words[#words + 1] = word
    end
  end
  if #words == 0 then return chains[negate] end
  local name = table.concat(words, "_")
  name = ALIASES[name] or name
  local check = checks[name]
  if check == nil then error("unknown assertion 'assert." .. key .. "'", 3) end
  local cached = assertion_cache[negate][name]
  if cached then return cached end
  cached = function(...) return run_check(check, negate, ...) end
  assertion_cache[negate][name] = cached
  return cached
end

for _, negate in ipairs({ true, false }) do
  chains[negate] = setmetatable({}, {
    __index = function(_, key)
      local value = resolve(key, negate)
      return value
    end,
    __newindex = function() error("assert is read-only", 2) end,
  })
end

-- Called like Lua's assert, it raises a located failure instead.
local function call_assert(_, value, message, ...)
  if value then return value, message, ... end
  if message ~= nil and type(message) ~= "string" then error(message, 0) end
  raise_failure(message or "assertion failed!", nil, nil)
end

testing.assert = setmetatable({}, {
  __index = function(_, key)
    local value = resolve(key, false)
    return value
  end,
  __newindex = function() error("assert is read-only", 2) end,
  __call = call_assert,
})

-- Suites: collection -------------------------------------------------------

local Suite = {}
Suite.__index = Suite

local function new_block(name, parent, file, line)
  return { name = name, parent = parent, children = {}, before = {}, after = {}, file = file, line = line }
end

--- Creates an empty suite.
function testing.new()
  local root = new_block(nil, nil, nil, nil)
  return setmetatable({ root = root, current = root, running = false }, Suite)
end

testing.new_suite = testing.new

local function check_arg(value, kind, index, fname)
  if type(value) ~= kind then
    error(("bad argument #%d to '%s' (%s expected, got %s)"):format(index, fname, kind, type(value)), 3)
  end
end

local function check_collecting(suite, fname)
  if suite.running then error(fname .. "() cannot be called while a test runs", 3) end
end

local function full_name(block, name)
  local parts = { name }
  while block do
    if block.name then table.insert(parts, 1, block.name) end
    block = block.parent
  end
  return table.concat(parts, " > ")
end

-- Turns any raised value into a located Failure; used as xpcall handler.
local function make_error_handler(traceback)
  return function(err)
    if is_failure(err) or rawequal(err, PENDING) then return err end
    local message = error_message(err)
    local file, line, rest = message:match("^(.-):(%d+): (.*)$")
    if file then
      message, line = rest, tonumber(line)
    else
      file, line = locate(true)
    end
    local trace
    if traceback then
      local ok, text = pcall(traceback, error_message(err))
      if ok and type(text) == "string" then trace = text end
    end
    return setmetatable({ kind = "error", message = message, file = file, line = line, traceback = trace }, Failure)
  end
end

local collect_handler = make_error_handler(nil)

local function add_error_node(block, name, failure, fallback_file, fallback_line)
  block.children[#block.children + 1] = {
    kind = "error", name = name, message = failure.message,
    file = failure.file or fallback_file, line = failure.line or fallback_line,
  }
end

-- Runs a block body with `block` as the current scope; errors become nodes.
local function collect_into(suite, block, body, name)
  local saved = suite.current
  suite.current = block
  local ok, failure = xpcall(body, collect_handler)
  suite.current = saved
  if not ok then
    if rawequal(failure, PENDING) then failure = { message = "pending() outside a test" } end
    add_error_node(block, name, failure, block.file, block.line)
  end
end

local function describe(suite, name, body)
  check_collecting(suite, "describe")
  check_arg(name, "string", 1, "describe")
  check_arg(body, "function", 2, "describe")
  local file, line = locate(false)
  local block = new_block(name, suite.current, file, line)
  suite.current.children[#suite.current.children + 1] = block
  collect_into(suite, block, body, full_name(block, nil))
end

local function it(suite, name, body)
  check_collecting(suite, "it")
  check_arg(name, "string", 1, "it")
  if body ~= nil then check_arg(body, "function", 2, "it") end
  local file, line = locate(false)
  local children = suite.current.children
  children[#children + 1] = { kind = "test", name = name, body = body, file = file, line = line }
end

-- At collection, declares a pending test; inside a running test, stops it
-- and marks it pending (as busted does).
local function pending(suite, name)
  if suite.running then error(PENDING, 0) end
  if name ~= nil then check_arg(name, "string", 1, "pending") end
  local file, line = locate(false)
  local children = suite.current.children
  children[#children + 1] = { kind = "test", name = name or "pending", file = file, line = line }
end

local function add_hook(suite, list_name, fname, fn)
  check_collecting(suite, fname)
  check_arg(fn, "function", 1, fname)
  local list = suite.current[list_name]
  list[#list + 1] = fn
end

--- The table test files run in: describe, it, pending, before_each,
--- after_each and assert. Missing names fall back to `base` when given.
function Suite:environment(base)
  local env = {
    describe = function(name, body) return describe(self, name, body) end,
    it = function(name, body) return it(self, name, body) end,
    pending = function(name) return pending(self, name) end,
    before_each = function(fn) return add_hook(self, "before", "before_each", fn) end,
    after_each = function(fn) return add_hook(self, "after", "after_each", fn) end,
    assert = testing.assert,
  }
  if base ~= nil then setmetatable(env, { __index = base }) end
  return env
end

--- Runs a loaded test file's chunk to collect its tests. Each file gets its
--- own top-level scope, so its top-level hooks apply to its tests only. An
--- error while collecting becomes a failed entry in the results.
function Suite:collect(file, chunk)
  local block = new_block(nil, self.root, file, nil)
  self.root.children[#self.root.children + 1] = block
  collect_into(self, block, chunk, file)
end

--- Records a test file that could not be loaded (e.g. a syntax error).
function Suite:load_error(file, message)
  message = error_message(message)
  local source, line, rest = message:match("^(.-):(%d+): (.*)$")
  local failure = { message = rest or message, file = source, line = tonumber(line) }
  add_error_node(self.root, file, failure, file, nil)
end

-- Suites: running ----------------------------------------------------------

local function scope_chain(block)
  local chain = {}
  while block do
    table.insert(chain, 1, block)
    block = block.parent
  end
  return chain
end

-- The first failure wins: later ones (an after_each tripping over the state
-- a failed test left) would hide the cause.
local function record(result, failure)
  if result.status ~= "passed" then return end
  if rawequal(failure, PENDING) then
    result.status = "pending"
    return
  end
  result.status = "failed"
  result.kind = failure.kind
  result.message = failure.message
  result.expected = failure.expected
  result.actual = failure.actual
  result.traceback = failure.traceback
  if failure.file then result.file, result.line = failure.file, failure.line end
end

local function protected(handler, result, fn, ...)
  local ok, failure = xpcall(fn, handler, ...)
  if not ok then record(result, failure) end
  return ok
end

-- before_each hooks, outer scope first; returns how many scopes fully set up.
local function run_before_hooks(chain, handler, result)
  for depth, block in ipairs(chain) do
    for _, hook in ipairs(block.before) do
      if not protected(handler, result, hook) then return depth - 1 end
    end
  end
  return #chain
end

-- after_each hooks, inner scope first, only for scopes that were set up.
local function run_after_hooks(chain, depth, handler, result)
  for d = depth, 1, -1 do
    for _, hook in ipairs(chain[d].after) do protected(handler, result, hook) end
  end
end

local function run_test(node, block, opts, handler)
  local name = full_name(block, node.name)
  local result = { name = name, file = node.file, line = node.line, status = "passed" }
  if node.body == nil then
    result.status = "pending"
    return result
  end
  local info = { name = name, file = node.file, line = node.line }
  if opts.before_test and not protected(handler, result, opts.before_test, info) then return result end
  local chain = scope_chain(block)
  local set_up = run_before_hooks(chain, handler, result)
  if set_up == #chain then protected(handler, result, node.body) end
  run_after_hooks(chain, set_up, handler, result)
  if opts.after_test then protected(handler, result, opts.after_test, info, result) end
  return result
end

local function error_result(node)
  return {
    name = node.name, file = node.file, line = node.line, status = "failed",
    kind = "error", message = node.message,
  }
end

local function walk(block, visit)
  for _, node in ipairs(block.children) do
    if node.children then walk(node, visit) else visit(node, block) end
  end
end

--- Runs every collected test (or those whose full name contains
--- opts.filter, a plain substring) and returns the results list with totals.
function Suite:run(opts)
  opts = opts or {}
  local handler = make_error_handler(opts.traceback)
  local results = { passed = 0, failed = 0, pending = 0, total = 0 }
  walk(self.root, function(node, block)
    local result
    if node.kind == "error" then
      result = error_result(node)
    elseif opts.filter == nil or full_name(block, node.name):find(opts.filter, 1, true) then
      self.running = true
      result = run_test(node, block, opts, handler)
      self.running = false
    end
    if result == nil then return end
    results[#results + 1] = result
    results[result.status] = results[result.status] + 1
    results.total = results.total + 1
    if opts.on_result then opts.on_result(result) end
  end)
  return results
end

-- Reports -------------------------------------------------------------------

local function location(result)
  if result.file and result.line then return result.file .. ":" .. result.line end
  return result.file
end

local function summary_line(results)
  local text = ("%d passed, %d failed"):format(results.passed, results.failed)
  if results.pending > 0 then text = text .. (", %d skipped"):format(results.pending) end
  return text
end

local function indent_continuations(text, prefix)
  return (text:gsub("\n", "\n" .. prefix))
end

local function format_plain(results)
  local lines = {}
  for _, r in ipairs(results) do
    if r.status == "failed" then
      local head = location(r)
      head = head and (head .. ": ") or ""
      lines[#lines + 1] = indent_continuations(head .. r.name .. ": " .. (r.message or "failed"), "  ")
      if r.expected ~= nil then lines[#lines + 1] = "  expected: " .. r.expected end
      if r.actual ~= nil then lines[#lines + 1] = "  actual: " .. r.actual end
    elseif r.status == "pending" then
      local at = location(r)
      lines[#lines + 1] = "skipped: " .. r.name .. (at and (" (" .. at .. ")") or "")
    end
  end
  lines[#lines + 1] = summary_line(results)
  return table.concat(lines, "\n") .. "\n"
end

-- A YAML double-quoted scalar (YAML spells byte escapes \xNN, not \ddd).
local function yaml_string(s) return quote_string(s, "\\x%02X") end

local function tap_description(name)
  return (name:gsub("\\", "\\\\"):gsub("#", "\\#"):gsub("%c", " "))
end

local function format_tap(results)
  local lines = { "TAP version 13", "1.." .. #results }
  for i, r in ipairs(results) do
    local description = tap_description(r.name)
    if r.status == "passed" then
      lines[#lines + 1] = ("ok %d - %s"):format(i, description)
    elseif r.status == "pending" then
      lines[#lines + 1] = ("ok %d - %s # SKIP pending"):format(i, description)
    else
      lines[#lines + 1] = ("not ok %d - %s"):format(i, description)
      lines[#lines + 1] = "  ---"
      lines[#lines + 1] = "  message: " .. yaml_string(r.message or "failed")
      if location(r) then lines[#lines + 1] = "  at: " .. yaml_string(location(r)) end
      if r.expected ~= nil then lines[#lines + 1] = "  expected: " .. yaml_string(r.expected) end
      if r.actual ~= nil then lines[#lines + 1] = "  actual: " .. yaml_string(r.actual) end
      lines[#lines + 1] = "  ..."
    end
  end
  lines[#lines + 1] = "# " .. summary_line(results)
  return table.concat(lines, "\n") .. "\n"
end

-- XML 1.0 cannot carry most control characters or broken UTF-8 at all,
-- not even as character references, so those become U+FFFD.
local function xml_clean(s)
  s = tostring(s)
  if utf8.len(s) == nil then s = s:gsub("[\128-\255]", "\239\191\189") end
  return (s:gsub("[\0-\8\11\12\14-\31\127]", "\239\191\189"))
end

local XML_ESCAPES = {
  ["&"] = "&amp;", ["<"] = "&lt;", [">"] = "&gt;", ['"'] = "&quot;", ["'"] = "&apos;",
  ["\n"] = "&#10;", ["\r"] = "&#13;", ["\t"] = "&#9;",
}

local function xml_attribute(s)
  return (xml_clean(s):gsub("[&<>\"'\n\r\t]", XML_ESCAPES))
end

local function xml_text(s)
  return (xml_clean(s):gsub("[&<>]", XML_ESCAPES))
end

local function group_by_file(results)
  local groups, by_file = {}, {}
  for _, r in ipairs(results) do
    local file = r.file or "(unknown)"
    local group = by_file[file]
    if not group then
      group = { file = file, tests = {}, failed = 0, pending = 0 }
      by_file[file] = group
      groups[#groups + 1] = group
    end
    group.tests[#group.tests + 1] = r
    if r.status == "failed" then group.failed = group.failed + 1 end
    if r.status == "pending" then group.pending = group.pending + 1 end
  end
  return groups
end

local function junit_failure_body(r)
  local lines = { (location(r) and (location(r) .. ": ") or "") .. (r.message or "failed") }
  if r.expected ~= nil then lines[#lines + 1] = "expected: " .. r.expected end
  if r.actual ~= nil then lines[#lines + 1] = "actual: " .. r.actual end
  if r.traceback then lines[#lines + 1] = r.traceback end
  return table.concat(lines, "\n")
end

local function junit_testcase(out, r, file)
  local open = ('    <testcase name="%s" classname="%s"'):format(xml_attribute(r.name), xml_attribute(file))
  if r.line then open = open .. (' line="%d"'):format(r.line) end
  if r.status == "passed" then
    out[#out + 1] = open .. "/>"
    return
  end
  out[#out + 1] = open .. ">"
  if r.status == "pending" then
    out[#out + 1] = '      <skipped message="pending"/>'
  else
    local tag = r.kind == "assertion" and "failure" or "error"
    out[#out + 1] = ('      <%s message="%s" type="%s">%s</%s>'):format(
      tag, xml_attribute(r.message or "failed"), r.kind or "error", xml_text(junit_failure_body(r)), tag)
  end
  out[#out + 1] = "    </testcase>"
end

local function format_junit(results)
  local errors = 0
  for _, r in ipairs(results) do
    if r.status == "failed" and r.kind ~= "assertion" then errors = errors + 1 end
  end
  local out = {
    '<?xml version="1.0" encoding="UTF-8"?>',
    ('<testsuites name="tide" tests="%d" failures="%d" errors="%d" skipped="%d">'):format(
      results.total, results.failed - errors, errors, results.pending),
  }
  for _, group in ipairs(group_by_file(results)) do
    local group_errors = 0
    for _, r in ipairs(group.tests) do
      if r.status == "failed" and r.kind ~= "assertion" then group_errors = group_errors + 1 end
    end
    out[#out + 1] = ('  <testsuite name="%s" tests="%d" failures="%d" errors="%d" skipped="%d">'):format(
      xml_attribute(group.file), #group.tests, group.failed - group_errors, group_errors, group.pending)
    for _, r in ipairs(group.tests) do junit_testcase(out, r, group.file) end
    out[#out + 1] = "  </testsuite>"
  end
  out[#out + 1] = "</testsuites>"
  return table.concat(out, "\n") .. "\n"
end

local FORMATTERS = { plain = format_plain, tap = format_tap, junit = format_junit }

--- Renders results as "plain" (default), "tap" (TAP version 13) or "junit"
--- (JUnit XML). The text ends with a newline.
function testing.format_results(results, format)
  format = format or "plain"
  local formatter = FORMATTERS[format]
  if formatter == nil then
    error(("bad argument #2 to 'format_results' (invalid option '%s' (expected one of: plain, tap, junit))")
      :format(tostring(format)), 2)
  end
  return formatter(results)
end

--- The closing line alone: "12 passed, 0 failed" or "12 passed, 1 failed, 2 skipped".
testing.summary_line = summary_line

return testing
