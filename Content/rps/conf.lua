-- Rock-Paper-Scissors against a robot. Variants are data files in data/;
-- choose one with `tide run Content/rps --option variant=animals`.
return {
  title = "Rock Paper Scissors",
  screenshot = "won",   -- the screen docs/examples.md shows
  width = 390,
  height = 844,
  sizes = { "390x844", "375x667" },   -- what tide check --layout checks
  background = "#1d2433",
  scene = "play",
  options = { variant = "classic" },
}
