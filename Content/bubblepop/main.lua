-- BubblePop: pop bubbles before the clock runs out.
--
-- Enter your name (required) and play; Settings changes the game time and the most
-- bubbles on screen (kept between runs, refused with the allowed range when out of
-- bounds). A 3-2-1 countdown flashes, then every game second some bubbles go and new
-- ones appear, each colour as often as data/colours.lua says, never overlapping and
-- wholly on screen once grown in. They rise together, faster as time runs down, and
-- float away at the top bar if not popped. A tap pops one for its points; the same colour
-- as the last pop earns 1.5x, and a label shows the combo and the points. At zero the
-- score goes on the saved high-score board (every player's best) and the top ten are shown.
-- Every screen lays out from tide.screen, so it holds up at each size conf.lua declares:
-- phones upright, and turned on their side (menus then set their halves side by side).
--
-- Shows: tide.ui screens, text fields with validation, buttons and alerts; tide.every,
-- tasks, tweens and taps; a particle burst per pop (data/particles.lua); seeded, weighted
-- random; tide.save; tide.report at the end (bots/tap_bubbles.lua plays it many times over:
-- `tide run bubblepop --headless --runs 200 --input-bot Content/bubblepop/bots/tap_bubbles.lua`). The rules live in
-- bubbles.lua, settings.lua and board.lua; the numbers in data/.

local ui = tide.ui
local game = require("data.game")
local particles = require("data.particles")
local bubbles = require("bubbles")
local settings = require("settings")
local board = require("board")

local colors = game.colors
local session = { name = "" }   -- the player, kept across screens

local function trim(s) return (s:gsub("^%s+", ""):gsub("%s+$", "")) end

-- Takes `item` out of `list` (the bubbles on screen, or those still popping).
local function remove_from(list, item)
  for i, other in ipairs(list) do
    if other == item then
      table.remove(list, i)
      return
    end
  end
end

-- Tells the player, once, that a damaged score or settings file was set aside and reset.
local function show_notice()
  local notice = board.take_notice()
  if notice then ui.alert{ name = "notice", title = "Scores reset", message = notice } end
  local reset = settings.take_notice()
  if reset then ui.alert{ name = "settings_notice", title = "Settings reset", message = reset } end
end

-- The bubbles and their points in a row, so the player knows what each is worth. The
-- circles sit in an empty widget box (a row centres it) so a menu column lays it out
-- with the rest. Numbers as on the bubbles themselves: their size, their colours. A
-- table of many colours shrinks the row to `width`.
local function legend(width)
  local gap, n = game.legend.gap, #bubbles.colours
  local r = math.min(game.legend.radius, (width - (n - 1) * gap) / (2 * n))
  local size = game.bubble.number_size * r / game.legend.radius
  local box = ui.spacer{ width = n * 2 * r + (n - 1) * gap, height = 2 * r }
  box.sprite.w, box.sprite.h = box:size()   -- the box the numbers lie in
  for i, colour in ipairs(bubbles.colours) do
    local dot = tide.sprite.circle{ parent = box.sprite, x = r + (i - 1) * (2 * r + gap), y = r, radius = r,
      fill = colour.fill, stroke = colour.outline or colors.outline, stroke_width = colour.outline and 3 or 2,
      name = "legend_" .. colour.colour }
    tide.sprite.text(tostring(colour.points), { parent = dot, x = r, y = r, anchor = "center",
      size = size, color = colour.text or colors.text })
  end
  return ui.row{ box }
end

-- Wider than tall: the menus set their two halves side by side instead of one above the other.
local function landscape() return tide.screen.width > tide.screen.height end

-- A menu column of `widgets` (the array part of `opts`), `opts.width` wide (the screen's by
-- default) at `opts.x`, centred down the screen. On a short screen the room between the
-- widgets shrinks, down to menu.min_spacing, so that all of them fit.
local function menu(opts)
  local m = game.menu
  local column = ui.column{ padding = m.padding, spacing = m.spacing, max_width = opts.max_width or m.max_width,
    align = opts.align or "stretch", width = opts.width, x = opts.x or 0, name = opts.name }
  for _, widget in ipairs(opts) do column:add(widget) end
  local _, h = column:size()
  local room = tide.screen.height
  if h > room and #opts > 1 then
    column.spacing = math.max(m.min_spacing, m.spacing - (h - room) / (#opts - 1))
    column:layout()
    _, h = column:size()
  end
  column.sprite.y = math.max(0, (room - h) / 2)
  return column
end

-- The inner width of a menu column `width` wide: what its widgets are stretched to.
local function inner_width(width, max_width)
  return math.min(width - 2 * game.menu.padding, max_width or game.menu.max_width)
end

ui.screen("name", {
  background = colors.background,
  enter = function()
    local field, play
    local function start()
      if not field:is_valid() then return end
      session.name = trim(field:text())
      ui.go("play", nil, { replace = true })
    end
    -- Empty or only spaces is no name; this one check (and message) covers both.
    field = ui.text_field{ name = "name", text = session.name, placeholder = "Your name", max_length = 14,
      validate = function(text) if trim(text) == "" then return "Please enter your name to play" end end,
      on_change = function(_, text)
        session.name = trim(text)
        play:set_enabled(field:is_valid())
      end,
      on_submit = function() start() end }
    play = ui.button{ text = "Play", name = "play", on_press = start }
    play:set_enabled(field:is_valid())
    local current = settings.load()
    local leader = board.leader(board.load())
    local W = tide.screen.width
    local half = landscape() and W / 2 or W
    local button_width = (inner_width(half) - 12) / 2   -- Settings and High scores share a row
    local title = ui.label{ text = "🫧 BubblePop", size = 44, align = "center", name = "title" }
    local blurb = ui.label{ text = "Pop the bubbles before they float away. Pop the same colour twice in a row for 1.5× points!",
      size = 18, color = colors.muted, width = 330, wrap = true, align = "center" }
    local player = ui.column{ align = "stretch", spacing = 6, ui.label{ text = "Player", size = 17, color = colors.muted }, field }
    local more = ui.row{ spacing = 12,
      ui.button{ text = "Settings", name = "open_settings", style = "secondary", width = button_width,
        on_press = function() ui.go("settings") end },
      ui.button{ text = "High scores", name = "open_board", style = "secondary", width = button_width,
        on_press = function() ui.go("board") end } }
    local summary = ui.label{ text = ("%d seconds · up to %d bubbles"):format(current.game_time, current.max_bubbles),
      size = 17, color = colors.muted, align = "center", name = "summary" }
    local top = ui.label{ text = leader and ("Top score: %s, %d"):format(leader.name, leader.best) or "No scores yet: be the first!",
      size = 17, color = colors.highlight, align = "center", name = "leader" }
    if landscape() then
      -- The game on the left (what it is, what bubbles are worth, the score to beat), the
      -- form on the right: each half centred down the screen.
      menu{ width = half, title, blurb, legend(inner_width(half)), top }
      menu{ width = half, x = half, player, play, more, summary }
    else
      menu{ title, blurb, legend(inner_width(half)), player, play, more, summary, top }
    end
    show_notice()
  end,
})

ui.screen("settings", {
  background = colors.background,
  enter = function()
    local current = settings.load()
    local fields = {}
    -- Side by side in landscape: the two settings share a row, and so do Save and Cancel.
    local wide = landscape()
    local max_width = wide and 2 * game.menu.max_width + game.menu.spacing or nil
    local half = (inner_width(tide.screen.width, max_width) - game.menu.spacing) / 2
    local function setting(key)
      local rule = game.settings[key]
      -- The field is told the range, so it refuses what it cannot take instead of rewriting it.
      fields[key] = ui.text_field{ name = key, text = tostring(current[key]), numeric = true, min = rule.min, max = rule.max,
        placeholder = ("%d–%d"):format(rule.min, rule.max),
        validate = function(text) return settings.problem(key, text) end }
      local caption = ("%s (%d–%d %s)"):format(rule.caption, rule.min, rule.max, rule.unit)
      return ui.column{ align = "stretch", spacing = 6, width = wide and half or nil,
        ui.label{ text = caption, size = 17, color = colors.muted, name = key .. "_caption" }, fields[key] }
    end
    local function save()
      local ok, why = settings.save{ game_time = fields.game_time:text(), max_bubbles = fields.max_bubbles:text() }
      if ok then
        ui.back()
      else
        for _, field in pairs(fields) do field:blur() end   -- shows each field's reason
        ui.alert{ name = "invalid", title = "Not saved yet", message = why, buttons = { { text = "OK", name = "invalid_ok" } } }
      end
    end
    local title = ui.label{ text = "Settings", size = 36, align = "center", name = "title" }
    local save_button = ui.button{ text = "Save", name = "save", on_press = save, width = wide and half or nil }
    -- Beside Save in landscape, Cancel is as tall as it.
    local cancel = ui.back_button{ text = "Cancel", name = "cancel", width = wide and half or nil,
      height = wide and 56 or game.min_target }
    if wide then
      local gap = game.menu.spacing
      menu{ max_width = max_width, title,
        ui.row{ spacing = gap, align = "top", setting("game_time"), setting("max_bubbles") },
        ui.row{ spacing = gap, save_button, cancel } }
    else
      menu{ title, setting("game_time"), setting("max_bubbles"), save_button, cancel }
    end
  end,
})

ui.screen("play", {
  background = colors.background,
  enter = function(self)
    local w = tide.screen.width
    self.settings = settings.load()
    self.leader = board.leader(board.load())
    self.score, self.left, self.previous, self.streak = 0, self.settings.game_time, nil, 0
    self.best_streak = 0                    -- the longest run of one colour, for tide.report
    self.bubbles, self.popping = {}, {}     -- on screen (tappable); popped or floating away, still animating
    self.gains = {}                         -- "+8" labels still rising: where they pass, no bubble is placed
    self.phase = "countdown"
    self.speed = bubbles.speed(1)
    self.field = { left = 0, top = game.hud_height, right = w, bottom = tide.screen.height }

    tide.sprite.rect{ w = w, h = game.hud_height, fill = colors.hud, z = 50, name = "hud" }
    local function caption(text, x, anchor)
      tide.sprite.text(text, { x = x, y = 16, anchor = anchor, size = 14, color = colors.muted, z = 51 })
    end
    caption("SCORE", 18, "top_left"); caption("TIME", w / 2, "top"); caption("BEST", w - 18, "top_right")
    self.score_label = tide.sprite.text("0", { x = 18, y = 36, size = 36, color = colors.score, z = 51, name = "score" })
    -- The two names stay on their own side of the clock: a long one shrinks, then is cut.
    local name_room = w / 2 - 18 - game.hud_clock_room
    tide.sprite.text(session.name, { x = 18, y = 78, size = 15, color = colors.text, z = 51, name = "player",
      max_width = name_room, fit = "shrink", min_size = 11 })
    self.clock = tide.sprite.text("", { x = w / 2, y = 58, anchor = "center", size = 42, z = 51, name = "time" })
    self.best_label = tide.sprite.text("", { x = w - 18, y = 36, anchor = "top_right", size = 36,
      color = colors.score, z = 51, name = "best" })
    self.best_name = tide.sprite.text("", { x = w - 18, y = 78, anchor = "top_right", size = 15,
      color = colors.text, z = 51, name = "best_name", max_width = name_room, fit = "shrink", min_size = 11 })
    self:show_clock()
    self:show_best()
    self:countdown()
  end,

  -- 3, 2, 1: each number flashes in large and shrinks away; then play starts.
  countdown = function(self)
    -- In the middle of the field, under the top bar: on a screen turned on its side the
    -- flashing digit would otherwise reach over the clock.
    local label = tide.sprite.text("", { x = tide.screen.width / 2, y = (game.hud_height + tide.screen.height) / 2,
      anchor = "center", size = 150, color = colors.score, z = 60, name = "countdown" })
    tide.task(function()
      for n = game.countdown, 1, -1 do
        label.text, label.scale, label.alpha = tostring(n), 1.6, 1
        tide.tween(label, 0.9, { scale = 1 }, { ease = "out_cubic" })
        tide.tween(label, 0.9, { alpha = 0 }, { ease = "in_cubic" })
        tide.wait(1)
      end
      label.visible = false
      self:start()
    end)
  end,

  start = function(self)
    self.phase = "playing"
    self:refresh()
    tide.every(1, function() self:second() end, self.settings.game_time)
  end,

  -- One game second: the clock steps down, the drift speeds up, the bubbles change.
  second = function(self)
    self.left = self.left - 1
    self.speed = bubbles.speed(self.left / self.settings.game_time)
    self:show_clock()
    if self.left <= 0 then self:finish() else self:refresh() end
  end,

  -- Some of the bubbles still on screen go; new ones fill part of the room left.
  refresh = function(self)
    local remove, add = bubbles.refresh_counts(#self.bubbles, self.settings.max_bubbles)
    tide.random.shuffle(self.bubbles)
    for _ = 1, remove do table.remove(self.bubbles):remove() end
    local taken = {}
    for _, list in ipairs({ self.bubbles, self.popping }) do
      for _, s in ipairs(list) do taken[#taken + 1] = { x = s.x, y = s.y, radius = s.radius } end
    end
    -- A label rising from a pop keeps clear the whole strip it still has to pass through.
    for _, gain in ipairs(self.gains) do
      local label = gain.label
      taken[#taken + 1] = { left = label.x - gain.w / 2, top = gain.top, right = label.x + gain.w / 2, bottom = label.y + gain.h / 2 }
    end
    -- Room above for the rise while it grows in, and for staying a while once grown before it
    -- reaches the bar (and a few ticks to spare).
    local b = game.bubble
    local r, rise = b.radius, self.speed * (b.appear + b.stay + 0.05)
    for _ = 1, add do
      local colour = bubbles.pick_colour()
      local x, y = bubbles.place(taken, r, self.field, rise)
      if x then
        taken[#taken + 1] = { x = x, y = y, radius = r }
        self:spawn(colour, x, y)
      end
    end
  end,

  spawn = function(self, colour, x, y)
    local r = game.bubble.radius
    local s = tide.sprite.circle{ x = x, y = y, radius = r, fill = colour.fill, stroke = colour.outline or colors.outline,
      stroke_width = colour.outline and 3 or 2, scale = 0, name = colour.colour, tag = "bubble", z = 1 }
    tide.sprite.circle{ parent = s, x = r * 0.62, y = r * 0.55, radius = r * 0.22, fill = colors.shine }
    s.data.number = tide.sprite.text(tostring(colour.points), { parent = s, x = r, y = r, anchor = "center",
      size = game.bubble.number_size, color = colour.text or colors.text })
    -- Bubbles are popped as fast as they come: one that grows in under a finger still pops.
    s.instant_tap = true
    s.data.colour = colour
    s.data.appearing = tide.tween(s, game.bubble.appear, { scale = 1 }, { ease = "out_quad" })
    s:on("tap", function() self:pop(s) end)
    self.bubbles[#self.bubbles + 1] = s
  end,

  pop = function(self, s)
    if self.phase ~= "playing" or s.tag ~= "bubble" then return end
    remove_from(self.bubbles, s)
    s.tag = "popped"
    s:on("tap", nil)
    s.data.appearing:cancel()
    local colour = s.data.colour
    local gained, combo = bubbles.points_for(colour, self.previous)
    self.streak = combo and self.streak + 1 or 1
    self.best_streak = math.max(self.best_streak, self.streak)
    self.previous = colour.colour
    self.score = self.score + gained
    self.score_label.text = tostring(self.score)
    self:show_best()
    -- The "+5" rises from where the bubble's own "5" was: the number goes with the pop.
    s.data.number.visible = false
    tide.audio.play("pop")
    self:show_gain(s.x, s.y, gained, combo)
    tide.particles(particles.pop, { x = s.x, y = s.y, z = 30, tint = colour.fill, name = "burst" })
    self.popping[#self.popping + 1] = s
    tide.tween(s, game.bubble.pop, { scale = game.bubble.pop_scale, alpha = 0 }, { ease = "out_quad",
      on_done = function()
        remove_from(self.popping, s)
        s:remove()
      end })
  end,

  -- "+8", or "Combo ×2  +15" for a run of one colour: pops in, then rises and fades.
  show_gain = function(self, x, y, gained, combo)
    local text = combo and ("Combo ×%d  +%d"):format(self.streak, gained) or ("+" .. gained)
    local label = tide.sprite.text(text, { x = x, y = y, anchor = "center", size = combo and 30 or 26,
      color = combo and colors.combo or colors.gain, z = 40, name = "gain" })
    -- Measured at full size before it pops in from half: kept on the screen, with room for the
    -- pop-in's overshoot, and its top once risen.
    local _, top, w, h = label:bounds()
    local margin = w * 0.55 + 8
    label.x = math.max(margin, math.min(tide.screen.width - margin, x))
    -- Its full size, for all the pop-in's overshoot.
    local gain = { label = label, top = top - game.gain_rise - h * 0.1, w = w * 1.1, h = h * 1.1 }
    self.gains[#self.gains + 1] = gain
    label.scale = 0.5
    tide.sequence({
      { label, 0.2, { scale = 1 }, { ease = "out_back" } },
      { label, 0.8, { y = y - game.gain_rise, alpha = 0 }, { ease = "in_quad" } },
    }, { on_done = function()
      remove_from(self.gains, gain)
      label:remove()
    end })
  end,

  show_clock = function(self)
    self.clock.text = tostring(self.left)
    self.clock.color = self.left <= 5 and colors.clock_low or colors.clock
  end,

  -- The board's highest score, or yours once you pass it.
  show_best = function(self)
    local leader = self.leader
    if leader and leader.best >= self.score then
      self.best_label.text, self.best_name.text = tostring(leader.best), leader.name
    elseif self.score > 0 then
      self.best_label.text, self.best_name.text = tostring(self.score), session.name
    else
      self.best_label.text, self.best_name.text = "–", "no scores yet"
    end
  end,

  -- Every tick, so plain numeric loops over the lists: no table made, no iterator called.
  update = function(self, dt)
    if self.phase ~= "playing" then return end
    local rise, top, r = self.speed * dt, self.field.top, game.bubble.radius
    local popping, on_screen = self.popping, self.bubbles
    for i = 1, #popping do
      local s = popping[i]
      s.y = s.y - rise
    end
    -- Risen to the top bar: the bubble floats away there, never under the bar. From the
    -- end, so that taking one out leaves the rest still to visit in place. A bubble's scale
    -- is at most 1 (it grows in to 1), so only one whose full radius reaches the bar can:
    -- the scale, a call into the engine unlike x and y, is read for those alone.
    for i = #on_screen, 1, -1 do
      local s = on_screen[i]
      s.y = s.y - rise
      if s.y - r <= top and s.y - r * s.scale <= top then
        table.remove(on_screen, i)
        self:float_away(s)
      end
    end
  end,

  -- A bubble that reached the top bar can no longer be popped: it fades out as it rises
  -- on (behind the bar), then goes.
  float_away = function(self, s)
    s.tag = "leaving"
    s:on("tap", nil)
    s.data.appearing:cancel()
    self.popping[#self.popping + 1] = s
    tide.tween(s, game.bubble.leave, { alpha = 0 }, { on_done = function()
      remove_from(self.popping, s)
      s:remove()
    end })
  end,

  -- Time's up: nothing more pops; the score goes on the board, then the board shows.
  finish = function(self)
    self.phase = "over"
    tide.audio.play("end")
    -- For `tide run --runs` summaries (docs/bots.md): the score and the longest one-colour run.
    tide.report{ score = self.score, best_combo = self.best_streak }
    for _, s in ipairs(self.bubbles) do
      s:on("tap", nil)
      tide.tween(s, 0.6, { alpha = 0.25 })
    end
    local _, improved = board.record(session.name, self.score)
    local label = tide.sprite.text("Time's up!", { x = tide.screen.width / 2, y = tide.screen.height / 2,
      anchor = "center", size = 48, color = colors.text, z = 60, name = "times_up", scale = 0.5 })
    tide.tween(label, 0.4, { scale = 1 }, { ease = "out_back" })
    tide.after(game.end_pause, function()
      ui.go("board", { score = self.score, improved = improved }, { replace = true })
    end)
  end,
})

ui.screen("board", {
  background = colors.background,
  enter = function(_, params)
    params = params or {}
    local top = board.top(board.load())
    local heading = { ui.label{ text = "🏆 High scores", size = 36, name = "title" } }
    if params.score then
      heading[#heading + 1] = ui.label{ text = ("%s scored %d"):format(session.name, params.score), size = 24, name = "result" }
      if params.improved then
        heading[#heading + 1] = ui.label{ text = "A new personal best!", size = 18, color = colors.highlight, name = "new_best" }
      end
    end
    -- The top ten, set close together so that all of them fit on a short screen.
    local entries = ui.column{ spacing = 6, width = game.board_width }
    local columns = game.board_columns
    local name_width = game.board_width - columns.rank - columns.score - 2 * columns.gap
    for i, entry in ipairs(top) do
      local color = entry.name == session.name and colors.highlight or colors.text
      entries:add(ui.row{ width = game.board_width, spacing = columns.gap,
        ui.label{ text = i .. ".", size = 22, color = color, width = columns.rank, align = "right", name = "entry_" .. i .. "_rank" },
        ui.label{ text = entry.name, size = 22, color = color, width = name_width, min_size = 14, name = "entry_" .. i },
        ui.label{ text = tostring(entry.best), size = 22, color = color, width = columns.score, align = "right",
          name = "entry_" .. i .. "_score" } })
    end
    if #top == 0 then entries:add(ui.label{ text = "No scores yet", size = 20, color = colors.muted, name = "empty" }) end
    local buttons = {}
    if params.score then
      buttons[1] = ui.button{ text = "Play again", name = "play_again", width = 240,
        on_press = function() ui.go("play", nil, { replace = true }) end }
      buttons[2] = ui.button{ text = "New player", name = "new_player", style = "secondary", width = 240,
        on_press = function() ui.reset("name") end }
    else
      buttons[1] = ui.back_button{ height = game.min_target }
    end
    if landscape() then
      -- The heading and what to do next on the left, the board itself on the right.
      local half = tide.screen.width / 2
      local left = { width = half, align = "center" }
      for _, list in ipairs({ heading, { ui.spacer{ height = 6 } }, buttons }) do
        for _, widget in ipairs(list) do left[#left + 1] = widget end
      end
      menu(left)
      menu{ width = half, x = half, align = "center", entries }
    else
      local column = { align = "center" }
      -- A little more room around the board than between its lines.
      for _, list in ipairs({ heading, { ui.spacer{ height = 6 }, entries, ui.spacer{ height = 12 } }, buttons }) do
        for _, widget in ipairs(list) do column[#column + 1] = widget end
      end
      menu(column)
    end
    show_notice()
  end,
})
