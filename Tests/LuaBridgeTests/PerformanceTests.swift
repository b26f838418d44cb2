import CLua
import Foundation
import LuaBridge
import XCTest

final class PerformanceTests: XCTestCase {
  /// Prints the cost of a Lua→Swift call against a bare C function (no assertion).
  func testCallOverheadRatio() throws {
    let vm = LuaVM()
    vm.openSafeLibraries()
    let lua = vm.state
    lua.setGlobal("swift_noop") { _ in 0 }
    tide_lua_pushcfunction(vm.L, tide_noop_cfunction)
    lua.setGlobal("c_noop")
    let loop = { (name: String) throws -> Double in
      try lua.load("local f = \(name) for i = 1, 1000000 do f() end", chunkName: "=bench")
      let start = DispatchTime.now().uptimeNanoseconds
      try lua.pcall(nargs: 0, nresults: 0)
      return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }
    _ = try loop("c_noop")  // warm up
    _ = try loop("swift_noop")
    var c = Double.infinity
    var swift = Double.infinity
    for _ in 0..<3 {
      c = min(c, try loop("c_noop"))
      swift = min(swift, try loop("swift_noop"))
    }
    #if DEBUG
      let build = "debug build: Swift is unoptimized; `swift test -c release` shows the real ratio"
    #else
      let build = "release build"
    #endif
    let figures = String(
      format: "call overhead: C no-op %.1f ms, Swift no-op %.1f ms per 1e6 calls; ratio %.2f",
      c, swift, swift / c)
    print("\(figures) (\(build))")
  }
}
