-- The classic game: each choice lists the choices it beats, with the verb.
return {
  title = "Rock Paper Scissors",
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
