import TideCore
import TideScript
import XCTest

/// `tide.audio.play`: recorded headlessly so tests can ask what played.
final class AudioAPITests: XCTestCase {
  /// Real sound files (the engine reads each one's length): roar.wav, chirp.ogg and more.
  static let assets = AudioVoiceTests.assets

  func testPlayIsRecorded() throws {
    let report = try runLuaTests(
      #"""
      describe("tide.audio.play", function()
        local app
        before_each(function() app = tide.test.start() end)

        it("records what played, in order", function()
          assert.are.same({}, app:sounds())
          tide.audio.play("roar")
          tide.audio.play("chirp", { volume = 0.5 })
          tide.audio.play("roar")
          assert.are.same({ "roar", "chirp", "roar" }, app:sounds())
        end)

        it("starts every test with no sounds", function()
          assert.are.same({}, app:sounds())
        end)

        it("records sounds played from game callbacks", function()
          local r = tide.sprite.rect{ w = 50, h = 50 }
          r:on("tap", function() tide.audio.play("roar") end)
          tide.after(1, function() tide.audio.play("chirp") end)
          app:tap(r)
          app:advance(1)
          assert.are.same({ "roar", "chirp" }, app:sounds())
        end)

        it("refuses a sound that is not in assets, saying where it looked", function()
          assert.has_error(function() tide.audio.play("meow") end,
            "bad argument #1 to 'play' (no sound 'meow' (looked for game/assets/meow.wav, .ogg, .mp3, .flac, .opus and .aiff))")
          assert.error_matches(function() tide.audio.play("../roar") end, "no sound '../roar'", nil, true)
          assert.error_matches(function() tide.audio.play("roar", { volume = "loud" }) end, "'volume' must be a number, got string", nil, true)
          assert.are.same({}, app:sounds())
        end)
      end)
      """#, assets: Self.assets)
    assertAllPassed(report, count: 4)
  }

  /// The engine's log and the headless backend both see the sounds, volume clamped to 0...1.
  func testBackendGetsTheRequests() throws {
    let fixture = try GameFixture(
      main: #"""
      tide.audio.play("roar", { volume = 3 })
      tide.after(0.5, function() tide.audio.play("chirp", { volume = 0.25 }) end)
      """#, assets: Self.assets)
    let engine = try fixture.engine()
    engine.advance(seconds: 1)
    XCTAssertEqual(engine.soundLog, ["roar", "chirp"])
    let backend = try XCTUnwrap(engine.backend as? HeadlessBackend)
    XCTAssertEqual(backend.soundRequests.map(\.name), ["roar", "chirp"])
    XCTAssertEqual(backend.soundRequests.map(\.volume), [1, 0.25])
  }
}
