import LuaBridge
import XCTest

/// The watchdog ends a call stuck in Lua that the instruction budget does not count
/// (here: no budget at all), with a clear message, and the state stays usable.
final class WatchdogTests: XCTestCase {
  func testAStuckCallIsStoppedWithAMessageWhateverItCatches() throws {
    let vm = makeVM()
    vm.instructionBudget = 0
    vm.watchdogSeconds = 1
    for source in [
      "while true do end",
      "while true do pcall(function() while true do end end) end",
      "local co = coroutine.wrap(function() while true do end end) co()",
      #"string.find(("a"):rep(3000), "a*a*a*a*a*b")"#,
    ] {
      let error = vm.state.expectError(source, chunkName: "@stuck.lua")
      XCTAssertTrue(error?.message.contains("stopped by the watchdog: this call from the engine ran for over 1 s") ?? false,
        "\(source): \(error?.message ?? "no error")")
      XCTAssertTrue(error?.message.hasPrefix("stuck.lua:1:") ?? false, error?.message ?? "")
      // The next call starts afresh.
      XCTAssertEqual(try vm.state.evalString("return 6 * 7"), "42")
    }
  }

  func testWithoutAWatchdogNothingIsHooked() throws {
    let vm = makeVM()
    vm.watchdogSeconds = 1
    vm.watchdogSeconds = 0
    XCTAssertEqual(try vm.state.evalString("local s = 0 for i = 1, 1000000 do s = s + 1 end return s"), "1000000")
  }
}
