-- What Tide draws beyond rects, circles, images and text: one screen per feature.
-- Start on a screen with `tide run Content/showcase --option start=shapes`.
return {
  title = "Tide Showcase",
  screenshot = "clip",   -- the screen docs/examples.md shows
  width = 390,
  height = 844,
  sizes = { "390x844", "375x667" },   -- what tide check --layout checks
  background = "#14213d",
  scene = "clip",
  options = { start = "clip" },
}
