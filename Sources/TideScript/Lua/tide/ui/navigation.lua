-- Screens: tide.ui.screen defines a screen as a tide.scene, so leaving it
-- removes everything it made, as any scene does. tide.ui.go remembers where
-- it came from, tide.ui.back returns there (entering that screen afresh with
-- the params it had), and each arrival slides a curtain of the previous
-- screen's background off the new one (left going forward, right going back).
--
-- Because a screen is rebuilt when you come back to it, keep what must
-- survive the trip (typed names, chosen options) in a table outside it.

local core = require("tide.ui.core")

local navigation = {}
local TRANSITION = 0.3

local function curtain(state, fill)
  local direction = state.direction
  state.direction = nil
  if not direction or direction == "none" then return end
  local w, h = tide.screen.width, tide.screen.height
  -- Not quite opaque: what does not hide what is below takes no taps either.
  local cover = tide.sprite.rect{ w = w, h = h, fill = fill, z = 10000, name = "transition", alpha = 0.95 }
  -- Until the slide ends, a tap (a quick second tap on the button that led here) would land
  -- on whatever slides under the finger: presses wait for the screen to settle.
  tide.input.hold(TRANSITION)
  tide.tween(cover, TRANSITION, { x = direction == "back" and w or -w, alpha = 0.2 }, {
    ease = "out_cubic", on_done = function() cover:remove() end,
  })
end

--- tide.ui.screen(name, definition): defines a screen. `definition` is a scene
--- definition (enter, leave, update, your methods) plus `background`, a colour
--- filling the screen beneath everything (self.background is that sprite).
function navigation.screen(name, definition)
  local scene = {}
  for k, v in pairs(definition) do scene[k] = v end
  scene.enter = function(self, params)
    local state = core.state()
    -- A screen reached with tide.scene.go directly still becomes the current one.
    if not state.current or state.current.name ~= name then
      state.current = { name = name, params = params }
    end
    state.focused = nil
    local before = state.background or core.theme.background
    state.background = definition.background or core.theme.background
    if definition.background then
      self.background = tide.sprite.rect{
        w = tide.screen.width, h = tide.screen.height, fill = definition.background, z = -1000, name = "background",
      }
    end
    if definition.enter then definition.enter(self, params) end
    curtain(state, before)
  end
  tide.scene.define(name, scene)
end

--- tide.ui.go(name, params, opts): goes to a screen, remembering this one for
--- tide.ui.back. opts: `replace = true` forgets this one instead (a launch
--- screen), `transition = "none"` skips the slide.
function navigation.go(name, params, opts)
  opts = opts or {}
  local state = core.state()
  -- The engine first: an unknown screen raises here and leaves the history as it was.
  tide.scene.go(name, params)
  if state.current and not opts.replace then table.insert(state.history, state.current) end
  state.current = { name = name, params = params }
  state.direction = opts.transition or "forward"
end

--- tide.ui.back(): returns to the previous screen; false when there is none.
function navigation.back()
  local state = core.state()
  local previous = table.remove(state.history)
  if not previous then return false end
  state.current = previous
  state.direction = "back"
  tide.scene.go(previous.name, previous.params)
  return true
end

--- tide.ui.can_go_back(): whether tide.ui.back has somewhere to go.
function navigation.can_go_back() return #core.state().history > 0 end

--- tide.ui.reset(name, params): forgets the history and goes to `name` without a slide.
function navigation.reset(name, params)
  local state = core.state()
  state.history = {}
  return navigation.go(name, params, { replace = true, transition = "none" })
end

return navigation
