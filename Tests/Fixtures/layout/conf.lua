-- A screen made to hold one layout problem at a time, for tide check --layout's tests:
-- `--option problem=offscreen` (or widget, overlap, covered, contrast); "none" is clean, and so
-- is "modal" (a modal over the screen hides and blocks what is under it on purpose).
return {
  title = "Layout fixture",
  width = 240, height = 320,
  sizes = { "240x320", "320x240" },
  background = "#202020",
  scene = "screen",
  options = { problem = "none" },
}
