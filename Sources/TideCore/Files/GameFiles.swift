import Foundation

/// Where a game's files come from: its folder on disk while it is being made, or a packed
/// `.tide` archive held in memory when a player runs it. Everything that reads a game's files
/// (conf.lua, Lua modules, images, sounds) asks through this, so the runtime never cares which.
///
/// Paths are relative to the game, `/`-separated (`data/rules.lua`, `assets/roar.wav`); a
/// sibling game declared in conf.lua's `modules` is reached as `../rps/data/classic.lua`.
public protocol GameFiles: AnyObject, Sendable {
  /// The game's folder on disk, for what only a folder has (hot reload, lint, serving its
  /// assets); nil for an archive.
  var folder: URL? { get }
  /// Where the game is: its folder, or its archive file.
  var location: URL { get }
  /// The name of the folder the game is (or was packed from): its data folder's default name.
  var name: String { get }
  /// The fingerprint written when the game was packed (`@game` of its recordings); nil for a
  /// folder, whose fingerprint is worked out from its files.
  var packedFingerprint: String? { get }
  /// Whether anything at all is at `path` (a link leading outside counts, so it can be refused
  /// by name rather than reported missing).
  func exists(_ path: String) -> Bool
  /// Whether `path` is a regular file the game may read.
  func isReadableFile(_ path: String) -> Bool
  /// Why the file at `path` may not be read (it leads outside the game, it is no regular
  /// file), or nil when it may or is not there. `shown` names it in the message.
  func problem(with path: String, shown: String) -> String?
  /// The bytes of the readable file at `path`, or nil.
  func contents(_ path: String) -> Data?
  /// The file on disk behind `path`, for loaders that read a path themselves; nil in an archive.
  func diskURL(_ path: String) -> URL?
}

extension GameFiles {
  /// The pixel size of the image at `path` (`ImageInfo`), read from its header.
  public func imageSize(_ path: String) -> Vec2? {
    guard isReadableFile(path) else { return nil }
    if let url = diskURL(path) { return ImageInfo.size(of: url) }
    return contents(path).flatMap { ImageInfo.size(bytes: [UInt8]($0.prefix(ImageInfo.headerLimit))) }
  }
}

/// A game's folder on disk: every file read must lie inside it (or the sibling folder its path
/// names), with symlinks followed (`FolderWall`).
public final class FolderFiles: GameFiles {
  /// The game folder.
  public let directory: URL

  /// The files of the game in `directory`.
  public init(directory: URL) {
    self.directory = directory.standardizedFileURL
  }

  public var folder: URL? { directory }
  public var location: URL { directory }
  public var name: String { directory.lastPathComponent }
  public var packedFingerprint: String? { nil }

  /// The file (said up front: no look on the disk to learn whether it is a folder).
  public func url(_ path: String) -> URL { directory.appendingPathComponent(path, isDirectory: false) }

  /// The folder `path` must stay inside: the game, or the sibling `../name` it starts with.
  private func wall(for path: String) -> [URL] {
    guard path.hasPrefix("../"), let sibling = path.dropFirst(3).split(separator: "/").first else { return [directory] }
    return [directory.appendingPathComponent("../" + sibling).standardizedFileURL]
  }

  public func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: url(path).path) }

  public func isReadableFile(_ path: String) -> Bool { FolderWall.isReadableFile(url(path), roots: wall(for: path)) }

  public func problem(with path: String, shown: String) -> String? {
    FolderWall.problem(with: url(path), roots: wall(for: path), shown: shown)
  }

  public func contents(_ path: String) -> Data? {
    guard isReadableFile(path) else { return nil }
    return FileManager.default.contents(atPath: url(path).path)
  }

  public func diskURL(_ path: String) -> URL? { url(path) }
}
