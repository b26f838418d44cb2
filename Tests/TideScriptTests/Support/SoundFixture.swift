import Foundation
import TideScript

/// The bytes of a real sound file, `seconds` long, in the container `kind` names ("wav", "ogg",
/// "mp3", "flac"): the engine reads each file's length from its header, so fixtures are real.
func toneFile(_ kind: String, seconds: Double) throws -> Data {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("tide-tone-\(UUID().uuidString).\(kind)")
  defer { try? FileManager.default.removeItem(at: url) }
  try SoundFiles.writeTone(seconds: seconds, to: url)
  return try Data(contentsOf: url)
}
