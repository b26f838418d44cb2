-- The tide.ui gallery: one screen per widget, reached from a menu and left
-- with Back. It shows labels, buttons (pressed, disabled, hidden), text
-- fields (focus, caret, placeholder, max length, numbers only, validation),
-- a slider, a segmented choice, a modal alert, an info button, and columns
-- and rows that lay out from the design size (try --size 834x1112).

local ui = tide.ui

-- Every demo screen: a title, the widgets, a status line, and Back.
local function page(title, widgets, status)
  local column = ui.column{ padding = 24, spacing = 18, max_width = 480, y = 40,
    ui.label{ text = title, size = 32, name = "title" } }
  for _, widget in ipairs(widgets) do column:add(widget) end
  if status then column:add(status) end
  column:add(ui.back_button{})
  return column
end

ui.screen("home", {
  background = "#1d2433",
  enter = function()
    ui.info_button{ x = tide.screen.width - 20, y = 40, anchor = "top_right", on_press = function()
      ui.alert{ title = "Tide UI", message = "Widgets made of sprites and gestures, in Lua.", name = "about" }
    end }
    local menu = ui.column{ padding = 24, spacing = 16, max_width = 420, align = "stretch", y = 110 }
    menu:add(ui.label{ text = "Tide UI Gallery", size = 34, align = "center", name = "title" })
    for _, entry in ipairs{
      { "buttons", "Labels & buttons" }, { "fields", "Text fields" }, { "choices", "Slider & choice" },
      { "alerts", "Alert" }, { "layout", "Rows & columns" },
    } do
      menu:add(ui.button{ text = entry[2], style = "secondary", name = "open_" .. entry[1],
        on_press = function() ui.go(entry[1]) end })
    end
  end,
})

ui.screen("buttons", {
  background = "#1d2433",
  enter = function(self)
    self.taps = 0
    local status = ui.label{ text = "Tapped 0 times", name = "status" }
    -- It answers taps once shown, so its tests can tell that hidden it takes none.
    local hidden = ui.button{ text = "Now you see me", style = "danger", name = "hidden", visible = false,
      on_press = function() status:set_text("You found the hidden button") end }
    page("Labels & buttons", {
      ui.label{ text = "A label wraps when it is given a width and wrap = true, like this one.",
        width = 320, wrap = true, size = 18, color = ui.theme.muted, name = "paragraph" },
      ui.button{ text = "Tap me", name = "tap_me", on_press = function()
        self.taps = self.taps + 1
        status:set_text("Tapped " .. self.taps .. (self.taps == 1 and " time" or " times"))
      end },
      ui.button{ text = "Disabled", name = "disabled", enabled = false, on_press = function()
        status:set_text("the disabled button fired")
      end },
      ui.button{ text = "Show / hide", style = "secondary", name = "toggle", on_press = function()
        hidden:set_visible(not hidden:is_visible())
      end },
      hidden,
    }, status)
  end,
})

ui.screen("fields", {
  background = "#1d2433",
  enter = function()
    local status = ui.label{ text = " ", size = 18, name = "status" }
    local name, age
    local function report()
      local ok = name:is_valid() and age:is_valid()
      status:set_text(ok and ("Hello " .. name:text() .. ", " .. age:text()) or "Fill in both fields")
    end
    name = ui.text_field{ placeholder = "Your name", required = true, max_length = 12, name = "name",
      on_change = report }
    age = ui.text_field{ placeholder = "Age", numeric = true, max_length = 3, name = "age", on_change = report,
      validate = function(text)
        local n = tonumber(text)
        if not n then return "Enter a number" end
        if n < 1 or n > 120 then return "From 1 to 120" end
      end }
    page("Text fields", { name, age }, status)
    report()
  end,
})

ui.screen("choices", {
  background = "#1d2433",
  enter = function()
    local status = ui.label{ text = "3 rounds, medium", size = 18, name = "status" }
    local rounds, level
    local function report() status:set_text(rounds:value() .. " rounds, " .. level:value()) end
    rounds = ui.slider{ min = 1, max = 5, value = 3, name = "rounds", on_change = report }
    level = ui.segmented{ options = { "easy", "medium", "hard" }, value = "medium", name = "level",
      on_change = report }
    page("Slider & choice", { rounds, level }, status)
  end,
})

ui.screen("alerts", {
  background = "#1d2433",
  enter = function(self)
    self.beneath = 0
    local status = ui.label{ text = "No answer yet", size = 18, name = "status" }
    local counter
    counter = ui.button{ text = "Beneath: 0", style = "secondary", name = "beneath", on_press = function()
      self.beneath = self.beneath + 1
      counter:set_text("Beneath: " .. self.beneath)
    end }
    page("Alert", {
      ui.button{ text = "Delete…", style = "danger", name = "show_alert", on_press = function()
        ui.alert{ title = "Delete the file?", message = "This cannot be undone.", buttons = {
          { text = "Cancel", name = "cancel", on_press = function() status:set_text("Kept") end },
          { text = "Delete", name = "confirm", on_press = function() status:set_text("Deleted") end },
        } }
      end },
      counter,
    }, status)
  end,
})

ui.screen("layout", {
  background = "#1d2433",
  enter = function()
    local function tile(text) return ui.button{ text = text, style = "plain", width = 72, height = 72, size = 36 } end
    page("Rows & columns", {
      ui.label{ text = ("%d × %d"):format(tide.screen.width, tide.screen.height), name = "size", color = ui.theme.muted },
      ui.row{ spacing = 12, name = "tiles", tile("✊"), tile("✋"), tile("✌️") },
      ui.row{ spacing = 8, align = "bottom", ui.label{ text = "small", size = 16 }, ui.label{ text = "BIG", size = 40 } },
      ui.column{ width = 300, spacing = 6, align = "left", ui.label{ text = "◀ left", name = "left" } },
      ui.column{ width = 300, spacing = 6, align = "right", ui.label{ text = "right ▶", name = "right" } },
    })
  end,
})

ui.reset(tide.options.start)
