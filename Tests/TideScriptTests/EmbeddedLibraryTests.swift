import Foundation
import XCTest

@testable import TideScript
@testable import TideTesting

/// Each Lua library is compiled into its module by the EmbedLuaLibrary plugin: what the engine
/// and the test runner run must be exactly the files under their `Sources/<target>/Lua`, byte
/// for byte.
final class EmbeddedLibraryTests: XCTestCase {
  static func library(of target: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources/\(target)/Lua")
  }

  func testEveryLibraryFileIsEmbeddedExactly() throws {
    let libraries = [
      ("TideScript", TideScript.EmbeddedLuaLibrary.files, 10),
      ("TideTesting", TideTesting.EmbeddedLuaLibrary.files, 1),
    ]
    for (target, embedded, least) in libraries {
      let folder = Self.library(of: target)
      let walker = try XCTUnwrap(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
      var onDisk: [String: Data] = [:]
      let root = folder.standardizedFileURL.path + "/"
      for case let url as URL in walker where url.pathExtension == "lua" {
        let path = url.standardizedFileURL.path
        onDisk[String(path.dropFirst(root.count))] = try Data(contentsOf: url)
      }
      XCTAssertGreaterThan(onDisk.count, least, target)
      XCTAssertEqual(Set(embedded.keys), Set(onDisk.keys), target)
      for (path, data) in onDisk {
        XCTAssertEqual(embedded[path].map { Data($0.utf8) }, data, "\(target): \(path) differs from its embedded copy")
      }
    }
  }

  func testLibraryModulesLoadWithoutAnyFileBesideTheEngine() throws {
    XCTAssertTrue(LuaLibrary.contains("tide/ui.lua"))
    XCTAssertFalse(LuaLibrary.contains("tide/nope.lua"))
    // The test runner's driver is the runner's own, not part of the library a game can reach.
    XCTAssertFalse(LuaLibrary.contains("testrunner/driver.lua"))
    XCTAssertNotNil(TideTesting.EmbeddedLuaLibrary.files["testrunner/driver.lua"])
  }
}
