import XCTest

@testable import TideServe

/// The bench's bare reader finds each message's tick without parsing the message.
final class BareReaderTests: XCTestCase {
  func testTheTickIsReadFromFramesDeltasAndBatchesOfThem() {
    XCTAssertEqual(BareReader.firstTick(in: #"{"t":"delta","tick":1234,"mv":[5,1,-2]}"#), 1234)
    XCTAssertEqual(BareReader.firstTick(in: ##"{"t":"frame","tick":0,"bg":"#000000ff","items":[]}"##), 0)
    XCTAssertEqual(BareReader.firstTick(in: #"[{"t":"delta","tick":77},{"t":"sound","src":"assets/pop.wav","vol":1}]"#), 77)
    XCTAssertNil(BareReader.firstTick(in: #"{"t":"sound","src":"assets/pop.wav","vol":1}"#))
    XCTAssertNil(BareReader.firstTick(in: #"{"t":"paused","tick":}"#))
    XCTAssertNil(BareReader.firstTick(in: ""))
  }
}
