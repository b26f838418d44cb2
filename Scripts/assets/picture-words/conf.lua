-- The asset studio for Content/picture-words: draws one emoji per run, chosen by --option emoji=.
-- Scripts/make-picture-words-assets shoots each on black and on white and keeps the difference
-- as transparency. Not a game: it has no tests and no assets of its own.
return {
  title = "Picture Words assets",
  width = 256,
  height = 256,
  background = "#000000",
  scene = "studio",
  options = { emoji = "🍎", bg = "black" },
}
