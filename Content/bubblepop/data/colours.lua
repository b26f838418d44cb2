-- The five bubbles: what each is worth and how often it appears (percent; the
-- probabilities must sum to 100, the points must be positive whole numbers). `text` and
-- `outline` are optional: the number's colour and the rim's, where the defaults in
-- data/game.lua would not stand out (a test keeps every bubble readable: its rim or fill
-- 3:1 against the background, its number 4.5:1 against its fill, as WCAG asks of text
-- under 24 points: a bubble growing in draws its number smaller than it will be).
return {
  { colour = "red", fill = "#d92f3f", points = 1, probability = 40 },
  { colour = "pink", fill = "#ff77b7", text = "#14213d", points = 2, probability = 30 },
  { colour = "green", fill = "#2dc653", text = "#14213d", points = 5, probability = 15 },
  { colour = "blue", fill = "#2a6fe8", points = 8, probability = 10 },
  { colour = "black", fill = "#22223b", outline = "#e9ecef", points = 10, probability = 5 },
}
