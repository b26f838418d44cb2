-- Compares Lua 5.4's C pattern functions with the sandbox's copies that count their steps
-- (CLua's lstrlib.c) over random patterns and subjects: results, captures and error messages
-- must agree. Called with { native = Lua's, counted = the copies }, a seed and a count;
-- returns the number of disagreements (printing the first few).

local P = ...
local N, C = P.native, P.counted
local atoms = { "a", "b", ".", "%a", "%d", "%s", "%w", "%p", "%A", "[ab]", "[^a]", "[a-c]", "[%d_]", "%%", "%.", "x", " " , "%x", "%u", "%l", "%c", "%g"}
local quants = { "", "", "", "*", "+", "-", "?" }
local specials = { "()", "(", ")", "%b()", "%f[%a]", "%f[%A]", "%1", "$", "^", "[", "%", "%z", "[]", "[^]", "[a-]", "%b", "%f" }
local seed, count = select(2, ...)
math.randomseed(seed)
local function rand_pattern()
  local parts = {}
  if math.random() < 0.2 then parts[#parts+1] = "^" end
  local n = math.random(0, 6)
  local open = 0
  for _ = 1, n do
    local r = math.random()
    if r < 0.12 then parts[#parts+1] = "("; open = open + 1
    elseif r < 0.22 and open > 0 then parts[#parts+1] = ")"; open = open - 1
    elseif r < 0.28 then parts[#parts+1] = specials[math.random(#specials)]
    else parts[#parts+1] = atoms[math.random(#atoms)] .. quants[math.random(#quants)] end
  end
  if math.random() < 0.7 then for _ = 1, open do parts[#parts+1] = ")" end end
  if math.random() < 0.1 then parts[#parts+1] = "$" end
  return table.concat(parts)
end
local chars = { "a", "b", "c", "1", "2", " ", "(", ")", "_", ".", "x", "A", "%", "\n" }
local function rand_subject()
  local t = {}
  for i = 1, math.random(0, 12) do t[i] = chars[math.random(#chars)] end
  return table.concat(t)
end
local function pack(ok, ...) return { ok = ok, n = select("#", ...), ... } end
local function same(a, b)
  if a.ok ~= b.ok then return false end
  -- Called the same way, both name the same place, if any.
  if not a.ok then return tostring(a[1]) == tostring(b[1]) end
  if a.n ~= b.n then return false end
  for i = 1, a.n do if a[i] ~= b[i] then return false end end
  return true
end
local function show(r) local t = {} for i = 1, (r.n or 1) do t[#t+1] = tostring(r[i]) end return tostring(r.ok) .. ":" .. table.concat(t, "|") end
local bad = 0
local function check(what, a, b, s, p, extra)
  if not same(a, b) then
    bad = bad + 1
    if bad <= 15 then print(what, ("%q"):format(s), ("%q"):format(p), extra or "", "native=" .. show(a), "counted=" .. show(b)) end
  end
end
local function gm(f, s, p, init)
  local out = {}
  local it = f(s, p, init)
  for _ = 1, 50 do
    local r = pack(true, it())
    if r[1] == nil then break end
    for i = 1, r.n do out[#out+1] = tostring(r[i]) end
    out[#out+1] = "/"
  end
  return table.concat(out, ",")
end
for _ = 1, count do
  local s, p = rand_subject(), rand_pattern()
  local init = math.random() < 0.3 and math.random(-5, 15) or nil
  check("find", pack(pcall(N.find, s, p, init)), pack(pcall(C.find, s, p, init)), s, p, init)
  check("match", pack(pcall(N.match, s, p, init)), pack(pcall(C.match, s, p, init)), s, p, init)
  check("gmatch", pack(pcall(gm, N.gmatch, s, p, init)), pack(pcall(gm, C.gmatch, s, p, init)), s, p, init)
  local repls = { "<%0>", "%1-%%", "x", { a = "A", b = false, ["1"] = 7 }, function(a, b) return b or (a and #tostring(a) > 1 and a:upper()) end, "%2", "%", 5 }
  local r = repls[math.random(#repls)]
  local maxn = math.random() < 0.2 and math.random(-1, 3) or nil
  check("gsub", pack(pcall(N.gsub, s, p, r, maxn)), pack(pcall(C.gsub, s, p, r, maxn)), s, p, tostring(r) .. " " .. tostring(maxn))
end
return bad
