/// Voices and music modelled in game time: what plays, where it is, when it ends.
///
/// The model, not the sound device, decides when a voice ends, so a headless run, a test, a
/// replay and a window see the same voices at the same tick; a platform follows it through
/// the `AudioCommand`s handed to `send`. Stepped by `update(dt)` once a tick.
public final class AudioMixer {
  /// How a voice ended.
  public enum Ending: String, Sendable { case done, stopped }

  /// A voice as tests and scripts see it.
  public struct VoiceInfo: Equatable, Sendable {
    public let id: Int
    public let sound: String
    public let volume: Double
    public let pan: Double
    /// Repeats after the first play; -1 forever.
    public let loops: Int
    public let paused: Bool
    /// Seconds into the current pass.
    public let position: Double
    /// Seconds of one pass.
    public let duration: Double
    /// Game seconds left until it ends if nothing changes; nil when it never will (looping forever or paused).
    public let remaining: Double?
    /// The fade multiplier now, 0...1.
    public let gain: Double
    /// Seconds played over every pass: where a listener who comes late joins it.
    public let played: Double
  }

  /// The music as tests and scripts see it.
  public struct MusicInfo: Equatable, Sendable {
    public let track: String
    public let volume: Double
    public let loops: Int
    public let paused: Bool
    public let position: Double
    public let duration: Double
    public let gain: Double
    /// The track a crossfade will bring in, while the current one fades out.
    public let next: String?
    /// Seconds played over every pass: where a listener who comes late joins it.
    public let played: Double
  }

  private struct Fade {
    var from: Double
    var to: Double
    var elapsed = 0.0
    let length: Double
    /// A fade out that ends the voice (or hands over to the next track).
    let ends: Bool

    var gain: Double { length <= 0 ? to : from + (to - from) * min(1, elapsed / length) }
    var isOver: Bool { elapsed >= length - AudioMixer.slack }
  }

  private final class Voice {
    let id: Int
    let sound: String
    let duration: Double
    var volume: Double
    var pan: Double
    let loops: Int
    var passes = 0
    var position = 0.0
    var paused = false
    var gain = 1.0
    var fade: Fade?

    init(id: Int, sound: String, duration: Double, volume: Double, pan: Double, loops: Int) {
      self.id = id
      self.sound = sound
      self.duration = duration
      self.volume = volume
      self.pan = pan
      self.loops = loops
    }

    /// Advances the play position; true when the last pass has played out.
    func advance(_ dt: Double) -> Bool {
      guard !paused else { return false }
      position += dt
      // Ticks of 1/60 s add up a hair short of a length they meet exactly (30 of them to 0.5):
      // such a pass ends at that tick, not one later.
      guard position >= duration - AudioMixer.slack else { return false }
      if duration <= 0 { return true }
      // Counted, not looped: a sound one sample long passes thousands of times in a tick.
      let whole = max(1, Int((position + AudioMixer.slack) / duration))
      if loops >= 0, passes + whole > loops { return true }
      passes += whole
      position = max(0, position - Double(whole) * duration)
      return false
    }

    var played: Double { Double(passes) * duration + position }

    var remaining: Double? {
      guard !paused, loops >= 0 else { return nil }
      return max(0, Double(loops - passes) * duration + duration - position)
    }
  }

  /// Music waiting for the current track to fade out (the second half of a crossfade).
  private struct NextTrack {
    let track: String
    let duration: Double
    let volume: Double
    let loops: Int
    let fadeIn: Double
  }

  /// How far short of its end a pass counts as played out (rounding of summed ticks).
  static let slack = 1e-9

  /// Where commands go (the backend).
  public var send: (AudioCommand) -> Void
  /// Master, music and sounds volumes, 0...1, multiplying every level.
  public private(set) var master = 1.0
  public private(set) var musicVolume = 1.0
  public private(set) var soundsVolume = 1.0

  private var voices: [Voice] = []
  private var nextID = 1
  private var music: Voice?
  private var nextTrack: NextTrack?

  public init(send: @escaping (AudioCommand) -> Void) { self.send = send }

  // MARK: Voices

