import Foundation
import LibSndfile
import TideCore

/// A sound file's bytes in memory, read by libsndfile through its virtual I/O.
private final class MemoryReader {
  let bytes: UnsafeRawBufferPointer
  var offset = 0

  init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

  static func of(_ pointer: UnsafeMutableRawPointer?) -> MemoryReader? {
    pointer.map { Unmanaged<MemoryReader>.fromOpaque($0).takeUnretainedValue() }
  }

  static let callbacks = SF_VIRTUAL_IO(
    get_filelen: { user in sf_count_t(MemoryReader.of(user)?.bytes.count ?? 0) },
    seek: { offset, whence, user in
      guard let reader = MemoryReader.of(user) else { return -1 }
      let base = whence == SEEK_CUR ? reader.offset : whence == SEEK_END ? reader.bytes.count : 0
      let target = base + Int(offset)
      guard target >= 0, target <= reader.bytes.count else { return -1 }
      reader.offset = target
      return sf_count_t(target)
    },
    read: { destination, count, user in
      guard let reader = MemoryReader.of(user), let destination, let base = reader.bytes.baseAddress else { return 0 }
      let n = max(0, min(Int(count), reader.bytes.count - reader.offset))
      destination.copyMemory(from: base + reader.offset, byteCount: n)
      reader.offset += n
      return sf_count_t(n)
    },
    write: { _, _, _ in 0 },
    tell: { user in sf_count_t(MemoryReader.of(user)?.offset ?? 0) })
}

/// How long a sound file plays, read from its header with libsndfile (WAV, OGG Vorbis, MP3,
/// FLAC, Opus, AIFF): the audio model needs it headless, where no SDL_mixer device decodes
/// anything. Those are the formats both read here and SDL_mixer decodes; tracker modules and
/// MIDI, which SDL_mixer also plays, are left out, as no header says how long they last.
package enum SoundFiles {
  /// The extensions looked for, in order, after a sound's name.
  package static let extensions = ["wav", "ogg", "mp3", "flac", "opus", "aiff"]

  /// The extensions as the reference and errors list them: `.wav, .ogg, ... and .aiff`.
  static let listed = extensions.dropLast().map { ".\($0)" }.joined(separator: ", ") + " and .\(extensions.last ?? "")"

  /// Seconds one play of the game's file at `path` lasts, or libsndfile's reason it cannot be
  /// read: from the disk for a folder, from memory for a packed game.
  static func duration(of path: String, in files: any GameFiles) -> Result<Double, SoundFileError> {
    if let url = files.diskURL(path) { return duration(of: url) }
    guard let data = files.contents(path) else { return .failure(SoundFileError(reason: "it cannot be read")) }
    var info = SF_INFO()
    let opened = data.withUnsafeBytes { bytes -> Bool in
      let reader = MemoryReader(bytes: bytes)
      var io = MemoryReader.callbacks
      return withExtendedLifetime(reader) {
        guard let file = sf_open_virtual(&io, Int32(SFM_READ), &info, Unmanaged.passUnretained(reader).toOpaque()) else { return false }
        // The header is all that is wanted: read, the file is closed before the bytes go.
        sf_close(file)
        return true
      }
    }
    guard opened else { return .failure(SoundFileError(reason: String(cString: sf_strerror(nil)))) }
    return duration(info)
  }

  /// Seconds one play of the file at `url` lasts, or libsndfile's reason it cannot be read.
  package static func duration(of url: URL) -> Result<Double, SoundFileError> {
    var info = SF_INFO()
    guard let file = sf_open(url.path, Int32(SFM_READ), &info) else {
      return .failure(SoundFileError(reason: String(cString: sf_strerror(nil))))
    }
    sf_close(file)
    return duration(info)
  }

  private static func duration(_ info: SF_INFO) -> Result<Double, SoundFileError> {
    guard info.samplerate > 0, info.frames >= 0 else {
      return .failure(SoundFileError(reason: "it says it has \(info.samplerate) samples a second"))
    }
    return .success(Double(info.frames) / Double(info.samplerate))
  }

  /// Writes `seconds` of a quiet 440 Hz tone as a `.wav`, `.ogg`, `.mp3`, `.flac`, `.opus` or
  /// `.aiff` file (by `url`'s extension), mono at 8000 samples a second (44,100 for MP3 and
  /// 48,000 for Opus, whose encoders want them):
  /// real files of a known length for tests and examples.
  package static func writeTone(seconds: Double, to url: URL) throws {
    let kind = url.pathExtension
    let formats: [String: Int32] = [
      "wav": Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16), "ogg": Int32(SF_FORMAT_OGG | SF_FORMAT_VORBIS),
      "mp3": Int32(SF_FORMAT_MPEG | SF_FORMAT_MPEG_LAYER_III), "flac": Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_16),
      "opus": Int32(SF_FORMAT_OGG | SF_FORMAT_OPUS), "aiff": Int32(SF_FORMAT_AIFF | SF_FORMAT_PCM_16),
    ]
    guard let format = formats[kind] else { throw SoundFileError(reason: "no sound format '\(kind)'") }
    var info = SF_INFO()
    info.samplerate = kind == "mp3" ? 44_100 : kind == "opus" ? 48_000 : 8000
    info.channels = 1
    info.format = format
    guard let file = sf_open(url.path, Int32(SFM_WRITE), &info) else {
      throw SoundFileError(reason: String(cString: sf_strerror(nil)))
    }
    defer { sf_close(file) }
    let rate = Double(info.samplerate)
    var samples = (0..<Int((seconds * rate).rounded())).map { Float(sin(Double($0) * 2 * .pi * 440 / rate) * 0.3) }
    _ = sf_writef_float(file, &samples, sf_count_t(samples.count))
  }
}

/// Why a sound file cannot be played.
package struct SoundFileError: Error {
  package let reason: String
}
