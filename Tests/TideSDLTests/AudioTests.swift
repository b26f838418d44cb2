import CSDL2
import Foundation
import TideCore
import TideScript
import XCTest

@testable import TideSDL

/// SDL_mixer sounds. The no-device case runs first (test names sort), before any audio
/// driver has been opened in this process.
final class AudioTests: XCTestCase {
  /// A 0.1 s 440 Hz mono 16-bit WAV.
  private func writeBeep(to url: URL) throws {
    let rate = 8000
    let samples = (0..<(rate / 10)).map { Float(sin(Double($0) * 2 * .pi * 440 / Double(rate)) * 0.25) }
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try SDLAudio.wav(samples: samples, rate: rate).write(to: url)
  }

  private func makeAssets() throws -> AssetLibrary {
    let assets = try SceneFixtures.makeAssets()
    guard let directory = assets.directory else { throw SDLError("no assets folder") }
    try writeBeep(to: directory.appendingPathComponent("beep.wav"))
    return assets
  }

  func testA_NoDeviceRunsSilentAndPlayIsHarmless() throws {
    guard SDL_WasInit(UInt32(SDL_INIT_AUDIO)) == 0 else {
      throw XCTSkip("audio already opened in this process")
    }
    setenv("SDL_AUDIODRIVER", "no-such-driver", 1)
    defer { unsetenv("SDL_AUDIODRIVER") }
    let audio = SDLAudio(assets: try makeAssets())
    XCTAssertTrue(audio.isSilent)
    audio.play("beep", volume: 1)
  }

  func testB_DummyDevicePlaysWav() throws {
    setenv("SDL_AUDIODRIVER", "dummy", 1)
    defer { unsetenv("SDL_AUDIODRIVER") }
    let audio = SDLAudio(assets: try makeAssets())
    XCTAssertFalse(audio.isSilent)
    audio.play("beep", volume: 0.5)
    XCTAssertGreaterThan(try XCTUnwrap(tide_sdl_mixer()).pointee.Mix_Playing(-1), 0)
    // Unknown sounds are reported once and otherwise ignored.
    audio.play("no-such-sound", volume: 1)
    audio.reload("beep")
    audio.play("beep", volume: 1)
  }

  /// SDL_mixer on this machine decodes every format the engine reads lengths of.
  func testC_DummyDeviceDecodesEveryFormatTheEngineReads() throws {
    setenv("SDL_AUDIODRIVER", "dummy", 1)
    defer { unsetenv("SDL_AUDIODRIVER") }
    let assets = try SceneFixtures.makeAssets()
    let directory = try XCTUnwrap(assets.directory)
    let audio = SDLAudio(assets: assets)
    XCTAssertFalse(audio.isSilent)
    XCTAssertEqual(SoundFiles.extensions, ["wav", "ogg", "mp3", "flac", "opus", "aiff"])
    for (voice, kind) in SoundFiles.extensions.enumerated() {
      let file = directory.appendingPathComponent("tone_\(kind).\(kind)")
      try SoundFiles.writeTone(seconds: 0.5, to: file)
      XCTAssertEqual(try SoundFiles.duration(of: file).get(), 0.5, accuracy: 0.05, "the engine reads a .\(kind)'s length")
      audio.handle(.play(voice: voice + 1, sound: "tone_\(kind)", volume: 0.5, pan: -0.5, loops: 0))
      XCTAssertTrue(audio.isPlaying(voice: voice + 1), "SDL_mixer plays a .\(kind) voice")
      audio.handle(.playMusic(track: "tone_\(kind)", volume: 0.5, loops: -1))
      XCTAssertTrue(audio.isPlayingMusic, "SDL_mixer streams .\(kind) music")
    }
    audio.handle(.define(sound: "blip", samples: SoundSynth.render(.sine, frequency: 440, duration: 0.2), rate: SoundSynth.rate))
    audio.handle(.play(voice: 9, sound: "blip", volume: 1, pan: 0, loops: -1))
    XCTAssertTrue(audio.isPlaying(voice: 9), "a generated sound plays")
    audio.handle(.pause(voice: 9))
    XCTAssertEqual(try XCTUnwrap(tide_sdl_mixer()).pointee.Mix_Paused(-1), 1)
    audio.handle(.stop(voice: 9))
    XCTAssertFalse(audio.isPlaying(voice: 9))
    audio.handle(.stopMusic)
    XCTAssertFalse(audio.isPlayingMusic)
  }

