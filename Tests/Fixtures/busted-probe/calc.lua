-- The library under test: plain Lua, as a library author would ship it.
local calc = {}
function calc.add(a, b) return a + b end
function calc.div(a, b)
  if b == 0 then error("division by zero") end
  return a / b
end
function calc.fail_table() error({ code = 42 }) end
return calc
