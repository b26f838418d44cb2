-- Covers picture-words W6 (GAMES.md): the end offers to play again. A child taps Play Again
-- twice, quickly; the first tap brings the pictures back, one of them (the fish) right under
-- the finger, and the second tap must not answer the new game's first word with it (the
-- engine's tap guard: a press reaches only what was under the finger when the previous tap
-- ended).

local NEXT = 0.9

describe("Play Again tapped twice (W6)", function()
  for _, size in ipairs({ { 375, 667 }, { 834, 1112 } }) do
    it(("does not answer the first word with the picture under it at %dx%d"):format(size[1], size[2]), function()
      local app = tide.test.start{ seed = 7, size = size }
      for _ = 1, #require("data.words") do
        app:tap(app:find{ tag = "picture", name = app:find{ name = "word" }.text })
        app:advance(NEXT)
      end
      local again = app:find{ name = "play_again" }
      assert.is_true(again.visible)
      local x, y, w, h = again:bounds()
      local spot = { x = x + w / 2, y = y + h / 2 }
      local sounds = #app:sounds()

      app:tap(spot)
      app:advance(0.15)
      app:tap(spot)
      app:advance(0.1)
      -- The second tap landed on a picture: this test would mean nothing otherwise.
      local under
      for _, picture in ipairs(app:find_all{ tag = "picture" }) do
        local px, py, pw, ph = picture.parent:bounds()
        if spot.x > px and spot.x < px + pw and spot.y > py and spot.y < py + ph then under = picture.name end
      end
      assert.are.equal("fish", under)
      assert.are.equal("1 of " .. #require("data.words"), app:find{ name = "progress" }.text)
      assert.are.equal("Score: 0", app:find{ name = "score" }.text)
      assert.are.equal(" ", app:find{ name = "feedback" }.text)
      -- Only the first word read aloud: no "right" or "wrong".
      local heard = app:sounds()
      for i = sounds + 1, #heard do assert.is_nil(heard[i]:match("^right$") or heard[i]:match("^wrong$"), heard[i]) end
    end)
  end
end)
