import Foundation
import TideDocs
import TideCore
import TidePack
import TideScript

/// Lints a game folder with Debian's luacheck (`lua-check`) against the names that really are
/// under `tide`: unknown globals, unknown fields of `tide`, unused variables.
enum Lint {
  /// What luacheck found: warnings (W codes) and errors (E codes: a file that does not parse).
  struct Findings {
    var warnings = 0
    var errors = 0
  }

  /// Prints each finding as `path:line:column: message` on standard output and counts them;
  /// nil when luacheck is not installed (said once on standard error).
  ///
  /// The game's own `.luacheckrc`, when it has one, runs over Tide's standards. With
  /// `formatter` (luacheck's: TAP, JUnit, plain...), luacheck's own report is printed as it
  /// writes it, and only its exit status counts (1: warnings, 2: errors).
  static func run(game: URL, displayPath: String, formatter: String? = nil) throws -> Findings? {
    var isDirectory: ObjCBool = false
    // No folder: loading it says so in one line; there is nothing to lint.
    guard FileManager.default.fileExists(atPath: game.path, isDirectory: &isDirectory), isDirectory.boolValue else { return Findings() }
    guard let luacheck = findExecutable("luacheck") else {
      printError("luacheck not found (install Debian's lua-check); lint skipped")
      return nil
    }
    let names = try Engine.runtimeNames()
    // In a scratch folder of its own, which a signal removes too (`ScratchFolders`).
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tide-check-\(getpid())")
    try ScratchFolders.make(scratch)
    defer { ScratchFolders.remove(scratch) }
    let config = scratch.appendingPathComponent("luacheckrc.lua")
    let own = game.appendingPathComponent(".luacheckrc")
    let standard = LintStandard.luacheckConfig(game: names.game, test: names.test, sandbox: names.sandbox, conf: names.conf)
    try LintStandard.layered(standard, project: FileManager.default.fileExists(atPath: own.path) ? own : nil)
      .write(to: config, atomically: true, encoding: .utf8)

    let prefix = displayPath.hasSuffix("/") ? displayPath : displayPath + "/"
    var findings = Findings()
    // luacheck is handed the files, not the folder: it would follow `a -> .` round and round
    // and `lnk -> ../outside` out of the game, printing what it found there.
    let (files, refused) = luaFiles(in: game, shown: prefix)
    for line in refused {
      print(line)
      findings.warnings += 1
    }
    guard !files.isEmpty else { return findings }
    let process = Process()
    process.executableURL = luacheck
    // --codes tells a syntax error (E011) from a warning (W211); the code is not printed.
    process.arguments = ["--config", config.path, "--no-color", "--no-cache", "--formatter", formatter ?? "plain", "--codes", "--"] + files
    process.currentDirectoryURL = game
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try ChildProcesses.run(process)
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    ChildProcesses.ended(process)
    if formatter != nil {
      print(output, terminator: output.hasSuffix("\n") || output.isEmpty ? "" : "\n")
      switch process.terminationStatus {
      case 0: break
      case 1: findings.warnings += 1
      case 2: findings.errors += 1
      default: printError("luacheck failed (exit \(process.terminationStatus))")
      }
      return findings
    }
    for line in output.split(separator: "\n") where !line.isEmpty {
      var text = String(line.hasPrefix("./") ? line.dropFirst(2) : line[...])
      // `file:line:column: (E011) message`: the code counts it, the author reads the rest.
      if let code = text.range(of: #": \([EW]\d+\) "#, options: .regularExpression) {
        if text[code].hasPrefix(": (E") { findings.errors += 1 } else { findings.warnings += 1 }
        text.replaceSubrange(code, with: ": ")
      } else {
        findings.warnings += 1
      }
      print(prefix + text)
    }
    // 0: clean, 1: warnings, 2: syntax errors (listed above); anything else is luacheck failing.
    if process.terminationStatus > 2 {
      printError("luacheck failed (exit \(process.terminationStatus))")
    }
    return findings
  }

  /// Lints a packed game's own Lua (not the sibling games' modules it carries, as a folder's
  /// lint leaves their folders alone) as its folder's is linted, each file by its path in the
  /// archive: luacheck reads files, so they are written to a temporary folder of this user's
  /// alone, removed afterwards; nothing else is written.
  static func run(archive: ArchiveFiles, displayPath: String, formatter: String? = nil) throws -> Findings? {
    var template = Array(FileManager.default.temporaryDirectory.appendingPathComponent("tide-lint-XXXXXX").path.utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer -> String? in
      guard let base = buffer.baseAddress, let folder = mkdtemp(base) else { return nil }
      return String(cString: folder)
    }
    guard let made else {
      printError("cannot make a temporary folder to lint \(displayPath) in (\(String(cString: strerror(errno)))); lint skipped")
      return nil
    }
    let root = URL(fileURLWithPath: made)
    defer { try? FileManager.default.removeItem(at: root) }
    // The archive's paths were checked when it opened: plain, relative, none climbing out.
    for path in archive.paths where path.hasSuffix(".lua") && !path.hasPrefix(ArchiveFiles.siblingPrefix) {
      guard let data = archive.contents(path) else { continue }
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try data.write(to: url)
    }
    return try run(game: root, displayPath: displayPath, formatter: formatter)
  }

  /// The `.lua` files of the game (paths below it, sorted) and one line for each link that
  /// leads out of it. A link is not followed into a folder; a link to a file of the game is
  /// linted as that file.
  static func luaFiles(in game: URL, shown: String) -> (files: [String], refused: [String]) {
    var files: [String] = []
    var refused: [String] = []
    for entry in FolderWalk.entries(under: game.path, skipHidden: false) {
      let url = game.appendingPathComponent(entry.path)
      switch entry.kind {
      case .file where entry.path.hasSuffix(".lua"):
        if !isLibraryDeclaration(url) { files.append(entry.path) }
      case .link:
        if !FolderWall.isInside(url, roots: [game]), FolderWall.realPath(url) != nil {
          refused.append("\(shown)\(entry.path): leads outside the game folder (to \(FolderWall.realPath(url) ?? "?")); not linted")
        } else if entry.path.hasSuffix(".lua"), FolderWall.isReadableFile(url, roots: [game]) {
          files.append(entry.path)
        }
      default:
        continue
      }
    }
    return (files.sorted(), refused)
  }

  /// Whether the file is a LuaLS declaration file (`---@meta` first, as `tide new` writes
  /// into a game): stubs for the editor, never run, so not linted.
  static func isLibraryDeclaration(_ url: URL) -> Bool {
    guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
    defer { try? handle.close() }
    let head = (try? handle.read(upToCount: 8)) ?? Data()
    return head == Data("---@meta".utf8)
  }

  private static func findExecutable(_ name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
  }
}
