-- Animal Tower: a crane swings an animal block left and right; tap to drop it and build the
-- tallest tower that stands. A block that falls off the ground costs a heart; three hearts.
-- The blocks (shapes, sizes, materials) and the crane are data: play the ice variant with
-- `tide run Content/animal-tower --option blocks=data.ice`.
return {
  title = "Animal Tower",
  screenshot = "play",
  width = 390,
  height = 844,
  sizes = { "390x844", "375x667" },
  background = "#bde0fe",
  scene = "play",
  options = { blocks = "data.blocks" },
}
