-- A broken colour table for the tests: a fill that is not a colour.
return require("tests.colours_with_fault")(1, "fill", "#zzz")
