import CSDL2
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
  /// The game's files (its folder or its archive), or nil when there is no game (every lookup
  /// then fails quietly).
  let files: (any GameFiles)?
  /// The `assets/` folder of a game read from its folder; nil for an archive or no game.
  var directory: URL? { files?.folder?.appendingPathComponent("assets", isDirectory: true) }
  /// Bumped whenever an asset is reported changed.
  var generation: Int { lock.withLock { changes } }
  private var changes = 0
  private var sizes: [String: Vec2] = [:]
  private var reportedMissing: Set<String> = []
  /// Guards `changes` and `reportedMissing`.
  private let lock = NSLock()

  /// Creates a library over the game in `files`.
  public init(files: (any GameFiles)?) {
    self.files = files
  }

  /// Creates a library over `directory` (a game's `assets/` folder).
  convenience init(directory: URL?) {
    self.init(files: directory.map { FolderFiles(directory: $0.deletingLastPathComponent()) })
  }

  /// Creates a library over `<gameDirectory>/assets`.
  public convenience init(gameDirectory: URL) {
    self.init(files: FolderFiles(directory: gameDirectory))
  }

  /// The game's path of an image name such as "lion0.png" ("lion0" also finds lion0.png, else
  /// .jpg, .jpeg or .webp); only a regular file inside the game (symlinks followed), so
  /// `assets -> /outside` loads nothing.
  func imagePath(named name: String) -> String? {
    guard let files, !name.isEmpty, !name.contains("..") else { return nil }
    if files.isReadableFile("assets/" + name) { return "assets/" + name }
    if (name as NSString).pathExtension.isEmpty {
      for ext in ImageInfo.extensions where files.isReadableFile("assets/\(name).\(ext)") {
        return "assets/\(name).\(ext)"
      }
    }
    return nil
  }

  /// The game's path of a sound name: `<name>`, else `<name>.wav`, `.ogg`, `.mp3`, `.flac`, `.opus`, `.aiff`; like
  /// images, only a regular file inside the game (`x.wav -> /etc/passwd` is not played).
  func soundPath(named name: String) -> String? {
    guard let files, !name.isEmpty, !name.contains("..") else { return nil }
    for candidate in [name] + ["wav", "ogg", "mp3", "flac", "opus", "aiff"].map({ "\(name).\($0)" }) where files.isReadableFile("assets/" + candidate) {
      return "assets/" + candidate
    }
    return nil
  }

  /// The file on disk for an image name, when the game is a folder.
  func imageURL(named name: String) -> URL? { imagePath(named: name).flatMap { files?.diskURL($0) } }

  /// The file on disk for a sound name, when the game is a folder.
  func soundURL(named name: String) -> URL? { soundPath(named: name).flatMap { files?.diskURL($0) } }

  /// Loads the game's file at `path` with `fromFile` (its path on disk) for a folder, else with
  /// `fromMemory` (an SDL_RWops over its bytes, which the loader frees) for an archive. The
  /// archive keeps every file's bytes in place while it is open, so a loader that streams
  /// (music) may go on reading them.
  func load<T>(
    _ path: String, fromFile: (String) -> T?, fromMemory: (UnsafeMutablePointer<SDL_RWops>) -> T?
  ) -> T? {
    guard let files else { return nil }
    if let url = files.diskURL(path) { return fromFile(url.path) }
    guard let data = files.contents(path), !data.isEmpty else { return nil }
    let ops = data.withUnsafeBytes { bytes in SDL_RWFromConstMem(bytes.baseAddress, Int32(clamping: bytes.count)) }
    return ops.flatMap(fromMemory)
  }

  /// The pixel size of an image, read from its header (cached), or of a sprite sheet's region
  /// (`SpriteSheet.regionKey`) when its image is readable; nil when unreadable.
  func imageSize(named name: String) -> Vec2? {
    if let size = sizes[name] { return size }
    if let (image, region) = SpriteSheet.parseRegionKey(name) {
      guard imageSize(named: image) != nil else { return nil }
      return Vec2(region.width, region.height)
    }
    guard let path = imagePath(named: name), let size = files?.imageSize(path) else { return nil }
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
    let place = directory?.path ?? files.map { $0.location.path + " (assets/)" } ?? "(no assets folder)"
    FileHandle.standardError.write(Data("tide: \(kind) '\(name)' \(reason) in \(place)\n".utf8))
  }
}
