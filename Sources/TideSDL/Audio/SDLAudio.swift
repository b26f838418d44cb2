import CSDL2
import Foundation
import TideCore

/// Plays a game's voices and music through SDL_mixer, following the engine's audio model
/// (`AudioCommand`s): a voice is a channel (`Mix_PlayChannel`, `Mix_Volume`, `Mix_SetPanning`,
/// `Mix_Pause`), the music is one streamed `Mix_Music`. Fades arrive as a level each tick, so
/// the device never decides on its own when something ends.
///
/// Decodes WAV, OGG Vorbis, MP3 and FLAC (`Mix_Init` with OGG, MP3 and FLAC). With no audio
/// device the game runs silent: one warning line is printed and every command does nothing.
/// Sounds are decoded once and kept; `reload` forgets one after a hot reload.
final class SDLAudio {
  /// Whether opening the device failed, so nothing will be heard.
  var isSilent: Bool { mixer == nil }
  /// SDL_mixer's functions, opened with the device; nil when silent.
  private let mixer: tide_sdl_mixer_api?
  private let assets: AssetLibrary
  private var chunks: [String: UnsafeMutablePointer<Mix_Chunk>] = [:]
  /// Sounds the game generated, found before files of the same name.
  private var generated: [String: UnsafeMutablePointer<Mix_Chunk>] = [:]
  private var failed: Set<String> = []
  /// The channel of each voice still playing, and the voice each channel last started.
  private var channels: [Int: Int32] = [:]
  private var owners: [Int32: Int] = [:]
  private var music: OpaquePointer?

  /// Opens the audio device (44.1 kHz stereo); on failure prints one warning and runs silent.
  init(assets: AssetLibrary) {
    self.assets = assets
    var opened: tide_sdl_mixer_api?
    var reason = ""
    if !SDLLibrary.startAudio() {
      reason = "no audio device (\(String(cString: SDL_GetError())))"
    } else if let mix = tide_sdl_mixer()?.pointee {
      _ = mix.Mix_Init(Int32(MIX_INIT_OGG.rawValue | MIX_INIT_MP3.rawValue | MIX_INIT_FLAC.rawValue))
      if mix.Mix_OpenAudio(44100, UInt16(MIX_DEFAULT_FORMAT), 2, 1024) == 0 {
        // A channel for every voice the engine lets play at once.
        _ = mix.Mix_AllocateChannels(Int32(Limits.voices))
        opened = mix
      } else {
        reason = "no audio device (\(String(cString: SDL_GetError())))"
      }
    } else {
      reason = tide_sdl_mixer_problem().map { String(cString: $0) } ?? "SDL_mixer could not be opened"
    }
    if opened == nil {
      FileHandle.standardError.write(Data("tide: \(reason); running silent\n".utf8))
    }
    mixer = opened
  }

  deinit {
    guard let mix = mixer else { return }
    _ = mix.Mix_HaltChannel(-1)
    _ = mix.Mix_HaltMusic()
    if let music { mix.Mix_FreeMusic(music) }
    for chunk in chunks.values { mix.Mix_FreeChunk(chunk) }
    for chunk in generated.values { mix.Mix_FreeChunk(chunk) }
    mix.Mix_CloseAudio()
  }

  /// Whether voice `id` holds a channel that SDL_mixer is playing (paused counts).
  func isPlaying(voice id: Int) -> Bool {
    guard let mix = mixer, let channel = channels[id], owners[channel] == id else { return false }
    return mix.Mix_Playing(channel) != 0
  }

  /// Whether music is streaming (paused counts).
  var isPlayingMusic: Bool { mixer.map { $0.Mix_PlayingMusic() != 0 } ?? false }

  /// Follows one step of the audio model.
  func handle(_ command: AudioCommand) {
    guard let mix = mixer else { return }
    switch command {
    case .define(let name, let samples, let rate):
      define(name, samples: samples, rate: rate)
    case .play(let voice, let sound, let volume, let pan, let loops):
      guard let chunk = chunk(named: sound) else { return }
      let channel = mix.Mix_PlayChannel(-1, chunk, Int32(loops))
      guard channel >= 0 else { return }
      if let previous = owners[channel] { channels.removeValue(forKey: previous) }
      channels[voice] = channel
      owners[channel] = voice
      // Set every time: a channel keeps the panning of the voice it played before.
      setLevel(channel, volume: volume, pan: pan)
    case .setVoice(let voice, let volume, let pan):
      if let channel = channel(of: voice) { setLevel(channel, volume: volume, pan: pan) }
    case .pause(let voice):
      if let channel = channel(of: voice) { mix.Mix_Pause(channel) }
    case .resume(let voice):
      if let channel = channel(of: voice) { mix.Mix_Resume(channel) }
    case .stop(let voice, _):
      if let channel = channel(of: voice) {
        _ = mix.Mix_HaltChannel(channel)
        owners.removeValue(forKey: channel)
      }
      channels.removeValue(forKey: voice)
    case .playMusic(let track, let volume, let loops):
      stopMusic()
      guard let path = assets.soundPath(named: track),
        let loaded = assets.load(path, fromFile: { mix.Mix_LoadMUS($0) }, fromMemory: { mix.Mix_LoadMUS_RW($0, 1) })
      else {
        assets.reportMissing(track, kind: "music")
        return
      }
      music = loaded
      _ = mix.Mix_VolumeMusic(Self.level(volume))
      // SDL_mixer counts plays, the model counts repeats after the first.
      _ = mix.Mix_PlayMusic(loaded, loops < 0 ? -1 : Int32(loops) + 1)
    case .setMusicVolume(let volume):
      _ = mix.Mix_VolumeMusic(Self.level(volume))
    case .pauseMusic:
      mix.Mix_PauseMusic()
    case .resumeMusic:
      mix.Mix_ResumeMusic()
    case .stopMusic:
      stopMusic()
    }
  }

