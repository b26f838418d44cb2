-- Bounded pattern matching: string.find, match, gmatch and gsub that cannot run past the
-- instruction budget.
--
-- Lua's own matcher is C, which the instruction budget's count hook never sees: a pattern
-- such as "a*a*a*a*a*b" over a few thousand "a"s backtracks for hours inside one call and
-- hangs the host. No library bounds Lua patterns (LPeg is another language), so this file
-- does it: each call first estimates the matcher's worst case from the subject's length and
-- the pattern's repetitions; when that is small the C function runs as before (every
-- ordinary use), otherwise this Lua copy of the same algorithm runs, counted by the budget
-- like any script, so a runaway pattern ends with "instruction budget exceeded" and the
-- game goes on. Results and error messages are Lua 5.4's (a test compares them over
-- thousands of random patterns).
--
-- Loaded once per Lua state by the engine, before any script: it replaces the functions in
-- the string table, which is also the strings' metatable index, so ("x"):gsub is covered.

local string = string
local native = { find = string.find, match = string.match, gmatch = string.gmatch, gsub = string.gsub }
local byte, sub, type, tostring, tonumber, error, select, pcall = string.byte, string.sub, type, tostring, tonumber, error, select, pcall
local concat, pack, unpack = table.concat, table.pack, table.unpack

-- A whole number as Lua's C functions read one (integers, integral floats, numeric strings).
local function to_integer(v)
  if type(v) == "string" then v = tonumber(v) end
  return math.tointeger(v)
end

-- The C matcher runs while its estimated worst case stays under this many steps
-- (a few milliseconds); beyond, the counted copy below takes over.
local NATIVE_LIMIT = 1e7
local MAXCCALLS = 200
local MAXCAPTURES = 32
local CAP_UNFINISHED, CAP_POSITION = -1, -2

local L_ESC, C_LBRACKET, C_RBRACKET, C_CARET, C_DOLLAR = 37, 91, 93, 94, 36
local C_DOT, C_LPAREN, C_RPAREN, C_STAR, C_PLUS, C_MINUS, C_QUESTION = 46, 40, 41, 42, 43, 45, 63

-- Errors of the pattern itself carry a mark, so the wrapper can point them at the caller's
-- line as Lua's C functions do; anything else (a replacement function's error, the budget)
-- passes through untouched.
local function raise(message)
  error({ pattern_error = message }, 0)
end

local function class_matches(c, cl)
  local lower = cl
  if cl >= 65 and cl <= 90 then lower = cl + 32 end
  local res
  if lower == 97 then res = (c >= 65 and c <= 90) or (c >= 97 and c <= 122)              -- a
  elseif lower == 99 then res = c < 32 or c == 127                                         -- c
  elseif lower == 100 then res = c >= 48 and c <= 57                                       -- d
  elseif lower == 103 then res = c > 32 and c < 127                                        -- g
  elseif lower == 108 then res = c >= 97 and c <= 122                                      -- l
  elseif lower == 112 then                                                                 -- p
    res = (c >= 33 and c <= 47) or (c >= 58 and c <= 64) or (c >= 91 and c <= 96) or (c >= 123 and c <= 126)
  elseif lower == 115 then res = c == 32 or (c >= 9 and c <= 13)                           -- s
  elseif lower == 117 then res = c >= 65 and c <= 90                                       -- u
  elseif lower == 119 then                                                                 -- w
    res = (c >= 48 and c <= 57) or (c >= 65 and c <= 90) or (c >= 97 and c <= 122)
  elseif lower == 120 then                                                                 -- x
    res = (c >= 48 and c <= 57) or (c >= 65 and c <= 70) or (c >= 97 and c <= 102)
  else return cl == c end
  if cl >= 65 and cl <= 90 then return not res end
  return res
end

