import ArgumentParser
import Foundation

/// What `tide test` runs in one project folder (a game, or a library with spec/ or .busted):
/// the folder, and the test files and folders named inside it (busted's ROOT; none: its default).
struct TestTarget {
  var location: GameLocation
  /// Paths relative to the project folder.
  var roots: [String]

  /// Whether `folder` is a project `tide test` can test: a game (main.lua or conf.lua), or a
  /// folder holding busted's spec/ or .busted.
  static func isProject(_ folder: URL) -> Bool {
    let fm = FileManager.default
    var isFolder: ObjCBool = false
    if fm.fileExists(atPath: folder.appendingPathComponent("spec").path, isDirectory: &isFolder), isFolder.boolValue { return true }
    return ["main.lua", "conf.lua", ".busted"].contains { fm.fileExists(atPath: folder.appendingPathComponent($0).path) }
  }

  /// The targets for the command line's arguments, in order, files and folders inside one
  /// project gathered under it. With none: the current folder when it is a project, else every
  /// game in Content/ when run in the Tide checkout.
  static func targets(for arguments: [String], in current: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) throws -> [TestTarget] {
    if arguments.isEmpty {
      if isProject(current) { return [TestTarget(location: GameLocation("."), roots: [])] }
      let checkout = FileManager.default.fileExists(atPath: "Package.swift") && FileManager.default.fileExists(atPath: "Sources/tide")
      let games = checkout ? GameLocation.all() : []
      if games.isEmpty {
        throw ValidationError(
          "nothing to test here: run it in a game folder (main.lua) or one holding spec/ or .busted, or name one")
      }
      return games.map { TestTarget(location: $0, roots: []) }
    }
    var targets: [TestTarget] = []
    for argument in arguments {
      let location = GameLocation(argument)
      if location.isArchive {
        printError("\(location.displayPath) is a packed game, which carries no tests (tide pack leaves tests/ out): "
          + "run tide test on the game folder it was packed from, or tide check \(shellQuoted(location.displayPath)) to load and lint it")
        throw ExitCode.failure
      }
      var isFolder: ObjCBool = false
      let exists = FileManager.default.fileExists(atPath: location.url.path, isDirectory: &isFolder)
      if !exists || (isFolder.boolValue && isProject(location.url)) {
        targets.append(TestTarget(location: location, roots: []))
        continue
      }
      // A test file or folder: the nearest folder above it that is a project holds it.
      var parts = location.displayPath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
      var inside: [String] = []
      var project: GameLocation?
      while !parts.isEmpty {
        inside.insert(parts.removeLast(), at: 0)
        let path = parts.isEmpty ? (location.displayPath.hasPrefix("/") ? "/" : ".") : parts.joined(separator: "/")
        let candidate = GameLocation(path.isEmpty ? "/" : path)
        if isProject(candidate.url) {
          project = candidate
          break
        }
      }
      if project == nil, !location.displayPath.hasPrefix("/"), !location.displayPath.hasPrefix("..") {
        // A relative path whose own components hold no project: the current folder's parents may.
        var folder = current
        var above: [String] = []
        while folder.path != "/" && project == nil {
          above.insert(folder.lastPathComponent, at: 0)
          folder = folder.deletingLastPathComponent()
          if isProject(folder) {
            project = GameLocation(folder.path)
            inside = above + inside.filter { $0 != "." }
          }
        }
      }
      guard let project else {
        throw ValidationError("'\(argument)' is in no game folder, nor one holding spec/ or .busted")
      }
      let root = inside.filter { $0 != "." && !$0.isEmpty }.joined(separator: "/")
      if let index = targets.firstIndex(where: { $0.location.url.standardizedFileURL == project.url.standardizedFileURL && !$0.roots.isEmpty }) {
        targets[index].roots.append(root)
      } else {
        targets.append(TestTarget(location: project, roots: [root]))
      }
    }
    return targets
  }
}
