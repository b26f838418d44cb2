import ArgumentParser
import Foundation
import TideCore

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

  /// How messages name the game: the path as given, unless it ends in `.` or `..` (run from
  /// inside the game folder, "recorded with another version of ." named nothing), then the
  /// folder's own name. File paths in messages keep `displayPath`, which stays a path to them.
  var name: String {
    let last = (displayPath as NSString).lastPathComponent
    guard last == "." || last == ".." else { return displayPath }
    return url.standardizedFileURL.lastPathComponent
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
