-- Bungle in the Jungle: the animal duel of Rock-Paper-Scissors, told through drag and drop,
-- tweens, timers, frame animation, fades, flips and a roar. Its rules are the animal duel of
-- the rps game, shared through `modules`.
return {
  title = "Bungle in the Jungle",
  screenshot = "win_pounce",   -- the screen docs/examples.md shows
  width = 390,
  height = 844,
  sizes = { "390x844", "375x667" },   -- what tide check --layout checks
  background = "#17361f",
  scene = "jungle",
  modules = { rps = "../rps" },
}
