-- The camera screen's world, in world units: three screens wide.
return {
  width = 1170,
  ground = 560,
  trees = { 120, 430, 700, 1010 },
  stars = { { x = 250, y = 330 }, { x = 640, y = 250 }, { x = 980, y = 380 } },
}
