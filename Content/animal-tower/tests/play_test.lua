-- The rules of Animal Tower, one test each.
local helpers = require("tests.helpers")
local game = helpers.game

describe("the crane", function()
  it("swings left and right over the middle, as fast and as far as data/game.lua says", function()
    local app = helpers.start()
    local crane = app:find{ name = "crane" }
    assert.are.equal(195, crane.x)
    app:advance(1 / (4 * game.swing_speed))        -- a quarter swing: all the way right
    assert.is_true(math.abs(crane.x - (195 + game.swing_width)) < 1)
    app:advance(1 / (2 * game.swing_speed))        -- half a swing more: all the way left
    assert.is_true(math.abs(crane.x - (195 - game.swing_width)) < 1)
    assert.are.equal(crane.x, app:find{ name = "held" }.x, "the block hangs from the crane")
  end)

  it("drops its block on a tap, and takes the next after the delay", function()
    local app = helpers.start()
    local block = helpers.drop_at(app, 195, 0.1)
    assert.is_true(block:has_body())
    assert.is_nil(app:find{ name = "held" })
    assert.are.same({ "drop" }, app:sounds())
    app:advance(game.drop_delay)
    assert.is_not_nil(app:find{ name = "held" })
  end)
end)

describe("a block", function()
  it("falls, lands on the ground, wobbles and thumps", function()
    local app = helpers.start()
    local block = helpers.drop_at(app, 195, 0)
    local y = block.y
    app:advance(0.3)
    assert.is_true(block.y > y, "it falls")
    app:advance(1.2)
    assert.is_true(block.data.landed)
    assert.is_true(block.y < app:find{ name = "ground" }.y, "it rests on the ground")
    assert.are.same({ "drop", "land" }, app:sounds())
  end)

  it("wobbles as it lands: it grows and settles back", function()
    local app = helpers.start()
    local block = helpers.drop_at(app, 195, 0)
    local biggest = 1
    for _ = 1, 120 do
      app:step()
      biggest = math.max(biggest, block.scale_x)
    end
    assert.is_true(biggest > 1.1)
    assert.are.equal(1, block.scale_x)
  end)

  it("off the ground costs a heart and is gone", function()
    local app = helpers.start()
    assert.are.equal("❤️❤️❤️", app:find{ name = "hearts" }.text)
    local block = helpers.drop_at(app, 20, 2)
    assert.is_false(block:has_body())
    assert.are.equal("❤️❤️", app:find{ name = "hearts" }.text)
    assert.are.equal("lost", app:sounds()[2])
  end)
end)

describe("the height", function()
  it("is how high the tower's top stands over the ground, once it is still", function()
    local app = helpers.start()
    assert.are.equal("Height 0", app:find{ name = "height" }.text)
    helpers.drop_at(app, 195, 2)
    local one = tonumber(app:find{ name = "height" }.text:match("%d+"))
    assert.is_true(one >= 3 and one <= 7, tostring(one))
    helpers.wait_for_block(app)
    helpers.drop_at(app, 195, 2.5)
    local two = tonumber(app:find{ name = "height" }.text:match("%d+"))
    assert.is_true(two > one, one .. " then " .. two)
  end)
end)

describe("the end", function()
  local function lose_three(app)
    for _ = 1, 3 do
      helpers.wait_for_block(app)
      helpers.drop_at(app, 20, 2)
    end
    app:advance(1.1)
  end

  it("comes with the third heart lost, showing the height and saving the best", function()
    local app = helpers.start()
    helpers.drop_at(app, 195, 2)
    local height = app:find{ name = "height" }.text:match("%d+")
    lose_three(app)
    assert.are.equal("over", app:scene())
    assert.are.equal(height, app:find{ name = "final_height" }.text)
    assert.are.equal("A new best! 🎉", app:find{ name = "final_best" }.text)
    assert.are.equal(tonumber(height), app:reports().height)
    assert.are.equal(tonumber(height), tide.save.read("best"))
  end)

  it("offers another game, which shows the best so far", function()
    local app = helpers.start()
    helpers.drop_at(app, 195, 2)
    local best = app:find{ name = "height" }.text:match("%d+")
    lose_three(app)
    app:tap(app:find{ name = "again" })
    app:step()
    assert.are.equal("play", app:scene())
    assert.are.equal("❤️❤️❤️", app:find{ name = "hearts" }.text)
    assert.are.equal("Best " .. best, app:find{ name = "best" }.text)
  end)
end)

describe("the blocks' data", function()
  it("is checked when the game loads, naming the table and field", function()
    local ok, err = pcall(tide.test.start, { options = { blocks = "tests.bad_blocks" } })
    assert.is_false(ok)
    assert.matches("game failed to start: .*blocks.lua:%d+: tests/bad_blocks.lua: bodies.cat.shape.w must be a number from 0.01 to 100000, got %-90", err)
  end)

  it("makes the ice variant by data alone: ice blocks that slide where animals grip", function()
    local function slide(blocks)
      local app = tide.test.start{ seed = 2, options = { blocks = blocks } }
      local block = helpers.drop_at(app, 195, 2)
      local x = block.x
      local icy = app:find{ text = "🧊" } ~= nil
      block:set_velocity(150, 0)
      app:advance(1)
      return block.data.kind, block.x - x, icy
    end
    local animal, grip, animal_icy = slide("data.blocks")
    local ice, slid, ice_icy = slide("data.ice")
    assert.is_false(animal_icy)
    assert.is_true(ice_icy)
    assert.are.equal(animal, ice, "the same seed gives the same shapes")
    assert.is_true(slid > 3 * grip, grip .. " then " .. slid)
  end)
end)
