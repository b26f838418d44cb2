import Foundation
import TideSDL
import TideShots
import XCTest

/// Golden screenshots of every game's key screens: `Content/<game>/tests/golden/<name>.input`
/// (an input script with `@at`, `@seed`, `@size`, `@option`) must render like `<name>.png`.
/// The drawing and comparison are `tide test`'s own (TideShots.GoldenScreens); here a missing
/// PNG fails too. `TIDE_UPDATE_GOLDEN=1` rewrites the PNGs; `tide shot <game> --input <name>.input`
/// makes the same frame.
final class ContentGoldenTests: XCTestCase {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  func testEveryGameMatchesItsGoldenScreens() throws {
    let content = Self.root.appendingPathComponent("Content")
    let games = try FileManager.default.contentsOfDirectory(atPath: content.path).sorted()
    var checked = 0
    for game in games {
      let folder = content.appendingPathComponent(game)
      let inputs = GoldenScreens.inputs(in: folder)
      guard !inputs.isEmpty else { continue }
      let backend = try SDLBackend(gameDirectory: folder, audio: false)
      for input in inputs {
        // One bad screen must not hide the others; failing screens are drawn into the temp
        // folder, not into Content/.
        let entry = GoldenScreens.check(
          game: folder, displayPath: "Content/\(game)", input: input, update: GoldenImage.updateRequested,
          backend: backend, actualDirectory: SceneFixtures.failureDirectory.appendingPathComponent(game))
        XCTAssertTrue(entry.passed, "\(entry.fullName): \(entry.failure ?? "")")
        checked += 1
      }
    }
    XCTAssertGreaterThan(checked, 0, "no golden screens found under Content/*/tests/golden")
  }
}