  /// A game in a real window plays a voice, a generated sound and music through SDL_mixer, and
  /// the device follows the model: playing while the model says so, silent once it ends.
  func testD_AWindowPlaysVoicesAndMusicThroughSDLMixer() throws {
    guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else {
      throw XCTSkip("no display; run under xvfb-run to open a real window")
    }
    setenv("SDL_AUDIODRIVER", "dummy", 1)
    defer { unsetenv("SDL_AUDIODRIVER") }
    let game = FileManager.default.temporaryDirectory.appendingPathComponent("tide-audio-window-\(UUID().uuidString)")
    addTeardownBlock { try? FileManager.default.removeItem(at: game) }
    try FileManager.default.createDirectory(at: game.appendingPathComponent("assets"), withIntermediateDirectories: true)
    try SoundFiles.writeTone(seconds: 0.5, to: game.appendingPathComponent("assets/roar.wav"))
    try SoundFiles.writeTone(seconds: 2, to: game.appendingPathComponent("assets/theme.ogg"))
    try Data(
      #"""
      tide.audio.generate("beep", { wave = "square", frequency = 660, duration = 0.25 })
      voice_done = false
      tide.audio.play("roar", { pan = 0.5, fade_in = 0.1, on_done = function() voice_done = true end })
      tide.audio.play("beep", { loops = -1 })
      tide.audio.music("theme", { fade_in = 0.2 })
      """#.utf8
    ).write(to: game.appendingPathComponent("main.lua"))
    var options = EngineOptions()
    options.logErrors = false
    options.saveDirectory = game.appendingPathComponent("saves")
    let backend = try SDLBackend(gameDirectory: game, audio: true)
    let engine = try Engine(gameDirectory: game, displayPath: "game", backend: backend, options: options)
    try engine.start()
    let audio = try XCTUnwrap(backend.audio)
    XCTAssertFalse(audio.isSilent)
    let watcher = AudioWatcher(engine, audio: audio)
    var window = WindowOptions()
    window.backend = backend
    window.gameDirectory = game
    window.renderer = "software"
    window.maxSeconds = 1
    _ = try runWindow(driver: watcher, options: window)
    XCTAssertEqual(engine.errors.failureCount, 0, "script errors in the window")
    XCTAssertGreaterThanOrEqual(engine.time, 0.6, "the window ran past the voice's end")
    XCTAssertTrue(watcher.roarPlayedInSDL, "the voice reached SDL_mixer")
    XCTAssertFalse(audio.isPlaying(voice: 1), "SDL_mixer halted the voice when the model ended it")
    XCTAssertTrue(audio.isPlaying(voice: 2), "the looping generated sound still plays")
    XCTAssertTrue(watcher.musicPlayedInSDL && audio.isPlayingMusic, "the music streams")
    XCTAssertEqual(engine.voices.map(\.sound), ["beep"])
    XCTAssertEqual(engine.music?.track, "theme")
  }

  /// Steps the engine and notes what SDL_mixer is playing after each tick.
  final class AudioWatcher: WatchedEngine {
    let audio: SDLAudio
    private(set) var roarPlayedInSDL = false
    private(set) var musicPlayedInSDL = false

    init(_ engine: Engine, audio: SDLAudio) {
      self.audio = audio
      super.init(engine)
    }

    override func didStep() {
      if engine.voices.contains(where: { $0.id == 1 }), audio.isPlaying(voice: 1) { roarPlayedInSDL = true }
      if engine.music != nil, audio.isPlayingMusic { musicPlayedInSDL = true }
    }
  }
}
