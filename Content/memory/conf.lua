-- Memory: how the game starts. Every field is in docs/conf.md. The options make variants
-- without code: `tide run Content/memory --option columns=3 --option rows=4 --option deck=fruit`.
return {
  title = "Memory",
  author = "",
  width = 390,
  height = 844,
  sizes = { "390x844", "375x667" },   -- what tide check --layout checks
  background = "#1d2433",
  scene = "play",
  options = { columns = 4, rows = 4, deck = "animals" },
}
