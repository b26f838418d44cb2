import LuaBridge
import XCTest

private final class Box {
  let block = UnsafeMutablePointer<Double>.allocate(capacity: 1)
  init() { block.initialize(to: 0) }
  deinit { block.deallocate() }
}

/// The stuck-tick guard names the Swift function a stuck VM is in, read through `callProbe`.
final class CallProbeTests: XCTestCase {
  func testTheProbeNamesTheSwiftFunctionRunning() throws {
    let vm = makeVM()
    let lua = vm.state
    let probe = vm.callProbe
    nonisolated(unsafe) var seen: [String?] = []
    lua.push({ _ in
      seen.append(probe.currentCall)
      return 0
    }, name: "tide.probe.named")
    lua.setGlobal("named")
    lua.push({ _ in
      seen.append(probe.currentCall)
      return 0
    })
    lua.setGlobal("unnamed")
    lua.registerMetatable(
      "tide.Box",
      index: { lua in
        lua.pushNil()
        return 1
      },
      newindex: { _ in
        seen.append(probe.currentCall)
        return 0
      },
      fields: [LuaObjectField("x", .number, offset: 0)])
    let box = Box()
    lua.pushObject(box, metatable: "tide.Box", fields: UnsafeMutableRawPointer(box.block))
    lua.setGlobal("box")
    XCTAssertNil(probe.currentCall)
    try lua.doString("named(); unnamed(); box.label = 1; named()", chunkName: "=t")
    XCTAssertEqual(seen, ["tide.probe.named", "a method", "setting a field of a tide.Box", "tide.probe.named"])
    XCTAssertNil(probe.currentCall, "the call is over")
  }
}
