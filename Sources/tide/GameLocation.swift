import ArgumentParser
import Foundation
import TideCore
import TidePack
import TideScript

/// A game folder named on the command line: `Content/rps`, or just `rps` when that is in `Content/`.
struct GameLocation {
  let url: URL
  let displayPath: String

  init(_ argument: String) {
    var path = argument
    let fm = FileManager.default
    if !fm.fileExists(atPath: path), !path.contains("/"), fm.fileExists(atPath: "Content/\(path)") {
      path = "Content/\(path)"
    }
    while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
    url = URL(fileURLWithPath: path)
    displayPath = path
  }

  /// Whether the game is a packed `.tide` archive rather than a folder.
  var isArchive: Bool { GameArchive.isArchive(url.path) }

  /// The game's files: its folder, or its archive read into memory and checked (a hostile or
  /// broken archive is one line and a failed exit).
  func files() throws -> any GameFiles {
    do throws(ArchiveError) {
      return try GameArchive.files(at: url, shown: displayPath)
    } catch {
      printError(error.description)
      throw ExitCode.failure
    }
  }

  /// An engine for the game in `files` (`files()`): a folder's is opened as a folder, so a
  /// missing one is named as such.
  func engine(_ files: any GameFiles, backend: any Backend, options: EngineOptions) throws(GameLoadError) -> Engine {
    try Engine.open(files, displayPath: displayPath, backend: backend, options: options)
  }

  /// How messages name the game: the path as given, unless it ends in `.` or `..` (run from
  /// inside the game folder, "recorded with another version of ." named nothing), then the
  /// folder's own name. File paths in messages keep `displayPath`, which stays a path to them.
  var name: String {
    let last = (displayPath as NSString).lastPathComponent
    guard last == "." || last == ".." else { return displayPath }
    return url.standardizedFileURL.lastPathComponent
  }

  /// The `tide run` command for this game with `extra` arguments, each shell-quoted, for
  /// messages to print as a line a person can paste.
  func runCommand(_ extra: String...) -> String {
    (["tide", "run", displayPath] + extra).map(shellQuoted).joined(separator: " ")
  }

  /// Every game folder under `Content/` (folders holding a `main.lua`), sorted.
  static func all(in content: String = "Content") -> [GameLocation] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: content)) ?? []
    return names.sorted()
      .filter { FileManager.default.fileExists(atPath: "\(content)/\($0)/main.lua") }
      .map { GameLocation("\(content)/\($0)") }
  }
}

/// Prints `tide: <message>` to standard error.
func printError(_ message: String) {
  FileHandle.standardError.write(Data("tide: \(message)\n".utf8))
}

/// Why a file the user named (`--record`, `--output`) could not be written to `path`, or nil
/// when it looks writable: checked before the work, so finding out after it loses nothing.
func writeProblem(_ path: String) -> String? {
  let url = URL(fileURLWithPath: path)
  // /proc and /sys hold the system's views, not files: writing one there fails in ways that
  // name the wrong cause ("the file doesn't exist").
  let real = url.resolvingSymlinksInPath().path
  for system in ["/proc", "/sys"] where real == system || real.hasPrefix(system + "/") {
    return "it is in \(system), where the system shows its state; name a file in a folder of yours"
  }
  var isFolder: ObjCBool = false
  if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) {
    if isFolder.boolValue { return "it is a folder; name a file in it" }
    return access(url.path, W_OK) == 0 ? nil : "it is not writable"
  }
  let folder = url.deletingLastPathComponent()
  guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
    return "there is no folder \(folder.path)"
  }
  return access(folder.path, W_OK) == 0 ? nil : "its folder is not writable"
}

/// Writes `text` to the file the user named. A regular file (or one not there yet) is replaced
/// atomically, through any symlink to it; anything else (/dev/stdout, /dev/null, a pipe) is
/// written into, because an atomic write renames a new file over it: as root, `--record /dev/null`
/// replaced the system's /dev/null with a regular file, and a symlinked path lost its link.
func writeUserFile(_ text: String, to path: String) throws {
  var status = stat()
  guard stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG else {
    let target = URL(fileURLWithPath: path).resolvingSymlinksInPath()
    try text.write(to: target, atomically: true, encoding: .utf8)
    return
  }
  // Opened without blocking: a pipe that no one reads fails here instead of hanging the command.
  let descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
  guard descriptor >= 0 else {
    let code = errno
    throw UserFileError(description: code == ENXIO ? "no one is reading the pipe" : String(cString: strerror(code)))
  }
  // Blocking writes again: a full pipe waits for its reader rather than failing half-way.
  _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
  let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
  try handle.write(contentsOf: Data(text.utf8))
}

/// Why `writeUserFile` could not write into a device or pipe.
struct UserFileError: Error, CustomStringConvertible, LocalizedError {
  var description: String
  var errorDescription: String? { description }
}

/// `text` as one shell word: the "replay with:" commands are pasted into a shell, and a game
/// folder or data folder with a space in its name split into two arguments there.
func shellQuoted(_ text: String) -> String {
  let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./:=@%+,")
  if !text.isEmpty, text.allSatisfy(plain.contains) { return text }
  return "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
}

/// Parses `WxH` (e.g. `375x667`).
func parseSize(_ text: String) throws -> Vec2 {
  guard let size = Vec2(size: text) else {
    throw ValidationError("--size must look like 375x667 (width x height, each \(Limits.screenSide.description)), got '\(text)'")
  }
  return size
}

/// The option `--name`'s value checked against `range`: the command line's boundary, so a value
/// like 1e300 or inf is refused here with the option's name instead of trapping later.
func checkOption(_ value: Double?, _ name: String, _ range: NumberRange) throws {
  if let value, let complaint = range.complaint("--\(name)", value) { throw ValidationError(complaint) }
}

/// Parses repeated `key=value` options.
func parseOptions(_ pairs: [String]) throws -> [String: String] {
  var options: [String: String] = [:]
  for pair in pairs {
    guard let eq = pair.firstIndex(of: "="), eq != pair.startIndex else {
      throw ValidationError("--option must look like key=value, got '\(pair)'")
    }
    options[String(pair[..<eq])] = String(pair[pair.index(after: eq)...])
  }
  return options
}
