import ArgumentParser
import Foundation
import TideCore
import TidePack
import TideScript

/// `tide pack`: a game folder as one `.tide` file for players (`tide run game.tide`).
struct Pack: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "pack",
    abstract: "Pack a game into one .tide file a player runs with `tide run game.tide`.",
    discussion: "The archive (a zip) holds what the game reads when it runs: conf.lua, its Lua files and "
      + "assets/ (and gamecontrollerdb.txt), plus the Lua of sibling games conf.lua's `modules` shares. It leaves out "
      + "tests/, bots/, replays, golden screens, hidden files (.luarc.json, .luacheckrc) and editor backups. A "
      + "manifest names the title, conf.lua's version, the engine version and the game's fingerprint. The game is "
      + "loaded and stepped once first: one that does not start is not packed. See docs/pack.md.")

  @Argument(help: "The game folder (e.g. Content/rps, or rps).")
  var game: String

  @Option(name: .shortAndLong, help: "Where to write the archive (default: <game folder name>.tide here); with --bundle, the folder, or a .tar.gz of it (default: <game folder name>/ here).")
  var output: String?

  @Flag(help: "Write a folder a Linux player runs with ./<game>, needing nothing installed: tide-player, the libraries it loads beyond the base system, the fonts, the archive, a launcher, a .desktop file and the icon.")
  var bundle = false

  func run() throws {
    let location = GameLocation(game)
    guard !location.isArchive else {
      printError("\(location.displayPath) is packed already; pack the game folder it came from")
      throw ExitCode.failure
    }
    let engine = try loadedGame(location)
    let folder = location.url.standardizedFileURL.lastPathComponent
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tide-bundle-\(getpid())")
    defer { if bundle { try? FileManager.default.removeItem(at: scratch) } }
    if bundle { try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true) }
    let archive = bundle
      ? scratch.appendingPathComponent("\(folder).\(GameArchive.fileExtension)")
      : URL(fileURLWithPath: output ?? "\(folder).\(GameArchive.fileExtension)")
    if let problem = writeProblem(archive.path) {
      printError("cannot write '\(archive.path)': \(problem)")
      throw ExitCode.failure
    }
    let manifest = PackManifest(
      title: engine.config.title, version: engine.config.version, engine: Engine.version,
      fingerprint: engine.gameVersion, folder: folder)
    let result: GamePacker.Result
    do {
      result = try GamePacker.pack(
        folder: location.url, siblings: Array(Set(engine.config.modules.values)), manifest: manifest, to: archive)
    } catch {
      printError("cannot pack \(location.displayPath): \(error)")
      throw ExitCode.failure
    }
    for path in result.skipped {
      printError("warning: \(location.displayPath)/\(path) is a link leading outside the game; left out")
    }
    // What a player will open, opened once here: an archive this tide cannot read is not handed on.
    do throws(ArchiveError) {
      _ = try GameArchive.open(archive, shown: archive.path)
    } catch {
      printError(error.description)
      throw ExitCode.failure
    }
    let version = manifest.version.map { " \($0)" } ?? ""
    guard bundle else {
      print("packed \(location.name) (\(manifest.title)\(version)) into \(archive.path): \(result.files) files, \(Pack.size(result.bytes))")
      return
    }
    let icon = engine.config.window.icon.map { location.url.appendingPathComponent("assets/\($0)") }
    try writeBundle(GameBundle(name: folder, title: manifest.title, archive: archive, icon: icon), scratch: scratch)
  }

  /// Writes the bundle to `-o` (a folder, or a `.tar.gz` of one), else to `<name>/` here.
  private func writeBundle(_ bundle: GameBundle, scratch: URL) throws {
    let fm = FileManager.default
    let player = Run.executableURL().deletingLastPathComponent().appendingPathComponent("tide-player")
    guard fm.isExecutableFile(atPath: player.path) else {
      printError("no tide-player beside this tide (\(player.path)); build it with swift build --product tide-player")
      throw ExitCode.failure
    }
    let target = output ?? bundle.name
    let tarball = target.hasSuffix(".tar.gz") || target.hasSuffix(".tgz")
    let folder = tarball ? scratch.appendingPathComponent(bundle.name) : URL(fileURLWithPath: target)
    if !tarball, fm.fileExists(atPath: folder.path) {
      // Only a bundle made before is replaced: `-o ~` must not empty a home folder.
      guard fm.fileExists(atPath: folder.appendingPathComponent(GameBundle.marker).path) else {
        printError("\(folder.path) exists and is no bundle made by tide pack; name another folder")
        throw ExitCode.failure
      }
      try fm.removeItem(at: folder)
    }
    let made: (libraries: Int, fonts: Int)
    do {
      made = try bundle.write(to: folder, player: player)
      if tarball {
        if let problem = writeProblem(target) {
          printError("cannot write '\(target)': \(problem)")
          throw ExitCode.failure
        }
        try GameBundle.run("/bin/tar", ["czf", URL(fileURLWithPath: target).path, "-C", scratch.path, bundle.name])
      }
    } catch let error as ExitCode {
      throw error
    } catch {
      printError("cannot write the bundle: \(error)")
      throw ExitCode.failure
    }
    let size = tarball ? Pack.fileSize(target) : Pack.folderSize(folder)
    print("bundled \(bundle.title) into \(target): tide-player, \(made.libraries) libraries, \(made.fonts) fonts, "
      + "\(Pack.size(size)); the player runs ./\(bundle.name)")
  }

  static func fileSize(_ path: String) -> Int64 {
    var info = stat()
    return stat(path, &info) == 0 ? Int64(info.st_size) : 0
  }

  static func folderSize(_ folder: URL) -> Int64 {
    FolderWalk.entries(under: folder.path, skipHidden: false).filter { $0.kind == .file }
      .reduce(0) { $0 + fileSize(folder.path + "/" + $1.path) }
  }

  /// The game loaded and stepped once, as `tide check` does, with saves kept out of the player's
  /// data folder: a game that does not start is not packed.
  private func loadedGame(_ location: GameLocation) throws -> Engine {
    var options = EngineOptions()
    options.logErrors = false
    options.saveDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("tide-pack-\(getpid())")
    defer { if let dir = options.saveDirectory { try? FileManager.default.removeItem(at: dir) } }
    do {
      let engine = try Engine(gameDirectory: location.url, displayPath: location.displayPath, backend: HeadlessBackend(), options: options)
      try engine.start()
      engine.step()
      if let error = engine.errors.failures.first {
        printError("\(error.message) (not packed: the game fails as it starts)")
        throw ExitCode.failure
      }
      return engine
    } catch let error as GameLoadError {
      printError(error.description)
      throw ExitCode.failure
    }
  }

  static func size(_ bytes: Int64) -> String {
    bytes < 10_000 ? "\(bytes) bytes" : bytes < 10_000_000 ? "\(bytes / 1000) kB" : String(format: "%.1f MB", Double(bytes) / 1e6)
  }
}
