-- Brief numbers (GAMES.md, BubblePop): P1, P4, P5, P-H2.
-- The name entry (required before a game starts) and the settings: game time and
-- most bubbles, with defaults, bounds stated in friendly words, refused when out of
-- bounds or not numbers, and kept between runs.

local function fill(app, field, text)
  app:tap(app:find{ name = field })
  for _ = 1, 4 do app:key("backspace") end
  app:type(text)
end

describe("the name screen", function()
  it("comes first, and Play does nothing until a name is entered", function()
    local app = tide.test.start{ seed = 7 }
    assert.are.equal("name", app:scene())
    assert.are.equal("", app:find{ name = "name" }.data.widget:text())
    app:tap(app:find{ name = "play" })
    app:advance(0.5)
    assert.are.equal("name", app:scene())
    -- Only spaces is no name either, and the field says so.
    app:tap(app:find{ name = "name" })
    app:type("   ")
    app:key("return")
    app:advance(0.5)
    assert.are.equal("name", app:scene())
    assert.are.equal("Please enter your name to play", app:find{ name = "name_error" }.text)
    assert.is_false(app:find{ name = "play" }.data.widget:is_enabled())
    -- A name typed and then erased again: the same message, and Play off again.
    app:tap(app:find{ name = "name" })
    app:type("A")
    assert.are.equal("", app:find{ name = "name_error" }.text)
    assert.is_true(app:find{ name = "play" }.data.widget:is_enabled())
    for _ = 1, 4 do app:key("backspace") end
    assert.are.equal("", app:find{ name = "name" }.data.widget:text())
    assert.are.equal("Please enter your name to play", app:find{ name = "name_error" }.text)
    assert.is_false(app:find{ name = "play" }.data.widget:is_enabled())
  end)

  it("starts a game with the name typed, by Play or by return", function()
    for _, how in ipairs({ "play", "return" }) do
      local app = tide.test.start{ seed = 7 }
      app:tap(app:find{ name = "name" })
      app:type("Ada")
      if how == "play" then app:tap(app:find{ name = "play" }) else app:key("return") end
      app:step()
      assert.are.equal("play", app:scene())
      assert.are.equal("Ada", app:find{ name = "player" }.text)
    end
  end)
end)

describe("the settings", function()
  local app, settings
  before_each(function()
    app = tide.test.start{ seed = 7 }
    settings = require("settings")
    app:tap(app:find{ name = "open_settings" })
    app:advance(0.5)
  end)

  local function field(name) return app:find{ name = name }.data.widget end

  it("start at 60 seconds and 15 bubbles, and say the allowed ranges", function()
    assert.are.equal("settings", app:scene())
    assert.are.equal("60", field("game_time"):text())
    assert.are.equal("15", field("max_bubbles"):text())
    assert.are.equal("Game time (5–300 seconds)", app:find{ name = "game_time_caption" }.text)
    assert.are.equal("Most bubbles on screen (1–40 bubbles)", app:find{ name = "max_bubbles_caption" }.text)
  end)

  it("are saved, used by the next game, and kept between runs", function()
    fill(app, "game_time", "90")
    fill(app, "max_bubbles", "25")
    app:tap(app:find{ name = "save" })
    app:advance(0.5)
    assert.are.equal("name", app:scene())
    assert.are.equal("90 seconds · up to 25 bubbles", app:find{ name = "summary" }.text)
    assert.are.same({ game_time = 90, max_bubbles = 25 }, tide.save.read("settings"))

    app = tide.test.start{ seed = 7 }   -- a restart keeps the saves
    assert.are.equal("90 seconds · up to 25 bubbles", app:find{ name = "summary" }.text)
    app:tap(app:find{ name = "open_settings" })
    app:advance(0.5)
    assert.are.equal("90", field("game_time"):text())
    assert.are.equal("25", field("max_bubbles"):text())
    app:tap(app:find{ name = "cancel" })
    app:advance(0.5)
    local helpers = require("tests.helpers")
    helpers.enter_name(app, "Ada")
    assert.are.equal("90", app:find{ name = "time" }.text)
  end)

  it("refuse values out of bounds, saying the range in friendly words", function()
    local cases = {
      { "game_time", "4", "Between 5 and 300 seconds, please." },
      { "game_time", "301", "Between 5 and 300 seconds, please." },
      { "game_time", "0", "Between 5 and 300 seconds, please." },
      { "game_time", "", "Please enter a number from 5 to 300 seconds." },
      { "max_bubbles", "0", "Between 1 and 40 bubbles, please." },
      { "max_bubbles", "41", "Between 1 and 40 bubbles, please." },
      { "max_bubbles", "", "Please enter a number from 1 to 40 bubbles." },
    }
    for _, case in ipairs(cases) do
      local name, text, message = case[1], case[2], case[3]
      fill(app, name, text)
      assert.are.equal(message, app:find{ name = name .. "_error" }.text)
      app:tap(app:find{ name = "save" })
      app:advance(0.3)
      -- Not saved: an alert says why and the screen stays.
      assert.are.equal(message, app:find{ name = "invalid_message" }.data.widget:text())
      assert.is_nil(tide.save.read("settings"))
      app:tap(app:find{ name = "invalid_ok" })
      app:advance(0.3)
      assert.are.equal("settings", app:scene())
      fill(app, name, tostring(require("data.game").settings[name].default))
    end
  end)

  it("take only digits, and accept the bounds themselves", function()
    fill(app, "game_time", "abc")
    assert.are.equal("", field("game_time"):text())
    fill(app, "game_time", "5")
    fill(app, "max_bubbles", "40")
    assert.is_true(field("game_time"):is_valid() and field("max_bubbles"):is_valid())
    app:tap(app:find{ name = "save" })
    assert.are.same({ game_time = 5, max_bubbles = 40 }, tide.save.read("settings"))
    assert.is_true(settings.save{ game_time = 300, max_bubbles = 1 })
  end)

  it("are refused by the settings module when not whole numbers in bounds", function()
    for _, values in ipairs({
      { { game_time = "abc", max_bubbles = 15 }, "Please enter a number from 5 to 300 seconds." },
      { { game_time = 7.5, max_bubbles = 15 }, "Please enter a number from 5 to 300 seconds." },
      { { game_time = 60, max_bubbles = -3 }, "Between 1 and 40 bubbles, please." },
      { { game_time = 1000, max_bubbles = 15 }, "Between 5 and 300 seconds, please." },
      { { game_time = 60 }, "Please enter a number from 1 to 40 bubbles." },
    }) do
      local ok, why = settings.save(values[1])
      assert.is_false(ok)
      assert.are.equal(values[2], why)
    end
    assert.is_nil(tide.save.read("settings"))
  end)

  it("fall back to the defaults when the saved ones are out of bounds", function()
    tide.save.write("settings", { game_time = 9999, max_bubbles = "many" })
    assert.are.same({ game_time = 60, max_bubbles = 15 }, settings.load())
  end)
end)
