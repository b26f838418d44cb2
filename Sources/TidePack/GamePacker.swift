import Foundation
import TideCore

/// Writes a game folder as a `.tide` archive: what the game reads when it runs (conf.lua, its
/// Lua, its data and `assets/`) and nothing of what only its author uses (tests, goldens,
/// replays, bots, editor settings and backups), with the manifest first.
public enum GamePacker {
  /// Folders at the game's root that only its author uses.
  static let authorFolders: Set<String> = ["tests", "spec", "bots", "replays", "golden", "docs", "dist"]

  /// Whether the file at `path` (relative to the game) goes into the archive. Hidden files
  /// (`.luarc.json`, `.luacheckrc`, `.git`) never reach here: the walk leaves them out.
  public static func packs(_ path: String) -> Bool {
    let parts = path.split(separator: "/")
    guard let first = parts.first, let last = parts.last else { return false }
    if parts.count > 1, authorFolders.contains(String(first)) { return false }
    let name = String(last)
    // Editor backups and swap files, merge leftovers, golden screens a failed test wrote.
    if name.hasSuffix("~") || name.hasPrefix("#") || name.hasPrefix(".") || name == PackManifest.fileName { return false }
    for suffix in [".swp", ".swo", ".bak", ".orig", ".rej", ".tmp", ".actual.png", ".input", ".tide"] where name.hasSuffix(suffix) {
      return false
    }
    // A game reads only Lua through require and files under assets/ (gamepad mappings beside conf.lua).
    return name.hasSuffix(".lua") || first == "assets" || path == "gamecontrollerdb.txt"
  }

  /// The files of the game in `folder` that `packs` keeps, with a link kept only when it leads
  /// to a file inside the game (its target's bytes are packed); links leading out are listed
  /// in `skipped`.
  public static func files(in folder: URL) -> (kept: [String], skipped: [String]) {
    var kept: [String] = []
    var skipped: [String] = []
    for entry in FolderWalk.entries(under: folder.path, skipHidden: true) where packs(entry.path) {
      switch entry.kind {
      case .file: kept.append(entry.path)
      case .link:
        if FolderWall.isReadableFile(folder.appendingPathComponent(entry.path), roots: [folder]) {
          kept.append(entry.path)
        } else {
          skipped.append(entry.path)
        }
      default: break
      }
    }
    return (kept, skipped)
  }

  /// What was written.
  public struct Result: Sendable {
    public var files: Int
    public var bytes: Int64
    public var skipped: [String]
  }

  /// Writes the game in `folder`, the sibling games its conf.lua shares (`modules`, each
  /// `../name`), and `manifest` into `archive`, replacing it.
  public static func pack(folder: URL, siblings: [String], manifest: PackManifest, to archive: URL) throws -> Result {
    let folder = folder.standardizedFileURL
    var sources: [(stored: String, file: URL)] = []
    let own = files(in: folder)
    var skipped = own.skipped
    sources += own.kept.map { ($0, folder.appendingPathComponent($0)) }
    for sibling in siblings.sorted() {
      let name = String(sibling.dropFirst(3))
      let root = folder.appendingPathComponent(sibling).standardizedFileURL
      let theirs = files(in: root)
      skipped += theirs.skipped.map { "\(sibling)/\($0)" }
      // Their Lua only: another game is shared for its modules, not its assets.
      sources += theirs.kept.filter { $0.hasSuffix(".lua") }.map { (ArchiveFiles.siblingPrefix + name + "/" + $0, root.appendingPathComponent($0)) }
    }
    let scratch = archive.deletingLastPathComponent().appendingPathComponent(".\(archive.lastPathComponent).\(getpid()).part")
    try? FileManager.default.removeItem(at: scratch)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let zip = try ZipWriter(creating: scratch)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try add(try encoder.encode(manifest), as: PackManifest.fileName, to: zip)
    for source in sources {
      guard let data = FileManager.default.contents(atPath: source.file.path) else {
        throw ArchiveError("cannot read \(source.file.path)")
      }
      try add(data, as: source.stored, to: zip)
    }
    try zip.close()
    // Renamed into place: a player copying the old archive meanwhile never reads half a new one.
    guard rename(scratch.path, archive.path) == 0 else {
      throw ArchiveError("cannot write \(archive.path): \(String(cString: strerror(errno)))")
    }
    var info = stat()
    let size = stat(archive.path, &info) == 0 ? Int64(info.st_size) : 0
    return Result(files: sources.count, bytes: size, skipped: skipped)
  }

  /// The same files give the same archive, byte for byte: entries in a fixed order, each dated
  /// and marked alike (`ZipWriter`).
  private static func add(_ data: Data, as path: String, to zip: ZipWriter) throws {
    // Sounds and images are compressed already; deflating them again gains nothing.
    let stored = ["png", "jpg", "jpeg", "webp", "ogg", "mp3"].contains((path as NSString).pathExtension.lowercased())
    try zip.add(path, data, deflate: !stored)
  }
}
