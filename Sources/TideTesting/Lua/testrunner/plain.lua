-- `tide test`'s plain report as a busted output handler: one entry per failure, error or
-- pending test, then "N passed, N failed[, N skipped]" alone on the last line.
--
-- busted's own terminal handlers print dots and a different summary; tide's report is read by
-- people and by `tide test --watch` (Test.firstFailure): "file:line: describe > it: message",
-- then the luassert message's "Expected:" and "Passed in:"/"Caught:" values as
-- "  expected:" and "  actual:" lines.

-- luassert's headers (languages/en.lua) over the value that was passed, caught or returned.
local ACTUAL_HEADERS = {
  ["Passed in:"] = true, ["Caught:"] = true,
  ["Called with (last call if any):"] = true, ["Called with (last matching call):"] = true,
  ["Returned (last call if any):"] = true, ["Returned (last matching call):"] = true,
}

return function(busted, full_name)
  local entries = {}

  local function location(element)
    local trace = element.trace
    if trace and trace.short_src then return trace.short_src .. ":" .. (trace.currentline or 0) end
    return element.name
  end

  local function indented(lines)
    return table.concat(lines, "\n    ")
  end

  -- Splits luassert's message into its claim and the values it shows.
  local function describe_failure(element, _, message)
    message = tostring(message)
    local at, rest = message:match("^([^\n:]-:%d+): (.*)$")
    if at == nil then at, rest = location(element), message end
    local head, values, section = {}, { expected = {}, actual = {} }, nil
    local negated = false
    for line in (rest .. "\n"):gmatch("(.-)\n") do
      local claim = line:match("^(.-), but caught:$") or line:match("^(.-), but value was:$")
      if ACTUAL_HEADERS[line] then
        section = "actual"
      elseif line == "Expected:" or line == "Did not expect:" then
        section, negated = "expected", line == "Did not expect:"
      elseif claim and section == nil then
        head[#head + 1] = claim
        section = "actual"
      elseif section then
        if section == "expected" and negated and #values.expected == 0 then line = "not " .. line end
        table.insert(values[section], line)
      else
        table.insert(head, line)
      end
    end
    -- A test file that fails as it loads is named by its place alone: "file:4: file: ..." said it twice.
    local named = element.descriptor == "file" and at .. ": " or at .. ": " .. full_name(element) .. ": "
    local lines = {}
    if #values.expected == 0 and #values.actual == 0 then
      lines[1] = (named .. rest):gsub("\n", "\n  ")
    else
      lines[1] = named .. table.concat(head, ": ")
      if #values.expected > 0 then lines[#lines + 1] = "  expected: " .. indented(values.expected) end
      if #values.actual > 0 then lines[#lines + 1] = "  actual: " .. indented(values.actual) end
    end
    entries[#entries + 1] = table.concat(lines, "\n")
    return nil, true
  end

  busted.subscribe({ "failure" }, describe_failure)
  busted.subscribe({ "error" }, describe_failure)
  busted.subscribe({ "test", "end" }, function(element, _, status)
    if status == "pending" then
      entries[#entries + 1] = "skipped: " .. full_name(element) .. " (" .. location(element) .. ")"
    end
    return nil, true
  end)

  local handler = {}

  function handler.report(passed, failed, pending)
    local summary = ("%d passed, %d failed"):format(passed, failed)
    if pending > 0 then summary = summary .. (", %d skipped"):format(pending) end
    entries[#entries + 1] = summary
    return table.concat(entries, "\n") .. "\n"
  end

  return handler
end
