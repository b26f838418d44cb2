import XCTest

@testable import TideScript
@testable import TideServe

/// The page's Web Audio and canvas decode what the server sends by its type: every sound kind
/// the engine plays must go out as audio, not as bytes of no kind.
final class ContentTypeTests: XCTestCase {
  func testEverySoundKindTheEnginePlaysIsServedAsAudio() {
    for kind in SoundFiles.extensions {
      XCTAssertTrue(AssetHandler.contentType(of: "assets/sounds/a.\(kind)").hasPrefix("audio/"), kind)
      XCTAssertTrue(AssetHandler.contentType(of: "A.\(kind.uppercased())").hasPrefix("audio/"), kind)
    }
    XCTAssertEqual(AssetHandler.contentType(of: "a.bmp"), "image/bmp")
    XCTAssertEqual(AssetHandler.contentType(of: "a.lua"), "application/octet-stream")
  }
}
