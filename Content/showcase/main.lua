-- Tide Showcase: a screen for each drawing feature, picked from the tabs at the bottom.
--   clip:   moles bob out of holes; each hole is a group with `clip = true`, so a mole shows,
--           and takes taps, only inside its hole. Their bobbing is one looping yoyo tween each.
--   shapes: an ellipse, a concave star, a thick zigzag line and an arrow; a tap names the
--           shape hit, tested against its true outline (not its box).
--   time:   tide.time() and tide.scene.time(), the game's own clock.
--   sparks: particle emitters from data/particles.lua: a fountain, confetti, and a pop where
--           you tap.
--   camera: a meadow three screens wide: drag to scroll it, tap a star to collect it, zoom
--           with the buttons; the counter and buttons sit in the camera's HUD and stay put.
--   touch:  every finger is its own pointer: drag the two balls at once, one finger each,
--           and pinch the picture with two fingers to zoom and turn it.
--   fonts:  the game's own font (assets/fonts/ComicNeue-Bold.otf), with Chinese and emoji
--           falling back to Noto Sans CJK and Noto Color Emoji, beside the engine's font.
--   sound:  two music tracks to crossfade between, a generated beep and a looping hum (voices
--           that can be stopped), and the master volume.
--   physics: balls, a hanging chain of joints and a seesaw
--           on Chipmunk2D; drag any body with any finger (each its own), and show the
--           bodies' outlines with the button.
local holes = require("data.holes")
local shapes = require("data.shapes")
local particles = require("data.particles")
local meadow = require("data.meadow")

-- Two rows of tabs, four then five, each row 48 high and its tabs sharing its width (at least
-- 75 wide on the smallest phone): wide and tall enough for a child's finger.
local TABS = { "clip", "shapes", "time", "sparks", "camera", "touch", "fonts", "sound", "physics" }
local ROW_TABS, ROW_H = { 4, 5 }, 48
local TAB_BAR = ROW_H * #ROW_TABS
local colors = { tab = "#2b3a67", tab_on = "#fca311", text = "#ffffff", dark = "#14213d" }

local function title(text)
  return tide.sprite.text(text, { x = tide.screen.width / 2, y = 90, anchor = "center", size = 34, color = colors.text, name = "title" })
end

local function status(text)
  return tide.sprite.text(text, { x = tide.screen.width / 2, y = 170, anchor = "center", size = 24, color = colors.text, name = "status" })
end

-- The tab bar: one rect per screen, the current one lit. It sits in the HUD, which the
-- camera never moves.
local function tabs(current)
  -- One label size for every tab, fitted to the narrowest.
  local size = math.min(22, tide.screen.width / math.max(table.unpack(ROW_TABS)) / 4.5)
  local row, column, w = 0, -1, tide.screen.width / ROW_TABS[1]
  for _, name in ipairs(TABS) do
    column = column + 1
    if column == ROW_TABS[row + 1] then row, column, w = row + 1, 0, tide.screen.width / ROW_TABS[row + 2] end
    local tab = tide.sprite.rect{
      parent = tide.camera.hud,
      x = column * w, y = tide.screen.height - TAB_BAR + row * ROW_H, w = w, h = ROW_H, name = "tab_" .. name,
      fill = name == current and colors.tab_on or colors.tab, stroke = colors.dark, stroke_width = 1,
    }
    local label = tide.sprite.text(name, { size = size, anchor = "center", color = name == current and colors.dark or colors.text })
    tab:add(label)
    label.x, label.y = w / 2, ROW_H / 2
    tab:on("tap", function() tide.scene.go(name) end)
  end
end

tide.scene.define("clip", {
  enter = function(self)
    title("Whack a mole")
    self.hits = 0
    self.label = status("Hits: 0")
    for i, spot in ipairs(holes) do
      local hole = { x = spot.x * tide.screen.width, y = spot.y * tide.screen.height, rise = spot.rise, rest = spot.rest }
      tide.sprite.ellipse{ x = hole.x, y = hole.y + 60, w = 150, h = 40, fill = "#000000" }
      -- The hole's window: the mole is drawn, and tappable, only inside it.
      local window = tide.sprite.group{ x = hole.x - 70, y = hole.y - 80, w = 140, h = 140, clip = true, name = "hole_" .. i }
      local mole = tide.sprite.group{ parent = window, x = 70, y = 220, name = "mole_" .. i }
      tide.sprite.ellipse{ parent = mole, x = 0, y = 0, w = 100, h = 200, fill = "#8d6346" }
      tide.sprite.text("👀", { parent = mole, x = 0, y = -40, anchor = "center", size = 36 })
      mole:on("tap", function()
        self.hits = self.hits + 1
        self.label.text = "Hits: " .. self.hits
      end)
      tide.tween(mole, hole.rise, { y = 70 }, { ease = "out_quad", loops = -1, yoyo = true, delay = hole.rest })
      tide.sprite.rect{ x = hole.x - 75, y = hole.y + 56, w = 150, h = 16, fill = "#3a5a40", radius = 8 }
    end
    tabs("clip")
  end,
})

