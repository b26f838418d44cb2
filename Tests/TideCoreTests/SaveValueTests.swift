import XCTest

@testable import TideCore

/// Saves are JSON the engine writes itself; anything odd on reading is damage to refuse, never a crash.
final class SaveValueTests: XCTestCase {
  func testRoundTripKeepsIntegersFloatsAndText() throws {
    let value = SaveValue.object([
      "count": .int(3), "ratio": .double(3.0), "big": .double(1e20), "neg": .double(-0.5),
      "name": .string("Ada \"Lovelace\"\n\u{1F981}\u{0001}"), "list": .array([.bool(true), .null, .int(-7)]),
      "empty": .object([:]), "none": .array([]),
    ])
    let text = value.jsonText()
    XCTAssertEqual(try SaveValue(jsonText: text), value)
    XCTAssertTrue(text.contains("\"count\": 3,"), text)
    XCTAssertTrue(text.contains("\"ratio\": 3.0\n"), text)
    XCTAssertTrue(text.contains("\\u0001"), text)
    XCTAssertEqual(value.jsonText(), text, "keys are sorted, so writing twice gives the same file")
  }

  func testSurrogatePairsDecodeAndUnpairedOnesAreRefused() throws {
    XCTAssertEqual(try SaveValue(jsonText: #""\ud83e\udd81""#), .string("\u{1F981}"))
    for damaged in [#""\ud800\u0041""#, #""\ud800""#, #""\u+041""#, #""\u00g1""#] {
      XCTAssertThrowsError(try SaveValue(jsonText: damaged), damaged)
    }
  }

  func testNumbersFollowJSONsGrammar() throws {
    XCTAssertEqual(try SaveValue(jsonText: "-12"), .int(-12))
    XCTAssertEqual(try SaveValue(jsonText: "0.25"), .double(0.25))
    XCTAssertEqual(try SaveValue(jsonText: "1e+20"), .double(1e20))
    XCTAssertEqual(try SaveValue(jsonText: "-0.0"), .double(-0.0))
    for damaged in ["+1", "01", "1.", ".5", "1e", "--1", "-"] {
      XCTAssertThrowsError(try SaveValue(jsonText: damaged), damaged)
    }
  }

  func testDamageIsRefusedWithItsOffset() {
    XCTAssertThrowsError(try SaveValue(jsonText: #"{"a": 1,}"#)) { error in
      XCTAssertEqual((error as? SaveDecodingError)?.description, "invalid JSON at byte 8: expected a key")
    }
    XCTAssertThrowsError(try SaveValue(jsonText: "[1, 2"))
    XCTAssertThrowsError(try SaveValue(jsonText: "{} x"))
    let deep = String(repeating: "[", count: 66) + String(repeating: "]", count: 66)
    XCTAssertThrowsError(try SaveValue(jsonText: deep), "nesting past 64 is refused, not recursed into")
    let fine = String(repeating: "[", count: 60) + String(repeating: "]", count: 60)
    XCTAssertNoThrow(try SaveValue(jsonText: fine))
  }
}
