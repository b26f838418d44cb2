import Foundation
import XCTest

@testable import TideDocs
@testable import TideScript

/// docs/meta/busted.lua and `.luarc.json`'s globals (`BustedMeta`): what a spec really has.
final class BustedMetaTests: XCTestCase {
  private var packageRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  }

  /// The globals `.luarc.json` and docs/meta/busted.lua declare are the ones busted (Debian's,
  /// which `tide test` runs) gives a test file, and each resolves inside a spec run by `tide test`:
  /// `finally` inside an `it`, `randomize` inside a describe.
  func testSpecGlobalsAreTheDeclaredBustedNames() throws {
    // busted's file environment is a proxy (pairs finds nothing in it): its names are its root
    // context's, listed here from the same busted the runner loads.
    let listing = try runProgram(URL(fileURLWithPath: "/usr/bin/env"), ["lua5.4", "-e", """
      local busted = require("busted.core")()
      require("busted")(busted)
      local names = {}
      for name in pairs(busted.context.get().env) do names[#names + 1] = name end
      table.sort(names)
      print(table.concat(names, " "))
      """])
    XCTAssertEqual(listing.status, 0, listing.output)
    XCTAssertEqual(listing.output.split(whereSeparator: \.isWhitespace).map(String.init), BustedMeta.fileGlobals.sorted())

    let names = (BustedMeta.fileGlobals + ["tide"]).map { "\"\($0)\"" }.joined(separator: ", ")
    let report = try runLuaTests(
      """
      describe("spec globals", function()
        randomize(false)
        it("resolve", function()
          for _, name in ipairs({ \(names) }) do assert.is_not_nil(_ENV[name], name) end
          assert.is_function(finally)
        end)
      end)
      """)
    assertAllPassed(report, count: 1)
  }

  /// The library is current, parses, and loaded by lua5.4 defines every global it declares.
  func testCommittedLibraryIsCurrentAndDefinesEveryGlobal() throws {
    let url = packageRoot.appendingPathComponent("docs/meta/busted.lua")
    XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), BustedMeta.library, "docs/meta/busted.lua is out of date: run `tide docs`")
    let names = (BustedMeta.fileGlobals + BustedMeta.blockGlobals).map { "\"\($0)\"" }.joined(separator: ", ")
    let run = try runProgram(URL(fileURLWithPath: "/usr/bin/env"), ["lua5.4", "-e", """
      local check = assert
      dofile(\(String(reflecting: url.path)))
      for _, name in ipairs({ \(names) }) do check(_G[name] ~= nil, name .. " is not defined") end
      for _, class in ipairs({ "luassert", "luassert.spy", "luassert.spied", "luassert.stub", "luassert.match" }) do
        check(io.open(\(String(reflecting: url.path))):read("a"):find("---@class " .. class .. "\\n", 1, true), class)
      end
      print("ok")
      """])
    XCTAssertEqual(run.output, "ok\n", run.output)
    XCTAssertEqual(run.status, 0)
    for field in ["equal", "same", "is_true", "is_false", "has_error", "near", "are", "is_not"] {
      XCTAssertTrue(BustedMeta.library.contains("---@field \(field) "), "luassert has no field \(field)")
    }
  }
}
