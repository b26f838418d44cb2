-- tide.names: how Lua spells a field path, shared by the messages of tide.rules and tide.testing.

local names = {}

local KEYWORDS = {}
for word in ([[and break do else elseif end false for function goto if in
  local nil not or repeat return then true until while]]):gmatch("%a+") do
  KEYWORDS[word] = true
end

--- True when `s` can follow a dot: `t.lion`, not `t["two words"]` or `t["end"]`.
function names.is_identifier(s)
  return type(s) == "string" and s:match("^[%a_][%w_]*$") ~= nil and not KEYWORDS[s]
end

return names
