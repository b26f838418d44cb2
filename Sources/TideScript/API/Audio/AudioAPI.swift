import LuaBridge
import TideCore

extension Audio {
  /// `tide.audio`: voices, music and volumes, from the game's `assets/` (`.wav`, `.ogg` Vorbis,
  /// `.mp3`, `.flac`, `.opus` or `.aiff`, decoded by SDL_mixer in a window; its tracker modules
  /// and MIDI are left out, as no header gives their length for a headless run) or made by the game
  /// (`tide.audio.generate`). Voices and music live in game time: a voice ends, and its `on_done`
  /// runs, at the same tick headless, in a test, in a replay and in a window. Music keeps
  /// playing across scenes until stopped; a fresh start silences everything.
  ///
  /// Every volume (a voice's, the music's, the master, music and sounds volumes) is a finite
  /// number heard clamped to 0 (silent) to 1 (full), as LÖVE takes them: `v:volume(v:volume()
  /// * 1.5)` is no error. What is read back is the clamped level.
  func install() {
    let m = module("tide.audio")

    /// Plays a sound as a new voice. Several voices of one sound may play at once (at most 64
    /// voices in all).
    /// @param name string: a sound made by `tide.audio.generate`, else `assets/<name>.wav`, `.ogg`, `.mp3`, `.flac`, `.opus` or `.aiff`
    /// @param opts SoundOptions?: `volume` (clamped to 0 to 1, default 1), `pan` (-1 to 1), `loops`, `fade_in`, `on_done`
    /// @return Voice: the playing voice; stop, pause, resume it or change its volume and pan
    /// @example local v = tide.audio.play("roar", { volume = 0.8, pan = -0.5, on_done = function() print("quiet") end })
    m.function("play") { [unowned self] lua in
      let name = try lua.checkString(1)
      try checkOptionKeys(lua, arg: 2, LuaTableShape.soundOptions.names, what: "option")
      let duration = try soundDuration(of: name, arg: 1)
      let volume = try lua.optNumberField(2, "volume", in: Limits.volume, default: 1)
      let pan = try lua.optNumberField(2, "pan", in: Limits.pan, default: 0)
      let loops = Int(try lua.optNumberField(2, "loops", in: Limits.soundLoops, default: 0))
      let fadeIn = try lua.optNumberField(2, "fade_in", in: Limits.fadeSeconds, default: 0)
      let done = try optFunctionField(lua, 2, "on_done")
      guard mixer.voiceCount < Limits.voices else {
        throw LuaRaise("too many voices: at most \(Limits.voices) play at once (stop one, or let it end)")
      }
      let token = play(
        name, duration: duration, volume: Self.clamped(volume), pan: pan, loops: loops, fadeIn: fadeIn, onDone: done)
      lua.pushObject(token, metatable: "tide.Voice")
      return 1
    }

    /// Streams music: `assets/<name>.wav`, `.ogg`, `.mp3`, `.flac`, `.opus` or `.aiff`, looping forever by default.
    /// It replaces the music playing (at once, or over `crossfade` seconds) and keeps playing
    /// across scenes until `tide.audio.stop_music`.
    /// @param name string: the file name without extension
    /// @param opts MusicOptions?: `volume` (clamped to 0 to 1, default 1), `loops`, `fade_in`, `crossfade`
    /// @example tide.audio.music("theme", { crossfade = 2 })
    m.function("music") { [unowned self] lua in
      let name = try lua.checkString(1)
      try checkOptionKeys(lua, arg: 2, LuaTableShape.musicOptions.names, what: "option")
      if generated[name] != nil {
        throw LuaArgumentError(arg: 1, message: "'\(name)' is a generated sound: play it with tide.audio.play")
      }
      let duration = try soundDuration(of: name, arg: 1)
      let volume = Self.clamped(try lua.optNumberField(2, "volume", in: Limits.volume, default: 1))
      let loops = Int(try lua.optNumberField(2, "loops", in: Limits.soundLoops, default: -1))
      let fadeIn = try lua.optNumberField(2, "fade_in", in: Limits.fadeSeconds, default: 0)
      let crossfade = try lua.optNumberField(2, "crossfade", in: Limits.fadeSeconds, default: 0)
      playMusic(name, duration: duration, volume: volume, loops: loops, fadeIn: fadeIn, crossfade: crossfade)
      return 0
    }

    /// Stops the music, at once or fading out over `fade` seconds. Harmless with no music.
    /// @param fade number?: seconds, 0 to 3600 (default 0)
    /// @example tide.audio.stop_music(1.5)
    m.function("stop_music") { [unowned self] lua in
      let fade = try lua.optNumber(1, "fade", in: Limits.fadeSeconds, default: 0)
      mixer.stopMusic(fade: fade)
      return 0
    }

    /// Pauses the music where it is. Harmless with no music.
    /// @example tide.audio.pause_music()
    m.function("pause_music") { [unowned self] _ in
      mixer.setMusicPaused(true)
      return 0
    }

    /// Resumes paused music from where it paused. Harmless with no music.
    /// @example tide.audio.resume_music()
    m.function("resume_music") { [unowned self] _ in
      mixer.setMusicPaused(false)
      return 0
    }

    /// Sets the playing track's own volume (the `music` volume of `tide.audio.volume` multiplies
    /// it). Harmless with no music.
    /// @param volume number: 0 to 1 (clamped)
    /// @example tide.audio.music_volume(0.3)
    m.function("music_volume") { [unowned self] lua in
      let volume = Self.clamped(try lua.checkNumber(1, "volume", in: Limits.volume))
      mixer.setMusicTrackVolume(volume)
      return 0
    }

    /// The music playing or paused, or nil: `{ name, state = "playing"|"paused", volume,
    /// position, duration, next }`, `position` and `duration` in seconds of one pass, `next`
    /// the track a crossfade is bringing in.
    /// @return table?
    /// @example local m = tide.audio.current_music(); if m then print(m.name, m.position) end
    m.function("current_music") { [unowned self] lua in
      guard let music = mixer.musicInfo else {
        lua.pushNil()
        return 1
      }
      pushMusic(music, on: lua)
      return 1
    }

    /// Sets any of the master, music and sounds volumes (each clamped to 0 to 1; the others
    /// stay) and returns all three. With no table it only returns them.
    /// @param levels VolumeLevels?: `master`, `music`, `sounds`
    /// @return VolumeLevels
    /// @example tide.audio.volume{ music = 0.5 }
    m.function("volume") { [unowned self] lua in
      try checkOptionKeys(lua, arg: 1, LuaTableShape.volumeLevels.names, what: "volume")
      if lua.type(at: 1) == .table {
        mixer.setVolumes(
          master: Self.clamped(try lua.optNumberField(1, "master", in: Limits.volume, default: mixer.master)),
          music: Self.clamped(try lua.optNumberField(1, "music", in: Limits.volume, default: mixer.musicVolume)),
          sounds: Self.clamped(try lua.optNumberField(1, "sounds", in: Limits.volume, default: mixer.soundsVolume)))
      } else if !lua.isNoneOrNil(at: 1) {
        throw lua.typeError(1, expected: "table")
      }
      lua.newTable(nrec: 3)
      for (key, value) in [("master", mixer.master), ("music", mixer.musicVolume), ("sounds", mixer.soundsVolume)] {
        lua.push(value)
        lua.rawSet(-2, key: key)
      }
      return 1
    }

    /// Makes sound `name` from a list of samples or a waveform (`"sine"`, `"square"`,
    /// `"triangle"`, `"saw"`, `"noise"`) with an attack/decay/sustain/release envelope, to play
    /// with `tide.audio.play` like a file (it is found before a file of the same name). The
    /// same spec always gives the same sound. Made again, a name gets the new sound; a fresh
    /// start forgets them all.
    /// @param name string: the name to play it by
    /// @param spec SoundSpec: `samples` (and `rate`), or `wave`, `frequency`, `duration` and the envelope
    /// @return number: how many seconds it plays
    /// @example tide.audio.generate("beep", { wave = "square", frequency = 880, duration = 0.1, release = 0.05 })
    m.function("generate") { [unowned self] lua in
      let name = try lua.checkString(1)
      guard !name.isEmpty, name.utf8.count <= 200 else {
        throw LuaArgumentError(arg: 1, message: "name must be 1 to 200 bytes")
      }
      try lua.checkTable(2)
      try checkOptionKeys(lua, arg: 2, LuaTableShape.soundSpec.names, what: "spec key")
      let (samples, rate) = try readSpec(lua, arg: 2)
      define(name, samples: samples, rate: rate)
      lua.push(Double(samples.count) / Double(rate))
      return 1
    }

    installVoice()
  }

