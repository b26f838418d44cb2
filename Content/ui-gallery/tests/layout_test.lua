-- No brief in GAMES.md: ui-gallery is the engine's own tide.ui example.
-- Columns and rows: spacing, alignment, hidden widgets giving up their place,
-- and layouts that follow the design size (phone- and tablet-shaped).

local function centre_x(widget)
  local x, _, w = widget:bounds()
  return x + w / 2
end

describe("a column", function()
  it("stacks its children with the spacing between them, centred on the screen", function()
    local app = tide.test.start{ options = { start = "buttons" } }
    local tap_me = app:find{ name = "tap_me" }.data.widget
    local disabled = app:find{ name = "disabled" }.data.widget
    local _, top1, _, h1 = tap_me:bounds()
    local _, top2 = disabled:bounds()
    assert.are.equal(18, top2 - (top1 + h1))
    assert.are.equal(tide.screen.width / 2, centre_x(tap_me))
  end)

  it("closes the gap of a hidden child and opens it when shown", function()
    local app = tide.test.start{ options = { start = "buttons" } }
    local status = app:find{ name = "status" }.data.widget
    local _, before = status:bounds()
    app:tap(app:find{ name = "toggle" })
    local _, after = status:bounds()
    assert.are.equal(before + 56 + 18, after)
  end)

  it("stretches children to its width when asked, within max_width", function()
    local app = tide.test.start{}
    local button = app:find{ name = "open_fields" }
    assert.are.equal(tide.screen.width - 48, button.w)
  end)

  it("lays the same screen out on a tablet-shaped window", function()
    local app = tide.test.start{ size = { 834, 1112 } }
    app:step()
    local button = app:find{ name = "open_fields" }
    assert.are.equal(420, button.w)   -- max_width
    assert.are.equal(417, centre_x(button.data.widget))
    local x = app:find{ name = "info" }.data.widget:bounds()
    assert.are.equal(834 - 20 - 40, x)
  end)

  it("aligns left and right", function()
    tide.test.start{}
    local a = tide.ui.label{ text = "a" }
    local bb = tide.ui.label{ text = "bb" }
    local left = tide.ui.column{ width = 200, align = "left", a }
    local right = tide.ui.column{ width = 200, align = "right", bb }
    assert.are.equal(0, a.sprite.x)
    assert.are.equal(200 - bb.w, bb.sprite.x)
    assert.are.equal(left.h, a.h)
    assert.is_true(right.h > 0)
  end)
end)

describe("a row", function()
  it("places its children side by side with spacing, aligned", function()
    local app = tide.test.start{ options = { start = "layout" } }
    local tiles = app:find{ name = "tiles" }.data.widget
    assert.are.equal(3 * 72 + 2 * 12, tiles.w)
    local first, second = tiles.children[1], tiles.children[2]
    assert.are.equal(72 + 12, second.sprite.x - first.sprite.x)
    assert.are.equal(tide.screen.width / 2, centre_x(tiles))
  end)

  it("aligns children to the bottom and spreads them with space_between", function()
    tide.test.start{}
    local small, big = tide.ui.label{ text = "s", size = 10 }, tide.ui.label{ text = "B", size = 40 }
    local row = tide.ui.row{ align = "bottom", width = 300, justify = "space_between", small, big }
    assert.are.equal(big.h - small.h, small.sprite.y)
    assert.are.equal(300 - big.w, big.sprite.x)
    assert.are.equal(300, row.w)
  end)
end)
