-- Particle emitters (tide.particles): pure data, like the rest of data/.
return {
  -- A popped bubble bursts into sparks of its own colour (the sprite's tint) that fall away.
  pop = {
    burst = 28, lifetime = { 0.3, 0.6 }, speed = { 90, 220 }, spread = 20, gravity = { 0, 380 }, drag = 1.5,
    colors = { "#ffffff", "#ffffff" }, alpha = { 1, 1, 0 }, size = { 9, 2 },
  },
}
