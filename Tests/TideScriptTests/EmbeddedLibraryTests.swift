import Foundation
import XCTest

@testable import TideScript

/// The Lua library is compiled into the engine by the EmbedLuaLibrary plugin: what the engine
/// runs must be exactly the files under Sources/TideScript/Lua, byte for byte.
final class EmbeddedLibraryTests: XCTestCase {
  static let library = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Sources/TideScript/Lua")

  func testEveryLibraryFileIsEmbeddedExactly() throws {
    let walker = try XCTUnwrap(FileManager.default.enumerator(at: Self.library, includingPropertiesForKeys: nil))
    var onDisk: [String: Data] = [:]
    let root = Self.library.standardizedFileURL.path + "/"
    for case let url as URL in walker where url.pathExtension == "lua" {
      let path = url.standardizedFileURL.path
      onDisk[String(path.dropFirst(root.count))] = try Data(contentsOf: url)
    }
    XCTAssertGreaterThan(onDisk.count, 10)
    XCTAssertEqual(Set(EmbeddedLuaLibrary.files.keys), Set(onDisk.keys))
    for (path, data) in onDisk {
      XCTAssertEqual(EmbeddedLuaLibrary.files[path].map { Data($0.utf8) }, data, "\(path) differs from its embedded copy")
    }
  }

  func testLibraryModulesLoadWithoutAnyFileBesideTheEngine() throws {
    XCTAssertTrue(LuaLibrary.contains("tide/ui.lua"))
    XCTAssertFalse(LuaLibrary.contains("tide/nope.lua"))
    XCTAssertNotNil(LuaLibrary.text(of: "testrunner/driver.lua"))
  }
}
