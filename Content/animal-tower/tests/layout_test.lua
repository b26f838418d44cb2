-- Every screen holds up at each size conf.lua declares: nothing off screen, over other text,
-- or too faint (app:layout_problems(), the headless cousin of `tide check --layout`).
local helpers = require("tests.helpers")

for _, size in ipairs({ { 390, 844 }, { 375, 667 } }) do
  describe(("at %dx%d"):format(size[1], size[2]), function()
    it("lays out play, with a tower and a block on the crane", function()
      local app = helpers.start({ seed = 2, size = size })
      assert.are.same({}, app:layout_problems())
      helpers.drop_at(app, size[1] / 2, 2)
      helpers.wait_for_block(app)
      assert.are.same({}, app:layout_problems())
    end)

    it("lays out the end of the game", function()
      local app = helpers.start({ seed = 2, size = size })
      for _ = 1, 3 do
        helpers.wait_for_block(app)
        helpers.drop_at(app, 10, 2)
      end
      app:advance(1.1)
      assert.are.equal("over", app:scene())
      assert.are.same({}, app:layout_problems())
    end)
  end)
end
