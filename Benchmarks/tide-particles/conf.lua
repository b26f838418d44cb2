-- Particles benchmark for Tide: `tide run Benchmarks/tide-particles --option particles=10000`
-- (with TIDE_VSYNC=0): one emitter keeps that many particles alive in the 1280x720 window.
return {
  title = "particles (Tide)",
  width = 1280,
  height = 720,
  background = "#282c34",
  scene = "main",
  options = { particles = 10000, warmup = 1.5, seconds = 2 },
}
