-- One screen, laid out from tide.screen so it fits every declared size; each `problem` option
-- spoils it in exactly one way.
local problem = tide.options.problem

tide.scene.define("screen", {
  enter = function()
    local w, h = tide.screen.width, tide.screen.height
    tide.sprite.text("Title", {
      name = "title", x = problem == "offscreen" and w - 10 or w / 2, y = 30, anchor = "center", size = 24,
    })
    local button = tide.sprite.rect{ name = "button", x = w / 2, y = h / 2, w = 140, h = 48, anchor = "center", fill = "#ffffff" }
    local label = problem == "widget" and "A label far too long" or "Go"
    button:add(tide.sprite.text(label, { name = "label", x = 70, y = 24, anchor = "center", size = 20, color = "#000000" }))
    button:on("tap", function() end)
    if problem == "covered" then
      tide.sprite.rect{ name = "bar", x = w / 2, y = h / 2, w = 60, h = 60, anchor = "center", fill = "#444444" }
    end
    tide.sprite.text("Hint", {
      name = "hint", x = w / 2, y = problem == "overlap" and 38 or h - 30, anchor = "center", size = 16,
      color = problem == "contrast" and "#333333" or "#eeeeee",
    })
  end,
})
