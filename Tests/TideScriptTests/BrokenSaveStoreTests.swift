import Foundation
import TideCore
import TideScript
import XCTest

/// BubblePop starts headlessly whatever stands in its score file's place:
/// the save is set aside with a warning and the game carries on with a fresh board.
final class BrokenSaveStoreTests: XCTestCase {
  private var root = URL(fileURLWithPath: "/nonexistent")
  private var saves: URL { root.appendingPathComponent("saves") }

  override func setUpWithError() throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("tide-brokensave-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: saves, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: root)
  }

  /// Starts BubblePop over the save folder `folder` and runs a second; returns its messages.
  private func startBubblePop(saveFolder folder: URL) throws -> [String] {
    let game = ContentTests.packageRoot.appendingPathComponent("Content/bubblepop")
    var options = EngineOptions()
    options.saveDirectory = folder
    options.logErrors = false
    let engine = try Engine(gameDirectory: game, displayPath: "Content/bubblepop", backend: HeadlessBackend(), options: options)
    try engine.start()
    engine.step(60)
    return engine.errorMessages
  }

  private func assertStartsAndSetsAside(_ expected: String, file: StaticString = #filePath, line: UInt = #line) throws {
    let messages = try startBubblePop(saveFolder: saves)
    XCTAssertEqual(messages.count, 1, "\(messages)", file: file, line: line)
    let message = messages.first ?? ""
    XCTAssertTrue(message.contains("save 'scores' could not be read (\(expected)"), message, file: file, line: line)
    XCTAssertTrue(message.contains("kept it as scores.damaged-1.json"), message, file: file, line: line)
  }

  func testScoresLinkedToDevZero() throws {
    XCTAssertEqual(symlink("/dev/zero", saves.appendingPathComponent("scores.json").path), 0)
    try assertStartsAndSetsAside("it is a device")
  }

  func testScoresIsAFifo() throws {
    XCTAssertEqual(mkfifo(saves.appendingPathComponent("scores.json").path, 0o644), 0)
    try assertStartsAndSetsAside("it is a FIFO")
  }

  func testScoresIsAFolder() throws {
    try FileManager.default.createDirectory(at: saves.appendingPathComponent("scores.json"), withIntermediateDirectories: false)
    try assertStartsAndSetsAside("it is a folder")
  }

  func testSaveFolderIsAFile() throws {
    let blocked = root.appendingPathComponent("blocked")
    try Data("x".utf8).write(to: blocked)
    let messages = try startBubblePop(saveFolder: blocked)
    XCTAssertEqual(messages.count, 1, "\(messages)")
    XCTAssertTrue(messages.first?.contains("is not a folder") ?? false, "\(messages)")
    XCTAssertTrue(messages.first?.contains("kept it as blocked.damaged-1") ?? false, "\(messages)")
  }
}
