import Foundation
import TideCore
import TideSDL
import TideScript
import XCTest

/// Golden screenshots of every game's key screens: `Content/<game>/tests/golden/<name>.input`
/// (an input script with `@at`, `@seed`, `@size`, `@option`) must render like `<name>.png`.
/// `TIDE_UPDATE_GOLDEN=1` rewrites the PNGs; `tide shot <game> --input <name>.input` makes the same frame.
final class ContentGoldenTests: XCTestCase {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  func testEveryGameMatchesItsGoldenScreens() throws {
    let content = Self.root.appendingPathComponent("Content")
    let games = try FileManager.default.contentsOfDirectory(atPath: content.path).sorted()
    var checked = 0
    for game in games {
      let goldenDir = content.appendingPathComponent(game).appendingPathComponent("tests/golden")
      let specs = ((try? FileManager.default.contentsOfDirectory(atPath: goldenDir.path)) ?? []).filter { $0.hasSuffix(".input") }.sorted()
      for spec in specs {
        // One bad screen must not hide the others.
        do {
          try check(game: content.appendingPathComponent(game), spec: goldenDir.appendingPathComponent(spec))
        } catch {
          XCTFail("Content/\(game)/tests/golden/\(spec): \(error)")
        }
        checked += 1
      }
    }
    XCTAssertGreaterThan(checked, 0, "no golden screens found under Content/*/tests/golden")
  }

  private func check(game: URL, spec: URL) throws {
    let script = try InputScript(text: String(contentsOf: spec, encoding: .utf8))
    var options = EngineOptions()
    options.seed = script.seed ?? 1
    options.options = script.options
    options.designSize = script.size
    options.logErrors = false
    options.saveDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("tide-golden-\(UUID().uuidString)")
    defer { if let dir = options.saveDirectory { try? FileManager.default.removeItem(at: dir) } }
    let backend = try SDLBackend(gameDirectory: game, audio: false)
    let engine = try Engine(gameDirectory: game, displayPath: "Content/\(game.lastPathComponent)", backend: backend, options: options)
    try engine.start()
    engine.replay(script, until: script.shotTime ?? 1)
    XCTAssertTrue(engine.errors.all.isEmpty, "\(spec.path): script errors: \(engine.errors.all.map(\.message))")
    let image = try SDLOffscreen(assets: backend.assets, fonts: backend.fonts)
      .render(scene: engine.scene, size: engine.designSize, background: engine.background, overlay: engine.overlay)
    // A missing golden fails (GoldenImage.check throws) unless TIDE_UPDATE_GOLDEN=1 asks for it.
    let report = try GoldenImage.check(
      image, golden: spec.deletingPathExtension().appendingPathExtension("png"),
      update: GoldenImage.updateRequested,
      failureDirectory: SceneFixtures.failureDirectory.appendingPathComponent(game.lastPathComponent))
    XCTAssertTrue(report.passed, "\(spec.path): \(report)")
  }
}
