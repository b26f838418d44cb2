import Foundation
import TideCore

/// Facts about a game's `assets/` that need no renderer: image sizes and which sounds exist.
///
/// Headless runs must size image sprites exactly as the window does, so the size comes from
/// the PNG header itself rather than from a texture.
enum AssetCatalog {
  /// The pixel size of `assets/<name>` when it is a readable PNG.
  static func imageSize(named name: String, in game: URL) -> Vec2? {
    guard !name.contains("..") else { return nil }
    return PNGInfo.size(of: game.appendingPathComponent("assets").appendingPathComponent(name))
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
