import TideCore
import TideScript
import XCTest

/// Game scripts run sandboxed: their own folder and the tide library, nothing else.
final class SandboxTests: XCTestCase {
  static let files = [
    "lib/util.lua": #"""
      -- A game module: runs in the game's environment, sees tide, returns its table.
      local util = {}
      function util.double(n) return n * 2 end
      util.loads = (util_loads or 0) + 1
      util_loads = util.loads
      util.sees_tide = tide ~= nil and tide.sprite ~= nil
      return util
      """#,
    "lib/quiet.lua": "shared_by_quiet = true",
  ]

  /// Test files have full Lua 5.4 (busted runs in it); the game they start does not. The checks
  /// run as the game's own code: `lib/reach.lua`, loaded by the game, reports what it can reach.
  func testNothingDangerousIsReachable() throws {
    var files = Self.files
    files["lib/reach.lua"] = #"""
      -- Runs in the game's environment: whatever it reaches, any game script reaches.
      local reach = {}
      function reach.global(name) return _G[name], rawget(_G, name), _ENV[name] end
      function reach.load(...) return load(...) end
      function reach.require(...) return require(...) end
      return reach
      """#
    let report = try runLuaTests(
      #"""
      describe("the sandbox", function()
        local game
        before_each(function()
          tide.test.start()
          game = require("lib.reach")  -- the game's own instance: the game has loaded it
        end)

        it("has no io, os, package, debug, dofile or loadfile", function()
          for _, name in ipairs({ "io", "os", "package", "debug", "dofile", "loadfile" }) do
            local value, raw, env = game.global(name)
            assert.is_nil(value, name)
            assert.is_nil(raw, name)
            assert.is_nil(env, name)
          end
        end)

        it("is not the tests' environment, which has all of Lua", function()
          for _, name in ipairs({ "io", "os", "package", "debug", "dofile", "loadfile" }) do
            assert.is_not_nil(_G[name], name)
          end
          assert.is_nil(game.load("return io or os or debug or package or describe or spy")())
          assert.are_not.equal(_G, select(1, game.global("_G")))
        end)

        it("keeps the safe libraries", function()
          for _, name in ipairs({ "string", "table", "math", "utf8", "coroutine", "pcall", "setmetatable", "tostring" }) do
            assert.is_not_nil(game.global(name), name)
          end
          assert.are.equal(3, game.load("return math.max(1, 3)")())
          assert.are.equal("ab", game.load("return table.concat({ 'a', 'b' })")())
        end)

        it("loads text chunks but refuses binary ones", function()
          assert.are.equal(2, game.load("return 1 + 1")())
          local dumped = string.dump(function() return 1 end)
          local fn, err = game.load(dumped)
          assert.is_nil(fn)
          assert.matches("attempt to load a binary chunk", err)
          fn, err = game.load(dumped, "x", "b")
          assert.is_nil(fn)
          assert.matches("attempt to load a binary chunk", err)
          local pieces = { dumped }
          fn, err = game.load(function() return table.remove(pieces) end)
          assert.is_nil(fn)
          assert.matches("attempt to load a binary chunk", err)
        end)

        it("refuses to require anything outside the game and the tide library", function()
          for _, name in ipairs({ "os", "io", "debug", "package", "../x", "../../etc/passwd", "/etc/passwd", ".hidden", "lib..util", "socket" }) do
            assert.error_matches(function() game.require(name) end, "module '" .. name .. "' not found", nil, true, name)
          end
          assert.error_matches(function() game.require("os") end,
            "a game may require its own files (game/os.lua) and the tide library (tide.*)", nil, true)
          assert.error_matches(function() game.require("tide.nothing") end, "module 'tide.nothing' not found", nil, true)
          assert.error_matches(function() game.require() end, "bad argument #1 to 'require'", nil, true)
        end)

        it("requires the game's own modules, once", function()
          local util = game.require("lib.util")
          assert.are.equal(8, util.double(4))
          assert.is_true(util.sees_tide)
          assert.are.equal(util, game.require("lib.util"))
          assert.are.equal(1, util.loads)
          assert.is_true(game.require("lib.quiet"))
        end)

        it("requires the tide library", function()
          local rules = game.require("tide.rules")
          assert.are.equal("function", type(rules.duel))
          assert.are.equal(rules, game.require("tide.rules"))
          local duel = tide.rules.duel{ rock = { "scissors" }, paper = { "rock" }, scissors = { "paper" } }
          assert.are.equal("win", duel:outcome("rock", "scissors"))
          assert.are.equal("lose", duel:outcome("rock", "paper"))
          assert.are.equal("tie", duel:outcome("rock", "rock"))
        end)
      end)
      """#, main: #"require("lib.reach")"#, files: files)
    assertAllPassed(report, count: 7)
  }

  /// `require("tide.rules")` in a test should be the very `tide.rules` table the game sees.
  func testRequiredLibraryIsTheInstalledOne() throws {
    let report = try runLuaTests(
      #"""
      it("is one library", function()
        tide.test.start()
        assert.are.equal(tide.rules, require("tide.rules"))
      end)
      """#)
    assertAllPassed(report, count: 1)
  }

  /// The same holds for the game's own scripts, which run in a fresh environment per start.
  func testGameScriptsAreSandboxedToo() throws {
    let fixture = try GameFixture(
      main: #"""
      local util = require("lib.util")
      local found = {}
      for _, name in ipairs({ "io", "os", "package", "debug", "dofile", "loadfile" }) do
        if _G[name] ~= nil or _ENV[name] ~= nil then found[#found + 1] = name end
      end
      local ok, err = pcall(require, "../secret")
      tide.sprite.text(table.concat(found, ","), { name = "found" })
      tide.sprite.text(tostring(ok) .. " " .. err, { name = "escape" })
      tide.sprite.text(tostring(util.double(21)) .. " " .. tostring(util_loads), { name = "module" })
      tide.sprite.text(tostring(tide.rules ~= nil), { name = "rules" })
      """#, files: Self.files)
    try fixture.write(Data("return 'stolen'".utf8), to: "../secret.lua")
    let engine = try fixture.engine()
    XCTAssertEqual(engine.text(of: "found"), "")
    let escape = try XCTUnwrap(engine.text(of: "escape"))
    XCTAssertTrue(escape.hasPrefix("false "), escape)
    XCTAssertTrue(escape.contains("module '../secret' not found"), escape)
    XCTAssertEqual(engine.text(of: "module"), "42 1", "a module's globals are the game's")
    XCTAssertEqual(engine.text(of: "rules"), "true")
  }

  /// A syntax error in a required module names the module's file and line.
  func testBrokenModuleNamesItsFile() throws {
    let fixture = try GameFixture(
      main: "local m = require(\"lib.broken\")\n",
      files: ["lib/broken.lua": "local x = 1\nlocal y = = 2\n"])
    XCTAssertThrowsError(try fixture.engine()) { error in
      let text = (error as? GameLoadError)?.description ?? "\(error)"
      XCTAssertTrue(text.hasPrefix("game/lib/broken.lua:2:"), text)
    }
  }
}
