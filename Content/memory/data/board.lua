-- How the board looks and how fast it moves. Pure data: the code hard-codes no size, colour,
-- time or text, so the look is changed here.
return {
  margin = 20,            -- around the grid
  gap = 10,               -- between cards
  top = 120,              -- the grid starts below the title and the counters
  aspect = 1.35,          -- a card's height over its width
  face_size = 0.55,       -- an emoji's size, as a share of a card's width
  radius = 12,            -- card and button corners
  back_inset = 8,         -- the panel on a card's back lies this far inside its edge
  colors = {
    back = "#3f6fb5", panel = "#4d80c8", face = "#f4f1e8", matched = "#9fd89a",
    text = "#ffffff", dim = "#9aa5b8", button = "#f2c14e", button_text = "#1d2433",
  },
  flip_time = 0.12,       -- seconds: half a flip (the card narrows, turns over, widens)
  peek_time = 0.8,        -- seconds two cards that differ stay up before turning back
  win_delay = 0.6,        -- seconds between the last pair and the win screen
  messages = {
    title = "Memory",
    moves = "Moves: %d",
    pairs = "Pairs: %d / %d",
    won = "You won! 🎉",
    result = "%d pairs in %d moves",
    again = "Play Again",
  },
}
