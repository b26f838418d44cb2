-- A broken colour table for the tests: the probabilities sum to 95.
return require("tests.colours_with_fault")(2, "probability", 25)
