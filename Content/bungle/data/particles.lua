-- Particle emitters (tide.particles): pure data, like stage.lua.
return {
  -- Confetti over the winner when the player's animal takes the round.
  win = {
    burst = 70, lifetime = { 1.0, 1.8 }, speed = { 140, 320 }, angle = { 200, 340 }, gravity = { 0, 320 },
    drag = 0.9, spin = { -540, 540 }, palette = { "#ffd500", "#7dff8a", "#ff8a7d", "#9cc3ff", "#ffffff" },
    alpha = { 1, 1, 0 }, size = 9, shape = "square",
  },
}
