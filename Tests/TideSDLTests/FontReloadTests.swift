import CSDL2
import Foundation
import TideCore
import TideScript
import XCTest

@testable import TideSDL

/// A game's font file saved while the game runs, as `tide run` watches it.
final class FontReloadTests: XCTestCase {
  private static let comicNeue = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Content/showcase/assets/fonts/ComicNeue-Bold.otf").standardizedFileURL

  /// Saving a font shows at once, as saving an image does: text drawn with it is re-measured
  /// and redrawn by the renderer that drew the old glyphs, while the scene keeps its state. A
  /// file saved over it that is no font draws in the default fonts, and nothing crashes.
  func testASavedGameFontShowsWithoutARestartAndKeepsTheGameState() throws {
    let game = FileManager.default.temporaryDirectory.appendingPathComponent("tide-font-reload-\(UUID().uuidString)")
    addTeardownBlock { try? FileManager.default.removeItem(at: game) }
    let fonts = game.appendingPathComponent("assets/fonts")
    try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
    let face = fonts.appendingPathComponent("face.ttf")
    try FileManager.default.copyItem(atPath: FontLibrary.defaultTextFontPath, toPath: face.path)
    try Data(
      #"""
      tide.scene.define("main", {
        enter = function(self)
          self.label = tide.sprite.text("Hello fonts", { font = "face", size = 40, x = 20, y = 20 })
          self.wrapped = tide.sprite.text("a few words that wrap", { font = "face", size = 20, max_width = 150, x = 20, y = 90 })
          self.count = tide.sprite.text("0", { x = 20, y = 160 })
          self.ticks = 0
        end,
        update = function(self)
          self.ticks = self.ticks + 1
          self.count.text = tostring(self.ticks)
        end,
      })
      tide.scene.go("main")
      """#.utf8
    ).write(to: game.appendingPathComponent("main.lua"))

    var options = EngineOptions()
    options.logErrors = false
    options.saveDirectory = game.appendingPathComponent("saves")
    let backend = try SDLBackend(gameDirectory: game, audio: false)
    let engine = try Engine(gameDirectory: game, displayPath: "game", backend: backend, options: options)
    try engine.start()
    let reloader = try engine.watchForChanges(settle: 0.005) { _ in }
    for _ in 0..<3 { engine.step() }

    // One renderer across the save, as a window keeps its own.
    let offscreen = SDLOffscreen(assets: backend.assets, fonts: backend.fonts)
    let size = (width: Int32(400), height: Int32(200))
    let surface = try XCTUnwrap(SDL_CreateRGBSurfaceWithFormat(0, size.width, size.height, 32, PixelFormat.argb8888))
    defer { SDL_FreeSurface(surface) }
    let renderer = try XCTUnwrap(SDL_CreateSoftwareRenderer(surface))
    defer { SDL_DestroyRenderer(renderer) }
    var nodes: NodeRenderer? = NodeRenderer(renderer: renderer, fonts: backend.fonts, assets: backend.assets)
    defer { nodes = nil }
    func draw() throws -> RGBAImage {
      SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
      SDL_RenderClear(renderer)
      nodes?.draw(engine.scene)
      SDL_RenderPresent(renderer)
      var image = try RGBAImage(surface: surface)
      image.makeOpaque()
      return image
    }
    func drawnFresh() throws -> RGBAImage {
      try offscreen.render(scene: engine.scene, size: Vec2(Double(size.width), Double(size.height)), background: .black)
    }
    func save(_ source: URL) throws {
      let temporary = fonts.appendingPathComponent(".face.ttf.tmp")
      try? FileManager.default.removeItem(at: temporary)
      try FileManager.default.copyItem(at: source, to: temporary)
      XCTAssertEqual(rename(temporary.path, face.path), 0)
      let before = reloader.reloadCount
      let deadline = Date().addingTimeInterval(3)
      while reloader.reloadCount == before, Date() < deadline {
        engine.poll()
        usleep(1000)
      }
      XCTAssertGreaterThan(reloader.reloadCount, before, "the save was seen")
      XCTAssertEqual(reloader.lastReport?.assets, ["assets/fonts/face.ttf"])
      engine.step()
    }
    let texts = engine.scene.findAll { $0.kind == .text }
    XCTAssertEqual(texts.count, 3)
    let (label, wrapped, count) = (texts[0], texts[1], texts[2])
    let old = (label: label.width, wrapped: wrapped.width)
    let oldPixels = try draw()
    XCTAssertEqual(oldPixels, try drawnFresh())

    try save(Self.comicNeue)
    let fresh = TTFTextMetrics(fonts: try FontLibrary())
    XCTAssertEqual(label.width, fresh.measure("Hello fonts", size: 40, font: label.font).width, "measured with the new file")
    XCTAssertNotEqual(label.width, old.label)
    XCTAssertNotEqual(wrapped.width, old.wrapped, "wrapped again at the new widths")
    XCTAssertTrue(engine.scene.findAll { $0.kind == .text }.elementsEqual(texts, by: ===), "the same sprites")
    XCTAssertEqual(count.text, "4", "the scene kept counting")
    let newPixels = try draw()
    XCTAssertNotEqual(newPixels, oldPixels)
    XCTAssertEqual(newPixels, try drawnFresh(), "the running renderer draws the new glyphs")

    let broken = game.appendingPathComponent("not-a-font.ttf")
    try Data("not a font at all".utf8).write(to: broken)
    try save(broken)
    let defaults = fresh.measure("Hello fonts", size: 40, font: "")
    XCTAssertEqual(label.width, defaults.width, "a file that is no font draws in the default fonts")
    XCTAssertEqual(try draw(), try drawnFresh())
    XCTAssertEqual(engine.errors.failureCount, 0)
    XCTAssertEqual(count.text, "5")
  }
}
