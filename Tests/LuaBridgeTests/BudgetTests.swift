import LuaBridge
import XCTest

final class BudgetTests: XCTestCase {
  func testInstructionBudgetStopsRunawayLoop() throws {
    let vm = makeVM()
    let lua = vm.state
    vm.instructionBudget = 1_000_000
    guard let error = lua.expectError("local n = 0\nwhile true do n = n + 1 end", chunkName: "@loop.lua")
    else { return }
    XCTAssertEqual(error.kind, .instructionBudget)
    XCTAssertTrue(error.message.contains("instruction budget exceeded (runaway loop?)"), error.message)
    XCTAssertEqual(error.location, "loop.lua:2")
    // The state is still usable, and each call from Swift gets a fresh budget.
    XCTAssertEqual(try lua.evalString("return 1 + 1"), "2")
    XCTAssertEqual(try lua.evalString("local s = 0 for i = 1, 100000 do s = s + i end return s"), "5000050000")
  }

  func testBudgetCannotBeSwallowedByPcall() {
    let vm = makeVM()
    vm.instructionBudget = 100_000
    let error = vm.state.expectError("while true do pcall(function() while true do end end) end")
    XCTAssertEqual(error?.kind, .instructionBudget)
  }

  func testBudgetCoversCoroutinesAndCanBeLifted() throws {
    let vm = makeVM()
    let lua = vm.state
    vm.instructionBudget = 100_000
    let error = lua.expectError("local co = coroutine.wrap(function() while true do end end) co()")
    XCTAssertEqual(error?.kind, .instructionBudget)
    vm.instructionBudget = 0
    XCTAssertEqual(try lua.evalString("local s = 0 for i = 1, 300000 do s = s + 1 end return s"), "300000")
  }

  func testMemoryCapStopsUnboundedAllocation() throws {
    let vm = makeVM(memoryLimit: 32 << 20)
    let lua = vm.state
    guard let error = lua.expectError("local t = {} while true do t[#t + 1] = ('x'):rep(1e6) end")
    else { return }
    XCTAssertEqual(error.kind, .memory)
    XCTAssertEqual(error.message, "not enough memory (the Lua memory cap of 32 MiB was reached)")
    XCTAssertLessThanOrEqual(vm.memoryUsed, 32 << 20)
    // Still usable; the garbage is collectable.
    XCTAssertEqual(try lua.evalString("return ('ok'):rep(2)"), "okok")
    vm.collectGarbage()
    XCTAssertLessThan(vm.memoryUsed, 4 << 20)
  }

  func testMemoryLimitIsAdjustable() throws {
    let vm = makeVM(memoryLimit: 8 << 20)
    XCTAssertEqual(vm.memoryLimit, 8 << 20)
    XCTAssertNotNil(vm.state.expectError("local s = ('x'):rep(16e6)"))
    vm.memoryLimit = 64 << 20
    XCTAssertEqual(try vm.state.evalString("return #('x'):rep(16e6)"), "16000000")
  }
}
