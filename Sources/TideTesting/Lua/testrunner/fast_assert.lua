-- luassert's `assert` with a shortcut for the commonest assertions when they pass.
--
-- Game tests assert in loops over every sprite and tick (one bubblepop test makes 140,000
-- assertions), and each luassert call builds a state, splits its name, walks the stack and
-- copies its arguments: about 5 µs more than tide's old runner, which made `tide test` over
-- Content/ 1.5× slower. Here a call whose outcome is certain is answered at once, with what
-- luassert returns (its arguments); any other call, every failing one and every spelling not
-- listed below goes to luassert itself, as a tail call, so its message, its failure type and
-- the test's line are luassert's. A shortcut is only taken while luassert's own callback is
-- registered for the assertion (assert:register may replace it).

return function(real, namespace)
  -- Does a call pass? Each mirrors luassert's callback (luassert/assertions.lua) for the
  -- argument count `n` and the first two arguments, positive and negated ("is_not").
  local passes = {
    ["true"] = { function(_, a) return a == true end, function(_, a) return a ~= true end },
    ["false"] = { function(_, a) return a == false end, function(_, a) return a ~= false end },
    ["nil"] = { function(n, a) return n >= 1 and a == nil end, function(n, a) return n >= 1 and a ~= nil end },
    truthy = {
      function(n, a) return n >= 1 and a ~= false and a ~= nil end,
      function(n, a) return n >= 1 and (a == false or a == nil) end,
    },
    falsy = {
      function(n, a) return n >= 1 and (a == false or a == nil) end,
      function(n, a) return n >= 1 and a ~= false and a ~= nil end,
    },
    equals = { function(n, a, b) return n >= 2 and a == b end, function(n, a, b) return n >= 2 and a ~= b end },
  }
  -- `assertion` is the name luassert looks up for the spelling ("equal" and "equals" are two
  -- registrations of one callback); `kind` says which check above answers it.
  local function shortcut(assertion, kind, negated, luassert_call)
    local pass = passes[kind][negated and 2 or 1]
    local assertions = namespace.assertion
    local callback = assertions[assertion].callback
    return function(...)
      local registered = assertions[assertion]
      if registered and registered.callback == callback and pass(select("#", ...), ...) then return ... end
      return luassert_call()(...)
    end
  end

  -- The spellings answered here; `assert.are.equal` is the chain "are" then "equal".
  local kinds = {
    True = "true", ["true"] = "true", False = "false", ["false"] = "false", Nil = "nil", ["nil"] = "nil",
    truthy = "truthy", falsy = "falsy", equal = "equals", equals = "equals",
  }
  local top = {}
  for key, kind in pairs(kinds) do
    local assertion = key:lower()
    top[key] = shortcut(assertion, kind, false, function() return real[key] end)
    for _, modifier in ipairs({ "is", "are" }) do
      local spelled, negated = modifier .. "_" .. key, modifier .. "_not_" .. key
      top[spelled] = shortcut(assertion, kind, false, function() return real[spelled] end)
      top[negated] = shortcut(assertion, kind, true, function() return real[negated] end)
    end
  end

  local function chain(prefix, negated)
    local keys = {}
    for key, kind in pairs(kinds) do
      keys[key] = shortcut(key:lower(), kind, negated, function() return real[prefix][key] end)
    end
    return setmetatable({}, {
      __index = function(_, key) return keys[key] or real[prefix][key] end,
      __call = function(_, ...) return real[prefix](...) end,
    })
  end
  for _, prefix in ipairs({ "is", "are" }) do
    top[prefix] = chain(prefix, false)
    top[prefix .. "_not"] = chain(prefix .. "_not", true)
  end

  return setmetatable({}, {
    __index = function(_, key)
      local fast = top[key]
      if fast ~= nil then return fast end
      return real[key]
    end,
    __newindex = function(_, key, value) real[key] = value end,
    __call = function(_, ...) return real(...) end,
  })
end
