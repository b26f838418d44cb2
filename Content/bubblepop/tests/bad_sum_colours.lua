-- A broken colour table for the tests: the probabilities sum to 95.
return {
  { colour = "red", fill = "#e63946", points = 1, probability = 40 },
  { colour = "pink", fill = "#ff77b7", points = 2, probability = 25 },
  { colour = "green", fill = "#2dc653", points = 5, probability = 15 },
  { colour = "blue", fill = "#3a86ff", points = 8, probability = 10 },
  { colour = "black", fill = "#22223b", points = 10, probability = 5 },
}
