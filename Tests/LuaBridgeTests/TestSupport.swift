import LuaBridge
import XCTest

/// A VM with the safe libraries, as the engine sets it up.
func makeVM(memoryLimit: Int = 64 << 20) -> LuaVM {
  let vm = LuaVM(memoryLimit: memoryLimit)
  vm.openSafeLibraries()
  return vm
}

extension LuaState {
  /// Runs `source` and returns its first result as a string (nil when not a string/number).
  func evalString(_ source: String, chunkName: String = "=test") throws -> String? {
    try doString(source, chunkName: chunkName, nresults: 1)
    defer { pop() }
    return toString(at: -1)
  }

  /// Runs `source` expecting it to fail, and returns the error.
  func expectError(
    _ source: String, chunkName: String = "@test.lua", file: StaticString = #filePath, line: UInt = #line
  ) -> LuaError? {
    let before = top
    do {
      try doString(source, chunkName: chunkName)
      XCTFail("expected an error from: \(source)", file: file, line: line)
      return nil
    } catch {
      XCTAssertEqual(top, before, "stack unbalanced after error", file: file, line: line)
      return error
    }
  }
}
