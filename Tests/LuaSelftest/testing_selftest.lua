-- Self-tests of tide.testing: fixtures are test files held in strings and
-- loaded the way the engine loads tests/*_test.lua.
local testing = require("tide.testing")

local FILE = "tests/fixture_test.lua"

-- Collects and runs one fixture source; returns results and the suite.
local function run_fixture(source, opts, base)
  local suite = testing.new()
  local env = suite:environment(base or _G)
  local chunk, err = load(source, "@" .. FILE, "t", env)
  if chunk then suite:collect(FILE, chunk) else suite:load_error(FILE, err) end
  return suite:run(opts), suite
end

local function by_name(results, name)
  for _, r in ipairs(results) do
    if r.name == name then return r end
  end
  error("no result named " .. name, 2)
end

return function(h)
  local check, eq, list_eq, line_of = h.check, h.eq, h.list_eq, h.line_of

  check("passing and failing tests are counted", function()
    local results = run_fixture([[
      it("adds", function() assert.are.equal(3, 1 + 2) end)
      it("fails", function() assert.are.equal(4, 1 + 2) end)
    ]])
    eq(1, results.passed, "passed")
    eq(1, results.failed, "failed")
    eq(0, results.pending, "pending")
    eq(2, results.total, "total")
    eq(2, #results, "result count")
    eq("passed", results[1].status)
    eq("failed", results[2].status)
    eq("1 passed, 1 failed", testing.summary_line(results))
  end)

  check("nested describes join names with ' > '", function()
    local results = run_fixture([[
      describe("outer", function()
        describe("inner", function()
          it("works", function() end)
        end)
        it("direct", function() end)
      end)
    ]])
    eq("outer > inner > works", results[1].name)
    eq("outer > direct", results[2].name)
  end)

  check("hooks run outer before inner, after_each inner first", function()
    local log = {}
    run_fixture([[
      describe("outer", function()
        before_each(function() log[#log + 1] = "before outer" end)
        after_each(function() log[#log + 1] = "after outer" end)
        describe("inner", function()
          before_each(function() log[#log + 1] = "before inner" end)
          after_each(function() log[#log + 1] = "after inner" end)
          it("deep", function() log[#log + 1] = "deep" end)
        end)
        it("shallow", function() log[#log + 1] = "shallow" end)
      end)
    ]], nil, setmetatable({ log = log }, { __index = _G }))
    list_eq({
      "before outer", "before inner", "deep", "after inner", "after outer",
      "before outer", "shallow", "after outer",
    }, log, "hook order")
  end)

  check("after_each runs when the test fails and the first failure wins", function()
    local log = {}
    local results = run_fixture([[
      after_each(function() log[#log + 1] = "after"; error("cleanup broke") end)
      it("fails", function() assert.is_true(false) end)
    ]], nil, setmetatable({ log = log }, { __index = _G }))
    list_eq({ "after" }, log, "after_each ran")
    eq("expected true", results[1].message)
  end)

  check("a failing before_each skips the body but cleans up outer scopes", function()
    local log = {}
    local results = run_fixture([[
      after_each(function() log[#log + 1] = "after top" end)
      describe("d", function()
        before_each(function() error("setup broke") end)
        after_each(function() log[#log + 1] = "after d" end)
        it("never runs", function() log[#log + 1] = "body" end)
      end)
    ]], nil, setmetatable({ log = log }, { __index = _G }))
    list_eq({ "after top" }, log, "hooks")
    eq("failed", results[1].status)
    eq("setup broke", results[1].message)
  end)

  check("a failing after_each fails a passing test", function()
    local results = run_fixture([[
      after_each(function() error("cleanup broke") end)
      it("passes", function() end)
    ]])
    eq("failed", results[1].status)
    eq("cleanup broke", results[1].message)
  end)

  check("top-level hooks of one file do not leak into another", function()
    local suite = testing.new()
    local log = {}
    local env = suite:environment(setmetatable({ log = log }, { __index = _G }))
    suite:collect("a_test.lua", load([[
      before_each(function() log[#log + 1] = "a hook" end)
      it("a", function() end)
    ]], "@a_test.lua", "t", env))
    suite:collect("b_test.lua", load([[it("b", function() log[#log + 1] = "b" end)]], "@b_test.lua", "t", env))
    suite:run()
    list_eq({ "a hook", "b" }, log, "hooks")
  end)

  check("pending tests are counted and reported as skipped", function()
    local source = [[
      pending("later") -- line: pending
      it("no body yet")
      it("stops midway", function() pending("not ready"); error("unreached") end)
      it("passes", function() end)
    ]]
    local results = run_fixture(source)
    eq(3, results.pending, "pending")
    eq(1, results.passed, "passed")
    eq("pending", results[1].status)
    eq(line_of(source, "line: pending"), results[1].line, "pending line")
    eq("1 passed, 0 failed, 3 skipped", testing.summary_line(results))
  end)

  check("the filter is a plain substring of the full name", function()
    local results = run_fixture([[
      describe("scores (best)", function()
        it("keeps", function() end)
        it("drops", function() end)
      end)
      it("other", function() end)
    ]], { filter = "(best) > k" })
    eq(1, results.total, "total")
    eq("scores (best) > keeps", results[1].name)
  end)

  check("an assertion failure is located at the assert's line", function()
    local source = [[
      describe("d", function()
        it("fails", function()
          local x = 1
          assert.are.equal(2, x) -- line: assert
        end)
      end)
    ]]
    local r = run_fixture(source)[1]
    eq(FILE, r.file, "file")
    eq(line_of(source, "line: assert"), r.line, "line")
    eq("assertion", r.kind, "kind")
    eq("2", r.expected, "expected")
    eq("1", r.actual, "actual")
  end)

  check("a test's line is where `it` was called when it passes", function()
    local source = [[
      describe("d", function()
        it("passes", function() end) -- line: it
      end)
    ]]
    eq(line_of(source, "line: it"), run_fixture(source)[1].line, "line")
  end)

  check("assertions inside a helper function report the helper's line", function()
    local source = [[
      local function expect_big(n)
        assert.is_true(n > 10) -- line: helper
      end
      it("uses a helper", function() expect_big(3) end)
    ]]
    eq(line_of(source, "line: helper"), run_fixture(source)[1].line, "line")
  end)

  check("runtime errors are failures with message and location", function()
    local source = [[
      it("indexes nil", function()
        local t = nil
        return t.x -- line: index
      end)
      it("bad argument", function()
        string.rep() -- line: argerror
      end)
      it("raises a table", function()
        error({ code = 7 }) -- line: table
      end)
    ]]
    local results = run_fixture(source)
    eq(3, results.failed, "failed")
    eq("error", results[1].kind, "kind")
    eq(line_of(source, "line: index"), results[1].line, "index line")
    eq("attempt to index a nil value (local 't')", results[1].message)
    eq(line_of(source, "line: argerror"), results[2].line, "argerror line")
    eq(line_of(source, "line: table"), results[3].line, "table error line")
    eq("{code = 7}", results[3].message)
  end)

  check("opts.traceback fills result.traceback for runtime errors", function()
    local results = run_fixture([[it("boom", function() error("boom") end)]],
      { traceback = function(message) return "trace of " .. message end })
    eq("trace of " .. FILE .. ":1: boom", results[1].traceback)
  end)

  check("same describes the first differing path", function()
    local results = run_fixture([[
      it("differs", function()
        assert.are.same({ name = "Ada", scores = { 1, 3 } }, { name = "Ada", scores = { 1, 4 } })
      end)
      it("missing key", function() assert.are.same({ a = 1, b = 2 }, { a = 1 }) end)
      it("odd key", function() assert.same({ ["two words"] = 1 }, { ["two words"] = 2 }) end)
      it("cycles", function()
        local a, b = { n = 1 }, { n = 1 }
        a.self, b.self = a, b
        assert.are.same(a, b)
      end)
    ]])
    eq("values differ at t.scores[2]: expected 3, got 4", results[1].message)
    eq('{name = "Ada", scores = {1, 3}}', results[1].expected)
    eq('{name = "Ada", scores = {1, 4}}', results[1].actual)
    eq("values differ at t.b: expected 2, got nil", results[2].message)
    eq('values differ at t["two words"]: expected 1, got 2', results[3].message)
    eq("passed", results[4].status, "cyclic tables compare")
  end)

  check("a trailing message prefixes the failure", function()
    local results = run_fixture([[it("m", function() assert.are.equal(1, 2, "lion should win") end)]])
    eq("lion should win: expected values to be equal", results[1].message)
  end)

  -- Every spelling: { expression, should pass }.
  local spellings = {
    { 'assert.are.equal(1, 1)', true }, { 'assert.are.equal(1, 2)', false },
    { 'assert.equal("a", "a")', true }, { 'assert.equals(1, 1.0)', true },
    { 'assert.are.equals(1, 2)', false }, { 'assert.is.equal(1, 1)', true },
    { 'assert.are_not.equal(1, 2)', true }, { 'assert.are_not.equal(1, 1)', false },
    { 'assert.is_not.equal(1, 2)', true }, { 'assert.not_equal(1, 1)', false },
    { 'assert.are.same({1, {2}}, {1, {2}})', true }, { 'assert.are.same({1}, {2})', false },
    { 'assert.same("x", "x")', true }, { 'assert.are_not.same({1}, {2})', true },
    { 'assert.are_not.same({1}, {1})', false },
    { 'assert.is_true(true)', true }, { 'assert.is_true(1)', false },
    { 'assert.is_false(false)', true }, { 'assert.is_false(nil)', false },
    { 'assert.is_nil(nil)', true }, { 'assert.is_nil(false)', false },
    { 'assert.is_not_nil(0)', true }, { 'assert.is_not_nil(nil)', false },
    { 'assert.is_not_true(false)', true }, { 'assert.is_not_true(true)', false },
    { 'assert.is_not_false(nil)', true }, { 'assert.is_not_false(false)', false },
    { 'assert.truthy(0)', true }, { 'assert.truthy(nil)', false },
    { 'assert.is.truthy("")', true }, { 'assert.falsy(false)', true }, { 'assert.falsy(0)', false },
    { 'assert.near(1, 1.05, 0.1)', true }, { 'assert.near(1, 1.2, 0.1)', false },
    { 'assert.are.near(1, 1.2, 0.5)', true }, { 'assert.is_not.near(1, 1.2, 0.1)', true },
    { 'assert.is_not.near(1, 1.05, 0.1)', false }, { 'assert.near("1", 1, 0.1)', false },
    { 'assert.matches("^li", "lion")', true }, { 'assert.matches("^ra", "lion")', false },
    { 'assert.does_not.match("^ra", "lion")', true }, { 'assert.not_matches("^li", "lion")', false },
    { 'assert.matches("[", "lion")', false },
    { 'assert.has_error(function() error("boom") end)', true },
    { 'assert.has_error(function() end)', false },
    { 'assert.has_error(function() error("big boom") end, "boom")', true },
    { 'assert.has_error(function() error("boom") end, "bang")', false },
    { 'assert.has_error(function() error({ code = 1 }) end, { code = 1 })', true },
    { 'assert.has_error(function() assert.is_true(false) end, "expected true")', true },
    { 'assert.error(function() error("x") end)', true },
    { 'assert.has_no.error(function() end)', true },
    { 'assert.has_no.errors(function() error("x") end)', false },
    { 'assert.has_no_error(function() end)', true },
    { 'assert.no.errors(function() end)', true },
    { 'assert.has_error(42)', false },
    { 'assert(true)', true }, { 'assert(false, "nope")', false },
  }

  check("every assertion spelling passes and fails as it should", function()
    local lines = {}
    for i, case in ipairs(spellings) do
      lines[#lines + 1] = ('it("%d", function() %s end)'):format(i, case[1])
    end
    local results = run_fixture(table.concat(lines, "\n"))
    for i, case in ipairs(spellings) do
      local r = results[i]
      eq(case[2] and "passed" or "failed", r.status, case[1] .. " (" .. tostring(r.message) .. ")")
      if not case[2] then eq(i, r.line, case[1] .. " line") end
    end
  end)

  check("an unknown assertion is an error at the test's line", function()
    local r = run_fixture([[it("x", function() assert.are.sorta(1, 1) end)]])[1]
    eq("failed", r.status)
    eq("unknown assertion 'assert.sorta'", r.message)
    eq(1, r.line)
  end)

  check("failure values print as the test wrote them", function()
    local results = run_fixture([[
      it("s", function() assert.are.equal("lion", "li\non") end)
      it("n", function() assert.are.equal(0.3, 0.1 + 0.2) end)
      it("has_error", function() assert.has_error(function() end) end)
    ]])
    eq('"lion"', results[1].expected)
    eq('"li\\non"', results[1].actual)
    eq("0.3", results[2].expected)
    eq("0.30000000000000004", results[2].actual)
    eq("no error", results[3].actual)
  end)

  check("format_value is sorted, depth-limited and cycle-safe", function()
    local fv = testing.format_value
    eq('{1, 2, a = true, b = "x", ["c d"] = 3, [false] = 0}', fv({ 1, 2, b = "x", a = true, ["c d"] = 3, [false] = 0 }))
    local cyclic = { name = "loop" }
    cyclic.me = cyclic
    eq('{me = <cycle>, name = "loop"}', fv(cyclic))
    eq("{{{{{...}}}}}", fv({ { { { { 1 } } } } }), "four levels shown")
    eq("<function>", fv(print))
    eq("3.0", fv(3.0))
    eq("{}", fv({}))
    eq("vec(1, 2)", fv(setmetatable({}, { __tostring = function() return "vec(1, 2)" end })))
  end)

  check("an error while collecting a file is a failure, others still run", function()
    local source = [[
      describe("broken", function()
        it("fine", function() end)
        local x = nil + 1 -- line: collect
      end)
      it("still runs", function() end)
    ]]
    local results = run_fixture(source)
    eq(1, results.failed, "failed")
    eq(2, results.passed, "passed")
    local r = by_name(results, "broken")
    eq(line_of(source, "line: collect"), r.line)
    eq(FILE, r.file)
  end)

  check("a file that does not compile is reported with its line", function()
    local results = run_fixture("it('x', function()\n  local = 1\nend)")
    eq(1, results.failed, "failed")
    eq(FILE, results[1].name)
    eq(2, results[1].line)
  end)

  check("describe/it cannot run inside a test, bad arguments are named", function()
    local results = run_fixture([[
      it("nests", function() it("inner", function() end) end)
      it("late hook", function() before_each(function() end) end)
    ]])
    eq("it() cannot be called while a test runs", results[1].message)
    eq("before_each() cannot be called while a test runs", results[2].message)
    local bad = run_fixture([[describe("d", 42)]])
    eq("bad argument #2 to 'describe' (function expected, got number)", bad[1].message)
    eq(1, bad[1].line)
  end)

  check("engine callbacks run around each test in order", function()
    local log = {}
    run_fixture([[
      before_each(function() log[#log + 1] = "before_each" end)
      it("one", function() log[#log + 1] = "body" end)
      pending("two")
    ]], {
      before_test = function(test) log[#log + 1] = "before_test " .. test.name end,
      after_test = function(test, result) log[#log + 1] = "after_test " .. result.status end,
      on_result = function(result) log[#log + 1] = "on_result " .. result.name end,
    }, setmetatable({ log = log }, { __index = _G }))
    list_eq({ "before_test one", "before_each", "body", "after_test passed", "on_result one", "on_result two" }, log)
  end)

  check("a failing before_test fails the test without running it", function()
    local ran = false
    local results = run_fixture([[it("x", function() ran() end)]], {
      before_test = function() error("game failed to load", 0) end,
    }, setmetatable({ ran = function() ran = true end }, { __index = _G }))
    eq(false, ran, "body ran")
    eq("game failed to load", results[1].message)
  end)

  -- A fixture with one pass, one assertion failure, one error, one pending.
  local mixed = table.concat({
    'describe("duel", function()',
    '  it("wins", function() end)',
    '  it("loses <&>", function() assert.are.equal("win", "lose") end)',
    '  it("crashes", function() error("boom") end)',
    '  pending("later")',
    'end)',
  }, "\n")

  check("plain output: one block per failure, exact closing line", function()
    local text = testing.format_results(run_fixture(mixed), "plain")
    eq(table.concat({
      FILE .. ':3: duel > loses <&>: expected values to be equal',
      '  expected: "win"',
      '  actual: "lose"',
      FILE .. ':4: duel > crashes: boom',
      'skipped: duel > later (' .. FILE .. ':5)',
      '1 passed, 2 failed, 1 skipped',
      '',
    }, "\n"), text)
    local clean = testing.format_results(run_fixture('it("a", function() end)'), "plain")
    eq("1 passed, 0 failed\n", clean)
  end)

  check("tap output", function()
    local text = testing.format_results(run_fixture(mixed), "tap")
    local lines = {}
    for line in text:gmatch("[^\n]+") do lines[#lines + 1] = line end
    eq("TAP version 13", lines[1])
    eq("1..4", lines[2])
    eq("ok 1 - duel > wins", lines[3])
    eq("not ok 2 - duel > loses <&>", lines[4])
    eq("  ---", lines[5])
    eq('  message: "expected values to be equal"', lines[6])
    eq('  at: "' .. FILE .. ':3"', lines[7])
    eq('  expected: "\\"win\\""', lines[8])
    assert(text:find("ok 4 - duel > later # SKIP pending", 1, true), "skip line")
    eq("# 1 passed, 2 failed, 1 skipped", lines[#lines])
  end)

  check("junit output escapes and classifies", function()
    local text = testing.format_results(run_fixture(mixed), "junit")
    assert(text:find('<?xml version="1.0" encoding="UTF-8"?>', 1, true), "header")
    assert(text:find('<testsuites name="tide" tests="4" failures="1" errors="1" skipped="1">', 1, true), "totals")
    assert(text:find('name="duel &gt; loses &lt;&amp;&gt;"', 1, true), "escaped name")
    assert(text:find('<failure message="expected values to be equal" type="assertion">', 1, true), "failure")
    assert(text:find('expected: "win"', 1, true), "quotes in text are fine")
    assert(text:find('<error message="boom" type="error">', 1, true), "error")
    assert(text:find('<skipped message="pending"/>', 1, true), "skipped")
    -- No raw markup characters may survive inside attribute values.
    for value in text:gmatch('="([^"]*)"') do
      -- Once the entities are taken out, no markup character may be left.
      local bare = value:gsub("&%a+;", "")
      assert(not bare:find("[<>&]"), "unescaped attribute: " .. value)
    end
  end)

  check("junit replaces characters XML cannot carry", function()
    local text = testing.format_results(run_fixture('it("bell\\7 and \\255", function() end)'), "junit")
    assert(not text:find("\7", 1, true), "control character removed")
    assert(text:find("\239\191\189", 1, true), "replacement character used")
  end)

  check("format_results rejects unknown formats listing the valid ones", function()
    local ok, err = pcall(testing.format_results, { passed = 0, failed = 0, pending = 0, total = 0 }, "xml")
    eq(false, ok)
    assert(err:find("invalid option 'xml' (expected one of: plain, tap, junit)", 1, true), err)
  end)

  check("a failure escaping the runner prints as file:line: message", function()
    local chunk = load("testing.assert.are.equal(1, 2)", "@escape.lua", "t", { testing = testing })
    local ok, err = pcall(chunk)
    eq(false, ok)
    eq("escape.lua:1: expected values to be equal", tostring(err))
  end)
end
