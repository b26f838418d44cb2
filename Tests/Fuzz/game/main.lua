-- Calls every reachable tide function, method and sprite field with hostile arguments, found
-- at run time by walking `tide` and the metatables of the objects it returns. Each call is
-- pcall'ed: an error is the clean outcome; a crash or hang is what Scripts/fuzz looks for.
-- The stream of calls depends only on the seed (tide.random is itself a target, so the fuzzer
-- keeps its own generator, seeded once from it).

-- One scene, so the camera and everything scene-owned is live.
tide.scene.define("fuzz", {})
tide.scene.go("fuzz")

local calls_wanted = tide.options.calls
local batch = tide.options.batch

-- xorshift32: small and the same on every run
local state = tide.random.int(1, 2147483646)
local function rand(n)
  state = state ~ ((state << 13) & 0xffffffff)
  state = state ~ (state >> 17)
  state = state ~ ((state << 5) & 0xffffffff)
  return state % n + 1
end

-- Functions that end the run or replace the whole game would stop the fuzzing itself.
local skip = { ["tide.test.start"] = true }

local targets = {}   -- { name = "tide.x.y", fn = function }
local function walk(tbl, prefix, seen)
  if seen[tbl] then return end
  seen[tbl] = true
  local keys = {}
  for k in pairs(tbl) do if type(k) == "string" then keys[#keys + 1] = k end end
  table.sort(keys)
  for _, k in ipairs(keys) do
    local v, name = tbl[k], prefix .. "." .. k
    if type(v) == "function" and not skip[name] then
      targets[#targets + 1] = { name = name, fn = v }
    elseif type(v) == "table" then
      walk(v, name, seen)
    end
  end
end
walk(tide, "tide", {})
-- The standard library the sandbox leaves a game: patterns above all, whose C
-- matcher the budget cannot see, and what builds big strings and tables.
for _, name in ipairs({ "find", "match", "gmatch", "gsub", "rep", "format", "byte", "char", "sub", "reverse" }) do
  targets[#targets + 1] = { name = "string." .. name, fn = string[name] }
end
for _, name in ipairs({ "concat", "insert", "remove", "sort", "unpack", "move" }) do
  targets[#targets + 1] = { name = "table." .. name, fn = table[name] }
end
for _, name in ipairs({ "char", "codepoint", "len", "offset" }) do
  targets[#targets + 1] = { name = "utf8." .. name, fn = utf8[name] }
end
targets[#targets + 1] = { name = "load", fn = load }

local sprite_fields = {
  "x", "y", "w", "h", "width", "height", "anchor", "anchor_x", "anchor_y", "scale", "scale_x",
  "scale_y", "rotation", "alpha", "z", "visible", "flip_x", "flip_y", "tint", "fill", "stroke",
  "stroke_width", "radius", "text", "size", "color", "align", "image", "frame", "tag", "name",
  "kind", "id", "parent", "data", "clip", "points", "nonexistent",
}

-- Live objects of each kind, refilled as they are removed or cancelled. Sprites are tables
-- (their x and y are plain fields); every other object is a userdata.
local objects = {}
local function is_object(v)
  return type(v) == "userdata" or (type(v) == "table" and getmetatable(v) == "tide.Sprite")
end
local function keep(v)
  if is_object(v) and #objects < 200 then objects[#objects + 1] = v end
end
local function any_object()
  if #objects == 0 then return nil end
  return objects[rand(#objects)]
end

-- Methods of each userdata kind, found through their metatables.
local methods = {}   -- { name, fn }
local method_seen = {}
-- Where the metatable is hidden or __index is a function, methods are found by asking each
-- object for the names the API reference lists (docs/api.md: Sprite, Task, Timer, Tween).
local method_names = {
  "active", "add", "await", "bounds", "cancel", "contains", "done", "on", "on_done", "play",
  "remove", "stop", "emit", "stop_emitting", "particle_count", "to_world", "to_screen",
  "apply_impulse", "apply_force", "apply_torque", "velocity", "set_velocity", "angular_velocity",
  "set_angular_velocity", "mass", "sleep", "wake", "is_sleeping", "has_body", "remove_body",
  "contacts", "set_max_force", "impulse",
}
local function learn(v)
  if not is_object(v) then return end
  local mt = getmetatable(v)
  local index = type(mt) == "table" and rawget(mt, "__index")
  if type(index) == "table" then
    if method_seen[mt] then return end
    method_seen[mt] = true
    for k, f in pairs(index) do
      if type(f) == "function" then methods[#methods + 1] = { name = tostring(k), fn = f } end
    end
    return
  end
  -- A hidden metatable looks the same for every kind: tell kinds apart by the methods they have.
  local found, signature = {}, ""
  for _, name in ipairs(method_names) do
    local ok, f = pcall(function() return v[name] end)
    if ok and type(f) == "function" then
      found[#found + 1] = { name = name, fn = f }
      signature = signature .. name .. ","
    end
  end
  if method_seen[signature] then return end
  method_seen[signature] = true
  for _, m in ipairs(found) do methods[#methods + 1] = m end
end

local function seed_objects()
  local makers = {
    function() return tide.sprite.rect{ w = 10, h = 10 } end,
    function() return tide.sprite.circle{ radius = 5 } end,
    function() return tide.sprite.image("a.png") end,
    function() return tide.sprite.text("hi", {}) end,
    function() return tide.sprite.group{} end,
    function() return tide.after(1, function() end) end,
    function() return tide.task(function() tide.wait(1) end) end,
    function() return tide.sprite.polygon{ points = { 0, 0, 30, 0, 15, 20 } } end,
    function() return tide.sprite.line{ points = { 0, 0, 30, 30 } } end,
    function() return tide.sprite.group{ w = 40, h = 40, clip = true, radius = 8 } end,
    function() return tide.particles({ burst = 20, rate = 30, lifetime = 0.5 }, { keep = true }) end,
    function() return tide.camera end,
    -- Bodies, a floor, joints, and a contact handler that removes and adds bodies mid-tick.
    function() return tide.physics.body(tide.sprite.circle{ radius = 5, x = rand(300), y = rand(200) }) end,
    function() return tide.physics.body(tide.sprite.rect{ w = 40, h = 10, x = rand(300), y = rand(200) }, { type = "kinematic" }) end,
    function() return tide.physics.body(tide.sprite.rect{ w = 320, h = 10, y = 230 }, { type = "static", elasticity = 1 }) end,
    function() return tide.physics.body(tide.sprite.polygon{ points = { 0, 0, 30, 0, 15, 20 } }, { material = { density = 3 } }) end,
    -- A concave outline, cut into convex parts.
    function() return tide.physics.body(tide.sprite.polygon{ points = { 0, 0, 40, 0, 40, 10, 10, 10, 10, 40, 0, 40 }, x = rand(300) }) end,
    function()
      local a = tide.physics.body(tide.sprite.circle{ radius = 4, x = rand(300), y = rand(200) })
      local b = tide.physics.body(tide.sprite.circle{ radius = 4, x = rand(300), y = rand(200) })
      local kinds = { "pin", "slide", "pivot", "spring", "rotary_limit", "motor", "gear" }
      return tide.physics.joint(kinds[rand(#kinds)], a, rand(3) == 1 and nil or b, { rate = 90, max_force = 1e5 })
    end,
    function()
      tide.physics.on("begin", function(e)
        if rand(3) == 1 then e.a:remove() end
        if rand(5) == 1 then pcall(tide.physics.body, tide.sprite.rect{ w = 3, h = 3, x = e.a.x, y = e.a.y }) end
        if rand(7) == 1 then tide.physics.world({ gravity = { 0, -900 } }) end
        return rand(4) ~= 1
      end)
      tide.physics.on("separate", function(e) if rand(4) == 1 then e.b:remove_body() end end)
      tide.physics.on("pre_solve", function(e)
        if rand(6) == 1 then e.b:remove() end
        return rand(3) ~= 1
      end)
      tide.physics.on("post_solve", function(e) if rand(9) == 1 then e.a:remove_body() end end)
      return nil
    end,
  }
  for _, make in ipairs(makers) do
    local ok, made = pcall(make)
    if ok then keep(made); learn(made) end
  end
  local ok, s = pcall(tide.sprite.rect, { w = 1, h = 1 })
  if ok then local _, tw = pcall(tide.tween, s, 1, { x = 5 }); keep(tw); learn(tw); keep(s) end
end
seed_objects()

local long = string.rep("x", 70000)
local deep = {}
do local t = deep; for _ = 1, 300 do t[1] = {}; t = t[1] end end
local cyclic = {}; cyclic.self = cyclic; cyclic[1] = cyclic

local hostile = {
  function() return nil end,
  function() return 0/0 end,
  function() return math.huge end,
  function() return -math.huge end,
  function() return math.mininteger end,
  function() return math.maxinteger end,
  function() return 1e308 end,
  function() return -1e308 end,
  function() return 1e-300 end,
  function() return 5e-324 end,
  function() return -0.0 end,
  function() return 0 end,
  function() return -1 end,
  function() return 1 end,
  function() return rand(2000) - 1000 end,
  function() return (rand(20000) - 10000) / 7 end,
  function() return 2^53 end,
  function() return 2^63 end,
  function() return true end,
  function() return false end,
  function() return "" end,
  function() return long end,
  function() return "\xff\xfe\xc0\x80" end,
  function() return "a\0b" end,
  function() return "a.png" end,
  function() return "s" end,
  function() return "tap" end,
  function() return "x" end,
  function() return "scores" end,
  function() return "../../etc/passwd" end,
  function() return {} end,
  function() return deep end,
  function() return cyclic end,
  function() return { x = 0/0, y = math.huge, w = 1e308, h = -1, size = 1e19, radius = 1e16, scale = 1e15, fps = 1e308, frame = math.mininteger } end,
  function() return { 1, 2, "a.png", {} } end,
  function() return { "a.png", "a.png" } end,
  function() return { x = math.mininteger, scale = 57, flip_y = true, flip_x = true } end,
  function() return { x = -3e9, y = 3e9, scale = rand(100), rotation = 1e300 } end,
  function() return { steps = 0/0, seed = 1e308, fps = 1e-300, volume = 0/0, count = math.maxinteger } end,
  function() return setmetatable({}, { __index = function() error("index trap") end }) end,
  function() return function() error("callback error") end end,
  function() return function() error({ "table error" }) end end,
  function() return function() coroutine.yield() end end,
  function() return function() end end,
  function() return coroutine.create(function() end) end,
  function() return any_object() end,
  function() return any_object() end,
  function() return io end,
  -- Patterns that backtrack for ever in C, and subjects long enough to make them.
  function() return string.rep("a", 3000) end,
  function() return "a*a*a*a*a*b" end,
  function() return "^(a-)%1*(.-)%f[%z]()%b()[^%]]" end,
  function() return "%" end,
  function() return "[" end,
  -- Emitters, points and loops at their limits.
  function() return { burst = 200000, rate = 1e5, lifetime = 1e4, size = { 1e4, 0 }, speed = { -1e6, 1e6 }, gravity = { 1e6, -1e6 } } end,
  function() return { burst = rand(50), lifetime = { 0.001, 2 }, spin = { -1e6, 1e6 }, palette = { "#fff", "red" }, blend = "add", shape = "square" } end,
  function() return { points = { 0, 0, 1e6, 1e6, -1e6, 1e6 }, clip = true } end,
  function() return { loops = -1, yoyo = true, ease = "in_out_sine" } end,
  function() return { loops = 1000000, delay = 1e-300 } end,
  function() return { x = 1e6, y = -1e6, zoom = 1e-3, rotation = 1e9 } end,
  -- Physics definitions at and past their limits.
  function() return { type = "dynamic", shapes = { { shape = "polygon", points = { 0, 0, 1, 0, 2, 0 } } } } end,
  function() return { shape = { shape = "circle", radius = 0/0 }, mass = math.huge, friction = -1 } end,
  function() local list = {}; for i = 1, 65 do list[i] = { shape = "box", w = 1, h = 1 } end; return { shapes = list } end,
  function() return { gravity = { 0/0, 1e300 }, iterations = 1e9, damping = 2, sleep_time = -1 } end,
  function() return { anchor_a = { 0/0, 0 }, rest_length = -1, stiffness = math.huge, rate = 1e300, ratio = 0, min = 5, max = 1 } end,
  function() return { shape = "segment", points = { 0, 0, 0, 0 }, density = 1e300, category = 33, mask = { 0 } } end,
  function() return "pivot" end,
  function() return "begin" end,
}

local function value()
  return hostile[rand(#hostile)]()
end

local function args()
  local n = rand(5) - 1
  local list = {}
  for i = 1, n do list[i] = value() end
  return list, n
end

local calls, errors = 0, 0
local function call(fn, list, n)
  calls = calls + 1
  local result = table.pack(pcall(fn, table.unpack(list, 1, n)))
  if not result[1] then
    errors = errors + 1
  else
    for i = 2, result.n do keep(result[i]); learn(result[i]) end
  end
end

-- A sprite is a Lua table whose raw fields the engine reads in the table's own memory: a
-- script may grow it past every rehash, empty it, and put anything in those fields.
local raw_fields = { "x", "y", "rotation", "alpha", "scale", "scale_x", "scale_y", "w", "h" }
local function mangle(obj)
  if type(obj) ~= "table" then return end
  local what = rand(4)
  if what == 1 then
    for k = 1, rand(40) do rawset(obj, "extra" .. rand(80), k) end
  elseif what == 2 then
    for k = 1, 80 do rawset(obj, "extra" .. k, nil) end
  else
    rawset(obj, raw_fields[rand(#raw_fields)], rand(3) == 1 and nil or value())
  end
end

local function one()
  local pick = rand(11)
  if pick == 11 then
    calls = calls + 1
    mangle(any_object())
  elseif pick <= 5 then
    local target = targets[rand(#targets)]
    local list, n = args()
    call(target.fn, list, n)
  elseif pick <= 8 and #methods > 0 then
    local m = methods[rand(#methods)]
    local list, n = args()
    table.insert(list, 1, rand(4) == 1 and value() or any_object())
    call(m.fn, list, n + 1)
  else
    local obj = any_object()
    local field = sprite_fields[rand(#sprite_fields)]
    calls = calls + 1
    local ok
    if rand(2) == 1 then
      ok = pcall(function() obj[field] = value() end)
    else
      ok = pcall(function() return obj[field] end)
    end
    if not ok then errors = errors + 1 end
  end
end

local function report()
  print(("FUZZ calls=%d errors=%d targets=%d methods=%d"):format(calls, errors, #targets, #methods))
end

-- Calls go in batches, one batch a tick, so timers, tweens, tasks and drawing run between them.
local done = false
local function tick()
  if done then return end
  for _ = 1, batch do
    if calls >= calls_wanted then
      done = true
      report()
      return
    end
    one()
  end
  if #objects < 20 then seed_objects() end
end
tide.every(1 / 60, tick)
