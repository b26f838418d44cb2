import TideCore
import XCTest

@testable import TideServe

final class PageInputTests: XCTestCase {
  func testReadsWhatThePageSends() throws {
    XCTAssertEqual(try PageInput.parse(#"{"t":"down","p":17,"x":10.5,"y":-3}"#), .pointer(.down, Vec2(x: 10.5, y: -3), pointer: 17))
    XCTAssertEqual(try PageInput.parse(#"{"t":"move","x":1,"y":2}"#), .pointer(.move, Vec2(x: 1, y: 2), pointer: nil))
    XCTAssertEqual(try PageInput.parse(#"{"t":"key","k":"return","d":false}"#), .key("return", down: false))
    XCTAssertEqual(try PageInput.parse(#"{"t":"text","s":"é"}"#), .text("é"))
  }

  func testRefusesWhatThePageNeverSends() {
    let bad = [
      "", "null", "[1]", #"{"x":1}"#, #"{"t":"down","x":1}"#, #"{"t":"down","x":"1","y":2}"#,
      #"{"t":"down","x":1e300,"y":2}"#, #"{"t":"up","x":1,"y":2,"p":1.5}"#, #"{"t":"key","k":"a"}"#,
      #"{"t":"key","k":"","d":true}"#, #"{"t":"text","s":""}"#, #"{"t":"launch"}"#,
      #"{"t":"text","s":""# + String(repeating: "a", count: 2000) + #""}"#,
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

  func testFingersPastTheLimitAreIgnored() {
    var table = FingerTable()
    let a = Vec2(x: 0, y: 0)
    for id in 0..<PointerID.maxFingers { _ = table.events(for: .pointer(.down, a, pointer: id)) }
    XCTAssertEqual(table.events(for: .pointer(.down, a, pointer: 999)), [])
    XCTAssertEqual(table.events(for: .pointer(.up, a, pointer: 999)), [])
  }
}
