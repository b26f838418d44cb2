describe("many tests to shuffle", function()
  for i = 1, 8 do
    it("number " .. i .. (i % 3 == 0 and " #slow" or " #fast"), function() assert.is_true(i > 0) end)
  end
end)
