import Foundation

/// Where a game's data (saves, crash capsules, its error log) lives on this platform: the one
/// place a port to another system replaces (an app's sandboxed folder on iOS, the app's files
/// folder on Android, IndexedDB behind a virtual file system on the web; docs/porting.md).
public enum DataFolder {
  /// The data folder called `name` (a game's `identity`, else its folder's name) under the
  /// user's data folder: `$XDG_DATA_HOME/tide/<name>`, by default `~/.local/share/tide/<name>`.
  public static func named(_ name: String) -> URL {
    let env = ProcessInfo.processInfo.environment
    let base: URL
    if let xdg = env["XDG_DATA_HOME"], !xdg.isEmpty {
      base = URL(fileURLWithPath: xdg)
    } else if let home = env["HOME"], !home.isEmpty {
      // The XDG default is $HOME/.local/share; Foundation's home directory on Linux comes from
      // the password database and ignores a HOME set for this process.
      base = URL(fileURLWithPath: home).appendingPathComponent(".local/share")
    } else {
      base = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share")
    }
    return base.appendingPathComponent("tide").appendingPathComponent(name)
  }
}
