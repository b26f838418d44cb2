-- How the game looks: colours, and positions on the 390x844 design screen. main.lua scales the
-- heights to tide.screen.height, so a shorter phone gets the same screen, pressed together.
return {
  design_height = 844,
  -- White result text on the win green reads at 3.2:1 (WCAG AA for large text).
  colors = {
    win = "#3ba354", lose = "#d2453c", tie = "#3f6fb5", idle = "#2c3547",
    -- The robot sits on a pale disc so its red ears show on every panel colour.
    disc = "#e8ecf3", title = "#ffffff", score = "#d8dee9", button = "#f2c14e", button_text = "#1d2433",
  },
  margin = 20,   -- left and right of the panel and the title
  y = { title = 80, score = 116, panel = 140, robot = 230, picks = 380, result = 510, choices = 680 },
  panel_height = 420,
  shake = 30,    -- how far the fists rise on each word of the count
  sizes = { title = 26, score = 20, robot = 96, disc = 62, pick = 80, result = 30, choice = 60, button = 28 },
  choice_gap = 8, -- the least space between two choices, so five never touch
  button = { w = 220, h = 64, radius = 18 },
  panel_radius = 28,
}
