-- Runs one game's or library's test files with busted's own code, as `busted` would, inside
-- the engine's Lua state (so tests can hold the game's sprites and app handle).
--
-- This chunk runs with the test globals (TestEnvironment.swift) as its _ENV: a full Lua 5.4
-- environment, separate from the sandbox the game runs in. It is not under tide/, so a game's
-- require cannot reach it. busted's own modules read the command line and `.busted`
-- (busted.modules.cli and its configuration_loader), choose the test files
-- (test_file_loader) and the tests (filter_loader: tags, name patterns, --list), and run them
-- (busted.execute: --shuffle, --seed, --repeat). What this file does instead of busted's
-- runner: paths are not changed (the process keeps its working folder, so paths start at the
-- project folder), a game's default test files are tests/*_test.lua as well as spec/, files are
-- named as the game shows them, every `it` first resets the game and runs in a thread of its
-- own (a stuck test is stopped alone), and instead of an output handler's text the results are
-- returned as plain records (TestEntry values in Swift, which TestReport writes), so `print()`
-- in a test never lands inside a report.

-- It runs with full Lua 5.4, not the sandbox a game gets.
-- luacheck: std lua54
-- luacheck: globals load loadfile dofile require arg

local arguments, user_roots, before_test, find_module, game_module, sandbox, root, display, library_source,
  call_isolated, test_seconds, on_record, skip_tests = ...
skip_tests = skip_tests or 0

local T = _ENV
local raw_load, raw_loadfile = load, loadfile

-- The game's own globals (the `tide` table) are visible to tests too.
for name, value in pairs(sandbox) do
  if rawget(T, name) == nil then rawset(T, name, value) end
end
-- The harness is the tests' alone: taken out of the game's `tide`, so a game started by
-- tide.test.start cannot restart itself or drive its own input from a callback. The tests'
-- `tide` is a view of the game's that adds `test`; anything else it reads or writes is the game's.
do
  local game_tide = sandbox.tide
  local harness = rawget(game_tide, "test")
  rawset(game_tide, "test", nil)
  rawset(T, "tide", setmetatable({ test = harness }, { __index = game_tide, __newindex = game_tide }))
end
local game_require = sandbox.require
arg = { [0] = "tide" }

-- Chunks loaded without an environment get the test globals, not the state's (the sandbox).
function load(chunk, name, mode, ...)
  if select("#", ...) == 0 then return raw_load(chunk, name, mode, T) end
  return raw_load(chunk, name, mode, ...)
end

function loadfile(file, mode, ...)
  if select("#", ...) == 0 then return raw_loadfile(file, mode, T) end
  return raw_loadfile(file, mode, ...)
end

function dofile(file)
  local chunk, err = loadfile(file)
  if chunk == nil then error(err, 2) end
  return chunk()
end

-- Module search as busted sets it up in the project folder: the folder itself (`?.lua`,
-- `?/init.lua`), busted's default lpath (`src/`), then the system's Lua paths.
local system_path = package.path:gsub("%./%?%.lua;?", ""):gsub("%./%?/init%.lua;?", "")
package.path = table.concat({
  root .. "/?.lua", root .. "/?/init.lua", root .. "/src/?.lua", root .. "/src/?/?.lua", root .. "/src/?/init.lua",
}, ";") .. ";" .. system_path
-- C modules likewise: busted's default cpath (`csrc/`), and `./` is the folder, not ours.
local root_replacement = root:gsub("%%", "%%%%") .. "/"
package.cpath = root .. "/csrc/?.so;" .. root .. "/csrc/?/?.so;" .. package.cpath:gsub("%./", root_replacement)

local function read_file(path)
  local file, err = io.open(path, "rb")
  if file == nil then return nil, err end
  local text = file:read("a")
  file:close()
  return text
end

