-- A broken colour table for the tests: a bubble worth nothing.
return require("tests.colours_with_fault")(2, "points", 0)
