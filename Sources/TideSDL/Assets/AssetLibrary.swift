import Foundation
import TideCore

/// Finds a game's image and sound files under its `assets/` folder and tracks hot reloads.
///
/// Renderers keep their own textures; they compare `generation` once a frame and drop their
/// image textures when it moved, so a changed PNG shows on the next frame.
///
/// The window's band renderers look up images on worker threads while the game steps on the
/// main thread: lookups only read files, and the generation and the missing-file report are
/// behind a lock. Sizes and `markChanged` belong to the stepping (main) thread.
public final class AssetLibrary {
  /// The `assets/` folder, or nil when the game has none (every lookup then fails quietly).
  let directory: URL?
  /// Bumped whenever an asset is reported changed.
  var generation: Int { lock.withLock { changes } }
  private var changes = 0
  private var sizes: [String: Vec2] = [:]
  private var reportedMissing: Set<String> = []
  /// Guards `changes` and `reportedMissing`.
  private let lock = NSLock()

  /// Creates a library over `directory` (a game's `assets/` folder).
  init(directory: URL?) {
    self.directory = directory
  }

  /// Creates a library over `<gameDirectory>/assets`.
  public convenience init(gameDirectory: URL) {
    self.init(directory: gameDirectory.appendingPathComponent("assets", isDirectory: true))
  }

  /// The game folder: with symlinks followed, every asset read must stay inside it.
  private var wall: [URL] { directory.map { [$0.deletingLastPathComponent()] } ?? [] }

  /// The file for an image name such as "lion0.png" ("lion0" also finds lion0.png, else
  /// .jpg, .jpeg or .webp); only a regular file inside the game folder (symlinks followed), so
  /// `assets -> /outside` loads nothing.
  func imageURL(named name: String) -> URL? {
    guard let directory, !name.isEmpty, !name.contains("..") else { return nil }
    let direct = directory.appendingPathComponent(name)
    if FolderWall.isReadableFile(direct, roots: wall) { return direct }
    if (name as NSString).pathExtension.isEmpty {
      for ext in ImageInfo.extensions {
        let url = directory.appendingPathComponent(name + "." + ext)
        if FolderWall.isReadableFile(url, roots: wall) { return url }
      }
    }
    return nil
  }

  /// The file for a sound name: `<name>`, else `<name>.wav`, `.ogg`, `.mp3`, `.flac`; like images,
  /// only a regular file inside the game folder (`x.wav -> /etc/passwd` is not played).
  func soundURL(named name: String) -> URL? {
    guard let directory, !name.isEmpty, !name.contains("..") else { return nil }
    for candidate in [name] + ["wav", "ogg", "mp3", "flac"].map({ "\(name).\($0)" }) {
      let url = directory.appendingPathComponent(candidate)
      if FolderWall.isReadableFile(url, roots: wall) { return url }
    }
    return nil
  }

  /// The pixel size of an image, read from its header (cached), or of a sprite sheet's region
  /// (`SpriteSheet.regionKey`) when its image is readable; nil when unreadable.
  func imageSize(named name: String) -> Vec2? {
    if let size = sizes[name] { return size }
    if let (image, region) = SpriteSheet.parseRegionKey(name) {
      guard imageSize(named: image) != nil else { return nil }
      return Vec2(region.width, region.height)
    }
    guard let url = imageURL(named: name), let size = ImageInfo.size(of: url) else { return nil }
    sizes[name] = size
    return size
  }

  /// Notes that the file at `path` (relative to the game folder, e.g. "assets/lion0.png") changed.
  ///
  /// Every cached size and missing-file report is forgotten, not just the one for `path`: an
  /// image may have been asked for under other names ("lion0" for lion0.png), and reloads are
  /// rare enough that re-reading a few PNG headers costs nothing.
  func markChanged(path: String) {
    sizes.removeAll()
    lock.withLock {
      reportedMissing.removeAll()
      changes += 1
    }
  }

  /// Prints one warning per missing asset name, so a typo is visible but not spammy.
  func reportMissing(_ name: String, kind: String, reason: String = "not found") {
    guard lock.withLock({ reportedMissing.insert(name).inserted }) else { return }
    let place = directory?.path ?? "(no assets folder)"
    FileHandle.standardError.write(Data("tide: \(kind) '\(name)' \(reason) in \(place)\n".utf8))
  }
}