  /// The voices playing or paused, oldest first.
  public var voiceInfos: [VoiceInfo] { voices.map(Self.info) }

  /// How many voices are playing or paused.
  public var voiceCount: Int { voices.count }

  /// The voice `id` while it has not ended.
  public func voice(_ id: Int) -> VoiceInfo? { find(id).map(Self.info) }

  /// Starts `sound` (one pass lasts `duration` seconds) and returns the voice's id.
  public func play(
    _ sound: String, duration: Double, volume: Double = 1, pan: Double = 0, loops: Int = 0, fadeIn: Double = 0
  ) -> Int {
    let voice = Voice(id: nextID, sound: sound, duration: duration, volume: volume, pan: pan, loops: loops)
    nextID += 1
    if fadeIn > 0 {
      voice.fade = Fade(from: 0, to: 1, length: fadeIn, ends: false)
      voice.gain = 0
    }
    voices.append(voice)
    send(.play(voice: voice.id, sound: sound, volume: level(of: voice), pan: pan, loops: loops))
    return voice.id
  }

  /// Ends voice `id` now, or fades it out over `fade` seconds first. False when it already ended.
  @discardableResult
  public func stop(_ id: Int, fade: Double = 0) -> Bool {
    guard let voice = find(id) else { return false }
    if fade > 0 {
      voice.fade = Fade(from: voice.gain, to: 0, length: fade, ends: true)
      return true
    }
    remove(voice)
    return true
  }

  /// Pauses or resumes voice `id`; false when it already ended.
  @discardableResult
  public func setPaused(_ id: Int, _ paused: Bool) -> Bool {
    guard let voice = find(id) else { return false }
    guard voice.paused != paused else { return true }
    voice.paused = paused
    send(paused ? .pause(voice: id) : .resume(voice: id))
    return true
  }

  /// Sets voice `id`'s own volume and pan; false when it already ended.
  @discardableResult
  public func set(_ id: Int, volume: Double? = nil, pan: Double? = nil) -> Bool {
    guard let voice = find(id) else { return false }
    if let volume { voice.volume = volume }
    if let pan { voice.pan = pan }
    send(.setVoice(voice: id, volume: level(of: voice), pan: voice.pan))
    return true
  }

  /// Ends every voice and the music at once, telling no one (a fresh start).
  public func reset() {
    for voice in voices { send(.stop(voice: voice.id)) }
    voices.removeAll()
    if music != nil { send(.stopMusic) }
    music = nil
    nextTrack = nil
    nextID = 1
    master = 1
    musicVolume = 1
    soundsVolume = 1
  }

  // MARK: Music

  /// The music playing or paused (the outgoing track during a crossfade), if any.
  public var musicInfo: MusicInfo? {
    guard let music else { return nil }
    return MusicInfo(
      track: music.sound, volume: music.volume, loops: music.loops, paused: music.paused, position: music.position,
      duration: music.duration, gain: music.gain, next: nextTrack?.track, played: music.played)
  }

  /// Streams `track` (one pass lasts `duration` s), replacing the music; with `crossfade` > 0
  /// the current track fades out over its first half and the new one fades in over the second.
  public func playMusic(
    _ track: String, duration: Double, volume: Double = 1, loops: Int = -1, fadeIn: Double = 0, crossfade: Double = 0
  ) {
    if let music, crossfade > 0, !music.paused {
      let half = crossfade / 2
      nextTrack = NextTrack(track: track, duration: duration, volume: volume, loops: loops, fadeIn: max(fadeIn, half))
      music.fade = Fade(from: music.gain, to: 0, length: half, ends: true)
      return
    }
    nextTrack = nil
    if music != nil { send(.stopMusic) }
    startMusic(NextTrack(track: track, duration: duration, volume: volume, loops: loops, fadeIn: fadeIn))
  }

  /// Stops the music now, or fades it out over `fade` seconds. False when none plays.
  @discardableResult
  public func stopMusic(fade: Double = 0) -> Bool {
    guard let music else { return false }
    nextTrack = nil
    if fade > 0, !music.paused {
      music.fade = Fade(from: music.gain, to: 0, length: fade, ends: true)
      return true
    }
    endMusic()
    return true
  }

