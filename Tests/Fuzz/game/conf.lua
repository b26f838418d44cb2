-- The API fuzzer: `Scripts/fuzz` runs this game once per seed (--seed N --option calls=M).
return {
  title = "fuzz",
  width = 320,
  height = 240,
  options = { calls = 2000, batch = 100 },
}
