-- The tide.ui gallery: every widget on a screen of its own.
-- Open one directly with `tide run Content/ui-gallery --option start=fields`.
return {
  title = "Tide UI Gallery",
  screenshot = "home",   -- the screen docs/examples.md shows
  width = 390,
  height = 844,
  sizes = { "390x844", "375x667" },   -- what tide check --layout checks
  background = "#1d2433",
  options = { start = "home" },
}
