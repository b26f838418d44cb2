-- LÖVE 11.4 configuration for the bunnymark: a 1280x720 window, vsync off, no audio.
function love.conf(t)
  t.identity = "tide-bunnymark"
  t.version = "11.4"
  t.window.title = "bunnymark (LÖVE)"
  t.window.width = 1280
  t.window.height = 720
  t.window.vsync = 0
  t.window.resizable = false
  t.modules.audio = false
  t.modules.sound = false
  t.modules.joystick = false
  t.modules.physics = false
  t.modules.video = false
end
