-- The animal blocks: how each looks, what body it has, and what it is made of. Bodies and
-- materials are checked when the game loads (tide.physics.bodies / materials), so a mistake
-- here names the table and field.
return {
  materials = {
    fur = { density = 1, friction = 0.9 },
    shell = { density = 1.6, friction = 0.7 },
  },
  bodies = {
    cat = { shape = { shape = "box", w = 90, h = 50, corner = 8 }, material = "fur" },
    bear = { shape = { shape = "box", w = 64, h = 64, corner = 10 }, material = "fur" },
    pig = { shape = { shape = "circle", radius = 30 }, material = "fur" },
    frog = { shape = { shape = "polygon", points = { -45, 24, 45, 24, 0, -32 } }, material = "fur" },
    turtle = { shape = { shape = "box", w = 110, h = 34, corner = 12 }, material = "shell" },
  },
  looks = {
    cat = { emoji = "🐱", color = "#f6bd60" },
    bear = { emoji = "🐻", color = "#b08968" },
    pig = { emoji = "🐷", color = "#f7a1c4" },
    frog = { emoji = "🐸", color = "#90be6d" },
    turtle = { emoji = "🐢", color = "#52b788" },
  },
  -- The order blocks come in is drawn from this list (tide.random, so a seed replays it).
  order = { "cat", "bear", "pig", "frog", "turtle" },
}
