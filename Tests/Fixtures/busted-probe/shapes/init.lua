return { sides = function(name) return ({ triangle = 3, square = 4 })[name] end }
