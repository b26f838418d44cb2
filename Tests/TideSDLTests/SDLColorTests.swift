import CSDL2
import TideCore
import XCTest

@testable import TideSDL

/// Tide colours to SDL bytes.
final class SDLColorTests: XCTestCase {
  func testChannelsAreClampedAndRounded() {
    let color = SDL_Color(Color(r: 1.5, g: -0.2, b: 0.5, a: 0.7))
    XCTAssertEqual([color.r, color.g, color.b, color.a], [255, 0, 128, 179])
    let round = Color(bytes: 12, 34, 56, 78).bytes
    XCTAssertEqual([round.r, round.g, round.b, round.a], [12, 34, 56, 78])
  }
}
