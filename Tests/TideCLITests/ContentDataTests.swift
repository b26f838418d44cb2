import Foundation
import XCTest

/// The games' data files are refused at load when they cannot make a game, in a message that
/// names the file and the entry.
extension CLITests {
  /// Content/memory deals each face of a deck twice: a face listed twice would deal four cards
  /// that all match, so a deck that repeats one is refused (data/decks.lua, tutorial step 5).
  func testMemoryRefusesADeckThatListsAFaceTwice() throws {
    let source = CLITests.root.appendingPathComponent("Content/memory")
    let game = FileManager.default.temporaryDirectory.appendingPathComponent("tide-memory-\(UUID().uuidString)")
    try FileManager.default.copyItem(at: source, to: game)
    addTeardownBlock { try? FileManager.default.removeItem(at: game) }
    let decks = game.appendingPathComponent("data/decks.lua")
    let text = try String(contentsOf: decks, encoding: .utf8)
    try text.replacingOccurrences(of: #""🐭", "🐰""#, with: #""🐭", "🐶""#).write(to: decks, atomically: true, encoding: .utf8)
    let refused = try tide(["check", game.path])
    XCTAssertNotEqual(refused.status, 0, refused.stdout)
    XCTAssertTrue(refused.stderr.contains("data/decks.lua: animals[4]: 🐶 is listed twice (first at [1])"), refused.stderr)
    // The fruit deck has no repeat: playing it is fine.
    let fruit = try tide(["check", game.path, "--option", "deck=fruit"])
    XCTAssertEqual(fruit.status, 0, fruit.stderr)
  }
}
