-- How BubblePop plays and looks: settings and their bounds, timings, the drift
-- speed curve and colours. Pure data: main.lua and the modules read it.
return {
  -- Adjustable on the settings screen and kept between runs; `min`/`max` are the
  -- bounds a saved value must keep.
  settings = {
    game_time = { default = 60, min = 5, max = 300, caption = "Game time", unit = "seconds" },
    max_bubbles = { default = 15, min = 1, max = 40, caption = "Most bubbles on screen", unit = "bubbles" },
  },
  countdown = 3,                -- 3, 2, 1 (one a second) before play starts
  combo_multiplier = 1.5,       -- popping the colour you popped last
  board_size = 10,              -- the high-score board shows the top ten
  board_width = 300,            -- how wide its rows of rank, name and score are
  -- Its columns: the rank ("10.") right-aligned in its own, so names line up at every rank;
  -- the score right-aligned at the end; the name takes what is left, shrinking, then cut.
  board_columns = { rank = 40, score = 64, gap = 10 },
  min_target = 48,              -- the least side of anything tapped, in points (Material: 48 dp)
  end_pause = 2,                -- seconds of "Time's up!" before the board

  bubble = {
    radius = 34,
    number_size = 24,           -- points: large text, so 3:1 against its fill reads (WCAG)
    gap = 6,                    -- at least this much room between two bubbles
    appear = 0.25,              -- seconds to grow in from nothing
    pop = 0.18,                 -- seconds the pop animation lasts
    pop_scale = 1.15,           -- how far a popped bubble swells (within the gap)
    leave = 0.3,                -- seconds a bubble takes to fade away at the top bar
    stay = 1,                   -- seconds, at least, a grown bubble rises before it reaches the bar
    placement_attempts = 60,    -- random spots tried before a bubble is skipped
  },
  -- A "+8" or combo label rises this far as it fades; no bubble is placed where it passes.
  gain_rise = 70,
  -- Every game second: take away between none and `remove_share` of the bubbles
  -- on screen, then fill between `add_share` of the free room and all of it.
  refresh = { remove_share = 1 / 3, add_share = 1 / 2 },
  -- Bubbles rise together (so they never run into one another), faster as the
  -- clock runs down: `speed` (design units a second) when `left` of the game
  -- time remains; in between, a straight line.
  drift = {
    { left = 1.0, speed = 24 },
    { left = 0.5, speed = 48 },
    { left = 0.0, speed = 120 },
  },

  -- The name screen's row of bubbles and their points; its numbers are drawn at the
  -- bubbles' number_size and colours, so they read as well as the bubbles' own.
  legend = { radius = 24, gap = 12 },
  -- The menus: how wide a column of widgets grows, and the room around and between them
  -- (`spacing` shrinks down to `min_spacing` where a short screen needs it).
  menu = { max_width = 400, padding = 24, spacing = 18, min_spacing = 8 },

  hud_height = 104,             -- the bar with score, clock and best; bubbles appear below it
  -- The room the clock keeps free between the player's name and the leader's, each side of
  -- the middle of the bar; a long name shrinks, then is cut with "…", before it reaches it.
  hud_clock_room = 52,
  colors = {
    background = "#14213d",
    hud = "#0b132b",
    text = "#ffffff",
    muted = "#9aa5b8",
    score = "#ffd166",
    clock = "#ffffff",
    clock_low = "#ff6b6b",
    gain = "#ffffff",
    combo = "#ffd166",
    highlight = "#ffd166",
    warning = "#ff9f1c",
    shine = "#ffffff66",
    outline = "#ffffff55",
  },
}
