-- The mole holes of the clipping screen: where each hole is, and how its mole bobs.
return {
  { x = 95, y = 330, rise = 0.6, rest = 0.4 },
  { x = 295, y = 330, rise = 0.8, rest = 0.2 },
  { x = 195, y = 520, rise = 0.5, rest = 0.7 },
}
