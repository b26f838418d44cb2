-- The match's settings, limits, colours and wording, as data.
return {
  -- Where every option starts, and where Reset Game puts it back.
  defaults = { name = "", mode = "rounds", rounds = 3, win_points = "", loss_points = "", target = "" },
  rounds = { min = 1, max = 5 },
  launch_seconds = 1.5,
  colors = { idle = "#6b7280", win = "#3fae5a", lose = "#d2453c", tie = "#8b5a2b", screen = "#1d2433", picked = "#ffffff" },
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
