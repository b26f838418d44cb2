-- A variant with a sixth, rare gold bubble: the same game, another table
-- (`--option colours=data.colours_gold`).
return {
  { colour = "red", fill = "#d92f3f", points = 1, probability = 38 },
  { colour = "pink", fill = "#ff77b7", text = "#14213d", points = 2, probability = 29 },
  { colour = "green", fill = "#2dc653", text = "#14213d", points = 5, probability = 15 },
  { colour = "blue", fill = "#2a6fe8", points = 8, probability = 10 },
  { colour = "black", fill = "#22223b", outline = "#e9ecef", points = 10, probability = 5 },
  { colour = "gold", fill = "#ffc300", text = "#14213d", points = 25, probability = 3 },
}
