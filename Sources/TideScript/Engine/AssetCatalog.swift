import Foundation
import TideCore

/// Facts about a game's `assets/` that need no renderer: image sizes and which sounds exist.
///
/// Headless runs must size image sprites exactly as the window does, so the size comes from
/// the image header itself (`ImageInfo`) rather than from a texture.
package enum AssetCatalog {
  /// The pixel size of `assets/<name>` (or, for a name without an extension, the first of
  /// `<name>.png`, `.jpg`, `.jpeg` and `.webp` there) when it is a readable image.
  static func imageSize(named name: String, in game: URL) -> Vec2? {
    guard !name.contains("..") else { return nil }
    let assets = game.appendingPathComponent("assets")
    let bare = (name as NSString).pathExtension.isEmpty
    for candidate in [name] + (bare ? ImageInfo.extensions.map { "\(name).\($0)" } : []) {
      let url = assets.appendingPathComponent(candidate)
      if FolderWall.isReadableFile(url, roots: [game]) { return ImageInfo.size(of: url) }
    }
    return nil
  }

  /// Why `assets/<name>` (or one of `candidates` names for it) may not be read, when it exists
  /// but leads outside the game folder or is no regular file.
  static func problem(named name: String, extensions: [String], in game: URL, shown: String) -> String? {
    for candidate in [name] + extensions.map({ "\(name).\($0)" }) {
      let url = game.appendingPathComponent("assets").appendingPathComponent(candidate)
      if let problem = FolderWall.problem(with: url, roots: [game], shown: "\(shown)/assets/\(candidate)") {
        return problem
      }
    }
    return nil
  }

  /// The file of sound `name` (`assets/<name>.wav`, `.ogg`, `.mp3` or `.flac`), if there is one.
  package static func soundFile(named name: String, in game: URL) -> URL? {
    guard !name.contains(".."), !name.contains("/") else { return nil }
    for ext in SoundFiles.extensions {
      let url = game.appendingPathComponent("assets").appendingPathComponent("\(name).\(ext)")
      if FolderWall.isReadableFile(url, roots: [game]) { return url }
    }
    return nil
  }
}