  /// The methods of a voice (`tide.audio.play`'s result).
  private func installVoice() {
    let t = type("Voice")

    /// Stops the voice, at once or fading out over `fade` seconds; `on_done` runs when it has
    /// ended. Like every method, harmless on a voice that already ended.
    /// @param fade number?: seconds, 0 to 3600 (default 0)
    /// @example v:stop(0.5)
    t.method("stop") { [unowned self] lua in
      let voice = try lua.checkUserdata(1, VoiceToken.self, name: "Voice")
      let fade = try lua.optNumber(2, "fade", in: Limits.fadeSeconds, default: 0)
      stop(voice.id, fade: fade)
      return 0
    }

    /// Pauses the voice where it is: game time passes without it.
    /// @example v:pause()
    t.method("pause") { [unowned self] lua in
      let voice = try lua.checkUserdata(1, VoiceToken.self, name: "Voice")
      mixer.setPaused(voice.id, true)
      return 0
    }

    /// Resumes a paused voice from where it paused.
    /// @example v:resume()
    t.method("resume") { [unowned self] lua in
      let voice = try lua.checkUserdata(1, VoiceToken.self, name: "Voice")
      mixer.setPaused(voice.id, false)
      return 0
    }

    /// Sets the voice's volume, or with no argument returns it (nil once it ended).
    /// @param volume number?: 0 to 1 (clamped)
    /// @return number?
    /// @example v:volume(0.3)
    t.method("volume") { [unowned self] lua in
      let voice = try lua.checkUserdata(1, VoiceToken.self, name: "Voice")
      if lua.isNoneOrNil(at: 2) {
        if let info = mixer.voice(voice.id) { lua.push(info.volume) } else { lua.pushNil() }
        return 1
      }
      mixer.set(voice.id, volume: Self.clamped(try lua.checkNumber(2, "volume", in: Limits.volume)))
      return 0
    }

    /// Sets the voice's pan, or with no argument returns it (nil once it ended).
    /// @param pan number?: -1 (left) to 1 (right)
    /// @return number?
    /// @example v:pan(-1)
    t.method("pan") { [unowned self] lua in
      let voice = try lua.checkUserdata(1, VoiceToken.self, name: "Voice")
      if lua.isNoneOrNil(at: 2) {
        if let info = mixer.voice(voice.id) { lua.push(info.pan) } else { lua.pushNil() }
        return 1
      }
      mixer.set(voice.id, pan: try lua.checkNumber(2, "pan", in: Limits.pan))
      return 0
    }

    /// `"playing"`, `"paused"` or, once it played out or was stopped, `"stopped"`.
    /// @return "playing"|"paused"|"stopped"
    /// @example if v:state() == "stopped" then v = nil end
    t.method("state") { [unowned self] lua in
      let voice = try lua.checkUserdata(1, VoiceToken.self, name: "Voice")
      let info = mixer.voice(voice.id)
      lua.push(info == nil ? "stopped" : info?.paused == true ? "paused" : "playing")
      return 1
    }

    /// Seconds into the current pass (nil once it ended).
    /// @return number?
    /// @example local t = v:position()
    t.method("position") { [unowned self] lua in
      let voice = try lua.checkUserdata(1, VoiceToken.self, name: "Voice")
      if let info = mixer.voice(voice.id) { lua.push(info.position) } else { lua.pushNil() }
      return 1
    }

    /// Seconds one pass of the sound lasts (nil once it ended).
    /// @return number?
    /// @example local length = v:duration()
    t.method("duration") { [unowned self] lua in
      let voice = try lua.checkUserdata(1, VoiceToken.self, name: "Voice")
      if let info = mixer.voice(voice.id) { lua.push(info.duration) } else { lua.pushNil() }
      return 1
    }

    /// Game seconds until it ends if nothing changes; nil when it never will by itself
    /// (looping forever or paused) or already ended.
    /// @return number?
    /// @example tide.after(v:remaining() or 0, next_line)
    t.method("remaining") { [unowned self] lua in
      let voice = try lua.checkUserdata(1, VoiceToken.self, name: "Voice")
      if let remaining = mixer.voice(voice.id)?.remaining { lua.push(remaining) } else { lua.pushNil() }
      return 1
    }
    registerMethodsMetatable("tide.Voice", methods: "Voice")
  }

