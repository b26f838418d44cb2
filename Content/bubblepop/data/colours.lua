-- The five bubbles: what each is worth and how often it appears (percent; the
-- probabilities must sum to 100, the points must be positive whole numbers).
return {
  { colour = "red", fill = "#e63946", points = 1, probability = 40 },
  { colour = "pink", fill = "#ff77b7", points = 2, probability = 30 },
  { colour = "green", fill = "#2dc653", points = 5, probability = 15 },
  { colour = "blue", fill = "#3a86ff", points = 8, probability = 10 },
  { colour = "black", fill = "#22223b", points = 10, probability = 5 },
}
