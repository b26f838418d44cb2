import Foundation
import TideCore
import XCTest

@testable import TideScript

/// The game folder is the wall: with symlinks followed, a game reads only its own
/// files and the sibling games it declared; each escape gets an error naming the file.
final class FolderWallTests: XCTestCase {
  /// A folder beside the fixture's game, holding what a game must never reach.
  private func outside(_ fixture: GameFixture) throws -> URL {
    let url = fixture.root.appendingPathComponent("outside")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    try Data("return 'outside code ran'".utf8).write(to: url.appendingPathComponent("x.lua"))
    try PNGFixture.make(width: 4, height: 4).write(to: url.appendingPathComponent("far.png"))
    return url
  }

  /// Shows what `expression` raised (or returned) in the text sprite "out".
  private static func probe(_ expression: String) -> String {
    """
    local ok, err = pcall(function() return \(expression) end)
    tide.sprite.text(tostring(err), { name = "out" })
    """
  }

  func testRequireThroughALinkedDataFolderIsRefused() throws {
    let fixture = try GameFixture(main: Self.probe("require('data.x')"))
    XCTAssertEqual(symlink(try outside(fixture).path, fixture.directory.appendingPathComponent("data").path), 0)
    let text = try fixture.engine().text(of: "out") ?? ""
    XCTAssertTrue(text.contains("game/data/x.lua leads outside the game folder"), text)
    XCTAssertFalse(text.contains("outside code ran"), text)
  }

  func testRequireOfALinkedFileIsRefused() throws {
    let fixture = try GameFixture(main: Self.probe("require('x')"))
    XCTAssertEqual(symlink(try outside(fixture).appendingPathComponent("x.lua").path, fixture.directory.appendingPathComponent("x.lua").path), 0)
    let text = try fixture.engine().text(of: "out") ?? ""
    XCTAssertTrue(text.contains("game/x.lua leads outside the game folder"), text)
  }

  func testMainLuaLinkedOutsideIsRefused() throws {
    let fixture = try GameFixture(main: "")
    let main = fixture.directory.appendingPathComponent("main.lua")
    try FileManager.default.removeItem(at: main)
    XCTAssertEqual(symlink(try outside(fixture).appendingPathComponent("x.lua").path, main.path), 0)
    XCTAssertThrowsError(try fixture.engine()) { error in
      XCTAssertTrue("\(error)".contains("main.lua leads outside the game folder"), "\(error)")
    }
  }

  func testImagesThroughALinkedAssetsFolderAreRefused() throws {
    let fixture = try GameFixture(main: Self.probe("tide.sprite.image('far.png')"))
    XCTAssertEqual(symlink(try outside(fixture).path, fixture.directory.appendingPathComponent("assets").path), 0)
    let text = try fixture.engine().text(of: "out") ?? ""
    XCTAssertTrue(text.contains("game/assets/far.png leads outside the game folder"), text)
  }

  func testSoundLinkedToEtcPasswdIsRefused() throws {
    let fixture = try GameFixture(main: Self.probe("tide.audio.play('x')"), assets: ["assets/a.png": PNGFixture.make(width: 4, height: 4)])
    XCTAssertEqual(symlink("/etc/passwd", fixture.directory.appendingPathComponent("assets/x.wav").path), 0)
    let text = try fixture.engine().text(of: "out") ?? ""
    XCTAssertTrue(text.contains("game/assets/x.wav leads outside the game folder (to /etc/passwd)"), text)
  }

  func testModulesMayNotNameTheParentOrAnAncestor() throws {
    for folder in ["../.", "..", "../../..", "../link-to-root"] {
      let fixture = try GameFixture(main: "", conf: "return { modules = { sib = \"\(folder)\" } }")
      XCTAssertEqual(symlink("/", fixture.root.appendingPathComponent("link-to-root").path), 0)
      XCTAssertThrowsError(try fixture.engine(), folder) { error in
        XCTAssertTrue("\(error)".contains("modules.sib must name a sibling game folder"), "\(folder): \(error)")
      }
    }
  }

  func testADeclaredSiblingStillWorks() throws {
    let fixture = try GameFixture(main: Self.probe("require('sib.x')"), conf: "return { modules = { sib = \"../outside\" } }")
    try Data("return {}".utf8).write(to: try outside(fixture).appendingPathComponent("conf.lua"))
    XCTAssertEqual(try fixture.engine().text(of: "out"), "outside code ran")
  }

  /// `modules` opened any sibling folder, a game or not: `{ x = "../.config" }` made
  /// `require("x.creds")` return its values. Only a sibling with a conf.lua is a game to share.
  func testModulesNameSiblingGamesOnly() throws {
    let cases = [
      "../.config": "\"../.config\" is a hidden folder",
      "../notes": "\"../notes\" has no conf.lua, so it is no game",
      "../shown": "\"../shown\" leads to a hidden folder",
    ]
    for (folder, reason) in cases.sorted(by: { $0.key < $1.key }) {
      let fixture = try GameFixture(main: Self.probe("require('x.creds')"), conf: "return { modules = { x = \"\(folder)\" } }")
      for hidden in [".config", "notes", ".hidden"] {
        let url = fixture.root.appendingPathComponent(hidden)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try Data("return 'the creds'".utf8).write(to: url.appendingPathComponent("creds.lua"))
      }
      try Data("return {}".utf8).write(to: fixture.root.appendingPathComponent(".hidden/conf.lua"))
      XCTAssertEqual(symlink(fixture.root.appendingPathComponent(".hidden").path, fixture.root.appendingPathComponent("shown").path), 0)
      XCTAssertThrowsError(try fixture.engine(), folder) { error in
        let message = "\(error)"
        XCTAssertTrue(message.contains("modules.x must name a sibling game (a folder with a conf.lua), never a hidden folder; \(reason)"), message)
      }
    }
  }
}
