-- Bunnymark for Tide: `tide run Benchmarks/tide-bunnymark --option bunnies=5000`
-- (with TIDE_VSYNC=0; TIDE_RENDERER=software|opengl picks the renderer).
return {
  title = "bunnymark (Tide)",
  width = 1280,
  height = 720,
  background = "#282c34",
  scene = "main",
  -- voices: looping tones playing throughout; music: a streamed track looping throughout.
  options = { bunnies = 1000, warmup = 1, seconds = 2, voices = 0, music = false },
}