-- A match in progress: subject `s` (length `n`), pattern `p` (length `plen`), captures.
local function new_state(s, p)
  return { s = s, n = #s, p = p, plen = #p, level = 0, depth = MAXCCALLS, init = {}, len = {} }
end

local function class_end(ms, pi)
  local p, plen = ms.p, ms.plen
  local c = byte(p, pi)
  pi = pi + 1
  if c == L_ESC then
    if pi > plen then raise("malformed pattern (ends with '%')") end
    return pi + 1
  elseif c == C_LBRACKET then
    if byte(p, pi) == C_CARET then pi = pi + 1 end
    repeat
      if pi > plen then raise("malformed pattern (missing ']')") end
      local cc = byte(p, pi)
      pi = pi + 1
      if cc == L_ESC and pi <= plen then pi = pi + 1 end
    until byte(p, pi) == C_RBRACKET
    return pi + 1
  end
  return pi
end

-- `pi` at '[', `ec` at its ']'.
local function bracket_matches(ms, c, pi, ec)
  local p = ms.p
  local sig = true
  if byte(p, pi + 1) == C_CARET then
    sig = false
    pi = pi + 1
  end
  pi = pi + 1
  while pi < ec do
    local pc = byte(p, pi)
    if pc == L_ESC then
      pi = pi + 1
      if class_matches(c, byte(p, pi)) then return sig end
    elseif byte(p, pi + 1) == C_MINUS and pi + 2 < ec then
      pi = pi + 2
      if pc <= c and c <= byte(p, pi) then return sig end
    elseif pc == c then
      return sig
    end
    pi = pi + 1
  end
  return not sig
end

local function single_matches(ms, si, pi, ep)
  if si > ms.n then return false end
  local c = byte(ms.s, si)
  local pc = byte(ms.p, pi)
  if pc == C_DOT then return true
  elseif pc == L_ESC then return class_matches(c, byte(ms.p, pi + 1))
  elseif pc == C_LBRACKET then return bracket_matches(ms, c, pi, ep - 1)
  end
  return pc == c
end

local match

local function max_expand(ms, si, pi, ep)
  local i = 0
  while single_matches(ms, si + i, pi, ep) do i = i + 1 end
  while i >= 0 do
    local res = match(ms, si + i, ep + 1)
    if res then return res end
    i = i - 1
  end
  return nil
end

local function min_expand(ms, si, pi, ep)
  while true do
    local res = match(ms, si, ep + 1)
    if res then return res
    elseif single_matches(ms, si, pi, ep) then si = si + 1
    else return nil end
  end
end

local function start_capture(ms, si, pi, what)
  local level = ms.level
  if level >= MAXCAPTURES then raise("too many captures") end
  ms.init[level + 1] = si
  ms.len[level + 1] = what
  ms.level = level + 1
  local res = match(ms, si, pi)
  if not res then ms.level = ms.level - 1 end
  return res
end

local function end_capture(ms, si, pi)
  local l
  for i = ms.level, 1, -1 do
    if ms.len[i] == CAP_UNFINISHED then
      l = i
      break
    end
  end
  if not l then raise("invalid pattern capture") end
  ms.len[l] = si - ms.init[l]
  local res = match(ms, si, pi)
  if not res then ms.len[l] = CAP_UNFINISHED end
  return res
end

local function match_balance(ms, si, pi)
  if pi >= ms.plen then raise("malformed pattern (missing arguments to '%b')") end
  local s = ms.s
  if si > ms.n or byte(s, si) ~= byte(ms.p, pi) then return nil end
  local b, e = byte(ms.p, pi), byte(ms.p, pi + 1)
  local cont = 1
  si = si + 1
  while si <= ms.n do
    local c = byte(s, si)
    if c == e then
      cont = cont - 1
      if cont == 0 then return si + 1 end
    elseif c == b then
      cont = cont + 1
    end
    si = si + 1
  end
  return nil
end

local function match_capture(ms, si, l)
  l = l - 48 -- '1' is capture 1
  if l < 1 or l > ms.level or ms.len[l] == CAP_UNFINISHED then
    raise(("invalid capture index %%%d"):format(l))
  end
  local len = ms.len[l]
  if len >= 0 and ms.n - si + 1 >= len and sub(ms.s, ms.init[l], ms.init[l] + len - 1) == sub(ms.s, si, si + len - 1) then
    return si + len
  end
  return nil
end

-- The index after the match of pattern position `pi` at subject position `si`, or nil.
match = function(ms, si, pi)
  if ms.depth == 0 then raise("pattern too complex") end
  ms.depth = ms.depth - 1
  local p, plen = ms.p, ms.plen
  while pi <= plen do
    local pc = byte(p, pi)
    if pc == C_LPAREN then
      if byte(p, pi + 1) == C_RPAREN then si = start_capture(ms, si, pi + 2, CAP_POSITION)
      else si = start_capture(ms, si, pi + 1, CAP_UNFINISHED) end
      break
    elseif pc == C_RPAREN then
      si = end_capture(ms, si, pi + 1)
      break
    elseif pc == C_DOLLAR and pi == plen then
      if si ~= ms.n + 1 then si = nil end
      break
    end
    local next_pc = byte(p, pi + 1)
    local handled = false
    if pc == L_ESC then
      if next_pc == 98 then -- %b
        handled = true
        si = match_balance(ms, si, pi + 2)
        if not si then break end
        pi = pi + 4
      elseif next_pc == 102 then -- %f
        handled = true
        pi = pi + 2
        if byte(p, pi) ~= C_LBRACKET then raise("missing '[' after '%f' in pattern") end
        local ep = class_end(ms, pi)
        local previous = si == 1 and 0 or byte(ms.s, si - 1)
        local current = byte(ms.s, si) or 0
        if not bracket_matches(ms, previous, pi, ep - 1) and bracket_matches(ms, current, pi, ep - 1) then
          pi = ep
        else
          si = nil
          break
        end
      elseif next_pc and next_pc >= 48 and next_pc <= 57 then -- %0-%9
        handled = true
        si = match_capture(ms, si, next_pc)
        if not si then break end
        pi = pi + 2
      end
    end
    if not handled then
      local ep = class_end(ms, pi)
      local epc = byte(p, ep)
      if not single_matches(ms, si, pi, ep) then
        if epc == C_STAR or epc == C_QUESTION or epc == C_MINUS then
          pi = ep + 1
        else
          si = nil
          break
        end
      elseif epc == C_QUESTION then
        local res = match(ms, si + 1, ep + 1)
        if res then
          si = res
          break
        end
        pi = ep + 1
      elseif epc == C_PLUS then
        si = max_expand(ms, si + 1, pi, ep)
        break
      elseif epc == C_STAR then
        si = max_expand(ms, si, pi, ep)
        break
      elseif epc == C_MINUS then
        si = min_expand(ms, si, pi, ep)
        break
      else
        si = si + 1
        pi = ep
      end
    end
  end
  ms.depth = ms.depth + 1
  return si
end

local function reset(ms)
  ms.level = 0
  ms.depth = MAXCCALLS
end

-- Capture `i` (1-based) of a match from `si` to `ei` (exclusive); the whole match when there
-- are no captures and `i` is 1.
local function capture(ms, i, si, ei)
  if i > ms.level then
    if i ~= 1 then raise(("invalid capture index %%%d"):format(i)) end
    return sub(ms.s, si, ei - 1)
  end
  local len = ms.len[i]
  if len == CAP_UNFINISHED then raise("unfinished capture") end
  if len == CAP_POSITION then return ms.init[i] end
  return sub(ms.s, ms.init[i], ms.init[i] + len - 1)
end

local function captures(ms, si, ei, whole)
  local count = (ms.level == 0 and whole) and 1 or ms.level
  local list = {}
  for i = 1, count do list[i] = capture(ms, i, si, ei) end
  return list, count
end

local function start_index(init, n)
  if init > 0 then return init
  elseif init == 0 then return 1
  elseif init < -n then return 1 end
  return n + init + 1
end

local function find_aux(find, s, p, init)
  local n = #s
  local start = start_index(init or 1, n)
  if start > n + 1 then return nil end
  local anchor = byte(p, 1) == C_CARET
  local ms = new_state(s, anchor and sub(p, 2) or p)
  local si = start
  repeat
    reset(ms)
    local e = match(ms, si, 1)
    if e then
      if find then
        local list, count = captures(ms, nil, nil, false)
        return si, e - 1, unpack(list, 1, count)
      end
      local list, count = captures(ms, si, e, true)
      return unpack(list, 1, count)
    end
    si = si + 1
  until si > n + 1 or anchor
  return nil
end

local counted = {}

function counted.find(s, p, init)
  -- As in C: a pattern without special characters is searched for as plain text.
  if not native.find(p, "[%^%$%*%+%?%.%(%[%%%-]") then return native.find(s, p, init, true) end
  return find_aux(true, s, p, init)
end

function counted.match(s, p, init)
  return find_aux(false, s, p, init)
end

function counted.gmatch(s, p, init)
  local n = #s
  local si = start_index(init or 1, n)
  if si > n + 1 then si = n + 2 end
  local ms = new_state(s, p)
  local last
  return function()
    while si <= n + 1 do
      reset(ms)
      local e = match(ms, si, 1)
      if e and e ~= last then
        local from = si
        si, last = e, e
        local list, count = captures(ms, from, e, true)
        return unpack(list, 1, count)
      end
      si = si + 1
    end
    return nil
  end
end

local function add_string(ms, out, repl, si, ei)
  local i, len = 1, #repl
  while i <= len do
    local c = byte(repl, i)
    if c == L_ESC then
      i = i + 1
      local d = byte(repl, i)
      if d == L_ESC then
        out[#out + 1] = "%"
      elseif d and d >= 48 and d <= 57 then
        if d == 48 then
          out[#out + 1] = sub(ms.s, si, ei - 1)
        else
          out[#out + 1] = tostring(capture(ms, d - 48, si, ei))
        end
      else
        raise("invalid use of '%' in replacement string")
      end
    else
      out[#out + 1] = sub(repl, i, i)
    end
    i = i + 1
  end
end

function counted.gsub(s, p, repl, max_n)
  local n = #s
  local kind = type(repl)
  max_n = max_n or n + 1
  local anchor = byte(p, 1) == C_CARET
  local ms = new_state(s, anchor and sub(p, 2) or p)
  local out = {}
  local si, last, count = 1, nil, 0
  if kind == "number" then repl = tostring(repl) kind = "string" end
  while count < max_n do
    reset(ms)
    local e = match(ms, si, 1)
    if e and e ~= last then
      count = count + 1
      if kind == "string" then
        add_string(ms, out, repl, si, e)
      else
        local value
        if kind == "table" then
          value = repl[capture(ms, 1, si, e)]
        else
          local list, k = captures(ms, si, e, true)
          value = repl(unpack(list, 1, k))
        end
        if not value then
          out[#out + 1] = sub(s, si, e - 1)
        elseif type(value) == "string" or type(value) == "number" then
          out[#out + 1] = tostring(value)
        else
          raise(("invalid replacement value (a %s)"):format(type(value)))
        end
      end
      si, last = e, e
    elseif si <= n then
      out[#out + 1] = sub(s, si, si)
      si = si + 1
    else
      break
    end
    if anchor then break end
  end
  out[#out + 1] = sub(s, si)
  return concat(out), count
end

-- Worst-case steps of C's matcher for pattern `p` over `n` bytes: every repetition item may
-- try each position against the rest, and an unanchored search tries each start.
local function cost(n, p, anchored)
  local repeats = select(2, native.gsub(p, "[%*%+%-]", "")) + select(2, native.gsub(p, "%%b", ""))
  return (n + 1) ^ (repeats + (anchored and 0 or 1)) * (#p + 1)
end

-- Only plain strings (or numbers, as Lua converts them) and whole numbers take the counted
-- path: anything else goes to the C function, which refuses it at once with Lua's message.
local function plain_args(s, p, init)
  local ts, tp = type(s), type(p)
  return (ts == "string" or ts == "number") and (tp == "string" or tp == "number")
    and (init == nil or to_integer(init) ~= nil)
end

-- Passes a call's results on, or raises its error at the caller's line (the caller of the
-- string function: it reaches here by tail calls), as Lua's C functions do: their own
-- messages come bare through pcall, the counted copy's are marked; a message that already
-- names a place (a replacement function's error, the budget's) goes on unchanged.
local function checked(ok, ...)
  if ok then return ... end
  local err = ...
  if type(err) == "table" and err.pattern_error then err = err.pattern_error end
  if type(err) == "string" and not native.find(err, "^[^\n]-:%d+: ") then error(err, 2) end
  error(err, 0)
end

function string.find(s, p, init, plain)
  if plain or not plain_args(s, p, init) then return native.find(s, p, init, plain) end
  s, p, init = tostring(s), tostring(p), init and to_integer(init)
  if cost(#s, p, byte(p, 1) == C_CARET) <= NATIVE_LIMIT then return checked(pcall(native.find, s, p, init)) end
  return checked(pcall(counted.find, s, p, init))
end

function string.match(s, p, init)
  if not plain_args(s, p, init) then return native.match(s, p, init) end
  s, p, init = tostring(s), tostring(p), init and to_integer(init)
  if cost(#s, p, byte(p, 1) == C_CARET) <= NATIVE_LIMIT then return checked(pcall(native.match, s, p, init)) end
  return checked(pcall(counted.match, s, p, init))
end

function string.gmatch(s, p, init)
  if not plain_args(s, p, init) then return native.gmatch(s, p, init) end
  s, p, init = tostring(s), tostring(p), init and to_integer(init)
  -- The whole loop tries every start, so it is costed as an unanchored search.
  local next_match = cost(#s, p, false) <= NATIVE_LIMIT and native.gmatch(s, p, init) or counted.gmatch(s, p, init)
  return function() return checked(pcall(next_match)) end
end

function string.gsub(s, p, repl, max_n)
  local kind = type(repl)
  if not plain_args(s, p, max_n) or not (kind == "string" or kind == "number" or kind == "table" or kind == "function") then
    return native.gsub(s, p, repl, max_n)
  end
  s, p, max_n = tostring(s), tostring(p), max_n and to_integer(max_n)
  if cost(#s, p, byte(p, 1) == C_CARET) <= NATIVE_LIMIT then return checked(pcall(native.gsub, s, p, repl, max_n)) end
  return checked(pcall(counted.gsub, s, p, repl, max_n))
end

-- For the engine's tests: the counted copies and the C originals side by side.
return { counted = counted, native = native, cost = cost, limit = NATIVE_LIMIT }
