return { title = "physics bench", width = 640, height = 640, scene = "settle", options = { bodies = "1000" } }
