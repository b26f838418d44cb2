import TideCore
import TideScript
import XCTest

/// `tide.audio`'s voices, music, volumes and generated sounds, as a Lua author uses them: all in
/// game time, so what a test sees at a tick is what a window plays at that tick.
final class AudioVoiceTests: XCTestCase {
  static let assets: [String: Data] = {
    do {
      return [
        "assets/roar.wav": try toneFile("wav", seconds: 0.5),
        "assets/chirp.ogg": try toneFile("ogg", seconds: 0.25),
        "assets/theme.mp3": try toneFile("mp3", seconds: 1),
        "assets/song.flac": try toneFile("flac", seconds: 2),
        "assets/broken.wav": Data("RIFF....WAVEfmt this is no sound".utf8),
      ]
    } catch {
      XCTFail("cannot write the sound fixtures: \(error)")
      return [:]
    }
  }()

  func testVoicesLiveInGameTime() throws {
    let report = try runLuaTests(
      #"""
      describe("voices", function()
        local app
        before_each(function() app = tide.test.start() end)

        it("plays out in game time and calls on_done once, with the voice", function()
          local calls = {}
          local v = tide.audio.play("roar", { on_done = function(voice, how) calls[#calls + 1] = { voice, how } end })
          assert.are.equal("playing", v:state())
          assert.near(0.5, v:duration(), 1e-9)
          assert.near(0.5, v:remaining(), 1e-9)
          app:advance(0.25)
          assert.near(0.25, v:position(), 1e-9)
          assert.are.equal(0, #calls)
          app:advance(0.25)
          assert.are.equal("stopped", v:state())
          assert.are.same({ { v, "done" } }, calls)
          app:advance(1)
          assert.are.equal(1, #calls)
        end)

        it("loops a number of times, or forever", function()
          local v = tide.audio.play("chirp", { loops = 2 })
          assert.near(0.75, v:remaining(), 1e-9)
          app:advance(0.7)
          assert.are.equal("playing", v:state())
          app:advance(0.05)
          assert.are.equal("stopped", v:state())
          local forever = tide.audio.play("chirp", { loops = -1 })
          assert.is_nil(forever:remaining())
          app:advance(100)
          assert.are.equal("playing", forever:state())
        end)

        it("pauses where it is and resumes from there", function()
          local v = tide.audio.play("roar")
          app:advance(0.3)
          v:pause()
          assert.are.equal("paused", v:state())
          assert.is_nil(v:remaining())
          app:advance(5)
          assert.near(0.3, v:position(), 1e-9)
          v:resume()
          assert.near(0.2, v:remaining(), 1e-9)
          app:advance(0.2)
          assert.are.equal("stopped", v:state())
        end)

        it("stops at once or after a fade, calling on_done with 'stopped'", function()
          local how
          local v = tide.audio.play("roar", { loops = -1, on_done = function(_, h) how = h end })
          v:stop()
          assert.are.equal("stopped", how)
          assert.are.equal("stopped", v:state())
          how = nil
          local w = tide.audio.play("roar", { loops = -1, on_done = function(_, h) how = h end })
          w:stop(0.5)
          app:advance(0.25)
          assert.are.equal("playing", w:state())
          assert.is_nil(how)
          app:advance(0.25)
          assert.are.equal("stopped", w:state())
          assert.are.equal("stopped", how)
        end)

        -- Lua counts a method's arguments after the voice, so the value is argument #1.
        it("sets and reads volume and pan: a volume is clamped as in LÖVE, a pan out of range is refused", function()
          local v = tide.audio.play("roar", { volume = 0.8, pan = -0.5, fade_in = 0.1 })
          assert.are.equal(0.8, v:volume())
          assert.are.equal(-0.5, v:pan())
          v:volume(0.3)
          v:pan(1)
          assert.are.equal(0.3, v:volume())
          assert.are.equal(1, v:pan())
          v:volume(2)
          assert.are.equal(1, v:volume())
          v:volume(-3)
          assert.are.equal(0, v:volume())
          assert.are.equal(0, tide.audio.play("roar", { volume = -1 }):volume())
          assert.has_error(function() v:volume(0/0) end, "bad argument #1 to 'volume' (volume must be a finite number from -1000000 to 1000000, got nan)")
          assert.has_error(function() v:volume(math.huge) end, "bad argument #1 to 'volume' (volume must be a finite number from -1000000 to 1000000, got inf)")
          assert.has_error(function() v:pan(-3) end, "bad argument #1 to 'pan' (pan must be a finite number from -1 to 1, got -3)")
          assert.error_matches(function() tide.audio.play("roar", { pan = 2 }) end, "pan must be a finite number from -1 to 1, got 2", nil, true)
          assert.error_matches(function() tide.audio.play("roar", { loops = 0.5 }) end, "loops must be", nil, true)
          assert.error_matches(function() tide.audio.play("roar", { fade_in = -1 }) end, "fade_in must be a finite number from 0 to 3600", nil, true)
          assert.error_matches(function() tide.audio.play("roar", { on_done = 1 }) end, "'on_done' must be a function, got number", nil, true)
          assert.error_matches(function() tide.audio.play("roar", { loop = true }) end, "unknown option 'loop'", nil, true)
        end)

        it("makes a stopped voice's methods harmless: setters do nothing, getters give nil", function()
          local v = tide.audio.play("roar")
          v:stop()
          v:stop(1)
          v:pause()
          v:resume()
          v:volume(0.5)
          v:pan(0)
          assert.are.equal("stopped", v:state())
          assert.is_nil(v:volume())
          assert.is_nil(v:pan())
          assert.is_nil(v:position())
          assert.is_nil(v:duration())
          assert.is_nil(v:remaining())
        end)

        it("refuses what is not a voice, naming the argument", function()
          local v = tide.audio.play("roar")
          assert.has_error(function() v.stop({}) end, "bad argument #1 to 'stop' (Voice expected, got table)")
          assert.has_error(function() v.volume(nil) end, "bad argument #1 to 'volume' (Voice expected, got nil)")
          assert.error_matches(function() return v.nope end, "voice has no method 'nope'", nil, true)
        end)

        it("names a corrupt file with its path", function()
          assert.error_matches(function() tide.audio.play("broken") end,
            "bad argument #1 to 'play' (game/assets/broken.wav is not a sound file that can be played (", nil, true)
        end)

        it("reads the length of wav, ogg, mp3 and flac files", function()
          assert.near(0.5, tide.audio.play("roar"):duration(), 1e-9)
          assert.near(0.25, tide.audio.play("chirp"):duration(), 1e-9)
          assert.near(1, tide.audio.play("theme"):duration(), 0.06)
          assert.near(2, tide.audio.play("song"):duration(), 1e-9)
        end)

        it("tells tests which voices play, keeping the names played", function()
          local v = tide.audio.play("roar", { volume = 0.5, pan = 0.25 })
          tide.audio.play("chirp", { loops = -1 })
          v:pause()
          local playing = app:sounds("playing")
          assert.are.same({ name = "roar", state = "paused", volume = 0.5, pan = 0.25, loops = 0, position = 0, duration = 0.5 }, playing[1])
          assert.are.same({ name = "chirp", state = "playing", volume = 1, pan = 0, loops = -1, position = 0, duration = 0.25 }, playing[2])
          assert.are.same({ "roar", "chirp" }, app:sounds())
          assert.error_matches(function() app:sounds("voices") end, "invalid option 'voices'", nil, true)
        end)

        it("starts every test silent", function()
          assert.are.same({}, app:sounds("playing"))
          assert.is_nil(app:sounds("music"))
        end)

        it("plays at most 64 voices at once", function()
          for _ = 1, 64 do tide.audio.play("chirp") end
          assert.error_matches(function() tide.audio.play("chirp") end, "too many voices: at most 64 play at once", nil, true)
          app:advance(0.25)
          tide.audio.play("chirp")
        end)
      end)
      """#, assets: Self.assets)
    assertAllPassed(report, count: 12)
  }

  func testMusicStreamsAcrossScenes() throws {
    let report = try runLuaTests(
      #"""
      describe("music", function()
        local app
        before_each(function() app = tide.test.start() end)

        it("loops forever by default and keeps playing across scenes", function()
          tide.scene.define("a", {})
          tide.scene.define("b", {})
          tide.scene.go("a")
          tide.audio.music("theme")
          app:advance(0.1)
          tide.scene.go("b")
          app:advance(5)
          assert.are.equal("b", app:scene())
          local m = tide.audio.current_music()
          assert.are.equal("theme", m.name)
          assert.are.equal("playing", m.state)
          local seen = app:sounds("music")
          assert.are.equal("theme", seen.name)
          assert.are.equal(-1, seen.loops)
        end)

        it("plays a number of times, then stops", function()
          tide.audio.music("song", { loops = 1 })
          app:advance(3.9)
          assert.are.equal("song", tide.audio.current_music().name)
          app:advance(0.1)
          assert.is_nil(tide.audio.current_music())
        end)

        it("pauses, resumes, sets its volume and stops with a fade", function()
          tide.audio.music("song", { volume = 0.5 })
          tide.audio.pause_music()
          assert.are.equal("paused", tide.audio.current_music().state)
          app:advance(1)
          assert.are.equal(0, tide.audio.current_music().position)
          tide.audio.resume_music()
          tide.audio.music_volume(0.25)
          assert.are.equal(0.25, tide.audio.current_music().volume)
          tide.audio.music_volume(4)
          assert.are.equal(1, tide.audio.current_music().volume)
          tide.audio.music_volume(0.25)
          tide.audio.stop_music(1)
          app:advance(0.5)
          assert.are.equal("song", tide.audio.current_music().name)
          app:advance(0.5)
          assert.is_nil(tide.audio.current_music())
          tide.audio.stop_music()
          tide.audio.pause_music()
          tide.audio.resume_music()
          tide.audio.music_volume(1)
        end)

        it("crossfades: the old track fades out over the first half, the new one in over the second", function()
          tide.audio.music("theme")
          tide.audio.music("song", { crossfade = 1 })
          assert.are.equal("theme", tide.audio.current_music().name)
          assert.are.equal("song", tide.audio.current_music().next)
          app:advance(0.5)
          local m = tide.audio.current_music()
          assert.are.equal("song", m.name)
          assert.is_nil(m.next)
          assert.are.same({ "theme", "song" }, app:sounds())
        end)

        it("refuses unknown music, bad options and generated sounds", function()
          assert.has_error(function() tide.audio.music("nope") end,
            "bad argument #1 to 'music' (no sound 'nope' (looked for game/assets/nope.wav, .ogg, .mp3, .flac, .opus and .aiff))")
          assert.error_matches(function() tide.audio.music("song", { volume = 0/0 }) end, "volume must be a finite number from -1000000 to 1000000, got nan", nil, true)
          assert.error_matches(function() tide.audio.music("song", { crossfade = -1 }) end, "crossfade must be", nil, true)
          assert.error_matches(function() tide.audio.music_volume(-math.huge) end, "volume must be a finite number from -1000000 to 1000000, got -inf", nil, true)
          assert.error_matches(function() tide.audio.stop_music(-1) end, "fade must be", nil, true)
          tide.audio.generate("beep", { wave = "sine" })
          assert.error_matches(function() tide.audio.music("beep") end, "'beep' is a generated sound: play it with tide.audio.play", nil, true)
          assert.error_matches(function() tide.audio.music("broken") end, "game/assets/broken.wav is not a sound file", nil, true)
        end)
      end)

      describe("tide.audio.volume", function()
        local app
        before_each(function() app = tide.test.start() end)

        it("sets master, music and sounds volumes and returns all three", function()
          assert.are.same({ master = 1, music = 1, sounds = 1 }, tide.audio.volume())
          assert.are.same({ master = 1, music = 0.5, sounds = 1 }, tide.audio.volume{ music = 0.5 })
          assert.are.same({ master = 0.2, music = 0.5, sounds = 0 }, tide.audio.volume{ master = 0.2, sounds = 0 })
        end)

        it("clamps a volume out of 0 to 1 as LÖVE does, and refuses one not finite, an unknown key and a non-table", function()
          assert.are.same({ master = 1, music = 0, sounds = 1 }, tide.audio.volume{ master = 2, music = -0.5 })
          assert.are.same({ master = 1, music = 1, sounds = 1 }, tide.audio.volume{ music = 1.5 })
          assert.error_matches(function() tide.audio.volume{ master = 0/0 } end, "master must be a finite number from -1000000 to 1000000, got nan", nil, true)
          assert.error_matches(function() tide.audio.volume{ loud = 1 } end, "unknown volume 'loud'", nil, true)
          assert.has_error(function() tide.audio.volume(1) end, "bad argument #1 to 'volume' (table expected, got number)")
          assert.are.same({ master = 1, music = 1, sounds = 1 }, tide.audio.volume())
        end)
      end)
      """#, assets: Self.assets)
    assertAllPassed(report, count: 7)
  }

  func testGeneratedSoundsPlayAsVoices() throws {
    let report = try runLuaTests(
      #"""
      describe("tide.audio.generate", function()
        local app
        before_each(function() app = tide.test.start() end)

        it("makes a tone from a waveform and an envelope, played as a voice", function()
          for _, wave in ipairs({ "sine", "square", "triangle", "saw", "noise" }) do
            local seconds = tide.audio.generate("beep_" .. wave,
              { wave = wave, frequency = 880, duration = 0.1, attack = 0.01, decay = 0.02, sustain = 0.5, release = 0.03 })
            assert.near(0.1, seconds, 1e-9)
          end
          local done
          local v = tide.audio.play("beep_square", { on_done = function() done = true end })
          assert.near(0.1, v:duration(), 1e-9)
          app:advance(0.1)
          assert.is_true(done)
        end)

        it("makes a sound from samples, found before a file of the same name", function()
          assert.near(0.0005, tide.audio.generate("roar", { samples = { 0, 1, -1, 0.5 }, rate = 8000 }), 1e-12)
          assert.near(0.0005, tide.audio.play("roar"):duration(), 1e-12)
        end)

        it("is forgotten on a fresh start", function()
          assert.near(0.5, tide.audio.play("roar"):duration(), 1e-9)
          assert.error_matches(function() tide.audio.play("beep_square") end, "no sound 'beep_square'", nil, true)
        end)

        it("refuses a bad spec, naming the key", function()
          assert.error_matches(function() tide.audio.generate("x", { wave = "organ" }) end,
            [[unknown wave 'organ' (valid: "sine", "square", "triangle", "saw", "noise")]], nil, true)
          assert.error_matches(function() tide.audio.generate("x", {}) end, "give 'samples' or 'wave'", nil, true)
          assert.error_matches(function() tide.audio.generate("x", { samples = { 0, 2 } }) end,
            "samples[2] must be a finite number from -1 to 1, got 2", nil, true)
          assert.error_matches(function() tide.audio.generate("x", { samples = { 0, "a" } }) end, "samples[2] must be a number, got string", nil, true)
          assert.error_matches(function() tide.audio.generate("x", { samples = {} }) end, "'samples' must hold 1 to 1920000 numbers, got 0", nil, true)
          assert.error_matches(function() tide.audio.generate("x", { wave = "sine", frequency = 0 }) end, "frequency must be", nil, true)
          assert.error_matches(function() tide.audio.generate("x", { wave = "sine", duration = 60 }) end, "duration must be", nil, true)
          assert.error_matches(function() tide.audio.generate("x", { wave = "sine", sustain = 2 }) end, "sustain must be", nil, true)
          assert.error_matches(function() tide.audio.generate("x", { wave = "sine", pitch = 2 }) end, "unknown spec key 'pitch'", nil, true)
          assert.has_error(function() tide.audio.generate("x") end, "bad argument #2 to 'generate' (table expected, got no value)")
          assert.error_matches(function() tide.audio.generate("", { wave = "sine" }) end, "name must be 1 to 200 bytes", nil, true)
        end)
      end)
      """#, assets: Self.assets)
    assertAllPassed(report, count: 4)
  }

  /// The backend is told each step of the model: a voice started with its level and pan, its
  /// fade as a level each tick, its end; generated samples before they play.
  func testBackendFollowsTheModel() throws {
    let fixture = try GameFixture(
      main: #"""
      tide.audio.volume{ master = 0.5 }
      tide.audio.generate("blip", { samples = { 0, 0.5 }, rate = 8000 })
      tide.audio.play("roar", { pan = -1, fade_in = 0.05 })
      tide.audio.play("blip")
      """#, assets: Self.assets)
    let engine = try fixture.engine()
    engine.advance(seconds: 0.5)
    let backend = try XCTUnwrap(engine.backend as? HeadlessBackend)
    let commands = backend.audioCommands
    XCTAssertEqual(commands.first, .define(sound: "blip", samples: [0, 0.5], rate: 8000))
    XCTAssertEqual(commands.dropFirst().first, .play(voice: 1, sound: "roar", volume: 0, pan: -1, loops: 0))
    XCTAssertEqual(commands.dropFirst(2).first, .play(voice: 2, sound: "blip", volume: 0.5, pan: 0, loops: 0))
    let levels = commands.compactMap { command -> Double? in
      if case .setVoice(1, let volume, _) = command { return volume }
      return nil
    }
    XCTAssertEqual(levels.count, 3, "a level each tick of the 0.05 s fade")
    XCTAssertEqual(levels.last ?? 0, 0.5, accuracy: 1e-9)
    XCTAssertEqual(levels, levels.sorted())
    XCTAssertEqual(commands.filter { if case .stop = $0 { return true } else { return false } }, [.stop(voice: 2, playedOut: true), .stop(voice: 1, playedOut: true)])
    XCTAssertEqual(engine.voices, [])
    XCTAssertEqual(engine.soundLog, ["roar", "blip"])
  }
}
