-- BubblePop: pop drifting bubbles against the clock. The colours, their points and how
-- often each appears are a table in data/; choose another with
-- `tide run Content/bubblepop --option colours=data.colours_gold`.
return {
  title = "BubblePop",
  screenshot = "play_combo",   -- the screen docs/examples.md shows
  width = 390,
  height = 844,
  sizes = { "390x844", "375x667", "844x390" },   -- what tide check --layout checks
  background = "#14213d",
  scene = "name",
  options = { colours = "data.colours" },
}
