-- A block set with a mistake in one body, to show it is caught when the game loads.
local blocks = require("data.blocks")
return {
  materials = blocks.materials,
  bodies = { cat = { shape = { shape = "box", w = -90, h = 50 }, material = "fur" } },
  looks = { cat = blocks.looks.cat },
  order = { "cat" },
}
