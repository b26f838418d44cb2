-- Picture Words: match each word to its picture, for young children. The words and their
-- pictures are data/words.lua; the look and the layout's proportions are data/board.lua.
-- Laid out with tide.ui columns and rows from the design size, so it suits a phone
-- (`--size 375x667`, the default) and a tablet (`--size 834x1112`) alike.
return {
  title = "Picture Words",
  screenshot = "right_phone",   -- the screen docs/examples.md shows
  width = 375,
  height = 667,
  sizes = { "375x667", "834x1112" },   -- what tide check --layout checks
  background = "#fff4d6",
  scene = "play",
}
