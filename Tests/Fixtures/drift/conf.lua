-- Drift: a fixture game for the determinism tests. Not shipped in Content/.
return {
  title = "Drift",
  width = 390,
  height = 844,
  background = "#101820",
  scene = "play",
}
