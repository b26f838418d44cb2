import Foundation
import TideCore

/// Facts about a game's `assets/` that need no renderer: image sizes and which sounds exist.
///
/// Headless runs must size image sprites exactly as the window does, so the size comes from
/// the image header itself (`ImageInfo`) rather than from a texture.
package enum AssetCatalog {
  /// The pixel size of `assets/<name>` (or, for a name without an extension, the first of
  /// `<name>.png`, `.jpg`, `.jpeg` and `.webp` there) when it is a readable image.
  static func imageSize(named name: String, in files: any GameFiles) -> Vec2? {
    guard !name.contains("..") else { return nil }
    let bare = (name as NSString).pathExtension.isEmpty
    for candidate in [name] + (bare ? ImageInfo.extensions.map { "\(name).\($0)" } : []) {
      let path = "assets/" + candidate
      if files.isReadableFile(path) { return files.imageSize(path) }
    }
    return nil
  }

  /// Why `assets/<name>` (or one of `candidates` names for it) may not be read, when it exists
  /// but leads outside the game folder or is no regular file.
  static func problem(named name: String, extensions: [String], in files: any GameFiles, shown: String) -> String? {
    for candidate in [name] + extensions.map({ "\(name).\($0)" }) {
      if let problem = files.problem(with: "assets/" + candidate, shown: "\(shown)/assets/\(candidate)") {
        return problem
      }
    }
    return nil
  }

  /// The file of sound `name` (`assets/<name>.wav`, `.ogg`, `.mp3` or `.flac`) in the game, if
  /// there is one: its path in the game (`assets/roar.wav`).
  package static func soundPath(named name: String, in files: any GameFiles) -> String? {
    guard !name.contains(".."), !name.contains("/") else { return nil }
    for ext in SoundFiles.extensions where files.isReadableFile("assets/\(name).\(ext)") {
      return "assets/\(name).\(ext)"
    }
    return nil
  }

  /// The file of sound `name` in the game folder `game`, if there is one.
  package static func soundFile(named name: String, in game: URL) -> URL? {
    soundPath(named: name, in: FolderFiles(directory: game)).map { game.appendingPathComponent($0) }
  }
}
