print("tide: under construction")
