-- The card faces: each deck is a list of emoji, one per pair. A game deals as many as its grid
-- needs (columns x rows / 2), picked at random, so a deck may hold more. A new deck is a new line.
return {
  animals = { "🐶", "🐱", "🐭", "🐰", "🦊", "🐻", "🐼", "🐨", "🐯", "🦁", "🐮", "🐷", "🐸", "🐵" },
  fruit = { "🍎", "🍐", "🍊", "🍋", "🍌", "🍉", "🍇", "🍓", "🍒", "🍑", "🥝", "🍍" },
}
