-- How the crane and the game behave: all numbers, no code.
return {
  swing_speed = 0.35,   -- crane swings a second (there and back)
  swing_width = 120,    -- how far either side of the middle the crane goes
  drop_delay = 1.0,     -- seconds before the crane holds the next block
  hearts = 3,
  ground_width = 240,
  ground_top = 0.86,    -- the ground's top, as a fraction of the screen's height
  crane_y = 150,        -- where the held block hangs
  lost_below = 60,      -- a block this far below the screen is lost
}
