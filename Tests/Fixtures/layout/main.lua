-- One screen, laid out from tide.screen so it fits every declared size; each `problem` option
-- spoils it in exactly one way ("modal" covers it with a modal, which is not a problem).
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
    if problem == "modal" then
      -- Not a problem: a modal over the screen hides and blocks what is under it on purpose.
      local dim = tide.sprite.rect{ name = "dim", x = 0, y = 0, w = w, h = h, fill = "#00000099" }
      dim:on("tap", function() end)
      local panel = tide.sprite.rect{ name = "panel", x = w / 2, y = 30, w = 180, h = 60, fill = "#333333", anchor_x = 0.5 }
      panel:add(tide.sprite.text("Sure?", { name = "question", x = 90, y = 20, anchor = "center", size = 24 }))
    end
  end,
})
