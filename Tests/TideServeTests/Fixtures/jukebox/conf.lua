return { title = "Jukebox", width = 400, height = 600, scene = "play" }
