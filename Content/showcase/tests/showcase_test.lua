-- No brief in GAMES.md: the showcase is the engine's own example of what it draws.
-- Tide Showcase (no brief in GAMES.md): clipping, shapes, looping tweens, game time, particles,
-- the camera and many fingers.

describe("the clipping screen", function()
  local app
  before_each(function() app = tide.test.start() end)

  it("bobs each mole out of its hole and back, for ever", function()
    local mole = app:find{ name = "mole_2" }
    assert.are.equal(220, mole.y)
    app:advance(1) -- rest 0.2 s, then 0.8 s rising
    assert.near(70, mole.y, 1e-6)
    app:advance(0.8)
    assert.near(220, mole.y, 1e-6)
    app:advance(16)
    assert.near(220, mole.y, 1e-6) -- ten round trips later, still in step
    app:advance(0.8)
    assert.near(70, mole.y, 1e-6)
  end)

  it("scores a tap on a mole where it shows", function()
    app:advance(1)
    app:tap({ x = 295, y = 300 })
    assert.are.equal("Hits: 1", app:find{ name = "status" }.text)
  end)

  it("takes no tap on the part of a mole its hole cuts away", function()
    app:advance(1)
    local mole = app:find{ name = "mole_2" }
    -- Risen, the mole's body (200 tall, centred 250 + mole.y down) reaches below its hole's
    -- window (bottom at y = 390) and below the grass (to 402), where it is not drawn.
    assert.is_true(250 + mole.y + 100 > 412)
    app:tap({ x = 295, y = 412 })
    assert.are.equal("Hits: 0", app:find{ name = "status" }.text)
  end)
end)

