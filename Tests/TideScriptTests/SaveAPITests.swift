import Foundation
import TideCore
import TideScript
import XCTest

/// `tide.save`: round trips that keep integers, floats and nesting; damaged files set aside.
final class SaveAPITests: XCTestCase {
  func testRoundTrips() throws {
    let report = try runLuaTests(
      #"""
      describe("tide.save", function()
        before_each(function() tide.test.start() end)

        it("reads back what it wrote, integers as integers and floats as floats", function()
          local scores = {
            best = 10, ratio = 0.5, two = 2.0, big = 1 << 53, negative = -3,
            name = "Ada \"the\" Great\n🦁", flag = true, off = false,
            names = { "a", "b", "c" },
            nested = { deep = { deeper = { x = 1, list = { 1.5, 2, { y = "z" } } } } },
            empty = {},
          }
          tide.save.write("scores", scores)
          local back = tide.save.read("scores")
          assert.are.same(scores, back)
          assert.are.equal("integer", math.type(back.best))
          assert.are.equal("integer", math.type(back.big))
          assert.are.equal("float", math.type(back.ratio))
          assert.are.equal("float", math.type(back.two))
          assert.are.equal("integer", math.type(back.nested.deep.deeper.list[2]))
          assert.are.equal("float", math.type(back.nested.deep.deeper.list[1]))
        end)

        it("saves plain values too", function()
          tide.save.write("n", 42)
          tide.save.write("s", "text")
          tide.save.write("b", false)
          tide.save.write("f", 0.25)
          assert.are.same({ 42, "text", false, 0.25 },
            { tide.save.read("n"), tide.save.read("s"), tide.save.read("b"), tide.save.read("f") })
          assert.are.equal("integer", math.type(tide.save.read("n")))
        end)

        it("returns the default when nothing is saved", function()
          assert.are.same({ best = 0 }, tide.save.read("missing", { best = 0 }))
          assert.is_nil(tide.save.read("missing"))
        end)

        it("overwrites a save with a new value", function()
          tide.save.write("scores", { 1, 2, 3 })
          tide.save.write("scores", { best = 4 })
          assert.are.same({ best = 4 }, tide.save.read("scores"))
        end)

        it("refuses invalid names", function()
          assert.has_error(function() tide.save.read("../etc/passwd") end,
            "bad argument #1 to 'read' (invalid save name '../etc/passwd' (use 1-64 letters, digits, '_' or '-'))")
          assert.error_matches(function() tide.save.write("a b", 1) end, "cannot save 'a b': invalid save name 'a b'", nil, true)
          assert.error_matches(function() tide.save.write("", 1) end, "invalid save name ''", nil, true)
          assert.error_matches(function() tide.save.write(("x"):rep(65), 1) end, "invalid save name", nil, true)
          assert.has_error(function() tide.save.read(nil) end, "bad argument #1 to 'read' (string expected, got nil)")
        end)

        it("refuses values JSON cannot hold, naming where they are", function()
          assert.error_matches(function() tide.save.write("x", { f = print }) end, "cannot save a function (at x.f)", nil, true)
          assert.error_matches(function() tide.save.write("x", { list = { 1, 2, k = 3 } }) end,
            "x.list mixes a list with named fields; save one or the other", nil, true)
          local cycle = {}
          cycle.self = cycle
          assert.error_matches(function() tide.save.write("x", cycle) end, "nested too deeply (a cycle?)", nil, true)
          assert.error_matches(function() tide.save.write("x", { [1.5] = true }) end, "neither a name nor a list index", nil, true)
          assert.is_nil(tide.save.read("x"))
        end)

        -- NaN and infinities were written as null, so the key was gone on the next read.
        it("refuses numbers JSON cannot hold, naming the key", function()
          assert.error_matches(function() tide.save.write("x", { a = { b = 0/0 } }) end,
            "cannot save nan (at x.a.b): a save holds finite numbers only", nil, true)
          assert.error_matches(function() tide.save.write("x", { 1, math.huge }) end, "cannot save inf (at x[2])", nil, true)
          assert.error_matches(function() tide.save.write("x", -math.huge) end, "cannot save -inf (at x)", nil, true)
          assert.is_nil(tide.save.read("x"))
        end)

        -- Over 8 MiB was written, then set aside as damaged by the next read.
        it("refuses a save it could not read back", function()
          assert.error_matches(function() tide.save.write("big", ("x"):rep(9 * 1024 * 1024)) end,
            "cannot save 'big': it would be 9437187 bytes, and a save may be at most 8 MiB", nil, true)
          local value, status = tide.save.read_status("big", "none")
          assert.are.same({ "none", "missing" }, { value, status })
        end)
      end)
      """#)
    assertAllPassed(report, count: 8)
  }

  static let main = #"""
    local saved = tide.save.read("scores", { best = 0 })
    tide.sprite.text(tostring(saved.best), { name = "best" })
    tide.save.write("scores", { best = saved.best + 1 })
    """#

  /// A damaged save is renamed aside (never overwritten), a warning is shown, and the game starts afresh.
  func testDamagedSaveIsSetAsideNotOverwritten() throws {
    let fixture = try GameFixture(main: Self.main)
    let saves = fixture.saveDirectory
    let fm = FileManager.default
    try fm.createDirectory(at: saves, withIntermediateDirectories: true)
    try Data("{\"best\": 4".utf8).write(to: saves.appendingPathComponent("scores.json"))

    let first = try fixture.engine()
    XCTAssertEqual(first.text(of: "best"), "0")
    XCTAssertEqual(first.errors.all.count, 1)
    XCTAssertEqual(first.errors.all.first?.title, "Warning")
    XCTAssertTrue(first.errorMessages[0].contains("save 'scores' could not be read (invalid JSON"), first.errorMessages[0])
    XCTAssertTrue(first.errorMessages[0].contains("kept it as scores.damaged-1.json"), first.errorMessages[0])
    XCTAssertNil(first.overlay, "a warning is not a script error")
    XCTAssertEqual(try String(contentsOf: saves.appendingPathComponent("scores.damaged-1.json"), encoding: .utf8), "{\"best\": 4")
    let rewritten = try JSONSerialization.jsonObject(with: Data(contentsOf: saves.appendingPathComponent("scores.json")))
    XCTAssertEqual((rewritten as? [String: Int])?["best"], 1)

    // A good save is read back by the next run.
    XCTAssertEqual(try fixture.engine().text(of: "best"), "1")

    // Damage it again: the first damaged copy stays as it was, the new one goes beside it.
    try Data("not json at all".utf8).write(to: saves.appendingPathComponent("scores.json"))
    let third = try fixture.engine()
    XCTAssertEqual(third.text(of: "best"), "0")
    XCTAssertTrue(third.errorMessages[0].contains("kept it as scores.damaged-2.json"), third.errorMessages.description)
    XCTAssertEqual(try String(contentsOf: saves.appendingPathComponent("scores.damaged-1.json"), encoding: .utf8), "{\"best\": 4")
    XCTAssertEqual(try String(contentsOf: saves.appendingPathComponent("scores.damaged-2.json"), encoding: .utf8), "not json at all")
    let files = try fm.contentsOfDirectory(atPath: saves.path).sorted()
    XCTAssertEqual(files, ["scores.damaged-1.json", "scores.damaged-2.json", "scores.json"], "no temp files are left behind")
  }

  /// A dangling symlink where a save should be is in the way, as `read` finds it: `set_aside`
  /// moves it and names where, rather than answering nil as if there were no save.
  func testSetAsideMovesADanglingLinkInASavesPlace() throws {
    let fixture = try GameFixture(main: #"tide.sprite.text(tostring(tide.save.set_aside("scores")), { name = "kept" })"#)
    let saves = fixture.saveDirectory
    try FileManager.default.createDirectory(at: saves, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: saves.appendingPathComponent("scores.json").path, withDestinationPath: "nowhere.json")
    let engine = try fixture.engine()
    XCTAssertEqual(engine.text(of: "kept"), "scores.damaged-1.json")
    XCTAssertEqual(
      try FileManager.default.destinationOfSymbolicLink(atPath: saves.appendingPathComponent("scores.damaged-1.json").path),
      "nowhere.json")
  }

  /// Saves go to the engine's save folder as `<name>.json`.
  func testSavesLandInTheSaveFolderAsJSON() throws {
    let fixture = try GameFixture(main: #"tide.save.write("settings", { volume = 0.5, muted = false, name = "Ada" })"#)
    _ = try fixture.engine()
    let data = try Data(contentsOf: fixture.saveDirectory.appendingPathComponent("settings.json"))
    let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    XCTAssertEqual(json["volume"] as? Double, 0.5)
    XCTAssertEqual(json["muted"] as? Bool, false)
    XCTAssertEqual(json["name"] as? String, "Ada")
  }

  /// Saving (and reading) a table nested a few dozen levels deep must not corrupt memory.
  ///
  /// Run in a `tide` subprocess so a crash cannot take the test runner down with it.
  func testDeeplyNestedSaveDoesNotCrashTheHost() throws {
    let tide = tideExecutable
    try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: tide.path), "no tide executable at \(tide.path)")
    let fixture = try GameFixture(
      main: #"""
      local t = {}
      local c = t
      for _ = 1, 63 do c.x = {}; c = c.x end
      tide.save.write("deep", t)
      local back, depth = tide.save.read("deep"), 0
      while type(back) == "table" do depth, back = depth + 1, back.x end
      print("depth " .. depth)
      """#)
    var environment = ProcessInfo.processInfo.environment
    environment["HOME"] = fixture.root.appendingPathComponent("home").path
    environment.removeValue(forKey: "XDG_DATA_HOME")
    let (status, output) = try runProgram(tide, ["run", fixture.directory.path, "--headless", "--seconds", "0.1"], environment: environment)
    XCTAssertEqual(status, 0, output)
    XCTAssertTrue(output.contains("depth 64"), output)
    // With no XDG_DATA_HOME the save lands under $HOME/.local/share, as XDG says, not in the
    // home directory of the password database.
    let save = fixture.root.appendingPathComponent("home/.local/share/tide/\(fixture.directory.lastPathComponent)/deep.json")
    XCTAssertTrue(FileManager.default.fileExists(atPath: save.path), "no save at \(save.path)")
  }

  /// A test can damage a save as a crash would; the game reads "damaged" with the kept file's
  /// name, a warning is listed, and a second damaged save is kept beside the first.
  func testDamagedSaveFromLuaIsSetAsideAndReported() throws {
    let report = try runLuaTests(
      #"""
      it("sets a damaged save aside and says so", function()
        tide.test.write_raw_save("scores", "{ not json")
        local app = tide.test.start()
        assert.are.equal("damaged scores.damaged-1.json", app:find{ name = "status" }.text)
        assert.matches("kept it as scores.damaged%-1.json", app:errors()[1])
        tide.test.write_raw_save("scores", "[1, 2")
        app = tide.test.start()
        assert.are.equal("damaged scores.damaged-2.json", app:find{ name = "status" }.text)
        tide.save.write("scores", { 1, 2 })
        app = tide.test.start()
        assert.are.equal("saved nil", app:find{ name = "status" }.text)
      end)

      it("tells a missing save from a damaged one", function()
        local app = tide.test.start()
        assert.are.equal("missing nil", app:find{ name = "status" }.text)
        assert.are.equal(0, #app:errors())
      end)
      """#,
      main: #"""
      local value, status, kept = tide.save.read_status("scores", {})
      tide.sprite.text(status .. " " .. tostring(kept), { name = "status" })
      """#)
    assertAllPassed(report, count: 2)
  }

  /// A save that reads but is not what the game expects is set aside by the engine's own
  /// convention (`<name>.damaged-N.json`, kept byte for byte, never overwritten), with a warning.
  func testAGameSetsAsideASaveItRefuses() throws {
    let report = try runLuaTests(
      #"""
      it("keeps the refused save beside the fresh one", function()
        local app = tide.test.start()
        assert.is_nil(tide.save.set_aside("scores"), "nothing to set aside yet")
        tide.save.write("scores", { players = "lots" })
        local before = tide.test.read_raw_save("scores.json")
        assert.are.equal("scores.damaged-1.json", tide.save.set_aside("scores", "not a board"))
        assert.is_nil(tide.save.read("scores"))
        assert.are.equal(before, tide.test.read_raw_save("scores.damaged-1.json"))
        tide.save.write("scores", 2)
        assert.are.equal("scores.damaged-2.json", tide.save.set_aside("scores"))
        assert.are.equal(before, tide.test.read_raw_save("scores.damaged-1.json"), "the first copy stays")
        assert.are.same({ "save 'scores' was set aside (not a board); kept it as scores.damaged-1.json",
          "save 'scores' was set aside (the game could not use it); kept it as scores.damaged-2.json" }, app:errors())
        assert.error_matches(function() tide.save.set_aside("../x") end, "invalid save name", nil, true)
        assert.error_matches(function() tide.test.read_raw_save("../x.json") end, "is not a file name in the save folder", nil, true)
      end)
      """#,
      main: "")
    assertAllPassed(report, count: 1)
  }
}
