import TideCore
import TideScript
import XCTest

/// Any error in a script callback is reported with file:line and a traceback, and the game
/// keeps running; runaway loops and allocation bombs are stopped without taking the host down.
final class ErrorReportingTests: XCTestCase {
  /// A heartbeat every 0.1 s, a bomb that fails when tapped, and a healthy button.
  static let main = #"""
    local beats = tide.sprite.text("0", { name = "beats" })
    tide.every(0.1, function(n) beats.text = tostring(n) end)
    local taps = tide.sprite.text("0", { name = "taps" })
    local fine = tide.sprite.rect{ name = "fine", x = 100, y = 0, w = 50, h = 50 }
    fine:on("tap", function() taps.text = tostring(tonumber(taps.text) + 1) end)

    local function explode(kind)
      if kind == "index" then
        local t = nil
        return t.boom -- @index
      elseif kind == "loop" then
        while true do end -- @loop
      elseif kind == "memory" then
        local hoard = {}
        for i = 1, 1e9 do hoard[i] = ("x"):rep(1 << 16) .. i end -- @memory
      elseif kind == "argument" then
        tide.after(nil, function() end) -- @argument
      end
    end

    local function bomb(name, x, kind)
      local b = tide.sprite.rect{ name = name, x = x, y = 100, w = 50, h = 50 }
      b:on("tap", function() explode(kind) end) -- @handler
    end
    bomb("index", 0, "index")
    bomb("loop", 60, "loop")
    bomb("memory", 120, "memory")
    bomb("argument", 180, "argument")

