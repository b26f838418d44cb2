-- The match's settings, limits, colours and wording, as data.
return {
  -- Where every option starts, and where Reset Game puts it back.
  defaults = { name = "", mode = "rounds", rounds = 3, win_points = "", loss_points = "", target = "" },
  rounds = { min = 1, max = 5 },
  -- What each points field takes: a whole number in this range, said when the field refuses.
  points = {
    win_points = { min = 1, max = 100 },
    loss_points = { min = 0, max = 100 },
    target = { min = 1, max = 999 },
  },
  -- The least side of anything tapped, in points (Material asks 48 dp, Apple 44 pt).
  min_target = 48,
  launch_seconds = 1.5,
  -- White text reads on each result colour at 4.5:1 or more (WCAG AA), the win green included.
  colors = { idle = "#6b7280", win = "#308545", lose = "#d2453c", tie = "#8b5a2b", screen = "#1d2433", picked = "#ffffff" },
  -- Where the configuration and game columns start and how far apart their widgets sit; a
  -- screen shorter than `short_below` (a 375x667 phone) packs them closer so all of it shows.
  layout = {
    short_below = 760,
    config = { y = 70, spacing = 18 }, config_short = { y = 24, spacing = 12 },
    game = { y = 60, spacing = 22 }, game_short = { y = 24, spacing = 12 },
    margin = 24,   -- each side of a name-bearing line, which shrinks to fit between them
  },
  -- %s is the player's name.
  results = { win = "%s wins!", lose = "%s loses!", tie = "%s ties!" },
  waiting = "Your move, %s",
  acknowledgments = {
    "Rules: the same data as Tide's Rock Paper Scissors (Content/rps).",
    "Emoji: Noto Color Emoji, by Google (SIL Open Font License).",
    "Text: DejaVu Sans.",
    "Made with Tide, tide.ui, Lua 5.4 and SDL2.",
  },
}
