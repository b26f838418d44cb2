-- Brief numbers (GAMES.md, rps-match): M1.
-- "A launch screen with a picture related to the game, for a moment."

describe("the launch screen", function()
  it("shows the hands and the computer, then gives way to the configuration", function()
    local app = tide.test.start{}
    assert.are.equal("launch", app:scene())
    assert.is_not_nil(app:find{ name = "launch_art" })
    assert.is_not_nil(app:find{ text = "✊" })
    assert.is_not_nil(app:find{ text = "🤖" })
    assert.are.equal("RPS Match", app:find{ name = "title" }.text)
    app:advance(1)
    assert.are.equal("launch", app:scene())
    app:advance(1)
    assert.are.equal("config", app:scene())
  end)

  it("is not a screen to go back to", function()
    local app = tide.test.start{}
    app:advance(2)
    assert.is_false(tide.ui.can_go_back())
  end)
end)
