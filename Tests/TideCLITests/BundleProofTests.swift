import Foundation
import XCTest

/// A `tide pack --bundle` folder plays on a machine without Tide's libraries and fonts. This one
/// has them, so the test hides them: in a mount namespace of its own (unshare, as root) the
/// system's SDL2, SDL_image, SDL_ttf, SDL_mixer and Lua files are covered by empty ones, the
/// Debian fonts and the Swift runtime folder by empty folders. There `tide` itself no longer
/// starts, and the bundle plays a replay headless and in a window; the loader's own log
/// (`LD_DEBUG=libs`) shows that every library the bundle carries was loaded from it.
final class BundleProofTests: XCTestCase {
  static let hiddenLibraries = ["libSDL2-2.0.so.0", "libSDL2_image-2.0.so.0", "libSDL2_ttf-2.0.so.0", "libSDL2_mixer-2.0.so.0", "liblua5.4.so.0"]

  func testABundlePlaysWhereTheSystemsLibrariesAndFontsAreHidden() throws {
    guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else {
      throw XCTSkip("hiding the system's libraries needs root and unshare(1) for a mount namespace")
    }
    guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else { throw XCTSkip("the window half needs a display (run under xvfb-run)") }
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tide-bundle-proof-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: scratch) }
    let bundle = scratch.appendingPathComponent("rps")
    let made = try tide(["pack", "Content/rps", "--bundle", "-o", bundle.path], timeout: 120)
    XCTAssertEqual(made.status, 0, made.stderr)
    let replay = CLITests.root.appendingPathComponent("Content/rps/tests/replays/won.input").path
    let expected = try tide(["run", "Content/rps", "--headless", "--input", replay])
    XCTAssertEqual(expected.status, 0, expected.stderr)

    // What the namespace hides: each library's file (links followed), the fonts, and the
    // Swift runtime the player was linked against when it was not linked in.
    var covered = Self.hiddenLibraries.compactMap { name -> String? in
      let path = "/usr/lib/x86_64-linux-gnu/" + name
      return FileManager.default.fileExists(atPath: path) ? URL(fileURLWithPath: path).resolvingSymlinksInPath().path : nil
    }
    XCTAssertEqual(covered.count, Self.hiddenLibraries.count, "the system has every library the test hides")
    let swiftRuntime = "/opt/swift/usr/lib/swift/linux"
    var folders = ["/usr/share/fonts"]
    if FileManager.default.fileExists(atPath: swiftRuntime) { folders.append(swiftRuntime) }
    covered.sort()
    let log = scratch.appendingPathComponent("ld-headless.log").path
    let windowLog = scratch.appendingPathComponent("ld-window.log").path
    let shot = scratch.appendingPathComponent("window.png").path
    let script = (covered.map { "mount --bind /dev/null '\($0)'" } + folders.map { "mount -t tmpfs tmpfs '\($0)'" } + [
      // Proof that the system's copies are gone: the tide built here cannot start.
      "'\(CLITests.tideBinary.path)' --version >/dev/null 2>&1 && echo 'TIDE STARTED' || echo 'tide cannot start'",
      "LD_DEBUG=libs LD_DEBUG_OUTPUT='\(log)' '\(bundle.path)/rps' --headless --input '\(replay)' || echo \"HEADLESS FAILED $?\"",
      // The dummy driver opens a device on any machine, so SDL_mixer is opened too.
      "SDL_AUDIODRIVER=dummy LD_DEBUG=libs LD_DEBUG_OUTPUT='\(windowLog)' '\(bundle.path)/rps' --input '\(replay)' "
        + "--screenshot '\(shot)' --screenshot-at 0.5 --quit-after 4 || echo \"WINDOW FAILED $?\"",
    ]).joined(separator: "\n")
    let result = try run("/usr/bin/unshare", ["--mount", "--propagation", "private", "/bin/sh", "-c", script], in: scratch)
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.contains("tide cannot start"), "the libraries were not hidden: \(result.stdout)")
    XCTAssertFalse(result.stdout.contains("FAILED"), result.stdout + result.stderr)

    // The same game, headless, as `tide run` played it on the folder: same ticks, scene and sprites.
    let played = result.stdout.split(separator: "\n").first { $0.hasPrefix("rps.tide: ran ") }.map(String.init) ?? ""
    let tideLine = expected.stdout.split(separator: "\n").first { $0.hasPrefix("Content/rps: ran ") }.map(String.init) ?? ""
    for part in ["ticks", "scene", "sprites"] {
      XCTAssertEqual(Self.field(part, in: played), Self.field(part, in: tideLine), "\(part): \(played) / \(tideLine)")
    }

    // Every library the bundle carries came from it; none of the hidden ones from anywhere else.
    let carried = Set(try FileManager.default.contentsOfDirectory(atPath: bundle.appendingPathComponent("lib").path))
    func loadedBy(_ run: String) throws -> [String] {
      var loaded: [String] = []
      for file in try FileManager.default.contentsOfDirectory(atPath: scratch.path) where file.hasPrefix("ld-\(run).log") {
        let text = try String(contentsOfFile: scratch.appendingPathComponent(file).path, encoding: .utf8)
        for line in text.split(separator: "\n") {
          guard let range = line.range(of: "calling init: ") else { continue }
          loaded.append(String(line[range.upperBound...]))
        }
      }
      return loaded
    }
    let headless = try loadedBy("headless")
    let loaded = headless + (try loadedBy("window"))
    XCTAssertFalse(headless.isEmpty, "the loader's log names the libraries")
    for name in Self.hiddenLibraries {
      XCTAssertTrue(loaded.contains(bundle.path + "/lib/" + name), "\(name) loaded from the bundle: \(loaded)")
    }
    // SDL_image and SDL_mixer are opened on first use: a headless run reads no image and
    // opens no sound device, so it never loads them.
    for name in ["libSDL2_image-2.0.so.0", "libSDL2_mixer-2.0.so.0"] {
      XCTAssertFalse(headless.contains { $0.hasSuffix("/" + name) }, "the headless run loaded \(name)")
    }
    for path in loaded where !path.hasPrefix(bundle.path + "/") {
      let name = (path as NSString).lastPathComponent
      XCTAssertFalse(carried.contains(name), "\(name) came from \(path), not the bundle")
      XCTAssertFalse(path.hasPrefix(swiftRuntime), "the Swift runtime came from \(path)")
    }
    XCTAssertGreaterThan((try? Data(contentsOf: URL(fileURLWithPath: shot)).count) ?? 0, 1000, "the window drew the game")

    // Moved, the launcher's --install puts the game in the desktop's menu with the absolute
    // paths of where it is now; --uninstall takes it out.
    let moved = scratch.appendingPathComponent("games/rock paper")
    try FileManager.default.createDirectory(at: moved.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.moveItem(at: bundle, to: moved)
    let launcher = moved.appendingPathComponent("rps").path
    let entry = scratch.appendingPathComponent("data/applications/tide-rps.desktop")
    let installed = try run(launcher, ["--install"], in: scratch)
    XCTAssertEqual(installed.status, 0, installed.stderr)
    XCTAssertEqual(installed.stdout, "rps: added to the desktop's menu (\(entry.path)); ./rps --uninstall takes it out\n")
    var text = try String(contentsOf: entry, encoding: .utf8)
    XCTAssertTrue(text.hasPrefix("[Desktop Entry]\n") && text.contains("\nName=Rock Paper Scissors\n"), text)
    XCTAssertTrue(text.contains("\nExec=\"\(moved.path)/rps\"\n"), text)
    XCTAssertFalse(text.contains("Icon="), "rps names no icon: \(text)")
    // The Exec line, run as a desktop runs it, plays the game.
    let exec = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("Exec=") }).dropFirst(5)
    let launched = try run("/bin/sh", ["-c", "\(exec) --headless --seconds 0.5"], in: scratch)
    XCTAssertEqual(launched.status, 0, launched.stderr)
    XCTAssertTrue(launched.stdout.contains("rps.tide: ran 30 ticks"), launched.stdout)
    // A game whose conf.lua names an icon has icon.png beside the launcher.
    try Data([0x89, 0x50, 0x4E, 0x47]).write(to: moved.appendingPathComponent("icon.png"))
    XCTAssertEqual(try run(launcher, ["--install"], in: scratch).status, 0)
    text = try String(contentsOf: entry, encoding: .utf8)
    XCTAssertTrue(text.contains("\nIcon=\(moved.path)/icon.png\n"), text)
    XCTAssertEqual(text.components(separatedBy: "Exec=").count, 2, "one Exec line: \(text)")
    let removed = try run(launcher, ["--uninstall"], in: scratch)
    XCTAssertEqual(removed.status, 0, removed.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: entry.path))
    // A path Exec= cannot quote safely is refused in one line.
    let odd = scratch.appendingPathComponent("games/100% \"fun\"")
    try FileManager.default.moveItem(at: moved, to: odd)
    let refused = try run(odd.appendingPathComponent("rps").path, ["--install"], in: scratch)
    XCTAssertEqual(refused.status, 1)
    XCTAssertEqual(refused.stderr.filter { $0 == "\n" }.count, 1, refused.stderr)
    XCTAssertTrue(refused.stderr.hasPrefix("rps: cannot add \(odd.path) to the menu"), refused.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: entry.path))
  }

  /// `ticks` in "... 300 ticks ...", `scene` in "scene 'play'", `sprites` in "15 sprites".
  static func field(_ name: String, in line: String) -> String? {
    let words = line.split(whereSeparator: { " ;()".contains($0) })
    guard let at = words.firstIndex(where: { $0 == name }) else { return nil }
    return name == "scene" ? words.indices.contains(at + 1) ? String(words[at + 1]) : nil : at > 0 ? String(words[at - 1]) : nil
  }

  private func run(_ tool: String, _ arguments: [String], in directory: URL) throws -> CLIResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    process.currentDirectoryURL = directory
    var environment = tideEnvironment(window: true)
    environment["XDG_DATA_HOME"] = directory.appendingPathComponent("data").path
    process.environment = environment
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let errors = PipeReader(err.fileHandleForReading)
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = errors.data()
    process.waitUntilExit()
    return CLIResult(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
  }
}
