-- Where everything stands, how it looks and how long each move takes. Pure data: main.lua
-- reads it and never hard-codes a place, a colour or a duration.
-- Places are on the 390x844 design screen; main.lua fits them to the screen's width and height,
-- so a 375x667 phone shows the same stage, shorter. Sizes of pictures and text stay as designed.
return {
  design_width = 390,
  design_height = 844,
  title_y = 160,
  scores_y = 70,
  arena = { x = 20, y = 130, w = 350, h = 400, fill = "#1e5bd6", stroke = "#9cc3ff", stroke_width = 4 },
  -- Every animal is drawn at this scale; a winner grows by `pounce_scale` to cover the loser.
  animal_scale = 0.75,
  pounce_scale = 1.25,
  -- A darker clearing under the homes, and jungle along the bottom edge (decoration only).
  clearing = { x = 12, y = 592, w = 366, h = 116, fill = "#0f2a16", radius = 26 },
  undergrowth = { text = "🌿🌴🌿🌴🌿🌴🌿", y = 790, size = 44 },
  -- Below the arena, one home per animal, in this order.
  -- Placed so the pictures, not their boxes, stand evenly: each animal's drawn part reaches
  -- `reach` units left and right of its centre (at animal_scale, as drawn, unflipped) and
  -- `reach_y` units up and down, and the margins to the clearing's edges equal the gaps between
  -- the animals (B2). A drop is judged inside the arena by this drawn part too (B4): the
  -- pictures' boxes have transparent margins.
  homes = {
    { id = "lion", x = 94, y = 650, reach = { 55, 59 }, reach_y = { 36, 40 } },
    { id = "cobra", x = 220, y = 650, reach = { 40, 39 }, reach_y = { 39, 40 } },
    { id = "rabbit", x = 320, y = 650, reach = { 34, 31 }, reach_y = { 39, 42 } },
  },
  -- Inside the arena: the player's animal on the right, the computer's on the left.
  player_spot = { x = 282, y = 340 },
  computer_spot = { x = 108, y = 340 },
  -- Each picture's own facing, as drawn; a duellist is flipped to face the other.
  images = {
    lion = { "lion0.png", "lion1.png", "lion2.png", "lion3.png" },
    cobra = { "cobra.png" },
    rabbit = { "rabbit.png" },
  },
  facing = { lion = "left", cobra = "left", rabbit = "right" },
  lion_fps = 10,
  colors = {
    title = "#ffd500", label = "#ffffff", score = "#ffe9a8", hint = "#d9e7ff",
    -- On the blue arena: the hint at 4.8:1, results at 3.3:1 or more (WCAG AA), each its own hue.
    win = "#7dff8a", lose = "#ffaca3", tie = "#ffd500",
  },
  messages = { win = "You win!", lose = "You lose!", tie = "Tie!" },
  -- Seconds.
  timing = {
    title_zoom = 2.5,      -- the title grows from title_start_scale to full size
    title_hold = 0.6,
    title_fade = 2.0,      -- and fades out slowly
    scores_fade = 0.4,
    glide_home = 0.8,      -- a missed drop drifting back
    place = 0.25,          -- a played animal settling on its spot
    computer_fade = 0.5,   -- the computer's pick fading in
    face_off = 0.5,        -- both on stage before the outcome
    pounce = 0.7,          -- the winner crossing over the loser, who fades
    after_pounce = 0.4,
    return_home = 1.0,     -- the winner gliding home, the label fading
    -- The result holds while its animal heads home and goes at the end, so it can be read.
    label_fade_ease = "in_cubic",
    tie_fade = 0.6,
    tie_return = 1.0,      -- the player's animal fading in on its way home
    reappear = 1.0,        -- a beaten player's animal fading in as it glides home (B10)
  },
  title_start_scale = 0.05,
}
