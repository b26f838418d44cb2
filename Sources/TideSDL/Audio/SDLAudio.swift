import CSDL2
import Foundation

/// Plays a game's sounds (`assets/<name>.wav` or `.ogg`) through SDL_mixer.
///
/// With no audio device the game runs silent: one warning line is printed and every `play`
/// does nothing. Sounds are decoded once and kept; `reload` forgets one after a hot reload.
final class SDLAudio {
  /// Whether opening the device failed, so nothing will be heard.
  let isSilent: Bool
  private let assets: AssetLibrary
  private var chunks: [String: UnsafeMutablePointer<Mix_Chunk>] = [:]
  private var failed: Set<String> = []

  /// Opens the audio device (44.1 kHz stereo); on failure prints one warning and runs silent.
  init(assets: AssetLibrary) {
    self.assets = assets
    var opened = false
    if SDLLibrary.startAudio() {
      _ = Mix_Init(Int32(MIX_INIT_OGG.rawValue))
      opened = Mix_OpenAudio(44100, UInt16(MIX_DEFAULT_FORMAT), 2, 1024) == 0
    }
    if opened {
      // Enough voices for overlapping effects in a busy moment.
      Mix_AllocateChannels(16)
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
    for chunk in chunks.values { Mix_FreeChunk(chunk) }
    Mix_CloseAudio()
  }

  /// Plays the sound called `name` at `volume` 0...1 on a free channel.
  func play(_ name: String, volume: Double) {
    guard !isSilent, let chunk = chunk(named: name) else { return }
    let channel = Mix_PlayChannel(-1, chunk, 0)
    guard channel >= 0 else { return }
    let level = Int32((min(max(volume, 0), 1) * Double(MIX_MAX_VOLUME)).rounded())
    Mix_Volume(channel, level)
  }

  /// Forgets the decoded copy of a sound so the next `play` reads the file again.
  func reload(_ name: String) {
    failed.remove(name)
    if let chunk = chunks.removeValue(forKey: name) {
      Mix_FreeChunk(chunk)
    }
  }

  private func chunk(named name: String) -> UnsafeMutablePointer<Mix_Chunk>? {
    if let chunk = chunks[name] { return chunk }
    guard !failed.contains(name) else { return nil }
    guard let url = assets.soundURL(named: name), let loaded = Mix_LoadWAV(url.path) else {
      failed.insert(name)
      assets.reportMissing(name, kind: "sound")
      return nil
    }
    chunks[name] = loaded
    return loaded
  }
}
