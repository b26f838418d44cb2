-- The greeting the page shows: a data file an author edits while the game runs.
return { text = "hello", color = "#ffffff" }
