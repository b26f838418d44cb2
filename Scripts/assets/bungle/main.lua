-- Draws one asset of Bungle in the Jungle from Noto Color Emoji and simple shapes.
--   what = lion0..lion3   the lion's four prowl frames (head 🦁 on the left: it faces left)
--   what = cobra          🐍 with a hood (Noto's snake already faces left)
--   what = rabbit         🐇 flipped so that it faces right
--   what = title          the jungle title card
-- bg = black | white: the backdrop; the two shots together give the alpha channel.

local W, H = tide.screen.width, tide.screen.height
local what, bg = tide.options.what, tide.options.bg

local MANE, FUR, FUR_DARK, TUFT = "#b5651d", "#e3a83b", "#b98222", "#8a4b14"

-- One leg hanging from its hip; positive angles swing the paw forward (left).
local function leg(x, y, angle, color, z)
  tide.sprite.rect{ x = x, y = y, w = 13, h = 36, radius = 6, fill = color,
    anchor_x = 0.5, anchor_y = 0.1, rotation = angle, z = z }
  -- The paw, a little wider, at the end of the leg.
  local rad = math.rad(angle)
  local px, py = x - math.sin(rad) * 31, y + math.cos(rad) * 31
  tide.sprite.rect{ x = px, y = py, w = 17, h = 9, radius = 4, fill = color, anchor = "center", z = z }
end

-- A prowl in four frames: contact, passing (body up), opposite contact, passing.
local STRIDE = {
  { near_front = 24, far_front = -20, near_back = -22, far_back = 20, bob = 2, tilt = -3, tail = 36 },
  { near_front = 4, far_front = -4, near_back = -4, far_back = 6, bob = -3, tilt = 2, tail = 46 },
  { near_front = -22, far_front = 20, near_back = 24, far_back = -20, bob = 2, tilt = 4, tail = 56 },
  { near_front = -4, far_front = 6, near_back = 4, far_back = -4, bob = -3, tilt = -1, tail = 46 },
}

local function lion(frame)
  local s = STRIDE[frame]
  local top = 46 + s.bob
  -- Far legs first (darker, behind the body), then tail, body, near legs, head.
  leg(54, top + 30, s.far_front, FUR_DARK, 1)
  leg(112, top + 30, s.far_back, FUR_DARK, 1)
  -- The tail rises from the rump, leaning back; s.tail is its angle from upright.
  tide.sprite.rect{ x = 126, y = top + 10, w = 7, h = 32, radius = 3, fill = FUR,
    anchor_x = 0.5, anchor_y = 1, rotation = s.tail, z = 2 }
  local rad = math.rad(s.tail)
  tide.sprite.circle{ x = 126 + math.sin(rad) * 30, y = top + 10 - math.cos(rad) * 30, radius = 7,
    fill = TUFT, z = 2 }
  tide.sprite.rect{ x = 38, y = top, w = 94, h = 42, radius = 21, fill = FUR, z = 3 }
  -- A lighter belly line gives the body some roundness.
  tide.sprite.rect{ x = 52, y = top + 26, w = 70, h = 12, radius = 6, fill = "#f0c469", z = 3 }
  leg(60, top + 32, s.near_front, FUR, 4)
  leg(116, top + 32, s.near_back, FUR, 4)
  tide.sprite.text("🦁", { x = 38, y = top + 2 - s.bob * 0.5, anchor = "center", size = 60,
    rotation = s.tilt, z = 5 })
end

local function cobra()
  -- The hood: two overlapping discs behind the head, patterned like Noto's snake.
  tide.sprite.rect{ x = 28, y = 10, w = 62, h = 70, radius = 28, fill = "#5f7d1c", z = 1 }
  tide.sprite.rect{ x = 35, y = 17, w = 48, h = 56, radius = 22, fill = "#9bb83a", z = 1 }
  tide.sprite.text("🐍", { x = W / 2, y = H / 2 + 2, anchor = "center", size = 96, z = 2 })
end

local function rabbit()
  tide.sprite.text("🐇", { x = W / 2, y = H / 2 + 2, anchor = "center", size = 96, flip_x = true })
end

-- Bold-looking text: the shadow drawn around, the letters on top.
local function heading(text, x, y, size, color)
  for _, d in ipairs{ { -3, 0 }, { 3, 0 }, { 0, -3 }, { 0, 4 }, { -2, -2 }, { 2, 2 }, { 2, -2 }, { -2, 3 } } do
    tide.sprite.text(text, { x = x + d[1], y = y + d[2], anchor = "center", size = size, color = "#123d17", z = 2 })
  end
  tide.sprite.text(text, { x = x - 1, y = y, anchor = "center", size = size, color = color, z = 3 })
  tide.sprite.text(text, { x = x + 1, y = y, anchor = "center", size = size, color = color, z = 3 })
end

local function title()
  -- Leaves frame the words; the three duellists peek out underneath.
  tide.sprite.text("🌴", { x = 40, y = 86, anchor = "center", size = 84, rotation = -12, z = 1 })
  tide.sprite.text("🌴", { x = W - 40, y = 86, anchor = "center", size = 84, rotation = 12, flip_x = true, z = 1 })
  tide.sprite.text("🌿", { x = 28, y = 166, anchor = "center", size = 50, rotation = 20, z = 1 })
  tide.sprite.text("🌿", { x = W - 28, y = 166, anchor = "center", size = 50, rotation = -20, flip_x = true, z = 1 })
  heading("Bungle in the", W / 2, 54, 40, "#ffd500")
  heading("Jungle", W / 2, 112, 62, "#ffd500")
  tide.sprite.text("🦁  🐍  🐇", { x = W / 2, y = 178, anchor = "center", size = 40, z = 4 })
end

tide.scene.define("studio", {
  enter = function()
    tide.sprite.rect{ x = 0, y = 0, w = W, h = H, fill = bg == "white" and "#ffffff" or "#000000", z = -10 }
    local frame = what:match("^lion(%d)$")
    if frame then
      lion(tonumber(frame) + 1)
    elseif what == "cobra" then
      cobra()
    elseif what == "rabbit" then
      rabbit()
    elseif what == "title" then
      title()
    else
      error("unknown asset '" .. what .. "' (lion0..lion3, cobra, rabbit, title)")
    end
  end,
})
