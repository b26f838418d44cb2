import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The game folder is the wall: every file a game reads must, with its symlinks followed, lie
/// inside the game folder (or a sibling game it declared in `conf.lua` `modules`).
///
/// A check on names alone (no `..`) is not enough: `data -> /outside` or
/// `assets/x.wav -> /etc/passwd` would still lead out, so paths are compared after `realpath`.
public enum FolderWall {
  /// `url` with every symlink followed, or nil when it does not exist.
  public static func realPath(_ url: URL) -> String? {
    guard let resolved = realpath(url.path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Whether `url`, symlinks followed, is one of `roots` or inside one (roots resolved too).
  public static func isInside(_ url: URL, roots: [URL]) -> Bool {
    guard let path = realPath(url) else { return false }
    return roots.contains { root in
      guard let base = realPath(root) else { return false }
      return path == base || path.hasPrefix(base == "/" ? "/" : base + "/")
    }
  }

  /// Whether `url` is a regular file (symlinks followed) inside `roots`: the only kind of file a
  /// game may read (a FIFO would block the read, a device never end).
  public static func isReadableFile(_ url: URL, roots: [URL]) -> Bool {
    var info = stat()
    guard stat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
    return isInside(url, roots: roots)
  }

  /// Why the file at `url` may not be read, or nil when it may (or does not exist at all).
  /// `shown` is how the file is named in the message (`game/data/x.lua`).
  public static func problem(with url: URL, roots: [URL], shown: String) -> String? {
    var info = stat()
    guard stat(url.path, &info) == 0 else { return nil }
    guard isInside(url, roots: roots) else {
      return "\(shown) leads outside the game folder (to \(realPath(url) ?? url.path)); a game may read only its own files"
    }
    guard info.st_mode & S_IFMT == S_IFREG else { return "\(shown) is not a regular file" }
    return nil
  }
}
