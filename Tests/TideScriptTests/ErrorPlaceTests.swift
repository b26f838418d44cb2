import Foundation
import TideCore
import XCTest

@testable import TideScript

/// Every error names a place, and source files are read as bytes, as Lua reads them.
final class ErrorPlaceTests: XCTestCase {
  private func loadError(_ main: Data) throws -> String? {
    let fixture = try GameFixture(files: [:])
    try fixture.write(main, to: "main.lua")
    do {
      _ = try fixture.engine()
      return nil
    } catch {
      return "\(error)"
    }
  }

  func testASourceFileInAnotherEncodingLoadsAsLuaWouldLoadIt() throws {
    // "café" in Latin-1 in a comment and a string: not UTF-8, and no error for Lua.
    let main = Data("-- caf".utf8) + Data([0xE9]) + Data("\nlabel = tide.sprite.text(\"caf".utf8) + Data([0xE9])
      + Data("\", { name = \"label\" })\n".utf8)
    XCTAssertNil(try loadError(main))
  }

  func testRunningOutOfMemoryNamesTheFileAndTheCap() throws {
    let fixture = try GameFixture(main: "local t = {} while true do t[#t + 1] = ('x'):rep(1e6) end")
    var options = fixture.options()
    options.memoryLimit = 32 << 20
    XCTAssertThrowsError(try fixture.engine(options: options)) { error in
      XCTAssertTrue("\(error)".contains("game/main.lua: not enough memory (the Lua memory cap of 32 MiB was reached)"), "\(error)")
    }
  }

  func testErrorObjectsThatAreNotStringsGetTheirPlace() throws {
    for main in ["error({ code = 3 })", "error()", "local co = coroutine.wrap(function() error({}) end) co()"] {
      let message = try XCTUnwrap(try loadError(Data(main.utf8)), main)
      XCTAssertTrue(message.contains("game/main.lua:1: (error object is a"), "\(main): \(message)")
    }
  }

  func testAFolderWhereAModuleShouldBeIsNamed() throws {
    let fixture = try GameFixture(main: "require('data.level')")
    try FileManager.default.createDirectory(
      at: fixture.directory.appendingPathComponent("data/level.lua"), withIntermediateDirectories: true)
    XCTAssertThrowsError(try fixture.engine()) { error in
      XCTAssertTrue("\(error)".contains("game/main.lua:1: game/data/level.lua is not a regular file"), "\(error)")
    }
  }
}
