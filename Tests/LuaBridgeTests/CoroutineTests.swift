import LuaBridge
import XCTest

final class CoroutineTests: XCTestCase {
  func testSwiftFunctionYieldsAndCoroutineResumesWithValues() throws {
    let vm = makeVM()
    let lua = vm.state
    lua.setGlobal("wait") { lua in
      XCTAssertTrue(lua.isYieldable)
      lua.push("waiting for " + (try lua.checkString(1)))
      return lua.yield(1)
    }
    try lua.doString(
      """
      function body(x)
        local a, b = wait("tick")
        return x + a + b
      end
      """, chunkName: "@task.lua")
    lua.getGlobal("body")
    let thread = lua.newThread(function: -1)
    lua.pop()
    let co = thread.state
    co.push(100)
    guard case .yielded(1) = thread.resume(nargs: 1) else { return XCTFail("expected a yield") }
    XCTAssertEqual(co.toString(at: -1), "waiting for tick")
    co.pop()
    co.push(20)
    co.push(3)
    guard case .finished(1) = thread.resume(nargs: 2) else { return XCTFail("expected to finish") }
    XCTAssertEqual(co.toInt(at: -1), 123)
    XCTAssertTrue(thread.isFinished)
    XCTAssertEqual(lua.top, 0)
  }

  func testSwiftYieldWorksUnderCoroutineResumeFromLua() throws {
    let vm = makeVM()
    let lua = vm.state
    lua.setGlobal("pause") { lua in lua.yield(lua.top) }
    XCTAssertEqual(
      try lua.evalString(
        """
        local co = coroutine.wrap(function() local v = pause('a', 'b') return 'got ' .. v end)
        local x, y = co()
        return x .. y .. ' ' .. co('c')
        """), "ab got c")
  }

  func testYieldOutsideCoroutineIsAnError() {
    let vm = makeVM()
    vm.state.setGlobal("pause") { lua in lua.yield(0) }
    // Raised in C, it gets the Lua line that called it, as Lua's other runtime errors do.
    XCTAssertEqual(
      vm.state.expectError("pause()")?.message, "test.lua:1: attempt to yield from outside a coroutine")
  }

  func testErroredCoroutineReportsLocationAndTraceback() throws {
    let vm = makeVM()
    let lua = vm.state
    try lua.doString(
      """
      local function deep() error("task failed") end
      function body() coroutine.yield() deep() end
      """, chunkName: "@tasks.lua")
    lua.getGlobal("body")
    let thread = lua.newThread(function: -1)
    lua.pop()
    guard case .yielded(0) = thread.resume() else { return XCTFail("expected a yield") }
    guard case .errored(let error) = thread.resume() else { return XCTFail("expected an error") }
    XCTAssertEqual(error.message, "tasks.lua:1: task failed")
    XCTAssertEqual(error.location, "tasks.lua:1")
    XCTAssertTrue(error.traceback.contains("tasks.lua:2: in function 'body'"), error.traceback)
    XCTAssertTrue(thread.isFinished)
    guard case .errored = thread.resume() else { return XCTFail("dead thread resumed") }
    XCTAssertEqual(lua.top, 0)
  }

  func testCancelClosesPendingVariables() throws {
    let vm = makeVM()
    let lua = vm.state
    try lua.doString(
      """
      closed = false
      function body()
        local guard <close> = setmetatable({}, { __close = function() closed = true end })
        coroutine.yield()
      end
      """, chunkName: "=t")
    lua.getGlobal("body")
    let thread = lua.newThread(function: -1)
    lua.pop()
    _ = thread.resume()
    thread.cancel()
    XCTAssertEqual(try lua.evalString("return tostring(closed)"), "true")
  }

  /// `lua_resetthread` on a running coroutine frees the stack its frames use.
  func testCancelRefusesAnActiveThreadAndClosesItOnceSuspended() throws {
    let vm = makeVM()
    let lua = vm.state
    var thread: LuaThread?
    var cancelledWhileRunning: Bool?
    lua.setGlobal("cancel_me") { _ in
      cancelledWhileRunning = thread?.cancel()
      return 0
    }
    try lua.doString(
      """
      closed = false
      function body()
        local guard <close> = setmetatable({}, { __close = function() closed = true end })
        cancel_me()
        coroutine.yield()
      end
      """, chunkName: "=t")
    lua.getGlobal("body")
    thread = lua.newThread(function: -1)
    lua.pop()
    guard let thread else { return XCTFail("no thread") }
    guard case .yielded(0) = thread.resume() else { return XCTFail("expected a yield") }
    XCTAssertEqual(cancelledWhileRunning, false)
    XCTAssertFalse(thread.isFinished)
    XCTAssertEqual(try lua.evalString("return tostring(closed)"), "false")
    XCTAssertTrue(thread.cancel())
    XCTAssertTrue(thread.isFinished)
    XCTAssertEqual(try lua.evalString("return tostring(closed)"), "true")
  }

  func testBudgetStopsRunawayCoroutineFromSwift() throws {
    let vm = makeVM()
    let lua = vm.state
    vm.instructionBudget = 50_000
    try lua.doString("function spin() while true do end end", chunkName: "@spin.lua")
    lua.getGlobal("spin")
    let thread = lua.newThread(function: -1)
    lua.pop()
    guard case .errored(let error) = thread.resume() else { return XCTFail("expected an error") }
    XCTAssertEqual(error.kind, .instructionBudget)
    XCTAssertEqual(error.location, "spin.lua:1")
    XCTAssertEqual(try lua.evalString("return 'alive'"), "alive")
  }

  func testResumingARunningThreadIsRefusedWithoutHarm() throws {
    let vm = makeVM()
    let lua = vm.state
    var thread: LuaThread?
    var inner: LuaResumeResult?
    lua.setGlobal("resume_self") { lua in
      inner = thread?.resume(from: lua)
      return 0
    }
    try lua.doString("function body() resume_self() coroutine.yield() return 'done' end", chunkName: "=t")
    lua.getGlobal("body")
    thread = lua.newThread(function: -1)
    lua.pop()
    guard let thread else { return XCTFail("no thread") }
    guard case .yielded(0) = thread.resume() else { return XCTFail("expected a yield") }
    guard case .errored(let error)? = inner else { return XCTFail("inner resume should fail") }
    XCTAssertEqual(error.message, "cannot resume non-suspended coroutine")
    XCTAssertFalse(thread.isFinished)
    guard case .finished(1) = thread.resume() else { return XCTFail("expected to finish") }
    XCTAssertEqual(thread.state.toString(at: -1), "done")
  }
}
