-- Every tick, random edits of the scene through each way a script writes a sprite: its
-- position in its own table, the numbers the engine serves in C, the fields Swift sets, tweens,
-- the camera, the draw order, showing and hiding, clipping (a sprite's own, and its group's as
-- the group moves), particles (restyled, moved and emitting while they fly), sprites made and
-- removed.
-- The page told only what changed must end up with the picture sent whole.
local pick, float, int = tide.random.pick, tide.random.float, tide.random.int

local colours = { "#ff0000", "#00ff0080", "#0000ff", "#ffffff", "#123456" }
local words = { "a", "b", "cat", "dog", "bubble", "a longer line of words to wrap", "✓ done", "" }

local function make(parent)
  local kind = int(1, 8)
  local opts = { parent = parent, x = float(0, 300), y = float(0, 500) }
  if kind == 8 then
    -- A stream that moves, fades and is restyled while its particles fly.
    opts.keep = true
    return tide.particles({ rate = 40, lifetime = { 0.2, 0.6 }, speed = { 20, 80 }, colors = { "#ffffff", "#00ffff" },
      palette = { "#ff0000", "#00ff00" }, shape = pick({ "circle", "square" }) }, opts)
  end
  if kind == 1 then return tide.sprite.rect(opts) end
  if kind == 2 then
    opts.radius = float(5, 40)
    return tide.sprite.circle(opts)
  end
  if kind == 3 then return tide.sprite.ellipse(opts) end
  if kind == 4 then
    opts.points = { 0, 0, 30, 10, 10, 40 }
    return tide.sprite.line(opts)
  end
  if kind == 5 then
    opts.points = { 0, 0, 40, 0, 20, 30 }
    return tide.sprite.polygon(opts)
  end
  if kind == 6 then return tide.sprite.text(pick(words), opts) end
  return tide.sprite.group(opts)
end

local edits = {
  function(s) s.x = s.x + float(-3, 3) end,
  function(s) s.y = s.y + float(-3, 3) end,
  function(s) s.x, s.y = float(0, 300), float(0, 500) end,
  function(s) s.w = float(1, 80) end,
  function(s) s.h = float(1, 80) end,
  function(s) s.anchor_x = float(0, 1) end,
  function(s) s.scale = float(0.5, 2) end,
  function(s) s.scale_y = float(0.5, 2) end,
  function(s) s.rotation = s.rotation + float(-20, 20) end,
  function(s) s.alpha = pick({ 1, 0.5, 0.25, 0, 1.5 }) end,
  function(s) s.z = int(-2, 2) end,
  function(s) s.visible = not s.visible end,
  function(s) s.flip_x = not s.flip_x end,
  function(s) s.flip_y = not s.flip_y end,
  function(s) s.tint = pick(colours) end,
  function(s) if s.kind ~= "line" and s.kind ~= "group" and s.kind ~= "particles" and s.kind ~= "text" then s.fill = pick(colours) end end,
  function(s) if s.kind ~= "group" and s.kind ~= "particles" and s.kind ~= "text" then s.stroke = pick(colours) end end,
  function(s) if s.kind ~= "group" and s.kind ~= "particles" and s.kind ~= "text" then s.stroke_width = float(0, 6) end end,
  function(s) if s.kind == "rect" or s.kind == "circle" then s.radius = float(0, 20) end end,
  function(s) if s.kind == "text" then s.text = pick(words) end end,
  function(s) if s.kind == "text" then s.size = float(8, 40) end end,
  function(s) if s.kind == "text" then s.color = pick(colours) end end,
  function(s) if s.kind == "text" then s.align = pick({ "left", "center", "right" }) end end,
  function(s) if s.kind == "text" then s.max_width, s.fit = float(20, 200), pick({ "wrap", "shrink", "ellipsis" }) end end,
  function(s) if s.kind == "line" or s.kind == "polygon" then s.points = { 0, 0, float(5, 60), float(0, 20), float(0, 30), float(10, 60) } end end,
  function(s) if s.kind ~= "particles" then s.clip = not s.clip end end,
  function(s) if s.kind == "particles" then s:emit(int(1, 6)) end end,
  function(s) if s.kind == "particles" then s:stop_emitting() end end,
  -- Set again as it was: nothing to tell.
  function(s) if s.kind == "rect" then s.fill = s.fill end end,
  function(s) tide.tween(s, 0.2, { x = float(0, 300), alpha = float(0, 1), rotation = float(-90, 90) }) end,
  function(s) if s.kind == "rect" then tide.tween(s, 0.3, { fill = pick(colours), scale = float(0.5, 1.5) }) end end,
}

tide.scene.define("play", {
  enter = function(self)
    self.sprites = {}
    -- The first group clips its sprites: moving it moves their clip and nothing else of theirs.
    local groups = { tide.sprite.group{ x = 20, y = 20, w = 240, h = 420, clip = true },
      tide.sprite.group{ x = 200, y = 100, w = 160, h = 300 }, tide.camera.hud }
    self.groups = groups
    for _ = 1, 24 do self.sprites[#self.sprites + 1] = make(pick(groups)) end
  end,

  update = function(self)
    local sprites = self.sprites
    for _ = 1, int(0, 12) do
      local s = sprites[int(1, #sprites)]
      if not s.removed then pick(edits)(s) end
    end
    local roll = int(1, 40)
    if roll == 1 then
      local i = int(1, #sprites)
      if not sprites[i].removed then sprites[i]:remove() end
      sprites[i] = make(pick(self.groups))
    elseif roll == 2 then
      sprites[#sprites + 1] = make(pick(self.groups))
    elseif roll == 3 then
      local burst = tide.particles({ burst = 12, lifetime = { 0.2, 0.5 }, speed = { 40, 120 },
        colors = { "#ffd500", "#ff5400" }, size = { 6, 2 }, shape = pick({ "circle", "square" }) },
        { x = float(0, 400), y = float(0, 600) })
      -- Half the bursts are edited in flight like the other sprites until they are gone.
      if int(1, 2) == 1 then sprites[#sprites + 1] = burst end
    elseif roll == 4 then
      tide.tween(tide.camera, 0.3, { x = float(150, 250), zoom = float(0.8, 1.2), rotation = float(-10, 10) })
    elseif roll == 5 then
      local group = self.groups[int(1, 2)]
      group.x, group.alpha = group.x + float(-10, 10), pick({ 1, 0.6 })
      if int(1, 4) == 1 then group.clip = not group.clip end
    end
  end,
})
