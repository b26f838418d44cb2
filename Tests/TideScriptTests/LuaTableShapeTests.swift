import Foundation
import XCTest

@testable import TideDocs
@testable import TideScript

/// The tables the engine checks the keys of (`LuaTableShape`): the docs' classes hold exactly the
/// keys the run-time checks accept, and the checks accept exactly those keys.
final class LuaTableShapeTests: XCTestCase {
  private var packageRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  }

  /// `name` → the field names of each `---@class tide.<name>` in `meta` (`[string]` left out).
  private func classFields(_ meta: String) -> [String: [String]] {
    var classes: [String: [String]] = [:]
    var current: String?
    for line in meta.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("---@class tide.") {
        let name = line.dropFirst("---@class tide.".count).split(separator: " ").first.map(String.init) ?? ""
        current = name
        classes[name] = []
      } else if let name = current, line.hasPrefix("---@field ") {
        let field = line.dropFirst("---@field ".count).split(separator: " ").first.map(String.init) ?? ""
        if !field.hasPrefix("[") { classes[name, default: []].append(field.hasSuffix("?") ? String(field.dropLast()) : field) }
      } else if !line.hasPrefix("---") {
        current = nil
      }
    }
    return classes
  }

  func testEveryShapeIsAClassOfExactlyTheKeysItsCheckAccepts() throws {
    let result = try APIDocGenerator.generate(root: packageRoot)
    XCTAssertEqual(result.problems, [])
    let classes = classFields(result.meta)
    for shape in LuaTableShape.all {
      XCTAssertEqual(classes[shape.className], shape.names, "tide.\(shape.className)")
    }
    // Parameters are typed with them.
    for (param, function) in [
      ("opts tide.SpriteOptions", "function tide.sprite.rect(opts) end"),
      ("opts? tide.SpriteOptions", "function tide.sprite.text(text, opts) end"),
      ("opts? tide.SpriteOptions", "function tide.sprite.image(name, opts) end"),
      ("opts? tide.TweenOptions", "function tide.tween(sprite, duration, props, opts) end"),
      ("opts? tide.TweenGroupOptions", "function tide.sequence(steps, opts) end"),
      ("opts? tide.StartOptions", "function tide.test.start(opts) end"),
      ("definition tide.Scene", "function tide.scene.define(name, definition) end"),
      ("emitter tide.Emitter", "function tide.particles(emitter, opts) end"),
      ("query tide.Query", "function App:find_all(query) end"),
      ("fn? fun(event: tide.GestureEvent)", "function Sprite:on(event, fn) end"),
    ] {
      let block = try XCTUnwrap(result.meta.range(of: "\n" + function + "\n"), function)
      let before = result.meta[..<block.lowerBound].split(separator: "\n").suffix(12).joined(separator: "\n")
      XCTAssertTrue(before.contains("---@param \(param)"), "\(function) has no `---@param \(param)`:\n\(before)")
    }
    XCTAssertTrue(result.meta.contains("---@return tide.Sprite[]\nfunction App:find_all(query) end"))
  }

  /// Every key of `tide.SpriteOptions` is taken by a sprite constructor, and every other sprite
  /// field (the read-only ones) and a misspelt key are refused.
  func testSpriteConstructorsTakeExactlyTheSpriteOptions() throws {
    let documented = try XCTUnwrap(classFields(try APIDocGenerator.generate(root: packageRoot).meta)["SpriteOptions"])
    let all = SpriteField.allCases.map(\.rawValue) + ["fil"]
    let list = all.map { "\"\($0)\"" }.joined(separator: ", ")
    let report = try runLuaTests(
      """
      local samples = {
        anchor = "center", tint = "#ffffff", fill = "#ffffff", stroke = "#ffffff", color = "#ffffff",
        align = "center", fit = "wrap", text = "a", image = "a.png", tag = "a", name = "a", kind = "rect",
        visible = true, flip_x = true, flip_y = true, clip = true, data = {}, points = { 0, 0, 1, 1, 2, 0 },
      }
      describe("sprite constructors", function()
        it("report which keys they take", function()
          tide.test.start()
          local taken = {}
          for _, key in ipairs({ \(list) }) do
            local value = samples[key]
            if key == "parent" then value = tide.sprite.group{} end
            if value == nil then value = 1 end
            local ok, err = pcall(tide.sprite.polygon, { points = { 0, 0, 1, 1, 2, 0 }, [key] = value })
            if ok or not (tostring(err):find("unknown sprite field", 1, true) or tostring(err):find("read-only", 1, true)) then
              taken[#taken + 1] = key
            end
          end
          local documented = { \(documented.map { "\"\($0)\"" }.joined(separator: ", ")) }
          table.sort(documented)
          table.sort(taken)
          assert.are.same(documented, taken)
        end)
      end)
      """)
    assertAllPassed(report, count: 1)
  }

  /// The option tables that used to take any key now refuse a misspelt one, naming the valid ones.
  func testOptionTablesRefuseUnknownKeys() throws {
    let queryKeys = LuaTableShape.query.names.map { "\"\($0)\"" }.joined(separator: ", ")
    let report = try runLuaTests(
      #"""
      describe("options", function()
        it("are checked", function()
          local app = tide.test.start()
          local s = tide.sprite.rect{ w = 10, h = 10 }
          assert.has_error(function() tide.test.start{ sead = 3 } end,
            "bad argument #1 to 'start' (unknown option 'sead' (options: seed, options, size, raise_errors))")
          app = tide.test.start{ seed = 3, raise_errors = true, size = { 390, 844 }, options = {} }
          s = tide.sprite.rect{ w = 10, h = 10 }
          local ok, err = pcall(app.drag, app, s, { x = 5, y = 5 }, { step = 3 })
          assert.is_false(ok)
          assert.matches("unknown option 'step' (options: steps, pointer)", err, 1, true)
          app:drag(s, { x = 5, y = 5 }, { steps = 3 })
          app:press(s)
          ok, err = pcall(app.move, app, { x = 6, y = 6 }, { step = 2 })
          assert.matches("unknown option 'step' (options: steps, pointer)", err, 1, true)
          app:release()
          ok, err = pcall(s.play, s, { "a.png" }, { fsp = 3 })
          assert.matches("unknown option 'fsp' (options: fps, loop)", err, 1, true)
          ok, err = pcall(tide.audio.play, "pop", { volum = 1 })
          assert.matches("unknown option 'volum' (options: volume, pan, loops, fade_in, on_done)", err, 1, true)
          for _, key in ipairs({ \#(queryKeys) }) do app:find({ [key] = key == "visible" or "x" }) end
          ok, err = pcall(app.find, app, { nam = "x" })
          assert.matches("unknown query field 'nam' (expected: text, name, tag, kind, visible)", err, 1, true)
        end)
      end)
      """#)
    assertAllPassed(report, count: 1)
  }

  /// A gesture handler's event holds exactly the keys of `tide.GestureEvent`: a tap the ones
  /// every event has, each other kind those plus its own, and every documented key is in some.
  func testGestureEventsHaveTheDocumentedKeys() throws {
    let always = LuaTableShape.gestureEvent.keys.filter(\.required).map { "\"\($0.name)\"" }.joined(separator: ", ")
    let all = LuaTableShape.gestureEvent.names.map { "\"\($0)\"" }.joined(separator: ", ")
    let report = try runLuaTests(
      """
      local function keys(t)
        local list = {}
        for k in pairs(t) do list[#list + 1] = k end
        table.sort(list)
        return list
      end
      local function sorted(list) table.sort(list); return list end
      local function with(extra)
        local list = { \(always) }
        for _, k in ipairs(extra) do list[#list + 1] = k end
        return sorted(list)
      end
      describe("gesture events", function()
        it("have the documented keys", function()
          local app = tide.test.start()
          local s = tide.sprite.rect{ x = 0, y = 0, w = 100, h = 100 }
          local seen, got = {}, {}
          for _, event in ipairs({ "tap", "drag", "pinch", "mouse_down", "wheel" }) do
            s:on(event, function(e)
              got[event] = keys(e)
              for k in pairs(e) do seen[k] = true end
            end)
          end
          app:tap({ x = 50, y = 50 })
          assert.are.same(sorted({ \(always) }), got.tap)
          app:drag({ x = 50, y = 50 }, { x = 90, y = 90 })
          assert.are.same(with({ "phase", "start_x", "start_y", "dx", "dy" }), got.drag)
          assert.are.same(with({ "button" }), got.mouse_down)
          app:wheel(0, 1, { x = 50, y = 50 })
          assert.are.same(with({ "dx", "dy" }), got.wheel)
          app:press({ x = 10, y = 10 }, { pointer = 1 })
          app:press({ x = 20, y = 10 }, { pointer = 2 })
          assert.are.same(with({ "phase", "scale", "angle", "pointers" }), got.pinch)
          assert.are.same(sorted({ \(all) }), keys(seen))
        end)
      end)
      """)
    assertAllPassed(report, count: 1)
  }
}
