import Foundation
import TideCore

/// What a session's game asked of the sound since the hub last looked, for its page to follow;
/// and what a page that comes (or comes back) needs to hear the game as it sounds now.
///
/// The engine's audio model (`AudioMixer`) decides everything in game time and says it as
/// `AudioCommand`s with final levels, which the page only carries out, as SDL_mixer does in a
/// window. A page that was away missed some of them: it is told to go quiet and given the
/// state instead (`state`): the sounds the game made, the music, and the voices that loop. A
/// voice that plays once and was already under way is not started halfway for it, as a window
/// unmuted halfway through one would not replay it.
///
/// Written while the engine steps and read right after, both on the hub's thread.
public final class SoundQueue: @unchecked Sendable {
  /// A voice that loops, or the music, as the page must have it.
  struct Held: Equatable {
    let sound: String
    var volume: Double
    var pan: Double
    let loops: Int
    var paused: Bool
  }

  /// Commands since the hub last looked, in order.
  private(set) var pending: [AudioCommand] = []
  /// The sounds the game made (`tide.audio.generate`), by name, in the order made.
  private(set) var defined: [(name: String, samples: [Float], rate: Int)] = []
  /// The voices that loop (more than once, or forever) and have not ended, by voice id.
  private(set) var looping: [Int: Held] = [:]
  /// The music playing or paused; nil when none.
  private(set) var music: Held?

  public init() {}

  func record(_ command: AudioCommand) {
    pending.append(command)
    switch command {
    case .define(let name, let samples, let rate):
      defined.removeAll { $0.name == name }
      defined.append((name, samples, rate))
    case .play(let voice, let sound, let volume, let pan, let loops):
      if loops != 0 { looping[voice] = Held(sound: sound, volume: volume, pan: pan, loops: loops, paused: false) }
    case .setVoice(let voice, let volume, let pan):
      looping[voice]?.volume = volume
      looping[voice]?.pan = pan
    case .pause(let voice): looping[voice]?.paused = true
    case .resume(let voice): looping[voice]?.paused = false
    case .stop(let voice, _): looping[voice] = nil
    case .playMusic(let track, let volume, let loops):
      music = Held(sound: track, volume: volume, pan: 0, loops: loops, paused: false)
    case .setMusicVolume(let volume): music?.volume = volume
    case .pauseMusic: music?.paused = true
    case .resumeMusic: music?.paused = false
    case .stopMusic: music = nil
    }
  }

  /// Whether the game made a sound called `name` (a voice plays it before any file of the name).
  func isMade(_ name: String) -> Bool { defined.contains { $0.name == name } }

  /// Made sounds the page asked for (`PageInput.need`), by name, since the last look.
  private var askedFor: [String] = []

  /// Takes the commands since the last look.
  func takePending() -> [AudioCommand] {
    defer { pending.removeAll(keepingCapacity: true) }
    return pending
  }

  /// The page lacks made sound `name` (the message with it was lost).
  func asked(for name: String) {
    if !askedFor.contains(name), askedFor.count < 64 { askedFor.append(name) }
  }

  /// The made sounds the page asked for that the game has, as their definitions.
  func takeAsked() -> [AudioCommand] {
    defer { askedFor.removeAll() }
    return askedFor.compactMap { name in
      defined.first { $0.name == name }.map { .define(sound: $0.name, samples: $0.samples, rate: $0.rate) }
    }
  }

  /// The commands that bring a quiet page to the state: the sounds made (with `madeSounds`),
  /// the music, the voices that loop (each paused after it starts, where the game paused it).
  func state(madeSounds: Bool = true) -> [AudioCommand] {
    var commands =
      madeSounds ? defined.map { AudioCommand.define(sound: $0.name, samples: $0.samples, rate: $0.rate) } : []
    if let music {
      commands.append(.playMusic(track: music.sound, volume: music.volume, loops: music.loops))
      if music.paused { commands.append(.pauseMusic) }
    }
    for (voice, held) in looping.sorted(by: { $0.key < $1.key }) {
      commands.append(.play(voice: voice, sound: held.sound, volume: held.volume, pan: held.pan, loops: held.loops))
      if held.paused { commands.append(.pause(voice: voice)) }
    }
    return commands
  }
}

/// A session's backend: another backend (text metrics, image sizes) whose sound also goes to
/// the page.
public final class ServeBackend: Backend {
  private let inner: any Backend
  private let sounds: SoundQueue

  public init(_ inner: any Backend, sounds: SoundQueue) {
    self.inner = inner
    self.sounds = sounds
  }

  /// A one-shot sound: a voice of its own the page plays once (voice 0 is never the model's).
  public func play(sound: String, volume: Double) {
    inner.play(sound: sound, volume: volume)
    sounds.record(.play(voice: 0, sound: sound, volume: volume, pan: 0, loops: 0))
  }

  public func audio(_ command: AudioCommand) {
    inner.audio(command)
    sounds.record(command)
  }

  public var textMetrics: any TextMetrics { inner.textMetrics }

  public func imageSize(named name: String) -> Vec2? { inner.imageSize(named: name) }

  public func reloadAsset(path: String) { inner.reloadAsset(path: path) }
}
