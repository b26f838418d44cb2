-- How the board looks. Pure data: main.lua reads it and hard-codes no size, colour or text.
-- Sizes are in units of a 375x667 phone; a bigger screen scales them all by the smaller of
-- width/375 and height/667, so a tablet shows the same board, larger and centred.
return {
  base = { width = 375, height = 667 },
  columns = 3,           -- pictures in a row; the rows follow from the number of words
  padding = 20,          -- around the board
  spacing = 14,          -- between the parts of the board, top to bottom
  gap = 12,              -- between pictures
  picture = 0.78,        -- a picture's share of its tile
  radius = 18,           -- tile and button corners
  button = { width = 220, height = 64 },
  text = { score = 22, prompt = 18, word = 54, feedback = 20, over = 44, result = 24, button = 26 },
  -- Muted text reads on the cream background at 4.7:1, the white button label on orange at
  -- 3.2:1 (WCAG AA, the label being large).
  colors = {
    text = "#3b2f4a", muted = "#796b59", tile = "#ffffff",
    right = "#7ed957", wrong = "#ff8a7d", button = "#dc730d",
  },
  messages = {
    prompt = "Tap the picture of the",
    right = "Yes! That was the %s.",
    wrong = "Oops, that was the %s.",
    score = "Score: %d",
    progress = "%d of %d",
    over = "All done! 🎉",
    result = "You matched %d of %d words.",
    again = "Play Again",
  },
  -- Seconds.
  flash = 0.5,           -- a tapped tile glowing right or wrong
  word_fade = 0.3,       -- a new word fading in
  next_word = 0.9,       -- the feedback showing before the next word (or the end); taps wait
}
