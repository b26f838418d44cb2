-- Rock-Paper-Scissors as a match, by rounds won or by points, on tide.ui
-- screens. The rules are Content/rps's own data (modules.rps below).
return {
  title = "RPS Match",
  screenshot = "game_win",   -- the screen docs/examples.md shows
  author = "the Tide project",
  width = 390,
  height = 844,
  sizes = { "390x844", "375x667" },   -- what tide check --layout checks
  background = "#1d2433",
  scene = "launch",
  modules = { rps = "../rps" },
}
