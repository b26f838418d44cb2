-- Star Catcher: an action game as a newcomer writes it, kept as the layout check's fixture for
-- motion. Stars fall through a clipped play field, growing in as they enter; the basket catches
-- them, and a "+1" floats up and fades. Its art is what the author drew: the check must pass it
-- as it is, not the other way round.
return {
  title = "Star Catcher",
  width = 390, height = 844,
  sizes = { "390x844", "375x667" },
  background = "#0b1026",
  scene = "play",
}
