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
  let isSilent: Bool
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
    var opened = false
    if SDLLibrary.startAudio() {
      _ = Mix_Init(Int32(MIX_INIT_OGG.rawValue | MIX_INIT_MP3.rawValue | MIX_INIT_FLAC.rawValue))
      opened = Mix_OpenAudio(44100, UInt16(MIX_DEFAULT_FORMAT), 2, 1024) == 0
    }
    if opened {
      // A channel for every voice the engine lets play at once.
      Mix_AllocateChannels(Int32(Limits.voices))
    } else {
      let reason = String(cString: SDL_GetError())
      FileHandle.standardError.write(
        Data("tide: no audio device (\(reason)); running silent\n".utf8))
    }
    isSilent = !opened
  }

  deinit {
    guard !isSilent else { return }
    Mix_HaltChannel(-1)
    Mix_HaltMusic()
    if let music { Mix_FreeMusic(music) }
    for chunk in chunks.values { Mix_FreeChunk(chunk) }
    for chunk in generated.values { Mix_FreeChunk(chunk) }
    Mix_CloseAudio()
  }

  /// Whether voice `id` holds a channel that SDL_mixer is playing (paused counts).
  func isPlaying(voice id: Int) -> Bool {
    guard let channel = channels[id], owners[channel] == id else { return false }
    return Mix_Playing(channel) != 0
  }

  /// Whether music is streaming (paused counts).
  var isPlayingMusic: Bool { !isSilent && Mix_PlayingMusic() != 0 }

  /// Follows one step of the audio model.
  func handle(_ command: AudioCommand) {
    guard !isSilent else { return }
    switch command {
    case .define(let name, let samples, let rate):
      define(name, samples: samples, rate: rate)
    case .play(let voice, let sound, let volume, let pan, let loops):
      guard let chunk = chunk(named: sound) else { return }
      let channel = Mix_PlayChannel(-1, chunk, Int32(loops))
      guard channel >= 0 else { return }
      if let previous = owners[channel] { channels.removeValue(forKey: previous) }
      channels[voice] = channel
      owners[channel] = voice
      // Set every time: a channel keeps the panning of the voice it played before.
      setLevel(channel, volume: volume, pan: pan)
    case .setVoice(let voice, let volume, let pan):
      if let channel = channel(of: voice) { setLevel(channel, volume: volume, pan: pan) }
    case .pause(let voice):
      if let channel = channel(of: voice) { Mix_Pause(channel) }
    case .resume(let voice):
      if let channel = channel(of: voice) { Mix_Resume(channel) }
    case .stop(let voice):
      if let channel = channel(of: voice) {
        Mix_HaltChannel(channel)
        owners.removeValue(forKey: channel)
      }
      channels.removeValue(forKey: voice)
    case .playMusic(let track, let volume, let loops):
      stopMusic()
      guard let path = assets.soundPath(named: track),
        let loaded = assets.load(path, fromFile: { Mix_LoadMUS($0) }, fromMemory: { Mix_LoadMUS_RW($0, 1) })
      else {
        assets.reportMissing(track, kind: "music")
        return
      }
      music = loaded
      Mix_VolumeMusic(Self.level(volume))
      // SDL_mixer counts plays, the model counts repeats after the first.
      Mix_PlayMusic(loaded, loops < 0 ? -1 : Int32(loops) + 1)
    case .setMusicVolume(let volume):
      Mix_VolumeMusic(Self.level(volume))
    case .pauseMusic:
      Mix_PauseMusic()
    case .resumeMusic:
      Mix_ResumeMusic()
    case .stopMusic:
      stopMusic()
    }
  }

  /// Plays the sound called `name` at `volume` 0...1 on a free channel, outside the model.
  func play(_ name: String, volume: Double) {
    guard !isSilent, let chunk = chunk(named: name) else { return }
    let channel = Mix_PlayChannel(-1, chunk, 0)
    guard channel >= 0 else { return }
    if let previous = owners.removeValue(forKey: channel) { channels.removeValue(forKey: previous) }
    setLevel(channel, volume: volume, pan: 0)
  }

  /// Forgets the decoded copy of a sound so the next `play` reads the file again.
  func reload(_ name: String) {
    failed.remove(name)
    if let chunk = chunks.removeValue(forKey: name) {
      halt(chunk)
      Mix_FreeChunk(chunk)
    }
  }

  private func channel(of voice: Int) -> Int32? {
    guard let channel = channels[voice], owners[channel] == voice else { return nil }
    return channel
  }

  private func setLevel(_ channel: Int32, volume: Double, pan: Double) {
    Mix_Volume(channel, Self.level(volume))
    let clamped = min(max(pan, -1), 1)
    let left = UInt8((255 * min(1, 1 - clamped)).rounded())
    let right = UInt8((255 * min(1, 1 + clamped)).rounded())
    Mix_SetPanning(channel, left, right)
  }

  private static func level(_ volume: Double) -> Int32 {
    Int32((min(max(volume, 0), 1) * Double(MIX_MAX_VOLUME)).rounded())
  }

  private func stopMusic() {
    guard let music else { return }
    Mix_HaltMusic()
    Mix_FreeMusic(music)
    self.music = nil
  }

  /// Halts every channel playing `chunk`, before it is freed.
  private func halt(_ chunk: UnsafeMutablePointer<Mix_Chunk>) {
    for channel in 0..<Int32(Limits.voices) where Mix_GetChunk(channel) == chunk {
      Mix_HaltChannel(channel)
    }
  }

  /// Makes a chunk of generated mono samples: a 16-bit WAV in memory, which SDL_mixer
  /// converts to the device's format as it would a file.
  private func define(_ name: String, samples: [Float], rate: Int) {
    if let old = generated.removeValue(forKey: name) {
      halt(old)
      Mix_FreeChunk(old)
    }
    let wav = Self.wav(samples: samples, rate: rate)
    let chunk = wav.withUnsafeBytes { bytes -> UnsafeMutablePointer<Mix_Chunk>? in
      guard let base = bytes.baseAddress, let ops = SDL_RWFromConstMem(base, Int32(bytes.count)) else { return nil }
      return Mix_LoadWAV_RW(ops, 1)
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
    if let chunk = generated[name] ?? chunks[name] { return chunk }
    guard !failed.contains(name) else { return nil }
    guard let path = assets.soundPath(named: name),
      let loaded = assets.load(path, fromFile: { Mix_LoadWAV($0) }, fromMemory: { Mix_LoadWAV_RW($0, 1) })
    else {
      failed.insert(name)
      assets.reportMissing(name, kind: "sound")
      return nil
    }
    chunks[name] = loaded
    return loaded
  }
}
