-- A broken colour table for the tests: a fill that is not a colour.
return {
  { colour = "red", fill = "#zzz", points = 1, probability = 40 },
  { colour = "pink", fill = "#ff77b7", points = 2, probability = 30 },
  { colour = "green", fill = "#2dc653", points = 5, probability = 15 },
  { colour = "blue", fill = "#3a86ff", points = 8, probability = 10 },
  { colour = "black", fill = "#22223b", points = 10, probability = 5 },
}
