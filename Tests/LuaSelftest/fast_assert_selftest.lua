-- Self-tests of testrunner/fast_assert.lua against luassert itself (Debian's lua-luassert):
-- every shortcut spelling, over values that pass and fail, must end as luassert's own does
-- (passes or raises) and return what luassert returns.
return function(harness)
  local ok_luassert, luassert = pcall(require, "luassert")
  if not ok_luassert then
    harness.check("fast_assert: luassert is installed (lua-luassert)", function() error(luassert) end)
    return
  end
  local namespace = require("luassert.namespaces")
  local fast = require("testrunner.fast_assert")(luassert, namespace)

  local values = { true, false, 0, 1, "", "x", {}, math.huge, 0 / 0 }
  local spellings = {
    "is_true", "is_false", "is_nil", "is_not_nil", "True", "False", "Nil", "truthy", "falsy",
    "is_truthy", "is_falsy", "equal", "equals", "are_equal", "are_not_equal", "is_not_true",
  }
  local chains = {
    { "are", "equal" }, { "are", "equals" }, { "is_not", "equal" }, { "are_not", "equals" },
    { "is", "True" }, { "is_not", "True" }, { "is", "Nil" }, { "is_not", "Nil" }, { "is", "falsy" },
  }

  -- Outcome of one call: "pass" with its results joined, or "fail".
  local function outcome(fn, ...)
    local results = table.pack(pcall(fn, ...))
    if not results[1] then return "fail" end
    local shown = {}
    for i = 2, results.n do shown[#shown + 1] = tostring(results[i]) end
    return "pass " .. (results.n - 1) .. ": " .. table.concat(shown, ",")
  end

  local function compare(name, get_fast, get_real, args)
    local wanted = outcome(function(...) return get_real()(...) end, table.unpack(args, 1, args.n))
    local got = outcome(function(...) return get_fast()(...) end, table.unpack(args, 1, args.n))
    harness.eq(wanted, got, name)
  end

  local function argument_lists()
    local lists = { { n = 0 } }
    for _, a in ipairs(values) do
      lists[#lists + 1] = { a, n = 1 }
      lists[#lists + 1] = { a, "message", n = 2 }
      for _, b in ipairs(values) do lists[#lists + 1] = { a, b, n = 2 } end
    end
    lists[#lists + 1] = { nil, n = 1 }
    lists[#lists + 1] = { nil, nil, n = 2 }
    return lists
  end

  harness.check("fast_assert: shortcuts end as luassert does", function()
    for _, key in ipairs(spellings) do
      for _, args in ipairs(argument_lists()) do
        compare(key, function() return fast[key] end, function() return luassert[key] end, args)
      end
    end
    for _, chain in ipairs(chains) do
      local prefix, key = chain[1], chain[2]
      for _, args in ipairs(argument_lists()) do
        compare(prefix .. "." .. key, function() return fast[prefix][key] end,
          function() return luassert[prefix][key] end, args)
      end
    end
  end)

  harness.check("fast_assert: other assertions and calls are luassert's", function()
    local wanted = outcome(function() return luassert(1, "x") end)
    harness.eq(wanted, outcome(function() return fast(1, "x") end), "assert(...)")
    harness.eq("fail", outcome(function() return fast(false, "x") end), "assert(false)")
    harness.eq("fail", outcome(function() return fast.are.same({ 1 }, { 2 }) end), "are.same")
    harness.eq("fail", outcome(function() return fast.has_error(function() end) end), "has_error")
  end)

  harness.check("fast_assert: a re-registered assertion is luassert's", function()
    local original = namespace.assertion.equal.callback
    luassert:register("assertion", "equal", function() return false end,
      "assertion.equals.positive", "assertion.equals.negative")
    local result = outcome(function() return fast.are.equal(1, 1) end)
    luassert:register("assertion", "equal", original, "assertion.equals.positive", "assertion.equals.negative")
    harness.eq("fail", result, "are.equal after register")
    harness.eq("pass 2: 1,1", outcome(function() return fast.are.equal(1, 1) end), "are.equal restored")
  end)
end
