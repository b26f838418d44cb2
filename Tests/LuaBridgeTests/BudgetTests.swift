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

  /// Lua's matcher is C, which the hook never sees: the sandbox's copy spends the budget as it
  /// matches, so a pattern that backtracks for hours ends as a runaway loop does, at the line
  /// that called it, in a coroutine too, and a pcall around it cannot keep it going.
  func testBacktrackingPatternsSpendTheBudget() throws {
    let vm = makeVM()
    let lua = vm.state
    vm.instructionBudget = 1_000_000
    for source in [
      #"local s = ("a"):rep(3000) return s:find("a*a*a*a*a*b")"#,
      #"error(select(2, coroutine.resume(coroutine.create(function() string.gsub(("a"):rep(3000), "a-a-a-a-a-b", "") end))), 0)"#,
      #"local s = ("a"):rep(3000) while true do pcall(string.match, s, "(a*)(a*)(a*)b") end"#,
      #"for _ in ("("):rep(100000):gmatch("%b()") do end"#,
    ] {
      guard let error = lua.expectError(source, chunkName: "@pattern.lua") else { continue }
      XCTAssertEqual(error.kind, .instructionBudget, source)
      XCTAssertEqual(error.message, "pattern.lua:1: instruction budget exceeded (runaway loop?)", source)
    }
    // An ordinary use fits, and gives Lua's answer.
    XCTAssertEqual(try lua.evalString(#"return (("word "):rep(3000):gsub("%s+", ""))"#), String(repeating: "word", count: 3000))
  }

  /// With a watchdog and a large budget the main thread runs unhooked until the watchdog's
  /// timer hooks it; runaway loops are still stopped by the budget, there and in coroutines
  /// that Lua made before the hook came (they carry it from birth).
  func testLargeBudgetUnderWatchdogStillStopsRunawayLoops() throws {
    let vm = makeVM()
    let lua = vm.state
    vm.watchdogSeconds = 30
    vm.instructionBudget = 2_000_000
    for source in [
      "while true do end",
      "local co = coroutine.wrap(function() while true do end end) co()",
      "local co = coroutine.create(function() while true do end end) assert(coroutine.resume(co))",
      "local co = coroutine.create(function() while true do end end) error(select(2, coroutine.resume(co)))",
      #"string.find(("a"):rep(3000), "a*a*a*a*a*b")"#,
    ] {
      let error = lua.expectError(source)
      XCTAssertEqual(error?.kind, .instructionBudget, source)
      XCTAssertTrue(error?.message.contains("instruction budget exceeded") ?? false, "\(source): \(error?.message ?? "")")
    }
    // A call that fits in the budget runs to its end, and coroutine.create and wrap still check
    // their argument with the words of Lua's own.
    XCTAssertEqual(try lua.evalString("local s = 0 for i = 1, 300000 do s = s + 1 end return s"), "300000")
    XCTAssertEqual(try lua.evalString("return coroutine.wrap(function(a) return a + 1 end)(41)"), "42")
    XCTAssertEqual(try lua.evalString("return select(2, coroutine.resume(coroutine.create(function() return 'ok' end)))"), "ok")
    let create = lua.expectError("coroutine.create(1)")
    XCTAssertTrue(create?.message.contains("bad argument #1 to 'create' (function expected, got number)") ?? false, create?.message ?? "")
    let wrap = lua.expectError("coroutine.wrap(nil)")
    XCTAssertTrue(wrap?.message.contains("bad argument #1 to 'wrap' (function expected, got nil)") ?? false, wrap?.message ?? "")
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
