import LuaBridge
import TideCore

/// A voice as Lua sees it: `tide.audio.play`'s result. Pushing the same token again gives the
/// same Lua value, so the voice `on_done` receives is the one `play` returned.
final class VoiceToken {
  let id: Int
  init(_ id: Int) { self.id = id }
}

/// The game's sounds and music: the audio model (`AudioMixer`) stepped in game time, which the
/// backend follows, and what tests ask about (what played, what is playing).
///
/// Voices and music are the game's, not a scene's: music keeps playing across scenes.
final class Audio: Part {
  let context: PartContext
  /// Every sound played since the game started, by name.
  private(set) var log: [String] = []
  /// How long each sound `tide.audio.play` has found a file for plays: looking one up checks the
  /// folder wall with system calls and reads the header, which cost a played game (a pop a tap)
  /// a tenth of its time. Emptied when an asset is saved or deleted and on every fresh start.
  var knownSounds: [String: Double] = [:]
  /// Sounds the game made (`tide.audio.generate`), by name: how long each plays.
  private(set) var generated: [String: Double] = [:]
  /// The voices, the music and the volumes, in game time.
  private(set) lazy var mixer = AudioMixer { [unowned self] command in context.backend.audio(command) }
  /// The Lua value of each voice still playing that Lua holds, so `on_done` gets the same one.
  private var tokens: [Int: VoiceToken] = [:]
  private var onDone: [Int: LuaRef] = [:]

  init(context: PartContext) { self.context = context }

  /// Starts a voice of `name` (known to last `duration` s per pass) and logs it.
  func play(_ name: String, duration: Double, volume: Double, pan: Double, loops: Int, fadeIn: Double, onDone done: LuaRef?) -> VoiceToken {
    log.append(name)
    let id = mixer.play(name, duration: duration, volume: volume, pan: pan, loops: loops, fadeIn: fadeIn)
    let token = VoiceToken(id)
    tokens[id] = token
    if let done { onDone[id] = done }
    return token
  }

  /// Streams music `name` (one pass lasts `duration` s) and logs it.
  func playMusic(_ name: String, duration: Double, volume: Double, loops: Int, fadeIn: Double, crossfade: Double) {
    log.append(name)
    mixer.playMusic(name, duration: duration, volume: volume, loops: loops, fadeIn: fadeIn, crossfade: crossfade)
  }

  /// Ends voice `id` now or after a fade; its `on_done` runs when it has ended.
  func stop(_ id: Int, fade: Double) {
    guard mixer.stop(id, fade: fade), fade <= 0 else { return }
    finished(id, .stopped)
  }

  /// Registers a generated sound with the backend.
  func define(_ name: String, samples: [Float], rate: Int) {
    generated[name] = Double(samples.count) / Double(rate)
    context.backend.audio(.define(sound: name, samples: samples, rate: rate))
  }

  /// Steps voices and music by one tick and runs the `on_done` of each voice that ended.
  func update(_ dt: Double) {
    for (id, ending) in mixer.update(dt) { finished(id, ending) }
  }

  private func finished(_ id: Int, _ ending: AudioMixer.Ending) {
    let token = tokens.removeValue(forKey: id)
    guard let done = onDone.removeValue(forKey: id) else { return }
    invoke(done, context: "voice on_done") { lua in
      if let token { lua.pushObject(token, metatable: "tide.Voice") } else { lua.pushNil() }
      lua.push(ending.rawValue)
      return 2
    }
  }

  /// Stops everything and forgets what played and what was generated, for a fresh start.
  func resetGame(seed: UInt64) {
    mixer.reset()
    tokens.removeAll()
    onDone.removeAll()
    log.removeAll()
    knownSounds.removeAll()
    generated.removeAll()
  }
}
