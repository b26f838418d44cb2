return { scene = "play" }
