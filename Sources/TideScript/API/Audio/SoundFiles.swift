import Foundation
import LibSndfile

/// How long a sound file plays, read from its header with libsndfile (WAV, OGG Vorbis, MP3,
/// FLAC): the audio model needs it headless, where no SDL_mixer device decodes anything.
package enum SoundFiles {
  /// The extensions looked for, in order, after a sound's name.
  static let extensions = ["wav", "ogg", "mp3", "flac"]

  /// Seconds one play of the file at `url` lasts, or libsndfile's reason it cannot be read.
  static func duration(of url: URL) -> Result<Double, SoundFileError> {
    var info = SF_INFO()
    guard let file = sf_open(url.path, Int32(SFM_READ), &info) else {
      return .failure(SoundFileError(reason: String(cString: sf_strerror(nil))))
    }
    sf_close(file)
    guard info.samplerate > 0, info.frames >= 0 else {
      return .failure(SoundFileError(reason: "it says it has \(info.samplerate) samples a second"))
    }
    return .success(Double(info.frames) / Double(info.samplerate))
  }

  /// Writes `seconds` of a quiet 440 Hz tone as a `.wav`, `.ogg`, `.mp3` or `.flac` file (by
  /// `url`'s extension), mono at 8000 samples a second (44,100 for MP3, whose encoder wants it):
  /// real files of a known length for tests and examples.
  package static func writeTone(seconds: Double, to url: URL) throws {
    let kind = url.pathExtension
    let formats: [String: Int32] = [
      "wav": Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16), "ogg": Int32(SF_FORMAT_OGG | SF_FORMAT_VORBIS),
      "mp3": Int32(SF_FORMAT_MPEG | SF_FORMAT_MPEG_LAYER_III), "flac": Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_16),
    ]
    guard let format = formats[kind] else { throw SoundFileError(reason: "no sound format '\(kind)'") }
    var info = SF_INFO()
    info.samplerate = kind == "mp3" ? 44_100 : 8000
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
struct SoundFileError: Error {
  let reason: String
}