  /// Plays the sound called `name` at `volume` 0...1 on a free channel, outside the model.
  func play(_ name: String, volume: Double) {
    guard let mix = mixer, let chunk = chunk(named: name) else { return }
    let channel = mix.Mix_PlayChannel(-1, chunk, 0)
    guard channel >= 0 else { return }
    if let previous = owners.removeValue(forKey: channel) { channels.removeValue(forKey: previous) }
    setLevel(channel, volume: volume, pan: 0)
  }

  /// Forgets the decoded copy of a sound so the next `play` reads the file again.
  func reload(_ name: String) {
    guard let mix = mixer else { return }
    failed.remove(name)
    if let chunk = chunks.removeValue(forKey: name) {
      halt(chunk)
      mix.Mix_FreeChunk(chunk)
    }
  }

  private func channel(of voice: Int) -> Int32? {
    guard let channel = channels[voice], owners[channel] == voice else { return nil }
    return channel
  }

  private func setLevel(_ channel: Int32, volume: Double, pan: Double) {
    guard let mix = mixer else { return }
    _ = mix.Mix_Volume(channel, Self.level(volume))
    let clamped = min(max(pan, -1), 1)
    let left = UInt8((255 * min(1, 1 - clamped)).rounded())
    let right = UInt8((255 * min(1, 1 + clamped)).rounded())
    _ = mix.Mix_SetPanning(channel, left, right)
  }

  private static func level(_ volume: Double) -> Int32 {
    Int32((min(max(volume, 0), 1) * Double(MIX_MAX_VOLUME)).rounded())
  }

  private func stopMusic() {
    guard let mix = mixer, let music else { return }
    _ = mix.Mix_HaltMusic()
    mix.Mix_FreeMusic(music)
    self.music = nil
  }

  /// Halts every channel playing `chunk`, before it is freed.
  private func halt(_ chunk: UnsafeMutablePointer<Mix_Chunk>) {
    guard let mix = mixer else { return }
    for channel in 0..<Int32(Limits.voices) where mix.Mix_GetChunk(channel) == chunk {
      _ = mix.Mix_HaltChannel(channel)
    }
  }

  /// Makes a chunk of generated mono samples: a 16-bit WAV in memory, which SDL_mixer
  /// converts to the device's format as it would a file.
  private func define(_ name: String, samples: [Float], rate: Int) {
    guard let mix = mixer else { return }
    if let old = generated.removeValue(forKey: name) {
      halt(old)
      mix.Mix_FreeChunk(old)
    }
    let wav = Self.wav(samples: samples, rate: rate)
    let chunk = wav.withUnsafeBytes { bytes -> UnsafeMutablePointer<Mix_Chunk>? in
      guard let base = bytes.baseAddress, let ops = SDL_RWFromConstMem(base, Int32(bytes.count)) else { return nil }
      return mix.Mix_LoadWAV_RW(ops, 1)
    }
    if let chunk { generated[name] = chunk }
  }

  /// A mono 16-bit PCM WAV file of `samples` (-1...1) at `rate`.
  static func wav(samples: [Float], rate: Int) -> Data {
    var data = Data()
    data.reserveCapacity(44 + samples.count * 2)
    func append<T: FixedWidthInteger>(_ value: T) {
      withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }
    data.append(contentsOf: Array("RIFF".utf8))
    append(UInt32(36 + samples.count * 2))
    data.append(contentsOf: Array("WAVEfmt ".utf8))
    append(UInt32(16))
    append(UInt16(1))
    append(UInt16(1))
    append(UInt32(rate))
    append(UInt32(rate * 2))
    append(UInt16(2))
    append(UInt16(16))
    data.append(contentsOf: Array("data".utf8))
    append(UInt32(samples.count * 2))
    for sample in samples { append(Int16((min(max(sample, -1), 1) * 32767).rounded())) }
    return data
  }

  private func chunk(named name: String) -> UnsafeMutablePointer<Mix_Chunk>? {
    guard let mix = mixer else { return nil }
    if let chunk = generated[name] ?? chunks[name] { return chunk }
    guard !failed.contains(name) else { return nil }
    guard let path = assets.soundPath(named: name),
      let loaded = assets.load(path, fromFile: { mix.Mix_LoadWAV($0) }, fromMemory: { mix.Mix_LoadWAV_RW($0, 1) })
    else {
      failed.insert(name)
      assets.reportMissing(name, kind: "sound")
      return nil
    }
    chunks[name] = loaded
    return loaded
  }
}