  /// How long sound `name` (argument `arg`) plays, from a generated sound or the file's header;
  /// errors name the file or where it was looked for.
  private func soundDuration(of name: String, arg: Int32) throws -> Double {
    if let duration = generated[name] ?? knownSounds[name] { return duration }
    let shown = context.displayPath
    guard let path = AssetCatalog.soundPath(named: name, in: context.files) else {
      if let problem = AssetCatalog.problem(named: name, extensions: SoundFiles.extensions, in: context.files, shown: shown) {
        throw LuaArgumentError(arg: arg, message: problem)
      }
      throw LuaArgumentError(
        arg: arg, message: "no sound '\(name)' (looked for \(shown)/assets/\(name)\(SoundFiles.listed))")
    }
    switch SoundFiles.duration(of: path, in: context.files) {
    case .success(let duration):
      knownSounds[name] = duration
      return duration
    case .failure(let error):
      throw LuaArgumentError(
        arg: arg, message: "\(shown)/\(path) is not a sound file that can be played (\(error.reason))")
    }
  }

  /// Field `key` of the options table at `arg` when it is a function; nil when absent.
  private func optFunctionField(_ lua: LuaState, _ arg: Int32, _ key: String) throws -> LuaRef? {
    guard lua.type(at: arg) == .table else { return nil }
    defer { lua.pop() }
    switch lua.rawGet(arg, key: key) {
    case .nil: return nil
    case .function: return lua.ref(at: -1)
    default: throw LuaArgumentError(arg: arg, message: "'\(key)' must be a function, got \(lua.typeName(at: -1))")
    }
  }

