-- A stack, the library the specs beside it test (found through busted's default lpath, src/).
local Stack = {}
Stack.__index = Stack

function Stack.new() return setmetatable({ items = {}, size = 0 }, Stack) end

function Stack:push(value)
  self.size = self.size + 1
  self.items[self.size] = value
  return self
end

function Stack:pop()
  if self.size == 0 then error("pop from an empty stack", 2) end
  local value = self.items[self.size]
  self.items[self.size] = nil
  self.size = self.size - 1
  return value
end

function Stack:peek() return self.items[self.size] end

return Stack
