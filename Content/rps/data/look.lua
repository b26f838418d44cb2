-- How the game looks: colours, and positions on the 390x844 design screen. main.lua scales the
-- heights to tide.screen.height, so a shorter phone gets the same screen, pressed together.
return {
  design_height = 844,
  -- The whole background: gray at the start, then the result's colour. White text reads on
  -- each of them at 4.5:1 or more (WCAG AA).
  colors = {
    idle = "#6e7178", win = "#308545", lose = "#d2453c", tie = "#3f6fb5",
    -- The robot sits on a pale disc so its red ears show on every background colour.
    disc = "#e8ecf3", title = "#ffffff", score = "#ffffff", button = "#f2c14e", button_text = "#1d2433",
    -- A choice's pad: a lighter square that shows the whole of what a finger may tap.
    pad = "#ffffff2e",
  },
  margin = 20,   -- left and right of the title
  -- The robot's pick takes the robot's place on its disc; the player's shows large below it.
  y = { title = 80, score = 116, robot = 240, pick = 420, result = 540, choices = 690 },
  shake = 30,    -- how far the hands rise on each word of the count
  sizes = { title = 26, score = 20, robot = 96, disc = 62, pick = 110, result = 30, choice = 60, button = 28 },
  -- Each choice sits on a square pad this wide, large enough for a child's finger, `choice_gap`
  -- apart; more than `per_row` choices take two rows.
  choice_pad = 88, choice_gap = 12, per_row = 4,
  button = { w = 220, h = 64, radius = 18 },
}
