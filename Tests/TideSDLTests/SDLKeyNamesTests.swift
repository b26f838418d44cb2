import CSDL2
import TideCore
import XCTest

@testable import TideSDL

/// The scancode table games and docs/keys.md read is SDL's own list of places, no more, no less.
final class SDLKeyNamesTests: XCTestCase {
  func testTheScancodeTableIsSDLs() {
    var sdl: Set<String> = []
    for code in 0..<Int(SDL_NUM_SCANCODES.rawValue) {
      let scancode = SDL_Scancode(rawValue: UInt32(code))
      guard let raw = SDL_GetScancodeName(scancode), raw.pointee != 0 else { continue }
      let name = String(cString: raw).lowercased()
      sdl.insert(name)
      XCTAssertEqual(SDLKeyNames.name(scancode: scancode), name, "a place SDL names reaches the game")
    }
    XCTAssertEqual(sdl.subtracting(KeyNames.scancodes), [], "places SDL names that the table lacks")
    XCTAssertEqual(KeyNames.scancodes.subtracting(sdl), [], "names in the table that SDL gives no place")
  }
}
