-- The mole holes of the clipping screen: where each hole is, as fractions of the screen's width
-- and height (so the holes keep clear of the tab bar on any size), and how its mole bobs.
return {
  { x = 0.24, y = 0.39, rise = 0.6, rest = 0.4 },
  { x = 0.76, y = 0.39, rise = 0.8, rest = 0.2 },
  { x = 0.50, y = 0.62, rise = 0.5, rest = 0.7 },
}
