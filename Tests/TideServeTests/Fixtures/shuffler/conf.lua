-- Shuffler: a fixture for the --serve tests. Not shipped in Content/.
return {
  title = "Shuffler",
  width = 400,
  height = 600,
  background = "#000000",
  scene = "play",
}
