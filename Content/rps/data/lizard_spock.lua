-- Rock-paper-scissors-lizard-spock: five choices, each beats two and loses to two.
return {
  title = "Rock Paper Scissors Lizard Spock",
  start = "Rock, Scissors, Paper, Lizard, Spock!",
  count = {
    { say = "Rock…", show = "rock" }, { say = "Scissors…", show = "rock" }, { say = "Paper…", show = "rock" },
    { say = "Lizard…", show = "rock" }, { say = "Spock!", show = "rock" },
  },
  choices = {
    { id = "rock", emoji = "✊" },
    { id = "paper", emoji = "✋" },
    { id = "scissors", emoji = "✌️" },
    { id = "lizard", emoji = "🦎" },
    { id = "spock", emoji = "🖖" },
  },
  beats = {
    rock = { scissors = "crushes", lizard = "crushes" },
    paper = { rock = "covers", spock = "disproves" },
    scissors = { paper = "cuts", lizard = "decapitates" },
    lizard = { paper = "eats", spock = "poisons" },
    spock = { scissors = "smashes", rock = "vaporizes" },
  },
}
