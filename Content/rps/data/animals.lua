-- The animal duel: the lion catches the rabbit, the cobra bites the lion,
-- the rabbit outruns the cobra.
return {
  title = "Animal Duel",
  -- Each word of the count brings on its own animal.
  start = "Lion, Cobra, Rabbit!",
  count = { { say = "Lion…", show = "lion" }, { say = "Cobra…", show = "cobra" }, { say = "Rabbit!", show = "rabbit" } },
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
