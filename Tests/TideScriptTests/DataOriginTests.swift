import Foundation
import TideScript
import XCTest

/// A data file's table handed to the engine is named in the engine's refusal: the fix is in
/// the data file, not at the line that passed the table on (showcase and bungle hand theirs
/// straight to constructors).
final class DataOriginTests: XCTestCase {
  private func loadError(_ files: [String: String]) throws -> String {
    let fixture = try GameFixture(files: files)
    do {
      _ = try fixture.engine()
      XCTFail("the game loaded")
      return ""
    } catch {
      return String(describing: error)
    }
  }

  func testASpriteOrEmitterFromADataFileIsNamedInItsError() throws {
    let shapes = #"""
      return {
        { make = "rect", opts = { w = 10, h = 10 } },
        { make = "circle", opts = { radius = 5, colour = "#ff0000" } },
        sparks = { burst = 5, size = { 9, -1 } },
      }
      """#
    let sprite = try loadError([
      "data/shapes.lua": shapes,
      "main.lua": #"for _, s in ipairs(require("data.shapes")) do tide.sprite[s.make](s.opts) end"#,
    ])
    // Called through a computed field, which Lua names '?': named by its place in tide.
    XCTAssertTrue(sprite.contains("game/main.lua:1: bad argument #1 to 'tide.sprite.circle' ("), sprite)
    XCTAssertTrue(sprite.contains("unknown sprite field 'colour'"), sprite)
    XCTAssertTrue(sprite.contains(", in the table game/data/shapes.lua: [2].opts)"), sprite)
    let emitter = try loadError([
      "data/shapes.lua": shapes,
      "main.lua": #"tide.particles(require("data.shapes").sparks)"#,
    ])
    XCTAssertTrue(emitter.contains("size[2] must be"), emitter)
    XCTAssertTrue(emitter.contains(", in the table game/data/shapes.lua: sparks)"), emitter)
  }

  /// Only data files are walked: a module of code, and tables made at run time, are named by
  /// the call alone.
  func testTablesOutsideDataFilesAreNamedByTheCallAlone() throws {
    let message = try loadError([
      "shapes.lua": ##"return { opts = { colour = "#ff0000" } }"##,
      "main.lua": #"tide.sprite.rect(require("shapes").opts)"#,
    ])
    XCTAssertTrue(message.contains("unknown sprite field 'colour'"), message)
    XCTAssertFalse(message.contains("in the table"), message)
  }
}
