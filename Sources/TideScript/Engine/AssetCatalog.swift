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

  /// The file of sound `name` (`assets/<name>.wav`, `.ogg`, `.mp3`, `.flac`, `.opus` or `.aiff`) in the game, if
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

  /// The extensions a game's font files may have (SDL_ttf reads TrueType and OpenType, and
  /// the first face of a collection).
  package static let fontExtensions = ["ttf", "otf", "ttc"]

  /// The font file `name` names in `assets/fonts/` (as given, or `<name>.ttf`, `.otf` or
  /// `.ttc`), checked to be a font a game may load; `shown` names the game in the error. What a
  /// text node's `font` holds: the file's path on disk, or for a packed game a key its bytes
  /// are registered under (`GameFontData`), since nothing of an archive is unpacked to disk.
  /// Refused, with the reason: a missing file (the fonts there are listed), one that leads
  /// outside the game, one past `Limits.fontFileBytes`, one without a TrueType or OpenType header.
  package static func fontFile(named name: String, in files: any GameFiles, shown: String) throws(AssetRefusal) -> String {
    let bare = (name as NSString).pathExtension.isEmpty
    let candidates = [name] + (bare ? fontExtensions.map { "\(name).\($0)" } : [])
    guard !name.isEmpty, !name.contains(".."), !name.hasPrefix("/") else {
      throw AssetRefusal("font must name a file in \(shown)/assets/fonts, got '\(name)'")
    }
    for candidate in candidates {
      let path = "assets/fonts/" + candidate
      let place = "\(shown)/\(path)"
      if let problem = files.problem(with: path, shown: place) { throw AssetRefusal(problem) }
      guard files.isReadableFile(path) else { continue }
      if let url = files.diskURL(path) {
        let bytes = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        try checkFont(size: bytes, head: Self.head(of: url), place: place)
        return url.path
      }
      guard let data = files.contents(path) else { continue }
      try checkFont(size: data.count, head: Data(data.prefix(4)), place: place)
      let key = "\(files.location.path)!/\(path)"
      GameFontData.register(data, key: key)
      return key
    }
    let present = (files.folder.flatMap { try? FileManager.default.contentsOfDirectory(atPath: $0.appendingPathComponent("assets/fonts").path) } ?? [])
      .filter { fontExtensions.contains(($0 as NSString).pathExtension.lowercased()) }.sorted()
    let listed = present.isEmpty ? "none there" : "there: " + present.prefix(20).joined(separator: ", ")
    throw AssetRefusal("no font '\(name)' in \(shown)/assets/fonts (\(listed))")
  }

  /// Refuses a font file past the size limit or without a font's first four bytes.
  private static func checkFont(size: Int, head: Data, place: String) throws(AssetRefusal) {
    guard size <= Limits.fontFileBytes else {
      throw AssetRefusal("\(place) is \((size + (1 << 20) - 1) >> 20) MB; a font file may be at most \(Limits.fontFileBytes >> 20) MB")
    }
    let tags: [[UInt8]] = [[0, 1, 0, 0], Array("OTTO".utf8), Array("true".utf8), Array("ttcf".utf8)]
    guard tags.contains(Array(head)) else {
      throw AssetRefusal("\(place) is not a font (no TrueType or OpenType header)")
    }
  }

  /// The first four bytes of a file.
  private static func head(of url: URL) -> Data {
    guard let handle = try? FileHandle(forReadingFrom: url) else { return Data() }
    defer { try? handle.close() }
    return (try? handle.read(upToCount: 4)) ?? Data()
  }
}

/// Why a game's asset may not be used, in words that name the file.
package struct AssetRefusal: Error, CustomStringConvertible {
  package let message: String
  package init(_ message: String) { self.message = message }
  package var description: String { message }
}
