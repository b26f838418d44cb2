import Foundation
import TideCore
import TideScript

/// The page's messages for the engine's sound: one per `AudioCommand`, which the page carries
/// out through Web Audio (docs/serve.md, "Sound").
enum PageSound {
  /// The message telling the page to stop every voice and the music: sent before the state to
  /// a page that is new, came back, or lost a message.
  static let hush = "{\"t\":\"hush\"}"

  /// `command` as the page's message. `made`: whether the game made a sound of that name
  /// (`tide.audio.generate`), which a voice then plays before any file of the name, as the engine does.
  /// `at`: for a voice or music the page joins under way, the seconds it has played, over
  /// every pass, where the page starts it.
  static func message(_ command: AudioCommand, files: any GameFiles, made: (String) -> Bool, at: Double = 0) -> String {
    var joined = ""
    if at > 0, at.isFinite {
      joined = ",\"at\":"
      FrameEncoder.number(at, into: &joined)
    }
    switch command {
    case .define(let name, let samples, let rate):
      var out = "{\"t\":\"define\",\"name\":"
      FrameEncoder.string(name, into: &out)
      out += ",\"rate\":\(rate),\"pcm\":\"\(pcm16(samples))\"}"
      return out
    case .play(let voice, let sound, let volume, let pan, let loops):
      var out = "{\"t\":\"play\",\"id\":\(voice),"
      source(of: sound, made: made(sound), files: files, into: &out)
      out += ",\"vol\":"
      FrameEncoder.number(volume, into: &out)
      out += ",\"pan\":"
      FrameEncoder.number(pan, into: &out)
      out += ",\"loops\":\(loops)\(joined)}"
      return out
    case .setVoice(let voice, let volume, let pan):
      var out = "{\"t\":\"voice\",\"id\":\(voice),\"vol\":"
      FrameEncoder.number(volume, into: &out)
      out += ",\"pan\":"
      FrameEncoder.number(pan, into: &out)
      return out + "}"
    case .pause(let voice): return "{\"t\":\"voice\",\"id\":\(voice),\"do\":\"pause\"}"
    case .resume(let voice): return "{\"t\":\"voice\",\"id\":\(voice),\"do\":\"resume\"}"
    case .stop(let voice, let playedOut):
      // Played out: the page's own copy ends by itself, which may come a moment later.
      return "{\"t\":\"voice\",\"id\":\(voice),\"do\":\"\(playedOut ? "end" : "stop")\"}"
    case .playMusic(let track, let volume, let loops):
      var out = "{\"t\":\"music\","
      source(of: track, made: false, files: files, into: &out)
      out += ",\"vol\":"
      FrameEncoder.number(volume, into: &out)
      return out + ",\"loops\":\(loops)\(joined)}"
    case .setMusicVolume(let volume):
      var out = "{\"t\":\"music\",\"vol\":"
      FrameEncoder.number(volume, into: &out)
      return out + "}"
    case .pauseMusic: return "{\"t\":\"music\",\"do\":\"pause\"}"
    case .resumeMusic: return "{\"t\":\"music\",\"do\":\"resume\"}"
    case .stopMusic: return "{\"t\":\"music\",\"do\":\"stop\"}"
    }
  }

  /// Writes where the page finds sound `name`: `"gen":` its name when the game made it (the
  /// samples a `define` gave the page), else `"src":` its file under `assets/`. A name with
  /// neither goes as made: the page has nothing under it and plays nothing, as the window, which
  /// reported it, plays nothing.
  private static func source(of name: String, made: Bool, files: any GameFiles, into out: inout String) {
    if !made, let path = AssetCatalog.soundPath(named: name, in: files) {
      out += "\"src\":"
      FrameEncoder.string("assets/" + FrameEncoder.pathEscaped((path as NSString).lastPathComponent), into: &out)
    } else {
      out += "\"gen\":"
      FrameEncoder.string(name, into: &out)
    }
  }

  /// The samples as 16-bit little-endian PCM in base64: half the bytes of the floats, and
  /// below what a speaker can tell apart.
  static func pcm16(_ samples: [Float]) -> String {
    var bytes = [UInt8]()
    bytes.reserveCapacity(samples.count * 2)
    for sample in samples {
      let clamped = sample.isFinite ? max(-1, min(1, sample)) : 0
      let value = UInt16(bitPattern: Int16((clamped * 32767).rounded()))
      bytes.append(UInt8(truncatingIfNeeded: value))
      bytes.append(UInt8(truncatingIfNeeded: value >> 8))
    }
    return Data(bytes).base64EncodedString()
  }
}
