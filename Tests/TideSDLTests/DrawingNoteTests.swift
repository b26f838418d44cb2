import CSDL2
import Foundation
import TideCore
import XCTest

@testable import TideSDL

/// A renderer notes which sprite it draws when drawing it costs work that grows with its data
/// (a polygon's or line's points, a text), for the message of a frame stuck in drawing; images,
/// the many cheap sprites, are not noted.
final class DrawingNoteTests: XCTestCase {
  func testTheRendererNotesItsCostlySpritesOnly() throws {
    let fonts = try FontLibrary()
    let assets = try SceneFixtures.makeAssets()
    let scene = SceneGraph(textMetrics: TTFTextMetrics(fonts: fonts))
    let triangle = [Vec2(0, 0), Vec2(40, 0), Vec2(20, 30)]
    let polygon = SceneFixtures.add(.polygon, to: scene) { $0.points = triangle; $0.fill = .white }
    let line = SceneFixtures.add(.line, to: scene) { $0.points = triangle; $0.stroke = .white; $0.strokeWidth = 2 }
    let text = SceneFixtures.add(.text, to: scene) { $0.text = "note"; $0.fill = .white }
    let image = SceneFixtures.add(.image, to: scene) { $0.image = "sprite"; $0.x = 50 }
    let rect = SceneFixtures.add(.rect, to: scene) { $0.width = 10; $0.height = 10; $0.fill = .white }
    let surface = try XCTUnwrap(SDL_CreateRGBSurfaceWithFormat(0, 120, 80, 32, PixelFormat.argb8888))
    defer { SDL_FreeSurface(surface) }
    let renderer = try XCTUnwrap(SDL_CreateSoftwareRenderer(surface))
    defer { SDL_DestroyRenderer(renderer) }
    let items = scene.drawList()
    do {
      let nodes = NodeRenderer(renderer: renderer, fonts: fonts, assets: assets)
      /// The sprite noted last in drawing the items of `nodes` (by id), 0 for none.
      func noted(_ drawn: [Node]) -> Int {
        let ids = Set(drawn.map(\.id))
        nodes.draw(items.filter { ids.contains($0.id) }, note: scene.drawingNote)
        XCTAssertNil(scene.drawingNote.running(), "the frame is done: nothing draws")
        return nodes.drawer.item.load(ordering: .relaxed)
      }
      XCTAssertEqual(noted([polygon, image, rect]), polygon.id)
      XCTAssertEqual(noted([image, line, rect]), line.id)
      XCTAssertEqual(noted([polygon, text, image]), text.id)
      XCTAssertEqual(noted([image, rect]), 0, "images and rects cost the same whatever they show")
      // Drawing a scene notes in that scene's note, while it draws.
      nodes.draw(scene)
      XCTAssertEqual(nodes.drawer.item.load(ordering: .relaxed), text.id)
    }
  }

  /// The note lists the renderers drawing now, each with its own sprite, and counts the draws
  /// begun, which the guard watches for a draw that never ends.
  func testTheNoteTellsWhatDrawsNow() {
    let note = DrawingNote()
    let (a, b) = (DrawingNote.Drawer(), DrawingNote.Drawer())
    XCTAssertNil(note.running())
    note.enter(a)
    note.enter(b)
    a.drawing(7)
    XCTAssertEqual(note.running()?.items, [7, 0])
    XCTAssertEqual(note.running()?.begun, 2)
    note.leave(a)
    XCTAssertEqual(note.running()?.items, [0])
    note.leave(b)
    XCTAssertNil(note.running())
  }
}
