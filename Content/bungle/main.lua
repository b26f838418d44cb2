-- Bungle in the Jungle: Rock-Paper-Scissors with a lion, a cobra and a rabbit.
--
-- The title zooms in and fades away, the scores appear, and the three animals wait below a
-- blue arena. Drag one into the arena (the lion prowls while you drag it; tap it to hear it
-- roar). The computer's pick fades in opposite; the winner pounces over the loser, who fades,
-- then glides home while the result fades; a tie sends both away and yours home again.
--
-- Shows: tide.sequence-style tasks (tween:await, tide.wait), drag and drop judged by
-- what each animal's picture draws, frame animation (sprite:play/stop), fades, flips, tide.parallel and sound.
-- The rules are the animal duel of the rps game (conf.lua shares it through `modules`);
-- places, colours and timings are in data/stage.lua.

local animals = require("rps.data.animals")
local stage = require("data.stage")
local particles = require("data.particles")

local order = {}
for i, choice in ipairs(animals.choices) do order[i] = choice.id end
local duel = tide.rules.duel(animals.beats, { order = order, source = "rps/data/animals.lua" })

local timing, colors = stage.timing, stage.colors

-- The stage's places fitted from the design screen to this one.
local function at(design_y) return design_y * tide.screen.height / stage.design_height end
local function across(design_x) return design_x * tide.screen.width / stage.design_width end
local function placed(spot)
  return { id = spot.id, x = across(spot.x), y = at(spot.y), reach = spot.reach, reach_y = spot.reach_y }
end
local homes, player_spot, computer_spot = {}, placed(stage.player_spot), placed(stage.computer_spot)
for i, home in ipairs(stage.homes) do homes[i] = placed(home) end

-- The flip that makes an animal face `side` ("left" or "right"), given how it is drawn.
local function flip_to_face(id, side)
  return stage.facing[id] ~= side
end

local function home_of(id)
  for _, home in ipairs(homes) do
    if home.id == id then return home end
  end
end

-- Whether what is drawn of `sprite` lies wholly inside `arena` (B4). Its picture's box has
-- transparent margins, so the box would send home an animal the player sees inside.
local function drawn_inside(arena, sprite)
  local home = home_of(sprite.data.id)
  local left, right = home.reach[1], home.reach[2]
  if sprite.flip_x then left, right = right, left end
  local grown = sprite.scale / stage.animal_scale   -- reach is measured at animal_scale
  local x0, y0, w, h = arena:bounds()
  return sprite.x - left * grown >= x0 and sprite.x + right * grown <= x0 + w
    and sprite.y - home.reach_y[1] * grown >= y0 and sprite.y + home.reach_y[2] * grown <= y0 + h
end

local function animal_sprite(id, opts)
  opts.anchor = "center"
  opts.scale = stage.animal_scale
  opts.flip_x = opts.flip_x or false
  local sprite = tide.sprite.image(stage.images[id][1], opts)
  sprite.data.id = id
  return sprite
end

-- Walks (prowls) while it moves, if it has more than one frame; stands on frame 1 otherwise.
local function prowl(sprite)
  local frames = stage.images[sprite.data.id]
  if #frames > 1 then sprite:play(frames, { fps = stage.lion_fps, loop = true }) end
end

local function stand(sprite)
  if #stage.images[sprite.data.id] > 1 then sprite:stop(1) end
end

