-- A helper in a subfolder of spec/, found as busted finds it (./?.lua from the project root).
return { double = function(n) return n * 2 end }