-- The name a file of the folder is shown by: the game's display path, as the game's own errors.
local function shown_name(path)
  if path:sub(1, #root + 1) == root .. "/" then return display .. "/" .. path:sub(#root + 2) end
  return path
end

-- Modules found in the project folder (the game's own may be the game's instance instead).
local project_modules = {}

-- The globals of the project's modules that tests require (helpers, the library under test):
-- the test globals, where busted's names (assert, spy, describe...) read as in the test file
-- running them. Set up once busted is loaded, below.
local module_env

-- Files of the game folder the engine resolves (including conf.lua's shared `modules`).
local function search_game(name)
  local source, chunk_name = find_module(name)
  if source == nil then return "\n\tno module '" .. name .. "' in " .. display end
  project_modules[name] = true
  local chunk, err = raw_load(source, chunk_name, "t", module_env)
  if chunk == nil then
    error(("error loading module '%s' from file '%s':\n\t%s"):format(name, chunk_name:sub(2), err), 0)
  end
  return chunk, chunk_name:sub(2)
end

-- Lua's own file searcher, loading into the test globals.
local function search_path(name)
  local path, err = package.searchpath(name, package.path)
  if path == nil then return err end
  local source, read_err = read_file(path)
  local chunk, load_err = nil, read_err
  -- The project's own modules see busted's names, as its test files do; installed ones (busted,
  -- penlight...) get plain Lua.
  local inside = path:sub(1, #root + 1) == root .. "/"
  if inside then project_modules[name] = true end
  if source then chunk, load_err = raw_load(source, "@" .. shown_name(path), "bt", inside and module_env or T) end
  if chunk == nil then error(("error loading module '%s' from file '%s':\n\t%s"):format(name, path, load_err), 0) end
  return chunk, path
end

local searchers = package.searchers
package.searchers = { searchers[1], search_game, search_path, searchers[3], searchers[4] }

-- A module the running game has loaded in this test is the game's own instance; tide.* is
-- the engine's library, loaded as the game loads it.
local lua_require = require
function require(name)
  if type(name) == "string" then
    -- Installed modules once loaded are simply returned, as Lua's require does: luassert
    -- requires its namespaces on every assertion.
    local value = package.loaded[name]
    if value ~= nil and not project_modules[name] then return value end
    if name:sub(1, 5) == "tide." then return game_require(name) end
    value = game_module(name)
    if value ~= nil then return value end
  end
  return lua_require(name)
end

local found, core = pcall(lua_require, "busted.core")
if not found then
  error("busted 2 for Lua 5.4 is needed (Debian: lua-busted, which Scripts/setup installs): " .. tostring(core), 0)
end
local busted = core()
lua_require("busted")(busted)
-- luassert's assert, answering the commonest passing assertions itself (see the file for why).
-- The runner's own files are compiled into the engine: their source comes from it, not a file.
local function load_library(path)
  return assert(raw_load(assert(library_source(path), "the engine's " .. path .. " is missing"), "@[tide]/" .. path, "t", T))
end

local fast_assert = load_library("testrunner/fast_assert.lua")()
busted.export("assert", fast_assert(lua_require("luassert"), lua_require("luassert.namespaces")))
-- A sprite is a table, which luassert would show field by field (some forty of them): a failed
-- assertion shows it as tostring names it, with its position.
lua_require("luassert"):add_formatter(function(value)
  if type(value) == "table" and getmetatable(value) == "tide.Sprite" then
    return ("(tide.Sprite) %s at x = %s, y = %s"):format(tostring(value), tostring(value.x), tostring(value.y))
  end
end)

do
  -- busted's names are fixed (its root context's env) but for the three it sets per block:
  -- inside an `it`, `pending` stops the test and `finally` is there; `randomize` in a describe.
  -- Those are looked up in the running block as busted's file environment does; the rest are
  -- plain fields, so a module's globals cost a table lookup, not a function call.
  local per_block = { finally = true, pending = true, randomize = true }
  local fixed = {}
  for name, value in pairs(busted.context.get().env) do
    if not per_block[name] then fixed[name] = value end
  end
  local context, parent = busted.context.get, busted.context.parent
  -- The test globals answer the per-block names (nothing else is missing from them).
  setmetatable(T, {
    __index = function(_, key)
      if not per_block[key] then return nil end
      local ctx = context()
      while ctx do
        local env = rawget(ctx, "env")
        local value = env and rawget(env, key)
        if value ~= nil then return value end
        ctx = parent(ctx)
      end
    end,
  })
  -- A module's globals are the test globals, as under busted.
  module_env = setmetatable(fixed, { __index = T, __newindex = T })
end

local full_name, place

-- Tests begun so far, counting the ones skipped below: a test's number is the same in every run
-- of the same files with the same seed.
local tests_begun = 0

-- Every test starts from no game, fresh saves and a fresh budget, before its before_each
-- hooks (which may start the game). busted publishes nothing that early, so its `it`
-- executor is wrapped; aliases (spec, test) register under `it`. The first `skip_tests` tests
-- are not run at all (not even their hooks): a run resumed after a test that stuck the engine
-- has their results already.
do
  local executors
  for i = 1, math.huge do
    local name, value = debug.getupvalue(busted.register, i)
    if name == nil then break end
    if name == "executors" then executors = value end
  end
  if executors == nil or executors.it == nil then error("busted's executors not found (busted changed?)") end
  local run_it = executors.it
  executors.it = function(element, ...)
    tests_begun = tests_begun + 1
    if tests_begun <= skip_tests then return end
    local file, line = place(element)
    before_test(full_name(element), file, line, tests_begun)
    return run_it(element, ...)
  end
end

function full_name(element)
  local names = { element.name or element.descriptor }
  local parent = busted.context.parent(element)
  while parent and parent.descriptor ~= "file" and parent.descriptor ~= "suite" do
    table.insert(names, 1, parent.name or parent.descriptor)
    parent = busted.context.parent(parent)
  end
  return table.concat(names, " > ")
end

-- busted's events as records: one per test (its status success, failure, error or pending), and
-- one per error outside a test (a file that does not load, a failing hook), which busted's own
-- handlers count as errors too.
local records = {}
-- Each record is also handed to `on_record` as it is made (a worker streams it to `tide test`),
-- numbered by the tests begun before it; those a resumed run has already are left out.
local function add_record(record)
  if tests_begun < skip_tests then return end
  record.index = tests_begun
  records[#records + 1] = record
  if on_record then on_record(record) end
end
-- What was said about the running test: the first failure or error wins, as in its status.
local said = {}

local function text_of(message)
  if message == nil then return nil end
  return tostring(message)
end

-- The file an element is in, as the game shows it, and its line. A file's own element has no
-- trace of its own: an error while it loads or runs names its line first.
function place(element, message)
  if element.descriptor == "file" then
    return element.name, tonumber(tostring(message):match("^[^\n]-:(%d+): ")) or 0
  end
  local trace = element.trace or {}
  local source = trace.source
  local file = source and source:sub(1, 1) == "@" and source:sub(2) or trace.short_src or element.name or "?"
  return file, trace.currentline or 0
end

local function is_test(element)
  return element.descriptor == "it" or element.descriptor == "pending"
end

-- With -v, an error's message carries its traceback, as busted's handlers show it (a failed
-- assertion's place is in its message already).
local verbose = false

local function note_problem(element, _, message, trace, is_error)
  local text = text_of(message)
  if verbose and is_error and text and type(trace) == "table" and type(trace.traceback) == "string" then
    local traceback = trace.traceback:gsub("^%s+", ""):gsub("%s+$", "")
    if traceback ~= "" then text = text .. "\n" .. traceback end
  end
  if is_test(element) then
    if said[element] == nil then said[element] = text end
  else
    local file, line = place(element, message)
    add_record({
      name = element.descriptor == "file" and "" or full_name(element), file = file, line = line,
      status = "error", message = text, duration = element.duration or 0,
    })
  end
  return nil, true
end
busted.subscribe({ "failure" }, note_problem)
busted.subscribe({ "error" }, function(element, parent, message, trace)
  return note_problem(element, parent, message, trace, true)
end)
busted.subscribe({ "pending" }, function(element, _, message)
  if said[element] == nil then said[element] = text_of(message) end
  return nil, true
end)
busted.subscribe({ "test", "end" }, function(element, _, status)
  local file, line = place(element)
  add_record({
    name = full_name(element), file = file, line = line, status = tostring(status),
    message = said[element], duration = element.duration or 0, test = true,
  })
  said[element] = nil
  return nil, true
end)

-- The command line and `.busted`, read by busted's own cli module (which loads `.busted` with
-- its configuration_loader: the `default` task or -r's, `_all`, the command line first).
-- Relative paths in them are relative to the project folder, as busted, which changes into it,
-- takes them.
local args
do
  local argv = { [0] = "tide" }
  for i, argument in ipairs(arguments) do argv[i] = argument end
  argv[#argv + 1] = "--directory=" .. root
  for _, path in ipairs(user_roots) do argv[#argv + 1] = path end
  local cli = lua_require("busted.modules.cli")({ standalone = false, output = "plainTerminal" })
  cli:set_name("tide test")
  local parsed, problem = cli:parse(argv)
  if parsed == nil then
    -- A `.busted` that does not load: one error, named as the game shows its files.
    local message = tostring(problem):gsub(root:gsub("%p", "%%%0"), (display:gsub("%%", "%%%%")))
    return { { name = "", file = display, status = "error", message = message, duration = 0 } }
  end
  args = parsed
  verbose = args.verbose == true
end

local function in_root(path)
  path = tostring(path)
  if path:sub(1, 1) == "/" then return path end
  path = path:gsub("^%./", "")
  if path == "." or path == "" then return root end
  return root .. "/" .. path
end

-- Module paths: busted's --lpath and --cpath (with their defaults, src/ and csrc/), before
-- the folder's own and the system's.
do
  local function resolved(paths)
    local entries = {}
    for entry in tostring(paths):gmatch("[^;]+") do entries[#entries + 1] = in_root(entry) end
    return table.concat(entries, ";")
  end
  if #args.lpath > 0 then
    package.path = root .. "/?.lua;" .. root .. "/?/init.lua;" .. resolved(args.lpath) .. ";" .. system_path
  end
  if #args.cpath > 0 then package.cpath = resolved(args.cpath) .. ";" .. package.cpath end
end

-- As busted's runner: without insulation a file's globals stay; lazy setup; stop at the first
-- problem without --keep-going.
if not args["auto-insulate"] then busted.register("file", "file", {}) end
if args.lazy then
  busted.register("setup", "lazy_setup")
  busted.register("teardown", "lazy_teardown")
end
if not args["keep-going"] then
  local function stop() busted.skipAll = true return nil, true end
  busted.subscribe({ "error" }, stop)
  busted.subscribe({ "failure" }, stop)
end

-- --helper (or .busted's helper): run before the tests, seeing busted's names.
do
  local helper = args.helper
  local given_helper = false
  for _, argument in ipairs(arguments) do
    if argument:match("^%-%-helper=") then given_helper = true end
  end
  if type(helper) == "string" and helper ~= "" then
    local loaded, err = pcall(function()
      if helper:match("%.lua$") then
        local path = in_root(helper)
        local source = assert(read_file(path))
        assert(raw_load(source, "@" .. shown_name(path), "t", module_env))()
      else
        require(helper)
      end
    end)
    if not loaded then
      local element = {
        descriptor = "helper", name = (given_helper and "--helper " or ".busted helper ") .. helper,
        trace = { short_src = display .. "/.busted", currentline = 1 },
      }
      busted.publish({ "error", "helper" }, element, nil, tostring(err), {})
    end
  end
end

-- An output handler that is none of Tide's reports (a module or a .lua file), loaded by
-- busted's output handler loader: it writes its own report as the tests run. Tide's own
-- (plain, TAP, junit, json, gtest) are written by `tide test` for every game at once.
do
  local tides = { plain = true, plainterminal = true, utfterminal = true, tap = true, junit = true, json = true, gtest = true }
  if type(args.output) == "string" and not tides[args.output:lower()] then
    busted.subscribe({ "error", "output" }, function(element, _, message)
      io.stderr:write("tide test: error: Cannot load output library: " .. element.name .. "\n" .. tostring(message) .. "\n")
      return nil, true
    end)
    lua_require("busted.modules.output_handler_loader")()(busted, args.output, {
      defaultOutput = "plainTerminal", verbose = args.verbose, suppressPending = args["suppress-pending"],
      language = args.lang, deferPrint = args["defer-print"], arguments = args.Xoutput,
    })
  end
end

-- Tags, name patterns and --list, by busted's filter loader.
lua_require("busted.modules.filter_loader")()(busted, {
  tags = args.tags, excludeTags = args["exclude-tags"], filter = args.filter, filterOut = args["filter-out"],
  list = args.list, nokeepgoing = not args["keep-going"], suppressPending = args["suppress-pending"],
})

-- Every test runs in a thread of its own: one the watchdog or the instruction budget stops
-- fails alone, with its place, and the tests after it still run.
do
  local raw_safe = busted.safe
  function busted.safe(descriptor, run, element)
    if descriptor ~= "it" or run ~= element.run then return raw_safe(descriptor, run, element) end
    local context = busted.context.get()
    local results = table.pack(call_isolated(raw_safe, descriptor, run, element))
    if results[1] then return table.unpack(results, 2, results.n) end
    -- busted's own bookkeeping for the test was cut off where it stood.
    while busted.context.get() ~= context do busted.context.pop() end
    local file, line = place(element)
    local message = tostring(results[2])
    if message:find("stopped by the watchdog", 1, true) then
      message = ("%s:%d: stopped by the watchdog: this test ran for over %d s (stuck?); "
        .. "tide test --test-timeout SECONDS sets the limit"):format(file, line, test_seconds)
    elseif not results[3] then
      message = ("%s:%d: the test runner lost this test: %s"):format(file, line, message)
    end
    busted.publish({ "error", "it" }, element, busted.context.parent(element), message, {})
    return busted.status("error")
  end
end

-- The test files, chosen by busted's test file loader: the command line's files and folders
-- (or .busted's ROOT) with --pattern and --exclude-pattern. By default a game's are
-- tests/*_test.lua and spec/'s files matching the pattern (busted's default: _spec).
local files = {}
do
  local _, _, all_test_files = lua_require("busted.modules.test_file_loader")(busted, args.loaders)
  local options = { excludes = args["exclude-pattern"], verbose = args.verbose, recursive = args.recursive }
  local roots = args.ROOT
  if type(roots) ~= "table" then roots = { roots } end
  local default = #user_roots == 0 and #roots == 1 and roots[1] == "spec"
  local is_folder = lua_require("pl.path").isdir
  if default then
    if is_folder(root .. "/tests") then
      for _, path in ipairs(all_test_files({ root .. "/tests" }, { "_test%.lua$" }, {
        excludes = options.excludes, recursive = false,
      })) do files[#files + 1] = path end
    end
    if is_folder(root .. "/spec") then
      for _, path in ipairs(all_test_files({ root .. "/spec" }, args.pattern, options)) do files[#files + 1] = path end
    end
  else
    local absolute = {}
    for i, path in ipairs(roots) do absolute[i] = in_root(path) end
    files = all_test_files(absolute, args.pattern, options)
    if #files == 0 and #absolute > 0 then
      busted.publish({ "error" }, { descriptor = "file", name = display, trace = { short_src = display, currentline = 0 } },
        nil, ("no test files in %s match the Lua pattern %s"):format(
          (table.concat(user_roots, ", "):gsub(root:gsub("%p", "%%%0"), (display:gsub("%%", "%%%%")))),
          table.concat(args.pattern, ", ")), {})
    end
  end
end
-- Each test file, as busted's Lua file loader does, under the name the game shows it by.
local function trim_trace(_, info)
  local index = info.traceback:find("\n%s*%[C]")
  info.traceback = info.traceback:sub(1, index)
  return info
end

for _, path in ipairs(files) do
  local name = shown_name(path)
  local source, err = read_file(path)
  local chunk
  if source then chunk, err = raw_load(source, "@" .. name, "t", T) end
  if chunk then
    busted.executors.file(name, setmetatable({ getTrace = trim_trace }, { __call = chunk }))
  else
    local line, message = tostring(err):match("^[^\n]-:(%d+): (.*)$")
    line = tonumber(line)
    -- Lua cuts a long chunk name to "...": the message names the file in full instead.
    if line then err = name .. ":" .. line .. ": " .. message end
    busted.publish({ "error", "file" },
      { descriptor = "file", name = name, trace = { short_src = name, currentline = line or 0 } },
      nil, err, {})
  end
end

-- As busted's runner: sorting and shuffling of tests and files, the seed, the runs.
busted.sort = args["sort-tests"]
busted.randomize = args["shuffle-tests"]
busted.randomseed = tonumber(args.seed) or lua_require("busted.utils").urandom() or os.time()
-- A resumed run takes the same seed, so its tests come in the same order.
if on_record then on_record({ seed = busted.randomseed }) end
lua_require("busted.execute")(busted)(args["repeat"] or 1, {
  seed = args.seed, shuffle = args["shuffle-files"], sort = args["sort-files"],
})
busted.publish({ "exit" })

-- The output handler busted would use (`-o`, or `.busted`'s `output`), for `tide test` to
-- write its report with when the command line names none.
records.output = args.output
return records