  /// The samples and rate a `SoundSpec` at `arg` describes.
  private func readSpec(_ lua: LuaState, arg: Int32) throws -> ([Float], Int) {
    if lua.rawGet(arg, key: "samples") != .nil {
      defer { lua.pop() }
      guard lua.type(at: -1) == .table else {
        throw LuaArgumentError(arg: arg, message: "'samples' must be a table of numbers, got \(lua.typeName(at: -1))")
      }
      let list = lua.top
      let count = lua.rawLength(list)
      guard count > 0, count <= Limits.samples else {
        throw LuaArgumentError(arg: arg, message: "'samples' must hold 1 to \(Limits.samples) numbers, got \(count)")
      }
      let rate = Int(try lua.optNumberField(arg, "rate", in: Limits.sampleRate, default: Double(SoundSynth.rate)))
      var samples = [Float](repeating: 0, count: count)
      for index in 1...count {
        lua.rawGet(list, index: index)
        defer { lua.pop() }
        guard let value = try lua.rangedNumber(at: -1, "samples[\(index)]", in: Limits.pan, arg: arg) else {
          throw LuaArgumentError(arg: arg, message: "samples[\(index)] must be a number, got \(lua.typeName(at: -1))")
        }
        samples[index - 1] = Float(value)
      }
      return (samples, rate)
    }
    lua.pop()
    guard lua.rawGet(arg, key: "wave") == .string, let waveName = lua.toString(at: -1) else {
      let got = lua.typeName(at: -1)
      lua.pop()
      throw LuaArgumentError(arg: arg, message: "give 'samples' or 'wave' (\(Self.waveNames)), got wave of type \(got)")
    }
    lua.pop()
    guard let wave = SoundSynth.Wave(rawValue: waveName) else {
      throw LuaArgumentError(arg: arg, message: "unknown wave '\(waveName)' (valid: \(Self.waveNames))")
    }
    let frequency = try lua.optNumberField(arg, "frequency", in: Limits.frequency, default: 440)
    let duration = try lua.optNumberField(arg, "duration", in: Limits.toneSeconds, default: 0.2)
    let envelope = SoundSynth.Envelope(
      attack: try lua.optNumberField(arg, "attack", in: Limits.envelopeSeconds, default: 0.005),
      decay: try lua.optNumberField(arg, "decay", in: Limits.envelopeSeconds, default: 0),
      sustain: try lua.optNumberField(arg, "sustain", in: Limits.level, default: 1),
      release: try lua.optNumberField(arg, "release", in: Limits.envelopeSeconds, default: 0.005))
    let volume = Self.clamped(try lua.optNumberField(arg, "volume", in: Limits.volume, default: 0.5))
    let samples = SoundSynth.render(wave, frequency: frequency, duration: duration, envelope: envelope, volume: volume)
    return (samples, SoundSynth.rate)
  }

  /// A volume as heard: 0 (silent) to 1 (full).
  private static func clamped(_ volume: Double) -> Double { min(max(volume, 0), 1) }

  private static let waveNames = SoundSynth.Wave.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")

  /// Pushes what `current_music` returns.
  private func pushMusic(_ music: AudioMixer.MusicInfo, on lua: LuaState) {
    lua.newTable(nrec: 6)
    lua.push(music.track)
    lua.rawSet(-2, key: "name")
    lua.push(music.paused ? "paused" : "playing")
    lua.rawSet(-2, key: "state")
    for (key, value) in [("volume", music.volume), ("position", music.position), ("duration", music.duration)] {
      lua.push(value)
      lua.rawSet(-2, key: key)
    }
    if let next = music.next {
      lua.push(next)
      lua.rawSet(-2, key: "next")
    }
  }
}
