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
    // SDL's X11 driver, once a window has opened in this process, renames the Application key's
    // place "Menu" (the name the Menu key's place has too); elsewhere it keeps its own name.
    XCTAssertTrue(KeyNames.scancodes.subtracting(sdl).isSubset(of: ["application"]), "names in the table that SDL gives no place")
  }
}
