-- The classic game: each choice lists the choices it beats, with the verb.
return {
  title = "Rock Paper Scissors",
  -- What the start reads, and the count before the picks show: one word a beat, each with the
  -- choice both hands show while it is said.
  start = "Rock, Scissors, Paper!",
  count = { { say = "Rock…", show = "rock" }, { say = "Scissors…", show = "rock" }, { say = "Paper!", show = "rock" } },
  choices = {
    { id = "rock", emoji = "✊" },
    { id = "paper", emoji = "✋" },
    { id = "scissors", emoji = "✌️" },
  },
  beats = {
    rock = { scissors = "crushes" },
    paper = { rock = "covers" },
    scissors = { paper = "cuts" },
  },
}
