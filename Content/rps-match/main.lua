-- RPS Match: Rock-Paper-Scissors against the computer, to a goal, built from
-- tide.ui screens. A launch picture; a configuration screen (your name, and a
-- match by rounds won or by points); a rules screen with acknowledgments; the
-- game, whose background shows each round's result, with Next Turn, Reset
-- Game and a victory alert. What beats what is Content/rps's data.

local ui = tide.ui
local match = require("data.match")
local classic = require("rps.data.classic")

-- Checked as rps checks it, so a broken table stops the load naming rps's file and field.
local duel, emoji = require("rps.variant")(classic, "../rps/data/classic.lua")
local order = duel:choices()

-- The options, kept outside the screens so they survive a visit to the rules.
local settings = {}
local function reset_settings()
  for k, v in pairs(match.defaults) do settings[k] = v end
end
reset_settings()

-- The spacing of a screen's column: closer on a short screen (data/match.lua's layout).
local function column_layout(screen)
  local layout = match.layout
  return tide.screen.height < layout.short_below and layout[screen .. "_short"] or layout[screen]
end

-- A field with its caption above, bound to settings[key].
local function captioned_field(caption, key, opts)
  opts.name, opts.text = key, settings[key]
  local user_change = opts.on_change
  opts.on_change = function(field, text)
    settings[key] = text
    user_change(field, text)
  end
  local field = ui.text_field(opts)
  return ui.column{ align = "stretch", spacing = 6, ui.label{ text = caption, size = 17, color = ui.theme.muted }, field }, field
end

-- A points field: whole numbers in its range, which the field is told so it can refuse the rest.
local function points_field(caption, key, placeholder, on_change)
  local range = match.points[key]
  -- tide.ui's field refuses a decimal, a minus or a value past the range and says the range,
  -- never rewriting what the player typed.
  return captioned_field(caption, key, { numeric = true, min = range.min, max = range.max,
    required = true, required_message = ("Whole numbers from %d to %d"):format(range.min, range.max),
    placeholder = placeholder, on_change = on_change })
end

ui.screen("launch", {
  background = match.colors.screen,
  enter = function()
    local w, h = tide.screen.width, tide.screen.height
    local art = tide.sprite.group{ x = w / 2, y = h * 0.4, name = "launch_art" }
    tide.sprite.text("🤖", { parent = art, anchor = "center", size = 120 })
    for i, id in ipairs(order) do
      local angle = math.rad(-90 + (i - 1) * 120)
      tide.sprite.text(emoji[id], { parent = art, anchor = "center", size = 72,
        x = math.cos(angle) * 150, y = math.sin(angle) * 150 })
    end
    art.scale = 0.6
    tide.tween(art, 0.6, { scale = 1 }, { ease = "out_back" })
    ui.label{ text = "RPS Match", size = 44, x = w / 2, y = h * 0.72, anchor = "center", name = "title" }
    tide.after(match.launch_seconds, function() ui.go("config", nil, { replace = true }) end)
  end,
})

ui.screen("config", {
  background = match.colors.screen,
  enter = function()
    local continue, name, rounds_section, points_section, points_fields
    local function update()
      local ok = name:is_valid()
      if settings.mode == "points" then
        for _, field in ipairs(points_fields) do ok = ok and field:is_valid() end
      end
      continue:set_visible(ok)
    end

    local name_box
    name_box, name = captioned_field("Player", "name",
      { placeholder = "Your name (up to 16 letters)", max_length = 16, required = true,
        required_message = "Enter your name", on_change = update,
        -- A name of only spaces names nobody (M2).
        validate = function(text) if not text:find("%S") then return "Enter your name" end end })
    local rounds_label = ui.label{ text = "Rounds to win", size = 17, color = ui.theme.muted }
    rounds_section = ui.column{ name = "rounds_section", align = "stretch", spacing = 6, rounds_label,
      ui.slider{ name = "rounds", min = match.rounds.min, max = match.rounds.max, value = settings.rounds,
        on_change = function(_, v) settings.rounds = v end } }
    local win, loss, target
    local win_box, loss_box, target_box
    win_box, win = points_field("Points added for a win", "win_points", "e.g. 3", update)
    loss_box, loss = points_field("Points taken away for a loss", "loss_points", "e.g. 1", update)
    target_box, target = points_field("Score needed to win", "target", "e.g. 10", update)
    points_fields = { win, loss, target }
    points_section = ui.column{ name = "points_section", align = "stretch", spacing = 8, win_box, loss_box, target_box }

    local function show_mode(mode)
      settings.mode = mode
      rounds_section:set_visible(mode == "rounds")
      points_section:set_visible(mode == "points")
      update()
    end
    continue = ui.button{ text = "Continue", name = "continue", on_press = function() ui.go("game") end }

    ui.info_button{ x = tide.screen.width - 20, y = 30, anchor = "top_right", size = match.min_target,
      on_press = function() ui.go("info") end }
    local place = column_layout("config")
    ui.column{ padding = 24, spacing = place.spacing, align = "stretch", max_width = 420, y = place.y,
      ui.label{ text = "RPS Match", size = 36, align = "center", name = "title" },
      name_box,
      -- The segments sit 4 inside the control's box: it is 8 taller than a segment.
      ui.segmented{ name = "mode", value = settings.mode, height = match.min_target + 8, on_change = function(_, mode) show_mode(mode) end,
        options = { { id = "rounds", text = "By rounds" }, { id = "points", text = "By points" } } },
      rounds_section, points_section, continue,
    }
    show_mode(settings.mode)
  end,
})