tide.scene.define("jungle", {
  enter = function(self)
    local w = tide.screen.width
    self.busy = true            -- true while the opening or a round plays: drags are ignored
    self.scores = { player = 0, computer = 0 }

    local c, u = stage.clearing, stage.undergrowth
    tide.sprite.rect{
      x = across(c.x), y = at(c.y), w = across(c.w), h = at(c.h), fill = c.fill, radius = c.radius, z = -1,
    }
    -- The jungle strip shrinks to a narrower screen rather than running off its sides.
    tide.sprite.text(u.text, {
      x = w / 2, y = at(u.y), anchor = "center", size = u.size, z = -1, max_width = w, fit = "shrink",
    })
    local arena = stage.arena
    local a = { x = across(arena.x), y = at(arena.y), w = across(arena.w), h = at(arena.h) }
    -- The arena appears with the scores, after the title: the title never sits across its border (B2).
    self.arena = tide.sprite.rect{
      x = a.x, y = a.y, w = a.w, h = a.h, fill = arena.fill, stroke = arena.stroke,
      stroke_width = arena.stroke_width, name = "arena", z = 0, alpha = 0,
    }
    self.hint = tide.sprite.text("Drag an animal into the arena", {
      x = w / 2, y = a.y + a.h - 30, anchor = "center", size = 18, color = colors.hint,
      name = "hint", alpha = 0, z = 1,
    })
    self.result = tide.sprite.text("", {
      x = w / 2, y = a.y + 50, anchor = "center", size = 40, color = colors.label, name = "result", z = 8,
    })
    self.detail = tide.sprite.text("", {
      x = w / 2, y = a.y + 95, anchor = "center", size = 22, color = colors.label, name = "detail", z = 8,
    })
    -- Held by their outer ends, so a score growing as it changes grows inwards, never off screen.
    self.score_player = tide.sprite.text("You: 0", {
      x = a.x, y = at(stage.scores_y), anchor = "left", size = 26, color = colors.score, name = "score_player", alpha = 0,
    })
    self.score_computer = tide.sprite.text("Computer: 0", {
      x = a.x + a.w, y = at(stage.scores_y), anchor = "right", size = 26, color = colors.score, name = "score_computer", alpha = 0,
    })

    self.animals = {}
    for _, home in ipairs(homes) do
      local sprite = animal_sprite(home.id, { x = home.x, y = home.y, name = home.id, tag = "animal", z = 2 })
      sprite:on("drag", function(e) self:drag(sprite, e) end)
      self.animals[home.id] = sprite
    end
    self.animals.lion:on("tap", function() tide.audio.play("roar") end)

    self:opening()
  end,

  -- The title grows from a speck to fill the top of the screen, rests, and fades out slowly;
  -- then the scores appear and play begins.
  opening = function(self)
    local title = tide.sprite.image("title.png", {
      x = tide.screen.width / 2, y = at(stage.title_y), anchor = "center", scale = stage.title_start_scale,
      name = "title", z = 10,
    })
    -- A tap anywhere skips the opening: an invisible catcher over everything while it plays.
    local w, h = tide.screen.width, tide.screen.height
    local skip = tide.sprite.rect{ w = w, h = h, fill = "#00000000", z = 20, name = "skip" }
    local opening = tide.task(function()
      tide.tween(title, timing.title_zoom, { scale = 1 }, { ease = "out_cubic" }):await()
      tide.wait(timing.title_hold)
      tide.tween(title, timing.title_fade, { alpha = 0 }, { ease = "in_out_sine" }):await()
      title.visible = false
      tide.parallel{
        { self.score_player, timing.scores_fade, { alpha = 1 } },
        { self.score_computer, timing.scores_fade, { alpha = 1 } },
        { self.hint, timing.scores_fade, { alpha = 1 } },
        { self.arena, timing.scores_fade, { alpha = 1 } },
      }:await()
      skip:remove()
      self.busy = false
    end)
    skip:on("tap", function()
      opening:cancel()
      skip:remove()
      title:remove()
      self.score_player.alpha, self.score_computer.alpha, self.hint.alpha, self.arena.alpha = 1, 1, 1, 1
      self.busy = false
    end)
  end,

  -- A drag moves the animal under the finger; the lion prowls all the while. Drags that begin
  -- while something plays are ignored to the end.
  drag = function(self, sprite, e)
    if e.phase == "began" then
      if self.busy then return end
      self.busy = true
      self.dragging = { sprite = sprite, dx = sprite.x - e.start_x, dy = sprite.y - e.start_y }
      sprite.z = 5
      prowl(sprite)
    end
    local held = self.dragging
    if not held or held.sprite ~= sprite then return end
    sprite.x, sprite.y = e.x + held.dx, e.y + held.dy
    if e.phase == "ended" then
      self.dragging = nil
      stand(sprite)
      if drawn_inside(self.arena, sprite) then
        self:play_round(sprite)
      else
        self:glide_home(sprite)
      end
    end
  end,

  -- Dropped outside the arena: drift back home, then play on.
  glide_home = function(self, sprite)
    local home = home_of(sprite.data.id)
    tide.tween(sprite, timing.glide_home, { x = home.x, y = home.y }, {
      ease = "out_cubic",
      on_done = function()
        sprite.z = 2
        self.busy = false
      end,
    })
  end,

  play_round = function(self, player)
    tide.task(function()
      local id = player.data.id
      tide.tween(self.hint, timing.place, { alpha = 0 })
      -- The played animal takes its spot on the right, facing left, across from the computer.
      player.flip_x = flip_to_face(id, "left")
      tide.tween(player, timing.place, { x = player_spot.x, y = player_spot.y }, { ease = "out_quad" }):await()
      player.z = 2

      -- The computer's pick exists only for its round: it comes on stage here and leaves at the end.
      local pick = tide.random.pick(duel:choices())
      local computer = animal_sprite(pick, {
        x = computer_spot.x, y = computer_spot.y, name = "computer", tag = "computer",
        alpha = 0, z = 2, flip_x = flip_to_face(pick, "right"),
      })
      tide.tween(computer, timing.computer_fade, { alpha = 1 }):await()
      tide.wait(timing.face_off)

      local outcome = duel:outcome(id, pick)
      self:announce(outcome, id, pick)
      if outcome == "tie" then
        self:tie(player, computer)
      elseif outcome == "win" then
        self:pounce(player, computer, "player")
        computer:remove()
      else
        self:pounce(computer, player, "computer")
        -- The beaten animal fades back in while it glides home, facing the way it goes (B10);
        -- the computer's leaves the stage.
        local home = home_of(id)
        player.scale, player.flip_x = stage.animal_scale, flip_to_face(id, home.x < player.x and "left" or "right")
        tide.parallel{
          { player, timing.reappear, { x = home.x, y = home.y, alpha = 1 }, { ease = "in_out_cubic" } },
          { computer, timing.reappear, { alpha = 0 } },
        }:await()
        computer:remove()
      end
      player.flip_x = false
      tide.tween(self.hint, timing.place, { alpha = 1 })
      self.busy = false
    end)
  end,

  announce = function(self, outcome, player, computer)
    tide.audio.play(outcome)   -- win.wav, lose.wav or tie.wav
    self.result.text = stage.messages[outcome]
    self.result.color = colors[outcome]
    if outcome == "tie" then
      self.detail.text = "The " .. player .. " meets the " .. computer
    elseif outcome == "win" then
      self.detail.text = "The " .. player .. " " .. duel:verb(player, computer) .. " the " .. computer
    else
      self.detail.text = "The " .. computer .. " " .. duel:verb(computer, player) .. " the " .. player
    end
    self.result.alpha, self.detail.alpha, self.result.scale = 1, 1, 0.4
    tide.tween(self.result, 0.35, { scale = 1 }, { ease = "out_back" })
  end,

  -- Inside the round's task: the winner crosses onto the loser and grows over it while the
  -- loser fades; a point for the winner's side; then the winner glides home as the label fades.
  -- The computer's animals live on the computer's spot, so that is where its winner goes back to.
  pounce = function(self, winner, loser, side)
    winner.z = 6
    prowl(winner)
    tide.parallel{
      { winner, timing.pounce, { x = loser.x, y = loser.y, scale = stage.animal_scale * stage.pounce_scale },
        { ease = "in_out_quad" } },
      { loser, timing.pounce, { alpha = 0 } },
    }:await()
    self:score(side)
    if side == "player" then
      tide.particles(particles.win, { x = loser.x, y = loser.y - 40, z = 7, name = "confetti" })
    end
    tide.wait(timing.after_pounce)
    local home = side == "player" and home_of(winner.data.id) or computer_spot
    -- Every animal faces the way it moves.
    winner.flip_x = flip_to_face(winner.data.id, home.x < winner.x and "left" or "right")
    tide.parallel{
      { winner, timing.return_home, { x = home.x, y = home.y, scale = stage.animal_scale }, { ease = "in_out_cubic" } },
      { self.result, timing.return_home, { alpha = 0 }, { ease = timing.label_fade_ease } },
      { self.detail, timing.return_home, { alpha = 0 }, { ease = timing.label_fade_ease } },
    }:await()
    stand(winner)
    winner.z = 2
  end,

  -- Inside the round's task: both fade away; yours fades back in on its way home.
  tie = function(self, player, computer)
    tide.parallel{ { player, timing.tie_fade, { alpha = 0 } }, { computer, timing.tie_fade, { alpha = 0 } } }:await()
    computer:remove()
    player.flip_x = false
    local home = home_of(player.data.id)
    tide.parallel{
      { player, timing.tie_return, { x = home.x, y = home.y, alpha = 1 }, { ease = "in_out_sine" } },
      { self.result, timing.tie_return, { alpha = 0 }, { ease = timing.label_fade_ease } },
      { self.detail, timing.tie_return, { alpha = 0 }, { ease = timing.label_fade_ease } },
    }:await()
  end,

  score = function(self, side)
    self.scores[side] = self.scores[side] + 1
    local label = side == "player" and self.score_player or self.score_computer
    label.text = (side == "player" and "You: " or "Computer: ") .. self.scores[side]
    label.scale = 1.4
    tide.tween(label, 0.4, { scale = 1 }, { ease = "out_back" })
  end,
})
