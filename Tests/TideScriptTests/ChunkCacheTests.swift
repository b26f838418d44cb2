import LuaBridge
import XCTest

@testable import TideScript

/// A chunk loaded from the process-wide cache behaves as the one compiled from its text.
final class ChunkCacheTests: XCTestCase {
  func testCachedChunkRunsAndFailsAtTheSameLines() throws {
    let source = Array("local n = ...\nif n then return n * 2 end\nerror('boom')\n".utf8)
    var messages: [String] = []
    for _ in 0..<3 {
      let vm = LuaVM()
      vm.openSafeLibraries()
      let lua = vm.state
      try ChunkCache.load(lua, source: source, chunkName: "@cached.lua")
      lua.push(21)
      try lua.pcall(nargs: 1, nresults: 1)
      XCTAssertEqual(lua.toInt(at: -1), 42)
      lua.pop()
      try ChunkCache.load(lua, source: source, chunkName: "@cached.lua")
      do {
        try lua.pcall(nargs: 0, nresults: 0)
        XCTFail("the chunk should raise")
      } catch {
        messages.append(error.message)
        XCTAssertEqual(error.location, "cached.lua:3")
      }
    }
    XCTAssertEqual(Set(messages), ["cached.lua:3: boom"])
  }

  func testEditedSourceCompilesAnewAndSyntaxErrorsStillReport() throws {
    let vm = LuaVM()
    vm.openSafeLibraries()
    let lua = vm.state
    for (text, expected) in [("return 1", 1), ("return 2", 2)] {
      try ChunkCache.load(lua, source: Array(text.utf8), chunkName: "@edited.lua")
      try lua.pcall(nargs: 0, nresults: 1)
      XCTAssertEqual(lua.toInt(at: -1), expected)
      lua.pop()
    }
    XCTAssertThrowsError(try ChunkCache.load(lua, source: Array("return +".utf8), chunkName: "@broken.lua")) { error in
      XCTAssertTrue((error as? LuaError)?.message.contains("broken.lua:1:") ?? false, "\(error)")
    }
  }
}