    tide.after(0.25, function() error("late and wrong") end) -- @timer
    """#

  /// The line of `main` tagged `-- @marker`.
  static func line(_ marker: String, in source: String = main) -> Int {
    let lines = source.components(separatedBy: "\n")
    return (lines.firstIndex { $0.contains("-- @\(marker)") } ?? -1) + 1
  }

  func engine(_ configure: (inout EngineOptions) -> Void = { _ in }) throws -> (GameFixture, Engine) {
    let fixture = try GameFixture(main: Self.main)
    var options = fixture.options()
    configure(&options)
    return (fixture, try fixture.engine(options: options))
  }

  /// The game still runs: the heartbeat moves on and a healthy handler still answers.
  func assertStillRunning(_ engine: Engine, file: StaticString = #filePath, line: UInt = #line) {
    let beats = Int(engine.text(of: "beats") ?? "") ?? -1
    let taps = Int(engine.text(of: "taps") ?? "") ?? -1
    engine.advance(seconds: 0.5)
    XCTAssertGreaterThanOrEqual(Int(engine.text(of: "beats") ?? "") ?? -1, beats + 4, "heartbeat stopped", file: file, line: line)
    if let fine = engine.node(named: "fine") { engine.tap(fine) }
    XCTAssertEqual(Int(engine.text(of: "taps") ?? "") ?? -1, taps + 1, "healthy tap handler stopped", file: file, line: line)
  }

  func testTapHandlerErrorIsReportedWithLocationAndTraceback() throws {
    let (_, engine) = try engine()
    engine.tap(try XCTUnwrap(engine.node(named: "index")))
    XCTAssertEqual(engine.errors.all.count, 1, engine.errorMessages.description)
    let error = try XCTUnwrap(engine.errors.all.first)
    XCTAssertTrue(error.title.hasPrefix("Script error in tap handler of Node(rect #"), error.title)
    XCTAssertTrue(error.title.hasSuffix("'index')"), error.title)
    XCTAssertEqual(error.message, "game/main.lua:\(Self.line("index")): attempt to index a nil value (local 't')")
    XCTAssertTrue(error.traceback.contains("stack traceback:"), error.traceback)
    XCTAssertTrue(error.traceback.contains("game/main.lua:\(Self.line("index")):"), error.traceback)
    XCTAssertTrue(error.traceback.contains("game/main.lua:\(Self.line("handler")):"), error.traceback)
    XCTAssertEqual(engine.overlay, error)
    assertStillRunning(engine)
    // The handler stays: a second tap fails again, and is reported again.
    engine.tap(try XCTUnwrap(engine.node(named: "index")))
    XCTAssertEqual(engine.errors.all.filter { $0.message.contains("attempt to index") }.count, 2)
  }

  func testTimerErrorIsReportedAndTheGameGoesOn() throws {
    let (_, engine) = try engine()
    engine.advance(seconds: 0.3)
    XCTAssertEqual(engine.errors.all.map(\.title), ["Script error in tide.after callback"])
    XCTAssertEqual(engine.errorMessages, ["game/main.lua:\(Self.line("timer")): late and wrong"])
    XCTAssertTrue(engine.errors.all[0].traceback.contains("stack traceback:"))
    assertStillRunning(engine)
  }

  func testSceneUpdateErrorIsReportedEveryTickAndOtherCallbacksRun() throws {
    let source = #"""
      local beats = tide.sprite.text("0", { name = "beats" })
      tide.every(0.1, function(n) beats.text = tostring(n) end)
      tide.scene.define("play", {
        enter = function(self) self.n = 0 end,
        update = function(self, dt)
          self.n = self.n + 1
          if self.n > 3 then self.missing() end -- @update
        end,
      })
      tide.scene.go("play")
      """#
    let fixture = try GameFixture(main: source)
    let engine = try fixture.engine()
    engine.advance(seconds: 1)
    XCTAssertEqual(engine.errors.all.count, 57, "one report per failing tick")
    XCTAssertEqual(engine.errors.all.first?.title, "Script error in scene 'play' update")
    XCTAssertEqual(
      engine.errors.all.first?.message,
      "game/main.lua:\(Self.line("update", in: source)): attempt to call a nil value (field 'missing')")
    XCTAssertEqual(engine.text(of: "beats"), "10")
    XCTAssertEqual(engine.currentSceneName, "play")
  }

  func testRunawayLoopIsStoppedByTheInstructionBudget() throws {
    let (_, engine) = try engine { $0.instructionBudget = 200_000 }
    let started = Date()
    engine.tap(try XCTUnwrap(engine.node(named: "loop")))
    XCTAssertLessThan(Date().timeIntervalSince(started), 5)
    XCTAssertEqual(engine.errors.all.count, 1)
    let message = try XCTUnwrap(engine.errorMessages.first)
    XCTAssertTrue(message.contains("instruction budget exceeded (runaway loop?)"), message)
    XCTAssertTrue(message.hasPrefix("game/main.lua:\(Self.line("loop")):"), message)
    assertStillRunning(engine)
    // The budget is per callback: it is whole again for the next one.
    engine.tap(try XCTUnwrap(engine.node(named: "loop")))
    XCTAssertEqual(engine.errorMessages.filter { $0.contains("instruction budget exceeded") }.count, 2)
    assertStillRunning(engine)
  }

  func testAllocationBombHitsTheMemoryCap() throws {
    let (_, engine) = try engine { $0.memoryLimit = 24 << 20 }
    engine.tap(try XCTUnwrap(engine.node(named: "memory")))
    XCTAssertEqual(engine.errors.all.count, 1)
    XCTAssertTrue(engine.errorMessages.first?.contains("not enough memory") ?? false, engine.errorMessages.description)
    assertStillRunning(engine)
    // The hoard was garbage: the same bomb fails the same way, not earlier.
    engine.tap(try XCTUnwrap(engine.node(named: "memory")))
    XCTAssertEqual(engine.errorMessages.filter { $0.contains("not enough memory") }.count, 2, engine.errorMessages.description)
    assertStillRunning(engine)
  }

  func testArgumentErrorsUseLuasWordingWithTheCallersLine() throws {
    let (_, engine) = try engine()
    engine.tap(try XCTUnwrap(engine.node(named: "argument")))
    XCTAssertEqual(
      engine.errorMessages,
      ["game/main.lua:\(Self.line("argument")): bad argument #1 to 'after' (number expected, got nil)"])
    assertStillRunning(engine)
  }

  /// Lua says "got no value" for a missing argument (as opposed to an explicit nil).
  func testMissingArgumentSaysNoValue() throws {
    let report = try runLuaTests(
      #"""
      it("says no value", function()
        tide.test.start()
        assert.has_error(function() tide.after() end, "bad argument #1 to 'after' (number expected, got no value)")
        assert.has_error(function() tide.after(1) end, "bad argument #2 to 'after' (function expected, got no value)")
        assert.has_error(function() tide.sprite.text() end, "bad argument #1 to 'text' (string expected, got no value)")
        assert.has_error(function() tide.scene.define("x") end, "bad argument #2 to 'define' (table expected, got no value)")
      end)
      """#)
    assertAllPassed(report, count: 1)
  }

  func testLoadErrorsNameFileAndLine() throws {
    let syntax = try GameFixture(main: "local a = 1\nlocal b = = 2\n")
    XCTAssertThrowsError(try syntax.engine()) { error in
      guard case .script(let lua) = error as? GameLoadError else { return XCTFail("\(error)") }
      XCTAssertTrue(lua.message.hasPrefix("game/main.lua:2:"), lua.message)
    }
    let runtime = try GameFixture(main: "local a = 1\nerror('cannot start')\n")
    XCTAssertThrowsError(try runtime.engine()) { error in
      let load = error as? GameLoadError
      XCTAssertEqual(load?.description, "game/main.lua:2: cannot start")
      XCTAssertTrue(load?.traceback.contains("stack traceback:") ?? false)
    }
    let missing = FileManager.default.temporaryDirectory.appendingPathComponent("tide-no-such-game-\(UUID().uuidString)")
    XCTAssertThrowsError(try Engine(gameDirectory: missing, displayPath: "nowhere", backend: HeadlessBackend(), options: EngineOptions())) {
      XCTAssertEqual(($0 as? GameLoadError)?.description, "no game folder at 'nowhere'")
    }
    let empty = try GameFixture(files: ["conf.lua": "return {}"])
    XCTAssertThrowsError(try empty.engine()) {
      XCTAssertEqual(($0 as? GameLoadError)?.description, "'game' has no main.lua (every game starts there)")
    }
  }
}