  /// Pauses or resumes the music; false when none plays.
  @discardableResult
  public func setMusicPaused(_ paused: Bool) -> Bool {
    guard let music else { return false }
    guard music.paused != paused else { return true }
    music.paused = paused
    send(paused ? .pauseMusic : .resumeMusic)
    return true
  }

  /// Sets the music's own volume; false when none plays.
  @discardableResult
  public func setMusicTrackVolume(_ volume: Double) -> Bool {
    guard let music else { return false }
    music.volume = volume
    send(.setMusicVolume(level(ofMusic: music)))
    return true
  }

  /// Sets any of the master, music and sounds volumes and passes the new levels on.
  public func setVolumes(master: Double? = nil, music musicLevel: Double? = nil, sounds: Double? = nil) {
    if let master { self.master = master }
    if let musicLevel { musicVolume = musicLevel }
    if let sounds { soundsVolume = sounds }
    for voice in voices { send(.setVoice(voice: voice.id, volume: level(of: voice), pan: voice.pan)) }
    if let music { send(.setMusicVolume(level(ofMusic: music))) }
  }

  // MARK: Ticks

  /// Steps every voice and the music by `dt` game seconds; returns the voices that ended, in
  /// the order they started.
  public func update(_ dt: Double) -> [(id: Int, ending: Ending)] {
    var ended: [(id: Int, ending: Ending)] = []
    for voice in voices {
      let fading = voice.fade != nil && !voice.paused
      if let ending = step(voice, dt) {
        ended.append((voice.id, ending))
      } else if fading {
        send(.setVoice(voice: voice.id, volume: level(of: voice), pan: voice.pan))
      }
    }
    for (id, ending) in ended {
      if let voice = find(id) { remove(voice, playedOut: ending == .done) }
    }
    if let music {
      let fading = music.fade != nil && !music.paused
      if step(music, dt) != nil {
        endMusic()
        if let next = nextTrack {
          nextTrack = nil
          startMusic(next)
        }
      } else if fading {
        send(.setMusicVolume(level(ofMusic: music)))
      }
    }
    return ended
  }

  /// Steps one voice's fade and position; how it ended, if it did.
  private func step(_ voice: Voice, _ dt: Double) -> Ending? {
    if var fade = voice.fade, !voice.paused {
      fade.elapsed += dt
      voice.gain = fade.gain
      if fade.isOver {
        voice.gain = fade.to
        voice.fade = nil
        if fade.ends { return .stopped }
      } else {
        voice.fade = fade
      }
    }
    return voice.advance(dt) ? .done : nil
  }

  // MARK: Helpers

  private func startMusic(_ next: NextTrack) {
    let track = Voice(id: 0, sound: next.track, duration: next.duration, volume: next.volume, pan: 0, loops: next.loops)
    if next.fadeIn > 0 {
      track.fade = Fade(from: 0, to: 1, length: next.fadeIn, ends: false)
      track.gain = 0
    }
    music = track
    send(.playMusic(track: next.track, volume: level(ofMusic: track), loops: next.loops))
  }

  private func endMusic() {
    music = nil
    send(.stopMusic)
  }

  private func find(_ id: Int) -> Voice? { voices.first { $0.id == id } }

  private func remove(_ voice: Voice, playedOut: Bool = false) {
    voices.removeAll { $0 === voice }
    send(.stop(voice: voice.id, playedOut: playedOut))
  }

  private func level(of voice: Voice) -> Double { voice.volume * voice.gain * soundsVolume * master }
  private func level(ofMusic music: Voice) -> Double { music.volume * music.gain * musicVolume * master }

  private static func info(_ voice: Voice) -> VoiceInfo {
    VoiceInfo(
      id: voice.id, sound: voice.sound, volume: voice.volume, pan: voice.pan, loops: voice.loops, paused: voice.paused,
      position: voice.position, duration: voice.duration, remaining: voice.remaining, gain: voice.gain,
      played: voice.played)
  }
}
