-- The asset studio for Content/bungle: draws one picture per run, chosen by --option what=.
-- Scripts/make-bungle-assets shoots each picture on black and on white and keeps the difference
-- as transparency. Not a game: it has no tests and no assets of its own.
return {
  title = "Bungle assets",
  width = 160,
  height = 120,
  background = "#000000",
  scene = "studio",
  options = { what = "lion0", bg = "black" },
}