describe("the shapes screen", function()
  local app
  before_each(function() app = tide.test.start{ options = { start = "shapes" } } end)

  local function hit_at(x, y)
    app:tap({ x = x, y = y })
    return app:find{ name = "status" }.text
  end

  it("hits the star inside its outline, not in the corners of its box", function()
    assert.are.equal("Tap a shape", hit_at(222, 200))
    assert.are.equal("Tap a shape", hit_at(345, 320))
    assert.are.equal("Hit: star", hit_at(285, 265))
  end)

  it("hits an ellipse inside it, not in its box's corner", function()
    assert.are.equal("Tap a shape", hit_at(35, 230))
    assert.are.equal("Hit: ellipse", hit_at(110, 260))
  end)

  it("hits a thick line within half its width, and misses beside it", function()
    assert.are.equal("Tap a shape", hit_at(120, 470)) -- 20 px below the zigzag's first dip
    assert.are.equal("Hit: zigzag", hit_at(120, 488))
  end)

  it("misses the notch of a concave arrow", function()
    assert.are.equal("Tap a shape", hit_at(195, 560))
    assert.are.equal("Hit: arrow", hit_at(250, 600))
  end)

  it("reports the true extent of a polygon as its size", function()
    local star = app:find{ name = "star" }
    assert.are.equal(134, star.w)
    assert.are.equal(128, star.h)
    assert.are.equal(20, #star.points)
  end)
end)

describe("the time screen", function()
  it("shows game time and scene time, which restarts on each visit", function()
    local app = tide.test.start{ options = { start = "time" } }
    app:advance(2)
    assert.are.equal("tide.time(): 2.0 s", app:find{ name = "status" }.text)
    app:tap(app:find{ name = "tab_clip" })
    app:advance(1)
    app:tap(app:find{ name = "tab_time" })
    app:advance(0.5)
    -- Each tap takes a tick for the finger to go down and up.
    assert.is_true(tide.time() >= 3.5 and tide.time() < 3.6)
    assert.are.equal(string.format("tide.time(): %.1f s", tide.time()), app:find{ name = "status" }.text)
    assert.are.equal("tide.scene.time(): 0.5 s", app:find{ name = "scene_time" }.text)
  end)

  it("swings the pendulum back and forth with one looping tween", function()
    local app = tide.test.start{ options = { start = "time" } }
    local arm = app:find{ name = "pendulum" }
    app:advance(1)
    assert.near(30, arm.rotation, 1e-6)
    app:advance(1)
    assert.near(-30, arm.rotation, 1e-6)
  end)
end)

describe("the sparks screen", function()
  local app
  before_each(function() app = tide.test.start{ options = { start = "sparks" } } end)

  it("runs a fountain for ever and lets the confetti burst end", function()
    local fountain = app:find{ name = "fountain" }
    app:advance(3)
    assert.is_true(fountain:particle_count() > 100)
    assert.is_nil(app:find{ name = "confetti" }, "the confetti removes itself when done")
    assert.are.equal(fountain, app:find{ name = "fountain" })
  end)

  it("pops where the player taps", function()
    app:tap({ x = 100, y = 400 })
    local pop = app:find{ name = "pop" }
    assert.are.same({ 100, 400 }, { pop.x, pop.y })
    assert.are.equal(48, pop:particle_count())
  end)
end)

describe("the camera screen", function()
  local app
  before_each(function() app = tide.test.start{ options = { start = "camera" } } end)

  it("scrolls the world by a drag, and the HUD stays put", function()
    local count = app:find{ name = "count" }
    local x_before = count.x
    app:drag({ x = 300, y = 300 }, { x = 100, y = 300 })
    assert.near(195 + 200, tide.camera.x, 1e-6)
    assert.are.equal(x_before, count.x)
    -- The second star (world x 640) shows at 640 - 200 = 440, past the right edge: drag once
    -- more, then tap it where it shows.
    app:drag({ x = 300, y = 300 }, { x = 100, y = 300 })
    local sx, sy = tide.camera:to_screen(640, 250)
    assert.near(640 - (tide.camera.x - 195), sx, 1e-6)
    app:tap({ x = sx, y = sy })
    assert.are.equal("Stars: 1 of 3", count.text)
  end)

  it("stops scrolling at the meadow's ends", function()
    app:drag({ x = 100, y = 300 }, { x = 350, y = 300 })
    assert.near(195, tide.camera.x, 1e-6)
    for _ = 1, 6 do app:drag({ x = 350, y = 300 }, { x = 50, y = 300 }) end
    assert.near(1170 - 195, tide.camera.x, 1e-6)
  end)

  it("zooms with a tween from the HUD buttons", function()
    app:tap(app:find{ name = "zoom_1.5" })
    app:advance(0.5)
    assert.near(1.5, tide.camera.zoom, 1e-9)
    -- Taps still reach what is seen: the first star, drawn 1.5 times further from the centre.
    local sx, sy = tide.camera:to_screen(250, 330)
    app:tap({ x = sx, y = sy })
    assert.are.equal("Stars: 1 of 3", app:find{ name = "count" }.text)
  end)
end)

describe("the touch screen", function()
  local app
  before_each(function() app = tide.test.start{ options = { start = "touch" } } end)

  it("drags both balls at once, one finger each", function()
    local one, two = app:find{ name = "ball_1" }, app:find{ name = "ball_2" }
    local x1, x2 = one.x, two.x
    app:press(one, { pointer = 1 })
    app:press(two, { pointer = 2 })
    app:step()
    assert.are.equal("Fingers down: 2", app:find{ name = "status" }.text)
    app:move({ x = x1, y = 400 }, { pointer = 1, steps = 5 })
    app:move({ x = x2, y = 200 }, { pointer = 2, steps = 5 })
    app:release({ pointer = 1 })
    app:release({ pointer = 2 })
    assert.are.same({ x1, 400, x2, 200 }, { one.x, one.y, two.x, two.y })
  end)

  it("zooms and turns the picture with a pinch that starts on it", function()
    local picture = app:find{ name = "picture" }
    app:press({ x = picture.x - 40, y = picture.y }, { pointer = 1 })
    app:press({ x = picture.x + 40, y = picture.y }, { pointer = 2 })
    -- The second finger swings round to straight below the first, twice as far away: a
    -- quarter turn clockwise and twice the size.
    app:move({ x = picture.x - 40, y = picture.y + 160 }, { pointer = 2, steps = 8 })
    assert.near(2, picture.scale, 1e-9)
    assert.near(90, picture.rotation, 1e-9)
    app:release({ pointer = 2 })
    app:release({ pointer = 1 })
    -- The next pinch starts from there.
    app:press({ x = picture.x - 40, y = picture.y }, { pointer = 1 })
    app:press({ x = picture.x + 40, y = picture.y }, { pointer = 2 })
    app:move({ x = picture.x + 80, y = picture.y }, { pointer = 2, steps = 2 })
    assert.near(3, picture.scale, 1e-9) -- 2 x 1.5, kept at the most
    assert.near(90, picture.rotation, 1e-9)
  end)
end)

describe("the fonts screen", function()
  local app
  before_each(function() app = tide.test.start{ options = { start = "fonts" } } end)

  it("draws the game's own font where a sprite names it, and the engine's elsewhere", function()
    assert.are.equal("ComicNeue-Bold", app:find{ name = "line_1" }.font)
    assert.are.equal("ComicNeue-Bold", app:find{ name = "title" }.font)
    assert.is_nil(app:find{ name = "line_3" }.font)
  end)

  it("measures a text with the font that draws it", function()
    local own = tide.sprite.text("Fonts", { size = 40, font = "ComicNeue-Bold" })
    local engine = tide.sprite.text("Fonts", { size = 40 })
    assert.are.equal(app:find{ name = "title" }.w, own.w)
    assert.are_not.equal(engine.w, own.w)
  end)

  it("keeps every line on the screen, Chinese and emoji included", function()
    for i = 1, 4 do
      local line = app:find{ name = "line_" .. i }
      assert.is_true(line.w <= tide.screen.width - 30, "line " .. i .. " is " .. line.w .. " wide")
    end
    assert.are.same({}, app:layout_problems())
  end)
end)

describe("the sound screen", function()
  local app
  before_each(function() app = tide.test.start{ options = { start = "sound" } } end)

  it("crossfades from one track to the other, and the music plays on in other screens", function()
    app:tap(app:find{ name = "day" })
    assert.are.equal("day", app:sounds("music").name)
    app:tap(app:find{ name = "night" })
    assert.are.equal("night", app:sounds("music").next)
    app:advance(1.1)
    assert.are.equal("night", app:sounds("music").name)
    assert.are.equal("Music: night   Volume: 100%", app:find{ name = "status" }.text)
    app:tap(app:find{ name = "tab_clip" })
    app:advance(0.5)
    assert.are.equal("night", app:sounds("music").name)
  end)

  it("stops the music with a fade", function()
    app:tap(app:find{ name = "day" })
    app:tap(app:find{ name = "stop_music" })
    assert.is_not_nil(app:sounds("music"))
    app:advance(1.1)
    assert.is_nil(app:sounds("music"))
  end)

  it("beeps with a sound the game made, and hums until told to stop", function()
    app:tap(app:find{ name = "beep" })
    assert.are.same({ "beep" }, app:sounds())
    app:advance(0.5)
    assert.are.equal(0, #app:sounds("playing"))
    app:tap(app:find{ name = "hum" })
    app:advance(3)
    local playing = app:sounds("playing")
    assert.are.equal(1, #playing)
    assert.are.equal("hum", playing[1].name)
    app:tap(app:find{ name = "hum" })
    app:advance(0.5)
    assert.are.equal(0, #app:sounds("playing"))
  end)

  it("turns the master volume down a step at a time, then back up", function()
    local quieter = app:find{ name = "quieter" }
    for _, level in ipairs({ 75, 50, 25, 100 }) do
      app:tap(quieter)
      assert.are.equal(("Music: none   Volume: %d%%"):format(level), app:find{ name = "status" }.text)
    end
  end)
end)

describe("the physics screen", function()
  local app
  before_each(function() app = tide.test.start{ options = { start = "physics" } } end)

  it("has a tab of its own, as finger-sized as the rest", function()
    local first = tide.test.start()
    first:tap(first:find{ name = "tab_physics" })
    first:step()
    assert.are.equal("physics", tide.scene.current())
    for _, name in ipairs({ "clip", "shapes", "time", "sparks", "camera", "touch", "fonts", "sound", "physics" }) do
      local tab = first:find{ name = "tab_" .. name }
      assert.is_true(tab.w >= 44 and tab.h >= 44, name .. " is " .. tab.w .. "x" .. tab.h)
    end
  end)

  it("drops the balls onto the floor and the seesaw, where they stay", function()
    local floor = app:find{ name = "floor" }
    for _ = 1, 3 do
      app:advance(2)
      for i = 1, 6 do
        local ball = app:find{ name = "ball_" .. i }
        assert.is_true(ball.y < floor.y and ball.y > floor.y - 200, "ball " .. i .. " at " .. ball.y)
      end
    end
  end)

  it("hangs the chain link under link from its pin", function()
    app:advance(2)
    for i = 2, 8 do
      assert.is_true(app:find{ name = "link_" .. i }.y > app:find{ name = "link_" .. (i - 1) }.y)
    end
  end)

  it("tips the seesaw under what lands on it, about its pin", function()
    local plank = app:find{ name = "plank" }
    local x, y = plank.x, plank.y
    app:advance(3)
    assert.is_true(math.abs(plank.rotation) > 3, "turned " .. plank.rotation)
    assert.is_true(math.abs(plank.x - x) < 5 and math.abs(plank.y - y) < 5, plank.x .. "," .. plank.y .. " from " .. x .. "," .. y)
  end)

  it("drags two bodies at once, one finger each", function()
    app:advance(3)
    local a, b = app:find{ name = "link_8" }, app:find{ name = "ball_1" }
    app:press({ x = a.x, y = a.y }, { pointer = 1 })
    app:press({ x = b.x, y = b.y }, { pointer = 2 })
    app:move({ x = 100, y = 400 }, { pointer = 1, steps = 20 })
    app:move({ x = 300, y = 350 }, { pointer = 2, steps = 20 })
    app:advance(0.5)
    assert.is_true(math.abs(a.x - 100) < 20 and math.abs(a.y - 400) < 20, a.x .. "," .. a.y)
    assert.is_true(math.abs(b.x - 300) < 20 and math.abs(b.y - 350) < 20, b.x .. "," .. b.y)
    app:release({ pointer = 1 })
    app:release({ pointer = 2 })
  end)

  it("shows the bodies' outlines from its button", function()
    app:tap(app:find{ name = "outlines" })
    app:step()
    assert.is_not_nil(app:find{ name = "physics-debug" })
    app:tap(app:find{ name = "outlines" })
    app:step()
    assert.is_nil(app:find{ name = "physics-debug" })
  end)
end)
