-- Writes a hostile input script (docs/input-scripts.md) to stdout: lua5.4 input.lua SEED LINES
local seed, lines = tonumber(arg[1]) or 1, tonumber(arg[2]) or 40
math.randomseed(seed)
local function pick(list) return list[math.random(#list)] end
local numbers = {
  "0", "1", "-1", "0.5", "1e300", "-1e300", "inf", "-inf", "nan", "1e-320", "9223372036854775807",
  "-9223372036854775808", "99999999999999999999", "0x10", "1e", "", "--1", "3.", ".5", "1e6", "-1e6",
}
local words = { "tap", "drag", "text", "key", "down", "move", "up", "keydown", "keyup", "bogus", "" }
local keys = { "return", "left shift", "a", "", "\xff\xfe", string.rep("k", 300), "escape" }
local directives = { "@seed", "@size", "@option", "@at", "@end", "@engine", "@game", "@bogus" }
local sizes = { "390x844", "0x0", "1e308x1e308", "-5x10", "x", "100x", "99999999x1" }
local out = {}
for _ = 1, lines do
  local r = math.random(10)
  local line
  if r == 1 then
    local d = pick(directives)
    local v = d == "@size" and pick(sizes) or d == "@option" and ("calls=" .. pick(numbers)) or pick(numbers)
    line = d .. " " .. v
  elseif r == 2 then
    line = string.rep(pick({ "#", "\\", "\0", "\xff", " ", "\t", "@" }), math.random(0, 50))
  else
    local parts = { pick(numbers), pick(words) }
    for _ = 1, math.random(0, 5) do parts[#parts + 1] = math.random(3) == 1 and pick(keys) or pick(numbers) end
    line = table.concat(parts, pick({ " ", "  ", "\t" }))
  end
  out[#out + 1] = line .. (math.random(4) == 1 and "\r\n" or "\n")
end
io.write(table.concat(out))
