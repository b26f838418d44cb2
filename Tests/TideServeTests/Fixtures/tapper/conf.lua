-- Tapper: a fixture for the --serve tests. Not shipped in Content/.
return {
  title = "Tapper",
  width = 400,
  height = 600,
  background = "#102030",
  scene = "play",
}
