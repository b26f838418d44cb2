-- luacheck: std lua54
-- Self-tests for the tide.* Lua library, run by Scripts/test with the standalone
-- interpreter from the repository root:  lua5.4 Tests/LuaSelftest/run.lua
-- A tiny harness of its own, so a bug in the library cannot hide itself behind a test framework.
package.path = "Sources/TideScript/Lua/?.lua;Sources/TideTesting/Lua/?.lua;Tests/LuaSelftest/?.lua;" .. package.path

local harness = { passed = 0, failed = 0 }

--- Runs one named check; any error counts as a failure and is printed.
function harness.check(name, fn)
  local ok, err = pcall(fn)
  if ok then
    harness.passed = harness.passed + 1
  else
    harness.failed = harness.failed + 1
    print("FAIL " .. name .. ": " .. tostring(err))
  end
end

local function show(v)
  if type(v) == "string" then return ("%q"):format(v) end
  return tostring(v)
end

--- Raises unless expected == actual, naming what was compared.
function harness.eq(expected, actual, what)
  if expected ~= actual then
    error(("%s: expected %s, got %s"):format(what or "value", show(expected), show(actual)), 2)
  end
end

--- Raises unless the two lists hold equal items in the same order.
function harness.list_eq(expected, actual, what)
  local e, a = table.concat(expected, ", "), table.concat(actual, ", ")
  if #expected ~= #actual or e ~= a then
    error(("%s: expected {%s}, got {%s}"):format(what or "list", e, a), 2)
  end
end

--- The 1-based line in `source` holding `marker` (fixtures tag lines with comments).
function harness.line_of(source, marker)
  local n = 0
  for line in (source .. "\n"):gmatch("(.-)\n") do
    n = n + 1
    if line:find(marker, 1, true) then return n end
  end
  error("marker not found: " .. marker, 2)
end

require("rules_selftest")(harness)
require("fast_assert_selftest")(harness)

print(("%d passed, %d failed"):format(harness.passed, harness.failed))
if harness.failed > 0 then os.exit(1) end