tide.scene.define("shapes", {
  enter = function(self)
    title("Shapes")
    self.label = status("Tap a shape")
    -- data/shapes.lua places shapes on the 390x844 design; on another size their positions
    -- stretch to fill the room between the status line and the tab bar.
    local top, bottom = 200, tide.screen.height - 90
    for _, shape in ipairs(shapes) do
      local opts = {}
      for k, v in pairs(shape.opts) do opts[k] = v end
      opts.name = shape.name
      opts.x = opts.x * tide.screen.width / 390
      opts.y = top + (opts.y - top) * (bottom - top) / (844 - 90 - top)
      local sprite = tide.sprite[shape.make](opts)
      sprite:on("tap", function()
        self.label.text = "Hit: " .. shape.name
        tide.tween(sprite, 0.15, { scale = 1.1 }, { yoyo = true })
      end)
    end
    tabs("shapes")
  end,
})

tide.scene.define("time", {
  enter = function(self)
    title("Game time")
    self.game = status("")
    self.scene = tide.sprite.text("", { x = tide.screen.width / 2, y = 220, anchor = "center", size = 24, color = colors.text, name = "scene_time" })
    -- A pendulum that swings for ever: a looping yoyo on rotation.
    local arm = tide.sprite.group{ x = tide.screen.width / 2, y = 300, rotation = -30, name = "pendulum" }
    tide.sprite.line{ parent = arm, points = { 0, 0, 0, 260 }, stroke = "#e5e5e5", stroke_width = 4 }
    tide.sprite.circle{ parent = arm, x = 0, y = 260, radius = 30, fill = "#fca311" }
    tide.tween(arm, 1, { rotation = 30 }, { ease = "in_out_sine", loops = -1, yoyo = true })
    self:update()
    tabs("time")
  end,
  update = function(self)
    self.game.text = string.format("tide.time(): %.1f s", tide.time())
    self.scene.text = string.format("tide.scene.time(): %.1f s", tide.scene.time())
  end,
})

tide.scene.define("sparks", {
  enter = function()
    title("Particles")
    status("Tap for a pop")
    tide.particles(particles.fountain, { x = tide.screen.width / 2, y = 700, name = "fountain" })
    tide.particles(particles.confetti, { x = tide.screen.width / 2, y = 300, name = "confetti" })
    -- A screen-sized catcher under everything takes the taps.
    local pad = tide.sprite.rect{ w = tide.screen.width, h = tide.screen.height - TAB_BAR, fill = "#00000000", z = -1, name = "pad" }
    pad:on("tap", function(e) tide.particles(particles.pop, { x = e.x, y = e.y, name = "pop" }) end)
    tabs("sparks")
  end,
})

