import Foundation
import TideCore

/// Facts about a game's `assets/` that need no renderer: image sizes and which sounds exist.
///
/// Headless runs must size image sprites exactly as the window does, so the size comes from
/// the PNG header itself rather than from a texture.
enum AssetCatalog {
  /// The pixel size of `assets/<name>` when it is a readable PNG.
  static func imageSize(named name: String, in game: URL) -> Vec2? {
    guard !name.contains(".."), let handle = FileHandle(forReadingAtPath: game.appendingPathComponent("assets").appendingPathComponent(name).path)
    else { return nil }
    defer { try? handle.close() }
    // PNG: 8-byte signature, then the IHDR chunk whose data starts with big-endian width and height.
    guard let header = try? handle.read(upToCount: 24), header.count == 24,
      header.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    else { return nil }
    let bytes = [UInt8](header)
    func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    return Vec2(x: Double(be32(16)), y: Double(be32(20)))
  }

  /// The file of sound `name` (`assets/<name>.wav` or `.ogg`), if there is one.
  static func soundFile(named name: String, in game: URL) -> URL? {
    guard !name.contains(".."), !name.contains("/") else { return nil }
    for ext in ["wav", "ogg"] {
      let url = game.appendingPathComponent("assets").appendingPathComponent("\(name).\(ext)")
      if FileManager.default.fileExists(atPath: url.path) { return url }
    }
    return nil
  }
}
