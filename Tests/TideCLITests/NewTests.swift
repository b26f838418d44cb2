import Foundation
import XCTest

/// `tide new` makes a game that passes check, test and shot as made, and refuses an
/// existing folder or a bad name with one clear line.
extension CLITests {
  func testANewGamePassesCheckTestAndShotOnTheFirstTry() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tide-new-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let made = try tide(["new", "star-catcher", "--path", folder.path])
    XCTAssertEqual(made.status, 0, made.stdout + made.stderr)
    let game = folder.appendingPathComponent("star-catcher")
    for file in ["conf.lua", "main.lua", "data/game.lua", "tests/star_catcher_test.lua", "tests/golden/start.input",
      "tests/golden/start.png", "tests/replays/first.input", ".luarc.json", "README.md"] {
      XCTAssertTrue(FileManager.default.fileExists(atPath: game.appendingPathComponent(file).path), file)
    }
    // .luarc.json points LuaLS at the generated Tide library (docs/meta/tide.lua).
    let luarc = try JSONSerialization.jsonObject(with: Data(contentsOf: game.appendingPathComponent(".luarc.json"))) as? [String: Any]
    let library = try XCTUnwrap((luarc?["workspace.library"] as? [String])?.first, "no workspace.library in .luarc.json")
    let libraryURL = library.hasPrefix("/") ? URL(fileURLWithPath: library) : game.appendingPathComponent(library)
    XCTAssertTrue(FileManager.default.fileExists(atPath: libraryURL.appendingPathComponent("tide.lua").path), library)
    let check = try tide(["check", "--strict", "--layout", game.path])
    XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
    // The template passes its own check without a warning: its golden input names its size.
    XCTAssertFalse(check.stdout.contains("warning"), check.stdout)
    XCTAssertTrue(check.stdout.contains("no layout problems in"), check.stdout)
    let test = try tide(["test", game.path])
    XCTAssertEqual(test.status, 0, test.stdout + test.stderr)
    // 3 Lua tests, the replay and the golden screen.
    XCTAssertTrue(test.stdout.hasSuffix("\(game.path): 5 passed, 0 failed\n"), test.stdout)
    XCTAssertTrue(test.stdout.contains("ok \(game.path)/tests/replays/first.input\n"), test.stdout)
    XCTAssertTrue(test.stdout.contains("ok \(game.path)/tests/golden/start.input\n"), test.stdout)
    // The golden screen made with the game is the frame `tide shot` draws from its input.
    let shot = folder.appendingPathComponent("shot.png")
    let drawn = try tide(["shot", game.path, "--input", game.appendingPathComponent("tests/golden/start.input").path, "-o", shot.path])
    XCTAssertEqual(drawn.status, 0, drawn.stdout + drawn.stderr)
    XCTAssertEqual(try Data(contentsOf: shot), try Data(contentsOf: game.appendingPathComponent("tests/golden/start.png")))

    let again = try tide(["new", "star-catcher", "--path", folder.path])
    XCTAssertNotEqual(again.status, 0)
    XCTAssertTrue(again.stderr.contains("already exists"), again.stderr)
    let bad = try tide(["new", "Star Catcher", "--path", folder.path])
    XCTAssertNotEqual(bad.status, 0)
    XCTAssertTrue(bad.stderr.contains("is not a game name"), bad.stderr)
  }
}

extension CLITests {
  /// The LuaLS library is built into the binary: `tide new` writes it into the game and points
  /// `.luarc.json` at it, and declares every global a spec has; a new game's `.luacheckrc`
  /// makes plain `luacheck .` clean there.
  func testNewGameCarriesTheEditorLibraryAndALuacheckrc() throws {
    let other = try makeGame(["docs/meta/tide.lua": "---@meta tide\n"])
    let made = try tide(["new", "elsewhere", "--path", other.appendingPathComponent("Content").path], in: other)
    XCTAssertEqual(made.status, 0, made.stdout + made.stderr)
    let game = other.appendingPathComponent("Content/elsewhere")
    let luarc = try JSONSerialization.jsonObject(with: Data(contentsOf: game.appendingPathComponent(".luarc.json"))) as? [String: Any]
    let library = try XCTUnwrap((luarc?["workspace.library"] as? [String])?.first, "no workspace.library")
    XCTAssertEqual(library, ".meta")
    for name in ["tide.lua", "busted.lua"] {
      XCTAssertEqual(
        try String(contentsOf: game.appendingPathComponent(".meta/\(name)"), encoding: .utf8),
        try String(contentsOf: CLITests.root.appendingPathComponent("docs/meta/\(name)"), encoding: .utf8), name)
    }
    let globals = Set(luarc?["diagnostics.globals"] as? [String] ?? [])
    for name in ["tide", "describe", "it", "assert", "finally", "insulate", "expose", "lazy_setup", "lazy_teardown",
      "strict_setup", "strict_teardown", "randomize", "spy", "stub", "mock", "match", "context", "spec", "test"] {
      XCTAssertTrue(globals.contains(name), "\(name) is not in diagnostics.globals: \(globals.sorted())")
    }
    // Plain luacheck, as an author runs it in the game's folder.
    let luacheck = Process()
    luacheck.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    luacheck.arguments = ["luacheck", "--no-color", "."]
    luacheck.currentDirectoryURL = game
    let out = Pipe()
    luacheck.standardOutput = out
    luacheck.standardError = out
    try luacheck.run()
    let report = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    luacheck.waitUntilExit()
    XCTAssertEqual(luacheck.terminationStatus, 0, report)
    XCTAssertTrue(report.contains("0 warnings / 0 errors"), report)
  }

  /// A `tide` copied out of the checkout still writes the whole library.
  func testACopiedBinaryWritesTheEditorLibrary() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tide-copy-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let copy = folder.appendingPathComponent("tide")
    try FileManager.default.copyItem(at: CLITests.tideBinary, to: copy)
    let written = try tide(["meta", "--out", "lib"], in: folder, executable: copy)
    XCTAssertEqual(written.status, 0, written.stderr)
    XCTAssertEqual(
      try String(contentsOf: folder.appendingPathComponent("lib/tide.lua"), encoding: .utf8),
      try String(contentsOf: CLITests.root.appendingPathComponent("docs/meta/tide.lua"), encoding: .utf8))
    let made = try tide(["new", "copied", "--path", folder.path, "--meta", "editor"], in: folder, executable: copy)
    XCTAssertEqual(made.status, 0, made.stderr)
    XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("copied/editor/busted.lua").path))
  }
}