tide.scene.define("camera", {
  enter = function(self)
    local h = tide.screen.height
    -- The world: sky, ground and stars, placed in world units across meadow.width.
    local sky = tide.sprite.rect{ w = meadow.width, h = h, fill = "#8ecae6", name = "sky" }
    tide.sprite.rect{ y = meadow.ground, w = meadow.width, h = h - meadow.ground, fill = "#588157" }
    for _, tree in ipairs(meadow.trees) do
      tide.sprite.rect{ x = tree - 8, y = meadow.ground - 90, w = 16, h = 90, fill = "#6f4518" }
      tide.sprite.circle{ x = tree, y = meadow.ground - 110, radius = 45, fill = "#2d6a4f" }
    end
    self.collected = 0
    for i, star in ipairs(meadow.stars) do
      local s = tide.sprite.text("⭐", { x = star.x, y = star.y, size = 40, anchor = "center", name = "star_" .. i })
      s:on("tap", function()
        s:remove()
        self.collected = self.collected + 1
        self.count.text = "Stars: " .. self.collected .. " of " .. #meadow.stars
      end)
    end
    -- Dragging the sky scrolls: each move's dx is in world units, so the ground follows the finger.
    sky:on("drag", function(e)
      local half = tide.screen.width / 2 / tide.camera.zoom
      tide.camera.x = math.max(half, math.min(meadow.width - half, tide.camera.x - e.dx))
    end)
    -- The HUD: drawn above the world, never moved by the camera.
    local hud = tide.camera.hud
    self.count = tide.sprite.text("Stars: 0 of " .. #meadow.stars, { parent = hud, x = 20, y = 40, size = 26, color = "#1d2433", name = "count" })
    for i, zoom in ipairs({ 1, 1.5 }) do
      local button = tide.sprite.rect{ parent = hud, x = tide.screen.width - 160 + (i - 1) * 75, y = 24, w = 64, h = 48, radius = 12, fill = "#fca311", name = "zoom_" .. zoom }
      local label = tide.sprite.text(zoom .. "x", { size = 20, anchor = "center", color = "#1d2433" })
      button:add(label)
      label.x, label.y = 32, 24
      button:on("tap", function() tide.tween(tide.camera, 0.4, { zoom = zoom }, { ease = "out_quad" }) end)
    end
    tabs("camera")
  end,
})

tide.scene.define("touch", {
  enter = function(self)
    title("Many fingers")
    self.label = status("Fingers down: 0")
    -- Each ball follows whichever finger drags it: two fingers drag both at once.
    for i, fill in ipairs({ "#e63946", "#4cc9f0" }) do
      local ball = tide.sprite.circle{ x = tide.screen.width * i / 3, y = tide.screen.height * 0.36, radius = 45, fill = fill, name = "ball_" .. i }
      ball:on("drag", function(e) ball.x, ball.y = ball.x + e.dx, ball.y + e.dy end)
    end
    -- The picture zooms and turns with a pinch that starts on it, from where it was.
    local picture = tide.sprite.group{ x = tide.screen.width / 2, y = tide.screen.height * 0.62, name = "picture" }
    tide.sprite.rect{ parent = picture, x = -90, y = -70, w = 180, h = 140, radius = 18, fill = "#fca311" }
    tide.sprite.text("🦁", { parent = picture, x = 0, y = 0, anchor = "center", size = 80 })
    local from
    picture:on("pinch", function(e)
      if e.phase == "began" then from = { scale = picture.scale, rotation = picture.rotation } end
      picture.scale = math.max(0.3, math.min(3, from.scale * e.scale))
      picture.rotation = from.rotation + math.deg(e.angle)
    end)
    tabs("touch")
  end,
  update = function(self)
    self.label.text = "Fingers down: " .. #tide.input.pointers()
  end,
})

tide.scene.define("fonts", {
  enter = function()
    -- conf.lua names no font, so text is DejaVu Sans unless a sprite names one.
    tide.sprite.text("Fonts", { x = tide.screen.width / 2, y = 90, anchor = "center", size = 40, color = colors.text, font = "ComicNeue-Bold", name = "title" })
    local lines = {
      { "Comic Neue, the game's own", "ComicNeue-Bold", "#fca311" },
      { "李小龍 🐉 fall back to Noto", "ComicNeue-Bold", "#8ecae6" },
      { "DejaVu Sans, the engine's", nil, "#e5e5e5" },
      { "李小龍 🐉 fall back the same", nil, "#e5e5e5" },
    }
    for i, line in ipairs(lines) do
      tide.sprite.text(line[1], {
        x = tide.screen.width / 2, y = 170 + (i - 1) * 80, anchor = "center", size = 28, color = line[3],
        font = line[2], max_width = tide.screen.width - 30, fit = "shrink", name = "line_" .. i,
      })
    end
    tabs("fonts")
  end,
})

-- A round button in the sound screen; `on_tap` gets the button's label to change.
local function button(text, x, y, name, on_tap)
  local box = tide.sprite.rect{ x = x, y = y, w = 160, h = 64, radius = 16, fill = colors.tab, anchor = "center", name = name }
  local label = tide.sprite.text(text, { size = 22, anchor = "center", color = colors.text })
  box:add(label)
  label.x, label.y = 80, 32
  box:on("tap", function() on_tap(label) end)
  return box
end

tide.scene.define("sound", {
  enter = function(self)
    title("Music and voices")
    self.label = status("")
    -- Sounds a game makes itself need no file: a short square beep and a soft looping hum.
    tide.audio.generate("beep", { wave = "square", frequency = 880, duration = 0.12, release = 0.05, volume = 0.4 })
    tide.audio.generate("hum", { wave = "sine", frequency = 220, duration = 1, attack = 0.1, release = 0.1, volume = 0.5 })
    local left, right = tide.screen.width / 4 + 5, tide.screen.width * 3 / 4 - 5
    -- Music plays on across scenes until stopped; each track fades into the other.
    button("Day", left, 260, "day", function() tide.audio.music("day", { crossfade = 1 }) end)
    button("Night", right, 260, "night", function() tide.audio.music("night", { crossfade = 1 }) end)
    button("Stop music", left, 350, "stop_music", function() tide.audio.stop_music(1) end)
    button("Beep", right, 350, "beep", function() tide.audio.play("beep") end)
    button("Hum", left, 440, "hum", function(label)
      if self.hum then
        self.hum:stop(0.3)
        self.hum, label.text = nil, "Hum"
      else
        self.hum, label.text = tide.audio.play("hum", { loops = -1, fade_in = 0.3 }), "Stop hum"
      end
    end)
    button("Quieter", right, 440, "quieter", function()
      local master = tide.audio.volume().master
      tide.audio.volume{ master = master > 0.3 and master - 0.25 or 1 }
    end)
    self:update()
    tabs("sound")
  end,
  update = function(self)
    local music = tide.audio.current_music()
    self.label.text = ("Music: %s   Volume: %d%%"):format(music and music.name or "none", math.floor(tide.audio.volume().master * 100 + 0.5))
  end,
})

tide.scene.define("physics", {
  enter = function()
    local w, h = tide.screen.width, tide.screen.height
    title("Physics")
    tide.physics.world({ gravity = { 0, 900 } })
    local floor_y = h - 130
    local function static(sprite) return tide.physics.body(sprite, { type = "static", friction = 0.8 }) end
    static(tide.sprite.rect{ x = 0, y = floor_y, w = w, h = 40, fill = "#3a5a40", name = "floor" })
    static(tide.sprite.rect{ x = -20, y = 0, w = 20, h = h, fill = colors.dark })
    static(tide.sprite.rect{ x = w, y = 0, w = 20, h = h, fill = colors.dark })
    -- A seesaw: a plank turning on a pin over a triangle.
    local pin = { x = w * 0.68, y = floor_y - 60 }
    static(tide.sprite.polygon{ x = pin.x, y = floor_y, points = { -30, 0, 30, 0, 0, -60 }, fill = "#8d6346" })
    local plank = tide.physics.body(tide.sprite.rect{ x = pin.x, y = pin.y, w = 200, h = 12, anchor = "center", fill = "#fca311", name = "plank" })
    tide.physics.joint("pivot", plank, nil, { x = pin.x, y = pin.y })
    -- A chain: links pinned end to end, the first to the world.
    local top = { x = w * 0.22, y = 230 }
    tide.sprite.circle{ x = top.x, y = top.y, radius = 6, fill = "#ffffff" }
    local above
    for i = 1, 8 do
      local link = tide.physics.body(tide.sprite.rect{ x = top.x, y = top.y + (i - 0.5) * 22, w = 8, h = 22, anchor = "center",
        fill = i % 2 == 0 and "#adb5bd" or "#dee2e6", name = "link_" .. i }, { density = 0.5 })
      tide.physics.joint("pivot", above, link, { x = top.x, y = top.y + (i - 1) * 22 })
      above = link
    end
    -- Balls to drop, throw and stack.
    for i, fill in ipairs({ "#e63946", "#4cc9f0", "#f72585", "#80ed99", "#ffd166", "#b5179e" }) do
      tide.physics.body(tide.sprite.circle{ x = w * (0.3 + 0.1 * i), y = 220 + 40 * (i % 3), radius = 14 + 3 * (i % 3),
        fill = fill, name = "ball_" .. i }, { elasticity = 0.5 })
    end
    -- Any body follows the finger (or mouse) that grabs it, each finger its own.
    tide.input.on("pointer_down", function(x, y, pointer)
      local body = tide.physics.at(x, y)[1]
      if body and body.name ~= "floor" then tide.physics.drag_start(pointer, body, x, y, 1e7) end
    end)
    tide.input.on("pointer_move", function(x, y, pointer) tide.physics.drag_move(pointer, x, y) end)
    tide.input.on("pointer_up", function(_, _, pointer) tide.physics.drag_end(pointer) end)
    local outlines = false
    local toggle = tide.sprite.rect{ x = w / 2, y = 150, w = 200, h = 48, anchor = "center", radius = 24, fill = colors.tab, name = "outlines" }
    local label = tide.sprite.text("Show outlines", { parent = toggle, x = 100, y = 24, anchor = "center", size = 20, color = colors.text })
    toggle:on("tap", function()
      outlines = not outlines
      tide.physics.debug(outlines)
      label.text = outlines and "Hide outlines" or "Show outlines"
    end)
    tabs("physics")
  end,
  leave = function() tide.physics.debug(false) end,
})

if tide.options.start ~= "clip" then tide.scene.go(tide.options.start) end
