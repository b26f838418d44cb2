import Foundation
import TideCore
import XCTest

@testable import TideDocs

/// Key names: one table (`KeyNames`, shown in docs/keys.md) that every place taking a key name
/// checks against, so a misspelt key fails where it is written.
final class KeyNamesTests: XCTestCase {
  private var packageRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  }

  func testCommittedPageIsCurrent() throws {
    let committed = try String(contentsOf: packageRoot.appendingPathComponent("docs/keys.md"), encoding: .utf8)
    XCTAssertEqual(committed, KeysPage.generate(), "docs/keys.md is out of date: run `tide docs`")
    XCTAssertTrue(committed.contains("`\"left shift\"`"))
  }

  func testCharactersAndNamesAreKeysAndNothingElse() {
    for name in ["a", "1", ",", "é", "return", "left shift", "f12", "keypad 0", "pageup"] {
      XCTAssertTrue(KeyNames.isKey(name), name)
    }
    for name in ["", "A", "enter", "gamepad_a", "page up", " ", "\t", "ab", "\u{7f}"] {
      XCTAssertFalse(KeyNames.isKey(name), name)
    }
    XCTAssertEqual(KeyNames.complaint("enter"), "unknown key 'enter': did you mean 'return'?")
    XCTAssertEqual(KeyNames.complaint("Return"), "unknown key 'Return': key names are lower case ('return')")
    XCTAssertEqual(
      KeyNames.complaint("gamepad_a"),
      "unknown key 'gamepad_a': a key is the character it types ('a', '1', ',') or one of its names "
        + "(return, escape, space, backspace, tab, left, right, up, down, left shift, f1... all in docs/keys.md)")
    XCTAssertNil(KeyNames.complaint("space"))
  }

  /// The page lists every scancode and every named key, one table row each, from the table the
  /// engine checks names against; a scancode is one of those and nothing else.
  func testThePageHasARowForEveryNameAndScancode() {
    let page = KeysPage.generate()
    let rows = page.split(separator: "\n").filter { $0.hasPrefix("| `") }
    XCTAssertEqual(rows.count, KeyNames.scancodes.count, "one row each")
    for name in ["a", "0", "\\", "`", "keypad ||", "left shift", "f24"] {
      XCTAssertTrue(KeyNames.isScancode(name), name)
    }
    XCTAssertTrue(rows.contains("| `\"w\"` | yes | yes |"), page)
    XCTAssertTrue(rows.contains("| `` \"`\" `` | yes | yes |"), page)
    XCTAssertTrue(rows.contains("| `\"keypad \\|\\|\"` | yes | yes |"), page)
    XCTAssertTrue(rows.contains("| `\"left shift\"` | yes | yes |"), page)
    for name in ["é", "A", "enter", "", "keypad"] { XCTAssertFalse(KeyNames.isScancode(name), name) }
    XCTAssertEqual(
      KeyNames.scancodeComplaint("é"),
      "unknown scancode 'é': a scancode is the place of a US keyboard's key, named by what it types there "
        + "(a b c d e f g h i j k l m n o p q r s t u v w x y z 1 2 3 4 5 6 7 8 9 0 - = [ ] \\ # ; ' ` , . /) or by a key "
        + "name (all in docs/keys.md)")
    XCTAssertEqual(KeyNames.scancodeComplaint("enter"), "unknown scancode 'enter': did you mean 'return'?")
    XCTAssertNil(KeyNames.scancodeComplaint("w"))
  }

  func testEveryPlaceThatTakesAKeyRefusesAnUnknownOne() throws {
    let report = try runLuaTests(
      #"""
      describe("key names", function()
        it("are checked where they are written", function()
          local app = tide.test.start()
          assert.has_error(function() tide.input.is_down("gamepad_a") end,
            "bad argument #1 to 'is_down' (unknown key 'gamepad_a': a key is the character it types ('a', '1', ',') or one of its names (return, escape, space, backspace, tab, left, right, up, down, left shift, f1... all in docs/keys.md))")
          assert.has_error(function() app:key("enter") end,
            "bad argument #1 to 'key' (unknown key 'enter': did you mean 'return'?)")
          assert.is_false(tide.input.is_down("left shift"))
          assert.is_false(tide.input.is_down("é"))
          assert.is_false(tide.input.is_scancode_down("#"))
          assert.has_error(function() tide.input.is_scancode_down("é") end,
            "bad argument #1 to 'is_scancode_down' (unknown scancode 'é': a scancode is the place of a US keyboard's key, named by what it types there (a b c d e f g h i j k l m n o p q r s t u v w x y z 1 2 3 4 5 6 7 8 9 0 - = [ ] \\ # ; ' ` , . /) or by a key name (all in docs/keys.md))")
        end)
      end)
      """#)
    assertAllPassed(report, count: 1)
    XCTAssertThrowsError(try InputScript(text: "0 key enter")) { error in
      XCTAssertEqual((error as? InputScript.ParseError)?.description, "line 1: unknown key 'enter': did you mean 'return'?")
    }
    XCTAssertThrowsError(try InputScript(text: "\n0 keydown Left Shift")) { error in
      XCTAssertEqual(
        (error as? InputScript.ParseError)?.description, "line 2: unknown key 'Left Shift': key names are lower case ('left shift')")
    }
    XCTAssertThrowsError(try InputScript(text: "0 keydown q scancode Esc")) { error in
      XCTAssertEqual((error as? InputScript.ParseError)?.description, "line 1: scancode: unknown scancode 'Esc': did you mean 'escape'?")
    }
  }
}
