-- Named particle emitters (see tide.particles in docs/api.md): each is only data.
return {
  -- A burst where the player taps.
  pop = {
    burst = 48, lifetime = { 0.4, 0.9 }, speed = { 90, 280 }, gravity = { 0, 420 }, drag = 0.6,
    colors = { "#ffffff", "#ffd500", "#ff5400" }, alpha = { 1, 1, 0 }, size = { 14, 3 },
  },
  -- A fountain that runs for ever, its sparks added so they glow where they overlap.
  fountain = {
    rate = 90, lifetime = { 1.2, 1.6 }, speed = { 330, 400 }, angle = { 255, 285 }, gravity = { 0, 520 },
    colors = { "#2ec4b6", "#8338ec" }, size = { 10, 4 }, blend = "add",
  },
  -- Spinning confetti squares for a win.
  confetti = {
    burst = 60, lifetime = { 1.5, 2.5 }, speed = { 120, 300 }, angle = { 200, 340 }, gravity = { 0, 260 },
    drag = 0.8, spin = { -540, 540 }, palette = { "#e84a5f", "#fca311", "#2ec4b6", "#ffffff" }, alpha = { 1, 1, 0 },
    size = 10, shape = "square",
  },
}
