import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A walk of a folder tree that never follows a symlink: a link is reported as a link and not
/// entered, so `a -> .` and `b -> .` cannot make it loop and `lnk -> /` cannot take it outside.
/// Folders are also entered once each by device and inode, so a bind mount of a parent ends too.
public enum FolderWalk {
  /// What an entry is, as `lstat` says (the link itself, never what it points at).
  public enum Kind: Sendable, Equatable {
    case folder, file, link, other
  }

  /// One entry below the root.
  public struct Entry: Sendable, Equatable {
    /// The path below the root, `/`-separated (`data/levels.lua`).
    public var path: String
    /// What it is.
    public var kind: Kind
  }

  /// Every entry below `root`, depth first, names sorted within each folder; with `skipHidden`
  /// names starting with `.` (and what is in them) are left out.
  public static func entries(under root: String, skipHidden: Bool) -> [Entry] {
    var found: [Entry] = []
    var seen: Set<[UInt64]> = []
    var info = stat()
    if stat(root, &info) == 0 { seen.insert([UInt64(info.st_dev), UInt64(info.st_ino)]) }
    walk(root, prefix: "", skipHidden: skipHidden, seen: &seen, into: &found)
    return found
  }

  private static func walk(_ folder: String, prefix: String, skipHidden: Bool, seen: inout Set<[UInt64]>, into found: inout [Entry]) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    for name in names.sorted() where !(skipHidden && name.hasPrefix(".")) {
      let full = folder + "/" + name
      let relative = prefix + name
      var info = stat()
      guard lstat(full, &info) == 0 else { continue }
      switch info.st_mode & S_IFMT {
      case S_IFLNK:
        found.append(Entry(path: relative, kind: .link))
      case S_IFREG:
        found.append(Entry(path: relative, kind: .file))
      case S_IFDIR:
        guard seen.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted else { continue }
        found.append(Entry(path: relative, kind: .folder))
        walk(full, prefix: relative + "/", skipHidden: skipHidden, seen: &seen, into: &found)
      default:
        found.append(Entry(path: relative, kind: .other))
      }
    }
  }
}
