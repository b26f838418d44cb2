-- A variant made of data only: the same shapes as ice blocks that barely grip.
-- tide run Content/animal-tower --option blocks=data.ice
local blocks = require("data.blocks")
local ice = { materials = { ice = { density = 0.9, friction = 0.05 } }, bodies = {}, looks = {}, order = blocks.order }
for name, body in pairs(blocks.bodies) do
  ice.bodies[name] = { shape = body.shape, material = "ice" }
  ice.looks[name] = { emoji = "🧊", color = "#e0fbfc" }
end
return ice
