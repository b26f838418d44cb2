-- tide.names: how values and field paths read in the messages of tide.rules and tide.ui.

local names = {}

local KEYWORDS = {}
for word in ([[and break do else elseif end false for function goto if in
  local nil not or repeat return then true until while]]):gmatch("%a+") do
  KEYWORDS[word] = true
end

--- The type a message names for `v`: Lua's, but "tide.Sprite" for a sprite, which is a table
--- too and never data or options.
function names.type_of(v)
  if type(v) == "table" and getmetatable(v) == "tide.Sprite" then return "tide.Sprite" end
  return type(v)
end

--- True when `s` can follow a dot: `t.lion`, not `t["two words"]` or `t["end"]`.
function names.is_identifier(s)
  return type(s) == "string" and s:match("^[%a_][%w_]*$") ~= nil and not KEYWORDS[s]
end

-- tostring() keeps 14 digits, so 0.1 + 0.2 would print like 0.3; fall back to full
-- precision whenever the short form does not read back exactly.
function names.format_number(n)
  local text = tostring(n)
  if math.type(n) == "float" and tonumber(text) ~= n and n == n then
    text = ("%.17g"):format(n)
  end
  return text
end

local TYPE_RANK = { number = 1, string = 2, boolean = 3 }

local function safe_tostring(v, fallback)
  local ok, text = pcall(tostring, v)
  if ok and type(text) == "string" then return text end
  return fallback
end

--- A total, deterministic order over keys of mixed types: numbers, strings, booleans, the rest.
function names.key_less(a, b)
  local ta, tb = type(a), type(b)
  local ra, rb = TYPE_RANK[ta] or 4, TYPE_RANK[tb] or 4
  if ra ~= rb then return ra < rb end
  if ta == "number" or ta == "string" then return a < b end
  if ta == "boolean" then return (not a) and b end
  return safe_tostring(a, "") < safe_tostring(b, "")
end

return names
