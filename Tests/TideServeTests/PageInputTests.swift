import TideCore
import XCTest

@testable import TideServe

final class PageInputTests: XCTestCase {
  func testReadsWhatThePageSends() throws {
    XCTAssertEqual(try PageInput.parse(#"{"t":"down","p":17,"x":10.5,"y":-3}"#), .pointer(.down, Vec2(x: 10.5, y: -3), pointer: 17))
    XCTAssertEqual(try PageInput.parse(#"{"t":"move","x":1,"y":2}"#), .pointer(.move, Vec2(x: 1, y: 2), pointer: nil))
    XCTAssertEqual(try PageInput.parse(#"{"t":"key","k":"return","d":false}"#), .key("return", down: false))
    XCTAssertEqual(try PageInput.parse(#"{"t":"text","s":"é"}"#), .text("é"))
    XCTAssertEqual(try PageInput.parse(#"{"t":"padadd","p":0,"s":"Pad (STANDARD GAMEPAD)"}"#), .pad(index: 0, .added(name: "Pad (STANDARD GAMEPAD)")))
    XCTAssertEqual(try PageInput.parse(#"{"t":"padbtn","p":1,"k":"dpup","d":true}"#), .pad(index: 1, .button(.dpup, down: true)))
    XCTAssertEqual(try PageInput.parse(#"{"t":"padaxis","p":1,"k":"lefttrigger","x":0.5}"#), .pad(index: 1, .axis(.lefttrigger, 0.5)))
    XCTAssertEqual(try PageInput.parse(#"{"t":"padrm","p":1}"#), .pad(index: 1, .removed))
    XCTAssertEqual(try PageInput.parse(#"{"t":"need","s":"hum"}"#), .need(sound: "hum"))
  }

  func testRefusesWhatThePageNeverSends() {
    let bad = [
      "", "null", "[1]", #"{"x":1}"#, #"{"t":"down","x":1}"#, #"{"t":"down","x":"1","y":2}"#,
      #"{"t":"down","x":1e300,"y":2}"#, #"{"t":"up","x":1,"y":2,"p":1.5}"#, #"{"t":"key","k":"a"}"#,
      #"{"t":"key","k":"","d":true}"#, #"{"t":"text","s":""}"#, #"{"t":"launch"}"#,
      #"{"t":"text","s":""# + String(repeating: "a", count: 2000) + #""}"#,
      #"{"t":"padadd","s":"x"}"#, #"{"t":"padrm","p":64}"#, #"{"t":"padbtn","p":0,"k":"jump","d":true}"#,
      #"{"t":"padaxis","p":0,"k":"leftx","x":2}"#, #"{"t":"padbtn","p":0.5,"k":"a","d":true}"#,
      #"{"t":"need"}"#, #"{"t":"need","s":""}"#, #"{"t":"need","s":""# + String(repeating: "b", count: 300) + #""}"#,
    ]
    for text in bad {
      XCTAssertThrowsError(try PageInput.parse(text), "accepted \(text.prefix(60))")
    }
  }

  func testFingersTakeTheLowestFreeNumberWhateverTheBrowsersIds() {
    var table = FingerTable()
    let a = Vec2(x: 1, y: 1)
    XCTAssertEqual(table.events(for: .pointer(.down, a, pointer: 900)), [.pointerDown(a, pointer: .finger(1))])
    XCTAssertEqual(table.events(for: .pointer(.down, a, pointer: 33)), [.pointerDown(a, pointer: .finger(2))])
    XCTAssertEqual(table.events(for: .pointer(.up, a, pointer: 900)), [.pointerUp(a, pointer: .finger(1))])
    XCTAssertEqual(table.events(for: .pointer(.down, a, pointer: 5)), [.pointerDown(a, pointer: .finger(1))])
    XCTAssertEqual(table.events(for: .pointer(.move, a, pointer: 33)), [.pointerMove(a, pointer: .finger(2))])
    XCTAssertEqual(table.events(for: .pointer(.move, a, pointer: 900)), [], "a lifted finger does not move")
    XCTAssertEqual(table.events(for: .pointer(.down, a, pointer: nil)), [.pointerDown(a, pointer: .mouse)])
    XCTAssertEqual(table.down, [1, 2])
  }

  func testPadsTakeTheLowestFreeNumberAndOnlyPluggedInPadsAreHeard() {
    var table = PadTable()
    XCTAssertEqual(table.events(index: 3, .button(.a, down: true)), [], "a pad the page did not plug in")
    XCTAssertEqual(table.events(index: 3, .added(name: "one")), [.gamepad(.added(pad: 1, name: "one"))])
    XCTAssertEqual(table.events(index: 0, .added(name: "two")), [.gamepad(.added(pad: 2, name: "two"))])
    XCTAssertEqual(table.events(index: 0, .axis(.leftx, -0.5)), [.gamepad(.axis(pad: 2, .leftx, -0.5))])
    XCTAssertEqual(table.events(index: 3, .removed), [.gamepad(.removed(pad: 1))])
    XCTAssertEqual(table.events(index: 5, .added(name: "three")), [.gamepad(.added(pad: 1, name: "three"))])
    XCTAssertEqual(table.events(index: 5, .button(.start, down: true)), [.gamepad(.button(pad: 1, .start, down: true))])
    XCTAssertEqual(table.removeAll(), [.gamepad(.removed(pad: 1)), .gamepad(.removed(pad: 2))])
    for index in 0...GamepadEvent.maxPads { _ = table.events(index: index, .added(name: "pad")) }
    XCTAssertEqual(table.events(index: 40, .added(name: "one too many")), [])
  }

  func testFingersPastTheLimitAreIgnored() {
    var table = FingerTable()
    let a = Vec2(x: 0, y: 0)
    for id in 0..<PointerID.maxFingers { _ = table.events(for: .pointer(.down, a, pointer: id)) }
    XCTAssertEqual(table.events(for: .pointer(.down, a, pointer: 999)), [])
    XCTAssertEqual(table.events(for: .pointer(.up, a, pointer: 999)), [])
  }
}
