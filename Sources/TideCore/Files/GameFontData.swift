import Foundation

/// The bytes of fonts read from packed games, by the key a text node's `font` holds: the font
/// library opens a font from memory when its key is registered here, since nothing of an
/// archive is unpacked to disk. Process-wide, as the font library is; an entry stays for the
/// life of the process, because fonts opened from it read its bytes for as long as they live.
public enum GameFontData {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var fonts: [String: Data] = [:]

  /// Registers a font's bytes under `key` (a game's archive path and the font's path in it).
  public static func register(_ data: Data, key: String) {
    lock.withLock { fonts[key] = data }
  }

  /// The bytes registered under `key`, or nil for a font that is a file on disk.
  public static func data(_ key: String) -> Data? {
    lock.withLock { fonts[key] }
  }
}
