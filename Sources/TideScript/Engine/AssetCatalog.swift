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

  /// The extensions a game's font files may have (SDL_ttf reads TrueType and OpenType, and
  /// the first face of a collection).
  package static let fontExtensions = ["ttf", "otf", "ttc"]

  /// The file of font `name` in `assets/fonts/` (as given, or `<name>.ttf`, `.otf` or `.ttc`),
  /// checked to be a font a game may load; `shown` names the game folder in the error.
  /// Refused, with the reason: a missing file (the fonts there are listed), one that leads
  /// outside the game, one past `Limits.fontFileBytes`, one without a TrueType or OpenType header.
  package static func fontFile(named name: String, in game: URL, shown: String) throws(AssetRefusal) -> URL {
    let folder = game.appendingPathComponent("assets/fonts")
    let bare = (name as NSString).pathExtension.isEmpty
    let candidates = [name] + (bare ? fontExtensions.map { "\(name).\($0)" } : [])
    guard !name.isEmpty, !name.contains(".."), !name.hasPrefix("/") else {
      throw AssetRefusal("font must name a file in \(shown)/assets/fonts, got '\(name)'")
    }
    for candidate in candidates {
      let url = folder.appendingPathComponent(candidate)
      let place = "\(shown)/assets/fonts/\(candidate)"
      if let problem = FolderWall.problem(with: url, roots: [game], shown: place) { throw AssetRefusal(problem) }
      guard FolderWall.isReadableFile(url, roots: [game]) else { continue }
      let bytes = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
      guard bytes <= Limits.fontFileBytes else {
        throw AssetRefusal("\(place) is \((bytes + (1 << 20) - 1) >> 20) MB; a font file may be at most \(Limits.fontFileBytes >> 20) MB")
      }
      guard isFont(url) else {
        throw AssetRefusal("\(place) is not a font (no TrueType or OpenType header)")
      }
      return url
    }
    let present = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
      .filter { fontExtensions.contains(($0 as NSString).pathExtension.lowercased()) }.sorted()
    let listed = present.isEmpty ? "none there" : "there: " + present.prefix(20).joined(separator: ", ")
    throw AssetRefusal("no font '\(name)' in \(shown)/assets/fonts (\(listed))")
  }

  /// Whether the file starts as a TrueType, OpenType or collection file does.
  private static func isFont(_ url: URL) -> Bool {
    guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
    defer { try? handle.close() }
    guard let head = try? handle.read(upToCount: 4), head.count == 4 else { return false }
    let tags: [[UInt8]] = [[0, 1, 0, 0], Array("OTTO".utf8), Array("true".utf8), Array("ttcf".utf8)]
    return tags.contains(Array(head))
  }
}

/// Why a game's asset may not be used, in words that name the file.
package struct AssetRefusal: Error, CustomStringConvertible {
  package let message: String
  package init(_ message: String) { self.message = message }
  package var description: String { message }
}