ui.screen("info", {
  background = match.colors.screen,
  enter = function()
    local lines = {}
    for _, a in ipairs(order) do
      for _, b in ipairs(order) do
        if duel:outcome(a, b) == "win" then
          lines[#lines + 1] = ("%s %s %s %s"):format(emoji[a], a:gsub("^%l", string.upper), duel:verb(a, b), b)
        end
      end
    end
    local function text(s, opts)
      opts = opts or {}
      return ui.label{ text = s, size = opts.size or 18, width = 340, wrap = true, color = opts.color, name = opts.name }
    end
    ui.column{ padding = 24, spacing = 12, align = "stretch", max_width = 480, y = 30,
      ui.label{ text = "How to play", size = 32, name = "title" },
      text("Pick ✊ ✋ or ✌️; the computer picks at random.", {}),
      text(table.concat(lines, "\n"), { name = "rules" }),
      text("By rounds: win the number of rounds you chose first. By points: a win adds points, "
        .. "a loss takes some away (never below 0); reach the score to win.", { color = ui.theme.muted }),
      ui.label{ text = "Acknowledgments", size = 24, name = "acknowledgments" },
      text("Made by " .. tide.game.author .. ".", { size = 16, name = "author" }),
      text(table.concat(match.acknowledgments, "\n"), { size = 16, color = ui.theme.muted, name = "credits" }),
      ui.back_button{ height = match.min_target },
    }
  end,
})

ui.screen("game", {
  background = match.colors.idle,
  enter = function(self)
    self.score = 0   -- rounds won, or points
    self.goal = settings.mode == "rounds" and settings.rounds or tonumber(settings.target)
    -- Lines that carry the player's name shrink (then cut with "…") to the screen's width.
    local line_width = tide.screen.width - 2 * match.layout.margin
    self.score_label = ui.label{ name = "score", size = 24 }
    self.computer = ui.label{ text = "🤖 ❔", size = 72, name = "computer_pick" }
    self.player = ui.label{ text = " ", size = 22, name = "player_pick", max_width = line_width }
    self.result = ui.label{ size = 32, name = "result", max_width = line_width }
    self.choices = {}
    local row = ui.row{ spacing = 16 }
    for _, id in ipairs(order) do
      self.choices[#self.choices + 1] = row:add(ui.button{ text = emoji[id], name = id, style = "plain",
        width = 96, height = 96, size = 52, on_press = function() self:play_round(id) end })
    end
    self.next_turn = ui.button{ text = "Next Turn", name = "next_turn", on_press = function() self:next() end }
    -- Once the match is won it is over: another one with the same settings, or Reset Game (M10).
    self.new_match = ui.button{ text = "New Match", name = "new_match", on_press = function() ui.reset("game") end }
    local place = column_layout("game")
    ui.column{ padding = 24, spacing = place.spacing, align = "center", y = place.y,
      ui.label{ text = settings.name .. " vs 🤖", size = 28, name = "players", max_width = line_width },
      self.score_label, self.computer, self.player, self.result, row, self.next_turn, self.new_match,
    }
    self.new_match:hide()
    ui.button{ text = "Reset Game", name = "reset_game", style = "secondary", on_press = function()
      reset_settings()
      ui.reset("config")
    end, x = tide.screen.width / 2, y = tide.screen.height - 40, anchor = "bottom" }
    self:show_score()
    self:next()
  end,

  show_score = function(self)
    local what = settings.mode == "rounds" and "Rounds won" or "Score"
    self.score_label:set_text(("%s: %d of %d"):format(what, self.score, self.goal))
  end,

  play_round = function(self, id)
    local pick = tide.random.pick(order)
    local outcome = duel:outcome(id, pick)
    tide.audio.play(outcome)   -- win.wav, lose.wav or tie.wav
    self.computer:set_text("🤖 " .. emoji[pick])
    self.player:set_text(settings.name .. " picked " .. emoji[id])
    self.result:set_text(match.results[outcome]:format(settings.name))
    tide.tween(self.background, 0.25, { fill = match.colors[outcome] })
    for i, button in ipairs(self.choices) do
      button:set_enabled(false)
      -- The hand played stays bright and ringed; the others dim.
      if order[i] == id then
        button.sprite.alpha = 1
        button.sprite.stroke, button.sprite.stroke_width = match.colors.picked, 4
      end
    end
    self.next_turn:show()

    local before = self.score
    if settings.mode == "rounds" then
      if outcome == "win" then self.score = self.score + 1 end
    elseif outcome == "win" then
      self.score = self.score + tonumber(settings.win_points)
    elseif outcome == "lose" then
      self.score = math.max(0, self.score - tonumber(settings.loss_points))
    end
    self:show_score()
    if before < self.goal and self.score >= self.goal then
      tide.audio.play("victory")
      ui.alert{ name = "victory", title = "🏆 " .. settings.name .. " wins the match!",
        message = settings.mode == "rounds" and ("%d of %d rounds won."):format(self.score, self.goal)
          or ("%d points of %d."):format(self.score, self.goal),
        buttons = { { text = "OK", name = "accept", on_press = function() self:finish() end } } }
    end
  end,

  -- The match is won: no more rounds, so the counter never passes its target.
  finish = function(self)
    for _, button in ipairs(self.choices) do button:set_enabled(false) end
    self.next_turn:hide()
    self.new_match:show()
  end,

  -- Next Turn: the gray background again, the score kept.
  next = function(self)
    tide.tween(self.background, 0.25, { fill = match.colors.idle })
    self.computer:set_text("🤖 ❔")
    self.player:set_text(" ")
    self.result:set_text(match.waiting:format(settings.name))
    for _, button in ipairs(self.choices) do
      button:set_enabled(true)
      button.sprite.stroke = nil
    end
    self.next_turn:hide()
  end,
})
