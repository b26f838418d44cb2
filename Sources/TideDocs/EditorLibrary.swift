import Foundation

/// The LuaLS library (`---@meta` files: the `tide` API and busted's names for specs) built into
/// the binary from docs/meta, so `tide new` and `tide meta` write it with no checkout at hand.
public enum EditorLibrary {
  /// Its files by name (`tide.lua`, `busted.lua`).
  public static var files: [String: String] { EmbeddedLuaLibrary.files }

  /// Writes every file into `folder` (made when missing), replacing older copies; returns their names.
  @discardableResult
  public static func write(to folder: URL) throws -> [String] {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (name, text) in files {
      try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    return files.keys.sorted()
  }
}
