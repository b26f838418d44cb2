-- Brief numbers (GAMES.md, Bungle in the Jungle): B1, B2, B3, B4, B5, B6, B7, B8, B9, B10.
-- Every "must be true" of the brief, checked at the moment it should hold: the opening, the
-- arena and homes, dragging (the lion's frames, the roar), drops inside and outside the arena,
-- a win, a loss, a tie, input ignored while a round plays, and the state after each round.

local stage = require("data.stage")
local timing = stage.timing
local duel = tide.rules.duel(require("rps.data.animals").beats)

local TICK = 1 / 60
local OPENING = timing.title_zoom + timing.title_hold + timing.title_fade + timing.scores_fade
local CENTER = { x = 195, y = 330 }          -- well inside the arena
local OUTSIDE = { x = 200, y = 780 }         -- below everything

local function home_of(id)
  for _, home in ipairs(stage.homes) do
    if home.id == id then return home end
  end
end

local function advance_to(app, t)
  if t > app:time() then app:advance(t - app:time()) end
end

local function ready_app(seed)
  local app = tide.test.start{ seed = seed or 1 }
  app:advance(OPENING + 0.1)
  return app
end

local function shown_rival(app)
  return app:find{ tag = "computer", visible = true }
end

-- The moments of a round, from the tick the animal was dropped.
local function round_times(dropped)
  local t = { dropped = dropped }
  t.placed = dropped + timing.place
  t.faded_in = t.placed + timing.computer_fade
  t.announced = t.faded_in + timing.face_off
  t.pounced = t.announced + timing.pounce
  t.returning = t.pounced + timing.after_pounce
  t.home = t.returning + timing.return_home
  t.tie_faded = t.announced + timing.tie_fade
  t.tie_home = t.tie_faded + timing.tie_return
  return t
end

-- Plays `player` into the arena with the first seed that makes the computer pick `pick`.
-- Returns the app (just after the drop) and the round's moments.
local function round(player, pick)
  for seed = 1, 200 do
    local app = ready_app(seed)
    app:drag(app:find{ name = player }, CENTER)
    advance_to(app, round_times(app:time()).faded_in)
    if shown_rival(app).data.id == pick then
      -- The same seed plays the same round: start again to watch it from the drop.
      app = ready_app(seed)
      app:drag(app:find{ name = player }, CENTER)
      return app, round_times(app:time())
    end
  end
  error("no seed below 200 makes the computer pick " .. pick)
end

local function between(a, b, value, what)
  local lo, hi = math.min(a, b), math.max(a, b)
  assert.is_true(value > lo and value < hi, ("%s: expected strictly between %s and %s, got %s"):format(what, lo, hi, value))
end

-- Within `tolerance` design units of `point` (the tick after a drop has already moved it a little).
local function close_to(sprite, point, tolerance, what)
  local d = math.sqrt((sprite.x - point.x) ^ 2 + (sprite.y - point.y) ^ 2)
  assert.is_true(d <= tolerance, ("%s: %.1f from (%s, %s)"):format(what, d, point.x, point.y))
end

local function at(sprite, point, what)
  assert.near(point.x, sprite.x, 1e-6, what .. ".x")
  assert.near(point.y, sprite.y, 1e-6, what .. ".y")
end

-- On its way from `from` to `to`: strictly between them on each axis where they differ.
local function on_the_way(sprite, from, to, what)
  for _, axis in ipairs({ "x", "y" }) do
    if from[axis] == to[axis] then
      assert.near(from[axis], sprite[axis], 1e-6, what .. "." .. axis)
    else
      between(from[axis], to[axis], sprite[axis], what .. "." .. axis)
    end
  end
end

-- Everything at home, shown, upright and ready, the computer's animals off stage.
local function assert_all_home(app)
  for _, home in ipairs(stage.homes) do
    local sprite = app:find{ name = home.id }
    at(sprite, home, home.id)
    assert.are.equal(1, sprite.alpha)
    assert.near(stage.animal_scale, sprite.scale, 1e-6, home.id .. ".scale")
    assert.is_false(sprite.flip_x)
  end
  assert.are.equal(1, app:find{ name = "lion" }.frame)
  assert.is_nil(shown_rival(app))
end

describe("the opening", function()
  it("zooms the title up from very small to cover the top of the screen", function()
    local app = tide.test.start{ seed = 1 }
    local title = app:find{ name = "title" }
    assert.is_true(title.scale <= 0.06)
    assert.are.equal(1, title.alpha)
    app:advance(1.0)
    between(0.05, 1, title.scale, "title scale after 1 s")
    local earlier = title.scale
    app:advance(0.5)
    assert.is_true(title.scale > earlier)
    advance_to(app, timing.title_zoom + TICK)
    assert.near(1, title.scale, 1e-6, "title scale")
    -- At full size it spans nearly the whole width, in the upper part of the screen.
    assert.is_true(title.w * title.scale >= 0.9 * tide.screen.width)
    assert.is_true(title.y + title.h / 2 < tide.screen.height / 2)
    assert.is_true(title.y - title.h / 2 < 100)
  end)

  it("fades the title out slowly, then shows the scores", function()
    local app = tide.test.start{ seed = 1 }
    local title = app:find{ name = "title" }
    local player, computer = app:find{ name = "score_player" }, app:find{ name = "score_computer" }
    local fade_start = timing.title_zoom + timing.title_hold
    advance_to(app, fade_start - TICK)
    assert.are.equal(1, title.alpha)
    assert.are.equal(0, player.alpha)
    -- Watched tick by tick: how long the title takes on screen from full to gone, while the
    -- scores stay hidden.
    local samples, began, ended = {}, nil, nil
    while not ended and app:time() < OPENING + 1 do
      app:step()
      if not began and title.alpha < 1 then began = app:time() end
      if began and (title.alpha == 0 or not title.visible) then ended = app:time() end
      if began and not ended then
        samples[#samples + 1] = { time = app:time(), alpha = title.alpha }
        assert.are.equal(0, player.alpha)
        assert.are.equal(0, computer.alpha)
      end
    end
    assert.is_not_nil(ended, "the title never finished fading")
    assert.is_true(ended - began >= 1.5, ("the fade took %.2f s, not slowly"):format(ended - began))
    local middle = samples[#samples // 2]
    between(0.2, 0.8, middle.alpha, "title alpha halfway through the fade")
    advance_to(app, OPENING + TICK)
    assert.is_false(title.visible)
    assert.are.equal(1, player.alpha)
    assert.are.equal(1, computer.alpha)
    assert.are.equal("You: 0", player.text)
    assert.are.equal("Computer: 0", computer.text)
  end)

  it("ignores drags until the scores are up", function()
    local app = tide.test.start{ seed = 1 }
    app:advance(1)
    app:drag(app:find{ name = "cobra" }, CENTER)
    app:advance(1)
    at(app:find{ name = "cobra" }, home_of("cobra"), "cobra")
    assert.is_nil(shown_rival(app))
  end)
end)

describe("the stage", function()
  it("draws a blue rectangular arena with the three animals at home below it", function()
    local app = ready_app()
    local arena = app:find{ name = "arena" }
    assert.are.equal("rect", arena.kind)
    assert.are.equal("#1e5bd6", arena.fill)
    assert.are.equal(3, #app:find_all{ tag = "animal" })
    for _, home in ipairs(stage.homes) do
      local sprite = app:find{ name = home.id }
      at(sprite, home, home.id)
      assert.is_true(sprite.y - sprite.h * sprite.scale / 2 > arena.y + arena.h)
    end
    assert_all_home(app)
  end)
end)

describe("dragging", function()
  it("cycles the lion through its four frames while dragged, and shows frame 1 when dropped", function()
    local app = ready_app()
    local lion = app:find{ name = "lion" }
    -- Hold the lion and walk it down a tick at a time, reading the frame it shows each tick.
    local from, seen = { x = lion.x, y = lion.y }, {}
    app:press(lion)
    for i = 1, 48 do
      app:move({ x = from.x + (OUTSIDE.x - from.x) * i / 48, y = from.y + (OUTSIDE.y - from.y) * i / 48 })
      seen[#seen + 1] = lion.frame
    end
    app:release()
    local shown, runs, run = {}, {}, 1
    for i, frame in ipairs(seen) do
      shown[frame] = true
      if i > 1 then
        -- Only ever on to the next frame, wrapping 4 -> 1.
        local step = (frame - seen[i - 1]) % 4
        assert.is_true(step == 0 or step == 1, "frame jumped from " .. seen[i - 1] .. " to " .. frame)
        if step == 1 then runs[#runs + 1], run = run, 1 else run = run + 1 end
      end
    end
    assert.are.same({ true, true, true, true }, shown)
    -- It went round more than once, and each frame stays up for several ticks (smooth, not flicker).
    assert.is_true(#runs >= 5)
    for i = 2, #runs do assert.is_true(runs[i] >= 4 and runs[i] <= 8, "a frame lasted " .. runs[i] .. " ticks") end
    assert.are.equal(1, lion.frame)
    assert.are.same({}, app:sounds())
  end)

  it("roars when the lion is tapped, and only then", function()
    local app = ready_app()
    app:tap(app:find{ name = "cobra" })
    app:tap(app:find{ name = "rabbit" })
    assert.are.same({}, app:sounds())
    app:tap(app:find{ name = "lion" })
    assert.are.same({ "roar" }, app:sounds())
    at(app:find{ name = "lion" }, home_of("lion"), "tapped lion")
    assert.is_nil(shown_rival(app))
  end)

  it("glides an animal dropped outside the arena gradually back home", function()
    local app = ready_app()
    local rabbit = app:find{ name = "rabbit" }
    app:drag(rabbit, OUTSIDE)
    close_to(rabbit, OUTSIDE, 20, "dropped rabbit")
    app:advance(timing.glide_home / 3)
    local home = home_of("rabbit")
    between(home.x, OUTSIDE.x, rabbit.x, "rabbit.x gliding")
    between(home.y, OUTSIDE.y, rabbit.y, "rabbit.y gliding")
    app:advance(timing.glide_home)
    at(rabbit, home, "rabbit")
    assert.is_nil(shown_rival(app))
    assert_all_home(app)
  end)

  it("plays only an animal dropped wholly inside the arena", function()
    local app = ready_app()
    local arena = app:find{ name = "arena" }
    local lion = app:find{ name = "lion" }
    -- Straddling the arena's bottom edge: partly inside is not inside.
    app:drag(lion, { x = 195, y = arena.y + arena.h })
    assert.is_false(arena:contains(lion))
    app:advance(timing.glide_home + 1)
    assert.is_nil(shown_rival(app))
    at(lion, home_of("lion"), "lion")
    -- Wholly inside, near a corner: it plays.
    app:drag(lion, { x = arena.x + 70, y = arena.y + arena.h - 50 })
    assert.is_true(arena:contains(lion))
    app:advance(timing.place + TICK)
    assert.is_not_nil(shown_rival(app))
  end)

  -- The pictures' boxes have transparent margins at the sides: what counts is what is drawn,
  -- the reach data/stage.lua records for each animal (B4).
  it("plays an animal drawn wholly inside the arena near a side, though its box crosses it (B4)", function()
    local cases = {
      { "cobra", function(a) return { x = a.x + 40 + 3, y = a.y + a.h / 2 } end, true },
      { "rabbit", function(a) return { x = a.x + a.w - 31 - 3, y = a.y + a.h / 2 } end, true },
      { "lion", function(a) return { x = a.x + 55 + 3, y = a.y + 36 + 3 } end, true },
      { "cobra", function(a) return { x = a.x + 40 - 6, y = a.y + a.h / 2 } end, false },
      { "rabbit", function(a) return { x = a.x + a.w - 31 + 6, y = a.y + a.h / 2 } end, false },
      { "rabbit", function(a) return { x = a.x + a.w / 2, y = a.y + a.h - 42 + 6 } end, false },
    }
    for _, case in ipairs(cases) do
      local app = ready_app()
      local arena, animal = app:find{ name = "arena" }, app:find{ name = case[1] }
      local ax, ay, aw, ah = arena:bounds()
      local spot = case[2]({ x = ax, y = ay, w = aw, h = ah })
      local _, _, bw, bh = animal:bounds()   -- the picture's box, margins and all
      app:drag(animal, spot)
      local label = ("%s dropped at %.0f, %.0f"):format(case[1], spot.x, spot.y)
      if case[3] then
        local crosses = spot.x - bw / 2 < ax or spot.x + bw / 2 > ax + aw or spot.y - bh / 2 < ay or spot.y + bh / 2 > ay + ah
        assert.is_true(crosses, label .. ": the box crosses the border")
        app:advance(timing.place + TICK)
        assert.is_not_nil(shown_rival(app), label .. " plays")
      else
        app:advance(timing.glide_home + 1)
        assert.is_nil(shown_rival(app), label .. " goes home")
        at(animal, home_of(case[1]), label)
      end
    end
  end)

  it("places a played animal on the right and fades the computer's pick in on the left, facing each other", function()
    for _, player in ipairs({ "lion", "cobra", "rabbit" }) do
      local app = ready_app(3)
      local sprite = app:find{ name = player }
      local drop = { x = 150, y = 420 }
      app:drag(sprite, drop)
      local times = round_times(app:time())
      close_to(sprite, drop, 25, player .. " where dropped")
      advance_to(app, times.placed + TICK)
      at(sprite, stage.player_spot, player .. " on the player's spot")
      local rival = shown_rival(app)
      at(rival, stage.computer_spot, "computer's " .. rival.data.id)
      assert.is_true(rival.alpha < 0.2)
      advance_to(app, times.placed + timing.computer_fade / 2)
      between(0.2, 0.8, rival.alpha, "computer's pick fading in")
      advance_to(app, times.faded_in + TICK)
      assert.are.equal(1, rival.alpha)
      -- Facing: lion and cobra are drawn facing left, the rabbit facing right.
      assert.are.equal(player == "rabbit", sprite.flip_x)          -- the player's faces left
      assert.are.equal(rival.data.id ~= "rabbit", rival.flip_x)   -- the computer's faces right
      assert.is_true(rival.x < sprite.x)
    end
  end)
end)

-- A decided round, watched from the drop: the winner crosses onto the loser and covers it as it
-- fades, the winner's side scores, then the winner glides back (yours home, the computer's to
-- its spot) as the label fades, and everything ends at home.
local function check_decided_round(o)
  local app, t = round(o.player, o.pick)
  local result, detail = app:find{ name = "result" }, app:find{ name = "detail" }
  local mine = app:find{ name = o.player }
  advance_to(app, t.announced + TICK)
  local theirs = shown_rival(app)
  assert.are.equal(o.pick, theirs.data.id)
  local won = o.message == "You win!"
  local winner, loser = mine, theirs
  local loser_spot, winner_home = stage.computer_spot, home_of(o.player)
  if not won then
    winner, loser = theirs, mine
    loser_spot, winner_home = stage.player_spot, stage.computer_spot
  end
  local name = winner.data.id
  assert.are.equal(o.message, result.text)
  assert.are.equal(o.detail, detail.text)
  advance_to(app, t.announced + timing.pounce / 2)
  between(stage.computer_spot.x, stage.player_spot.x, winner.x, name .. " on its way to the " .. loser.data.id)
  between(0, 1, loser.alpha, loser.data.id .. " fading")
  advance_to(app, t.pounced + TICK)
  at(winner, loser_spot, name .. " on the " .. loser.data.id)
  assert.is_true(winner:contains(loser))
  assert.is_true(winner.z > loser.z)
  assert.are.equal(0, loser.alpha)
  assert.are.equal(o.scores[1], app:find{ name = "score_player" }.text)
  assert.are.equal(o.scores[2], app:find{ name = "score_computer" }.text)
  assert.are.equal(1, result.alpha)
  advance_to(app, t.returning + timing.return_home / 2)
  between(0, 1, result.alpha, "result label fading")
  on_the_way(winner, loser_spot, winner_home, name .. " gliding back")
  -- It faces the way it goes, as drawn or mirrored.
  local going = winner_home.x < loser_spot.x and "left" or "right"
  assert.are.equal(stage.facing[name] ~= going, winner.flip_x, name .. " facing " .. going)
  advance_to(app, t.home + TICK)
  at(winner, winner_home, name .. " back")
  assert.are.equal(0, result.alpha)
  -- A beaten player's animal fades back in while gliding home, facing the way it goes (B10).
  if not won then
    advance_to(app, t.home + timing.reappear / 2)
    on_the_way(mine, stage.player_spot, home_of(o.player), o.player .. " gliding home")
    between(0, 1, mine.alpha, o.player .. " fading in on its way")
    local homeward = home_of(o.player).x < stage.player_spot.x and "left" or "right"
    assert.are.equal(stage.facing[o.player] ~= homeward, mine.flip_x, o.player .. " facing " .. homeward)
    advance_to(app, t.home + timing.reappear + TICK)
  end
  assert_all_home(app)
  assert.are.equal(o.scores[1], app:find{ name = "score_player" }.text)
  assert.are.equal(o.scores[2], app:find{ name = "score_computer" }.text)
end

describe("a win", function()
  it("has the winner cover the loser as it fades, score, and glide home as the label fades", function()
    check_decided_round{ player = "lion", pick = "rabbit", message = "You win!",
      detail = "The lion catches the rabbit", scores = { "You: 1", "Computer: 0" } }
  end)
end)

describe("a loss", function()
  it("has the computer's winner cover yours, score, and glide back to its spot; yours returns home", function()
    check_decided_round{ player = "lion", pick = "cobra", message = "You lose!",
      detail = "The cobra bites the lion", scores = { "You: 0", "Computer: 1" } }
  end)
end)

describe("a tie", function()
  it("fades both out, then fades yours in on its way home, with no points", function()
    local app, t = round("rabbit", "rabbit")
    local rabbit, result = app:find{ name = "rabbit" }, app:find{ name = "result" }
    advance_to(app, t.announced + TICK)
    local rival = shown_rival(app)
    assert.are.equal("Tie!", result.text)
    advance_to(app, t.announced + timing.tie_fade / 2)
    between(0, 1, rabbit.alpha, "player's rabbit fading out")
    between(0, 1, rival.alpha, "computer's rabbit fading out")
    advance_to(app, t.tie_faded - TICK)
    assert.is_true(rabbit.alpha < 0.05 and rival.alpha < 0.05, "both all but gone")
    advance_to(app, t.tie_faded + TICK)
    assert.is_nil(shown_rival(app))
    advance_to(app, t.tie_faded + timing.tie_return / 2)
    between(0, 1, rabbit.alpha, "rabbit fading back in")
    between(stage.player_spot.y, home_of("rabbit").y, rabbit.y, "rabbit gliding home")
    assert.are.equal("Tie!", result.text)
    advance_to(app, t.tie_home + TICK)
    assert_all_home(app)
    assert.are.equal("You: 0", app:find{ name = "score_player" }.text)
    assert.are.equal("Computer: 0", app:find{ name = "score_computer" }.text)
  end)
end)

describe("while a round plays", function()
  -- At each moment, a drag of `idle` into the arena leaves it at home.
  local function drags_ignored_at(app, idle, moments)
    for _, moment in ipairs(moments) do
      advance_to(app, moment)
      app:drag(idle, CENTER)
      at(idle, home_of(idle.data.id), ("%s dragged at %.2f s"):format(idle.data.id, moment))
    end
  end

  -- Ready: the next drop starts a new round.
  local function assert_ready(app, animal)
    app:drag(animal, CENTER)
    app:advance(timing.place + TICK)
    at(animal, stage.player_spot, animal.data.id .. " played")
    assert.is_not_nil(shown_rival(app))
  end

  it("ignores new drags, then is ready again", function()
    local app, t = round("lion", "rabbit")
    local cobra = app:find{ name = "cobra" }
    drags_ignored_at(app, cobra, { t.placed, t.announced, t.pounced, t.returning + 0.2 })
    advance_to(app, t.home + TICK)
    assert_all_home(app)
    assert.are.equal("You: 1", app:find{ name = "score_player" }.text)
    assert_ready(app, cobra)
  end)

  it("ignores new drags during a tie, then is ready again", function()
    local app, t = round("rabbit", "rabbit")
    local cobra = app:find{ name = "cobra" }
    drags_ignored_at(app, cobra, { t.placed, t.announced, t.tie_faded - 0.1, t.tie_faded + timing.tie_return / 2 })
    advance_to(app, t.tie_home + TICK)
    assert_all_home(app)
    assert.are.equal("You: 0", app:find{ name = "score_player" }.text)
    assert.are.equal("Computer: 0", app:find{ name = "score_computer" }.text)
    assert_ready(app, cobra)
  end)

  it("ignores new drags while a missed drop glides home, then is ready again", function()
    local app = ready_app()
    local rabbit, cobra = app:find{ name = "rabbit" }, app:find{ name = "cobra" }
    app:drag(rabbit, OUTSIDE)
    local dropped = app:time()
    drags_ignored_at(app, cobra, { dropped + TICK, dropped + timing.glide_home / 2 })
    assert.is_nil(shown_rival(app))
    advance_to(app, dropped + timing.glide_home + TICK)
    assert_all_home(app)
    assert_ready(app, cobra)
  end)

  it("keeps the score right over many rounds of every pairing", function()
    local app = ready_app(11)
    local score = { win = 0, lose = 0 }
    local pairs_seen, rounds = 0, 0
    local seen = {}
    while pairs_seen < 9 and rounds < 100 do
      rounds = rounds + 1
      local player = ({ "lion", "cobra", "rabbit" })[rounds % 3 + 1]
      app:drag(app:find{ name = player }, CENTER)
      local t = round_times(app:time())
      advance_to(app, t.faded_in + TICK)
      local pick = shown_rival(app).data.id
      local outcome = duel:outcome(player, pick)
      if outcome ~= "tie" then score[outcome] = score[outcome] + 1 end
      if not seen[player .. pick] then seen[player .. pick], pairs_seen = true, pairs_seen + 1 end
      advance_to(app, math.max(t.home, t.tie_home) + timing.reappear + TICK)
      assert_all_home(app)
      assert.are.equal("You: " .. score.win, app:find{ name = "score_player" }.text)
      assert.are.equal("Computer: " .. score.lose, app:find{ name = "score_computer" }.text)
    end
    assert.are.equal(9, pairs_seen)
    assert.are.equal(0, #app:errors())
  end)
end)

describe("confetti", function()
  it("bursts over the winner when the player wins, from data/particles.lua (B8)", function()
    local app, t = round("lion", "rabbit")
    advance_to(app, t.pounced + 2 * TICK)
    local confetti = app:find{ name = "confetti" }
    assert.is_not_nil(confetti)
    assert.are.equal(require("data.particles").win.burst, confetti:particle_count())
    advance_to(app, t.home + 2)
    assert.is_nil(app:find{ name = "confetti" }, "the burst removes itself once done")
  end)

  it("stays away when the computer wins", function()
    local app, t = round("lion", "cobra")
    advance_to(app, t.home)
    assert.is_nil(app:find{ name = "confetti" })
  end)
end)

describe("the opening, skipped", function()
  it("goes straight to play on a tap: title gone, scores shown, drags taken", function()
    local app = tide.test.start{ seed = 1 }
    app:advance(1)
    assert.is_true(app:find{ name = "score_player" }.alpha < 1)
    app:tap({ x = 195, y = 400 })
    assert.is_nil(app:find{ name = "title" })
    assert.are.equal(1, app:find{ name = "score_player" }.alpha)
    assert.are.equal(1, app:find{ name = "score_computer" }.alpha)
    app:drag(app:find{ name = "lion" }, CENTER)
    advance_to(app, app:time() + timing.place + timing.computer_fade)
    assert.is_not_nil(shown_rival(app), "the round started")
  end)
end)

describe("sounds", function()
  it("plays a win, a loss and a tie sound as each round is announced", function()
    for _, case in ipairs({ { "lion", "rabbit", "win" }, { "lion", "cobra", "lose" }, { "rabbit", "rabbit", "tie" } }) do
      local app, t = round(case[1], case[2])
      advance_to(app, t.faded_in)
      assert.are.same({}, app:sounds())
      advance_to(app, t.announced + TICK)
      assert.are.same({ case[3] }, app:sounds(), case[3])
    end
  end)
end)

describe("the stage at full size (B2)", function()
  it("shows the title over the jungle alone, and the arena only with the scores", function()
    local app = tide.test.start{ seed = 1 }
    advance_to(app, timing.title_zoom + TICK)
    assert.are.equal(0, app:find{ name = "arena" }.alpha, "the title crosses no border")
    advance_to(app, OPENING + TICK)
    assert.are.equal(1, app:find{ name = "arena" }.alpha)
  end)

  it("stands the three pictures evenly, with margins as wide as the gaps", function()
    local c = stage.clearing
    local edges = { c.x }
    for _, home in ipairs(stage.homes) do
      edges[#edges + 1] = home.x - home.reach[1]
      edges[#edges + 1] = home.x + home.reach[2]
    end
    edges[#edges + 1] = c.x + c.w
    local spaces = {}
    for i = 1, #edges, 2 do spaces[#spaces + 1] = edges[i + 1] - edges[i] end
    for _, space in ipairs(spaces) do
      assert.is_true(math.abs(space - spaces[1]) <= 2, "spaces " .. table.concat(spaces, ", "))
    end
  end)

  it("gives each animal, tapped or dragged, a drawn part at least 48 points each way", function()
    for _, home in ipairs(stage.homes) do
      local wide, tall = home.reach[1] + home.reach[2], home.reach_y[1] + home.reach_y[2]
      assert.is_true(wide >= 48 and tall >= 48, ("%s draws %dx%d"):format(home.id, wide, tall))
    end
  end)

  it("keeps a growing score well inside the screen", function()
    local app, t = round("lion", "cobra")
    advance_to(app, t.pounced + TICK)   -- the computer's point, its label at its largest
    local label = app:find{ name = "score_computer" }
    assert.are.equal("Computer: 1", label.text)
    local x, _, w = label:bounds()
    assert.is_true(x + w <= tide.screen.width - 8, ("right edge at %.1f"):format(x + w))
  end)
end)

describe("a 375x667 phone", function()
  local function phone_app()
    local app = tide.test.start{ seed = 1, size = { 375, 667 } }
    app:advance(OPENING + 0.1)
    return app
  end

  it("keeps the stage, the homes and the jungle strip on the screen", function()
    local app = phone_app()
    assert.are.same({}, app:layout_problems())
    local arena, clearing_bottom = app:find{ name = "arena" }, 667
    for _, id in ipairs({ "lion", "cobra", "rabbit" }) do
      local animal = app:find{ name = id }
      assert.is_true(animal.y > arena.y + arena.h and animal.y < clearing_bottom, id .. " at home below the arena")
    end
  end)

  it("plays a round dropped in the shorter arena", function()
    local app = phone_app()
    local arena, lion = app:find{ name = "arena" }, app:find{ name = "lion" }
    app:drag(lion, { x = arena.x + arena.w / 2, y = arena.y + arena.h / 2 })
    app:advance(timing.place + timing.computer_fade + timing.face_off + TICK)
    assert.are.equal("You win!", app:find{ name = "result" }.text)
    assert.are.same({}, app:layout_problems())
  end)
end)
