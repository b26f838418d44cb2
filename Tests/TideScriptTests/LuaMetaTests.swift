import Foundation
import XCTest

@testable import TideDocs
@testable import TideScript

/// The LuaLS library `docs/meta/tide.lua`: current with the doc comments, valid Lua,
/// and naming exactly what a game and a test reach under `tide` at run time.
final class LuaMetaTests: XCTestCase {
  private var packageRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  }

  private var metaURL: URL { packageRoot.appendingPathComponent("docs/meta/tide.lua") }

  private func generateReal() throws -> APIDocResult {
    try APIDocGenerator.generate(root: packageRoot)
  }

  func testCommittedLibraryIsUpToDate() throws {
    let committed = try String(contentsOf: metaURL, encoding: .utf8)
    XCTAssertEqual(committed, try generateReal().meta, "docs/meta/tide.lua is out of date: run `tide docs`")
  }

  /// Runs `script` with `lua5.4` (Debian's interpreter, not the engine) and returns what it printed.
  private func runLua(_ script: String) throws -> (output: String, status: Int32) {
    let run = try runProgram(URL(fileURLWithPath: "/usr/bin/env"), ["lua5.4", "-e", script])
    return (run.output, run.status)
  }

  /// Loaded by lua5.4, the library builds a `tide` table; walked as the engine walks the real one
  /// (two levels, open tables not entered), it names exactly the run-time names.
  func testLoadsAsLuaAndNamesExactlyWhatTheRunTimeWalkFinds() throws {
    let walk = """
      local tide = dofile(\(String(reflecting: metaURL.path)))
      assert(type(tide) == "table", "the library does not return the tide table")
      local open = { ["tide.options"] = true, ["tide.ui.theme"] = true, ["tide.camera"] = true }
      local names = {}
      local function walk(t, path, depth)
        for k, v in pairs(t) do
          local name = path .. "." .. k
          names[#names + 1] = name
          if type(v) == "table" and depth > 1 and not open[name] then walk(v, name, depth - 1) end
        end
      end
      walk(tide, "tide", 2)
      table.sort(names)
      print(table.concat(names, "\\n"))
      """
    let (output, status) = try runLua(walk)
    XCTAssertEqual(status, 0, output)
    let fromMeta = Set(output.split(separator: "\n").map(String.init))
    let runtime = try Engine.runtimeNames()
    let reachable = Set(runtime.game.dottedNames() + runtime.test.dottedNames())
    XCTAssertEqual(fromMeta.subtracting(reachable).sorted(), [], "in docs/meta/tide.lua but not under `tide` at run time")
    XCTAssertEqual(reachable.subtracting(fromMeta).sorted(), [], "under `tide` at run time but not in docs/meta/tide.lua")
  }

  /// The classes and enums an editor needs, with typed fields: every sprite field, each widget.
  func testDeclaresClassesTypedFieldsAndEnums() throws {
    let meta = try String(contentsOf: metaURL, encoding: .utf8)
    for name in ["Sprite", "Tween", "Timer", "Task", "App", "Camera", "Widget"] {
      XCTAssertTrue(meta.contains("---@class tide.\(name)\n"), "no class tide.\(name)")
    }
    for widget in ["Label", "Button", "TextField", "Slider", "Segmented", "Alert", "Column", "Row", "Spacer"] {
      XCTAssertTrue(meta.contains("---@class tide.\(widget) : tide.Widget\n"), "no widget class tide.\(widget)")
      XCTAssertTrue(meta.contains("---@class tide.\(widget)Options\n"), "no options class for \(widget)")
    }
    for field in SpriteField.allCases {
      XCTAssertTrue(meta.contains("---@field \(field.rawValue) ") || meta.contains("---@field \(field.rawValue)? "),
                    "sprite field \(field.rawValue) is not a typed field of tide.Sprite")
    }
    XCTAssertTrue(meta.contains("---@field anchor tide.Anchor|number[]"))
    XCTAssertTrue(meta.contains("---@field ease? tide.Ease"))
    XCTAssertTrue(meta.contains("---@param event tide.SpriteEvent"))
    XCTAssertTrue(meta.contains(#"---@alias tide.Anchor "top_left"|"top"|"#))
    XCTAssertTrue(meta.contains("---@param opts tide.ButtonOptions"))
    XCTAssertTrue(meta.contains("---@field on_press? fun(button: tide.Button) "), "class names inside function types")
    XCTAssertTrue(meta.contains("---@return tide.Sprite\nfunction tide.sprite.rect(opts) end"))
  }

  func testFieldClassAndMethodTagsBecomeTypedDeclarations() throws {
    let lua = """
      local M = {
        --- A knob.
        --- @class Knob : Widget
        --- @field turns number?: how far
        --- @method set_turns(n: number, animate: boolean?) Knob: turns it
        knob = require("knob"),
      }
      """
    let result = APIDocGenerator.generate(sources: [(path: "Sources/TideScript/Lua/tide/gadgets.lua", text: lua)])
    XCTAssertEqual(result.problems, [])
    XCTAssertTrue(result.meta.contains("---@class tide.Knob : tide.Widget\nlocal Knob = {}"), result.meta)
    XCTAssertTrue(result.meta.contains("---@param n number\n---@param animate? boolean\n---@return tide.Knob\nfunction Knob:set_turns(n, animate) end"), result.meta)
    XCTAssertTrue(result.meta.contains("---@class tide.KnobOptions\n---@field turns? number how far"), result.meta)
    XCTAssertTrue(result.meta.contains("---@param opts tide.KnobOptions the options below\n---@return tide.Knob\nfunction tide.gadgets.knob(opts) end"), result.meta)
    XCTAssertTrue(result.markdown.contains("| `turns` | `number`, optional | how far |"), result.markdown)
    XCTAssertTrue(result.markdown.contains("### knob:set_turns(n, [animate])\n\nTurns it"), result.markdown)
    let bad = APIDocGenerator.generate(sources: [(path: "a.lua", text: "local M = {\n  --- X.\n  --- @method oops\n  x = 1,\n}\n")])
    XCTAssertEqual(bad.problems.count, 1)
    XCTAssertTrue(bad.problems.first?.contains("@method needs") ?? false, "\(bad.problems)")
  }
}
