import Foundation
import TideSDL
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `tide pack` and a packed game played with `tide run`, as an author and a player would.
final class PackCLITests: XCTestCase {
  /// A game that fails on its first tap: a green screen, then a script error.
  static let failsOnTap = [
    "conf.lua": "return { title = \"Tapper\", version = \"2.0.1\", width = 400, height = 300, scene = \"play\" }\n",
    "main.lua": """
      tide.scene.define("play", {
        enter = function()
          local taps = 0
          local field = tide.sprite.rect{ x = 0, y = 0, w = 400, h = 300, fill = "#20c040" }
          field:on("tap", function()
            taps = taps + 1
            if taps == 1 then error("the first tap breaks it") end
          end)
        end,
      })
      """,
    "tests/play_test.lua": "describe('t', function() it('runs', function() end) end)\n",
  ]

  private func packed(_ files: [String: String]) throws -> (game: URL, archive: URL) {
    let game = try makeGame(files)
    let archive = game.deletingLastPathComponent().appendingPathComponent("\(game.lastPathComponent).tide")
    addTeardownBlock { try? FileManager.default.removeItem(at: archive) }
    let result = try tide(["pack", game.path, "-o", archive.path])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.hasPrefix("packed \(game.path) (Tapper 2.0.1) into \(archive.path): 2 files"), result.stdout)
    return (game, archive)
  }

  func testAPackedGameRunsAndChecksWithoutItsFolder() throws {
    let (game, archive) = try packed(Self.failsOnTap)
    try FileManager.default.removeItem(at: game)
    let ran = try tide(["run", archive.path, "--headless", "--seconds", "1"])
    XCTAssertEqual(ran.status, 0, ran.stderr)
    XCTAssertFalse(ran.stdout.contains("seed"), "a player's run says nothing of seeds: \(ran.stdout)")
    XCTAssertEqual(ran.stderr, "")
    let checked = try tide(["check", archive.path])
    XCTAssertEqual(checked.status, 0, checked.stderr)
    XCTAssertTrue(checked.stdout.contains("ok — Tapper, 400x300, scene 'play'"), checked.stdout)
  }

  func testAPackedGameDrawsInItsOwnFontsFromTheArchive() throws {
    // The showcase names assets/fonts/ComicNeue-Bold.otf; packed, it is read from memory.
    let showcase = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Content/showcase")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tide-packfont-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    let archive = folder.appendingPathComponent("showcase.tide")
    let packing = try tide(["pack", showcase.path, "-o", archive.path])
    XCTAssertEqual(packing.status, 0, packing.stderr)
    let ran = try tide(["run", archive.path, "--headless", "--seconds", "1", "--option", "start=fonts", "--debug"])
    XCTAssertEqual(ran.status, 0, ran.stderr)
    XCTAssertTrue(ran.stdout.contains("scene 'fonts'; 25 sprites; 0 sounds; 0 errors"), ran.stdout + ran.stderr)
  }

  func testAHostileArchiveIsOneLineAndAFailedExit() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("tide-hostile-\(UUID().uuidString).tide")
    try Data("PK\u{3}\u{4} not really a zip".utf8).write(to: file)
    addTeardownBlock { try? FileManager.default.removeItem(at: file) }
    for command in [["run", file.path, "--headless"], ["check", file.path]] {
      let result = try tide(command)
      XCTAssertEqual(result.status, 1)
      XCTAssertEqual(result.stderr, "tide: \(file.path): not a Tide game archive (not a zip file, or a truncated one)\n")
    }
  }

  /// A player's error goes to the data folder's log, not the console; --debug prints it.
  func testAPlayersErrorsGoToTheLog() throws {
    let (_, archive) = try packed(Self.failsOnTap)
    let input = archive.deletingPathExtension().appendingPathExtension("input")
    try "0.5 tap 200 150\n@end 1\n".write(to: input, atomically: true, encoding: .utf8)
    addTeardownBlock { try? FileManager.default.removeItem(at: input) }
    try withDataHome { home in
      let played = try tide(["run", archive.path, "--headless", "--input", input.path])
      XCTAssertEqual(played.status, 1, "a script error fails a headless run")
      XCTAssertEqual(played.stderr, "", "nothing on the console")
      let folder = home.appendingPathComponent("tide").appendingPathComponent(archive.deletingPathExtension().lastPathComponent)
      let log = try String(contentsOf: folder.appendingPathComponent("errors.log"), encoding: .utf8)
      XCTAssertTrue(log.contains("the first tap breaks it"), log)
      XCTAssertTrue(log.contains("replay with: tide run"), log)
      let capsule = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("crashes").path).first)
      let text = try String(contentsOf: folder.appendingPathComponent("crashes/\(capsule)"), encoding: .utf8)
      XCTAssertTrue(text.contains("@version 2.0.1\n") && text.contains("@engine "), text)
      let debug = try tide(["run", archive.path, "--headless", "--input", input.path, "--debug"])
      XCTAssertTrue(debug.stderr.contains("the first tap breaks it"), debug.stderr)
      XCTAssertTrue(debug.stdout.contains("seed "), debug.stdout)
    }
  }

  /// Replaying against another version warns once, in one line naming both.
  func testAnotherVersionWarnsOnceInOneLine() throws {
    let (_, archive) = try packed(Self.failsOnTap)
    let input = archive.deletingPathExtension().appendingPathExtension("input")
    try "@engine 0.1.0\n@game 0123456789abcdef\n@version 1.0.0\n0.2 tap 5 5\n@end 0.5\n".write(to: input, atomically: true, encoding: .utf8)
    addTeardownBlock { try? FileManager.default.removeItem(at: input) }
    let result = try tide(["run", archive.path, "--headless", "--input", input.path, "--debug"])
    let warnings = result.stderr.split(separator: "\n").filter { $0.contains("warning") }
    XCTAssertEqual(warnings.count, 1, result.stderr)
    XCTAssertTrue(warnings.first?.contains("engine 0.1.0, this is") == true, result.stderr)
    XCTAssertTrue(warnings.first?.contains("(game 1.0.0 0123456789abcdef, now 2.0.1 ") == true, result.stderr)
  }

  /// In a window the player sees the Restart screen, and its button starts the game again.
  func testThePlayerScreenInAWindowRestartsTheGame() throws {
    guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else { throw XCTSkip("needs a display (run under xvfb-run)") }
    let (_, archive) = try packed(Self.failsOnTap)
    let input = archive.deletingPathExtension().appendingPathExtension("input")
    // The button sits at 60% of the height, a tenth of it high: from y 180 to 210.
    try "0.3 tap 100 60\n1.0 tap 200 195\n".write(to: input, atomically: true, encoding: .utf8)
    addTeardownBlock { try? FileManager.default.removeItem(at: input) }
    func screen(at seconds: Double) throws -> RGBAImage {
      let shot = archive.deletingPathExtension().appendingPathExtension("\(Int(seconds * 10)).png")
      addTeardownBlock { try? FileManager.default.removeItem(at: shot) }
      let result = try tide(
        ["run", archive.path, "--input", input.path, "--screenshot", shot.path, "--screenshot-at", String(seconds), "--quit-after", String(seconds + 3)],
        timeout: 60, window: true)
      XCTAssertEqual(result.status, 0, result.stderr)
      return try RGBAImage(contentsOf: shot)
    }
    func pixel(_ image: RGBAImage, _ x: Double, _ y: Double) -> [UInt8] {
      let scale = Double(image.width) / 400
      let argb = image.pixels[Int(y * scale) * image.width + Int(x * scale)]
      return [UInt8(truncatingIfNeeded: argb >> 16), UInt8(truncatingIfNeeded: argb >> 8), UInt8(truncatingIfNeeded: argb)]
    }
    let failed = try screen(at: 0.7)
    XCTAssertEqual(pixel(failed, 200, 190), [56, 140, 242], "the Restart button, in the player's screen")
    let restarted = try screen(at: 1.4)
    XCTAssertEqual(pixel(restarted, 200, 190), [0x20, 0xc0, 0x40], "the game again, after Restart")
  }

  /// The author's commands take the archive as they take the folder: a shot, seeded runs, the
  /// layout check and lint; what the archive leaves out (tests, bots, golden inputs) is said in
  /// one line naming it.
  func testTheAuthorsCommandsTakeAnArchive() throws {
    let (_, archive) = try packed(Self.failsOnTap)
    let png = archive.deletingPathExtension().appendingPathExtension("png")
    addTeardownBlock { try? FileManager.default.removeItem(at: png) }
    let shot = try tide(["shot", archive.path, "--at", "0.5", "-o", png.path])
    XCTAssertEqual(shot.status, 0, shot.stderr)
    let image = try RGBAImage(contentsOf: png)
    let argb = image.pixels[image.height / 2 * image.width + image.width / 2]
    XCTAssertEqual(argb & 0xFFFFFF, 0x20c040, "the game's green field, drawn from the archive")

    let runs = try tide(["run", archive.path, "--headless", "--runs", "2", "--jobs", "1", "--seconds", "1"])
    XCTAssertEqual(runs.status, 0, runs.stderr)
    XCTAssertTrue(runs.stdout.contains("2 runs, seeds 1..2, no bot"), runs.stdout)
    let bot = try tide(["run", archive.path, "--headless", "--runs", "2", "--input-bot", "bots/tapper.lua"])
    XCTAssertEqual(bot.status, 1)
    XCTAssertEqual(bot.stderr.filter { $0 == "\n" }.count, 1, bot.stderr)
    XCTAssertTrue(bot.stderr.contains("cannot read the bot file 'bots/tapper.lua'") && bot.stderr.contains("carries no bots/"), bot.stderr)

    let layout = try tide(["check", archive.path, "--layout"])
    XCTAssertEqual(layout.status, 0, layout.stdout + layout.stderr)
    XCTAssertTrue(layout.stdout.contains("a packed game carries no tests/golden inputs"), layout.stdout)
    XCTAssertTrue(layout.stdout.contains("checked \(archive.path) first screen 400x300: scene 'play'"), layout.stdout)

    let test = try tide(["test", archive.path])
    XCTAssertEqual(test.status, 1)
    XCTAssertEqual(test.stdout, "")
    XCTAssertEqual(
      test.stderr,
      "tide: \(archive.path) is a packed game, which carries no tests (tide pack leaves tests/ out): run tide test on the "
        + "game folder it was packed from, or tide check \(archive.path) to load and lint it\n")

    // Lint reads the archive's Lua as the folder's, each file named by its path in the archive.
    var unlinted = Self.failsOnTap
    unlinted["main.lua", default: ""] += "\nlocal unused = 1\n"
    let (_, second) = try packed(unlinted)
    let checked = try tide(["check", second.path])
    XCTAssertEqual(checked.status, 1)
    XCTAssertTrue(checked.stdout.contains("\(second.path)/main.lua:11:7: unused variable 'unused'"), checked.stdout)
    XCTAssertTrue(checked.stderr.contains("1 lint warning"), checked.stderr)
  }

  /// `tide run --serve` on an archive serves the game's images and sounds from memory.
  func testServeTakesAnArchive() throws {
    let tapper = CLITests.root.appendingPathComponent("Tests/TideServeTests/Fixtures/tapper")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tide-packserve-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    let archive = folder.appendingPathComponent("tapper.tide")
    let packing = try tide(["pack", tapper.path, "-o", archive.path])
    XCTAssertEqual(packing.status, 0, packing.stderr)
    let process = Process()
    process.executableURL = CLITests.tideBinary
    process.arguments = ["run", archive.path, "--headless", "--serve", "--port", "0", "--bind", "127.0.0.1", "--quit-after", "20"]
    process.environment = tideEnvironment(window: false)
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer { if process.isRunning { process.terminate() } }
    var printed = ""
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline, !printed.contains("?k=") {
      let chunk = out.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      printed += String(decoding: chunk, as: UTF8.self)
    }
    let address = try XCTUnwrap(printed.split(whereSeparator: \.isWhitespace).first { $0.hasPrefix("http://127.0.0.1:") }, printed)
    let key = try XCTUnwrap(address.split(separator: "?").last)
    let base = address.prefix { $0 != "?" }
    let image = try Self.get("\(base)assets/rabbit.jpg?\(key)")
    XCTAssertEqual(image.status, 200)
    XCTAssertEqual(image.body, try Data(contentsOf: tapper.appendingPathComponent("assets/rabbit.jpg")))
    XCTAssertEqual(try Self.get("\(base)assets/missing.png?\(key)").status, 404)
    // Beside the window, the window plays the archive too (not a folder of that name).
    guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else { return }
    let shot = folder.appendingPathComponent("window.png")
    let windowed = try tide(
      ["run", archive.path, "--serve", "--port", "0", "--bind", "127.0.0.1", "--quit-after", "1", "--screenshot", shot.path,
       "--screenshot-at", "0.2"], timeout: 60, window: true)
    XCTAssertEqual(windowed.status, 0, windowed.stderr)
    XCTAssertTrue(FileManager.default.fileExists(atPath: shot.path), windowed.stderr)
  }

  private static func get(_ address: String) throws -> (body: Data, status: Int) {
    let url = try XCTUnwrap(URL(string: address))
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var result: (Data, Int) = (Data(), 0)
    URLSession.shared.dataTask(with: url) { data, response, _ in
      result = (data ?? Data(), (response as? HTTPURLResponse)?.statusCode ?? 0)
      done.signal()
    }.resume()
    _ = done.wait(timeout: .now() + 10)
    return result
  }
}
