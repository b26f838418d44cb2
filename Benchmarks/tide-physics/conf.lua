return {
  title = "physics bench", width = 640, height = 640, scene = "settle",
  options = { bodies = "1000", window = "0", warmup = "0.5", look = "circle" },
}
