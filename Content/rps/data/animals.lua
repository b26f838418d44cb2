-- The animal duel: the lion catches the rabbit, the cobra bites the lion,
-- the rabbit outruns the cobra.
return {
  title = "Animal Duel",
  choices = {
    { id = "lion", emoji = "🦁" },
    { id = "cobra", emoji = "🐍" },
    { id = "rabbit", emoji = "🐇" },
  },
  beats = {
    lion = { rabbit = "catches" },
    cobra = { lion = "bites" },
    rabbit = { cobra = "outruns" },
  },
}
