import Foundation
import TideCore
import XCTest

@testable import TideSDL

/// Every node kind drawn by the software renderer and compared with committed PNGs in
/// `Golden/` (rewrite them with `TIDE_UPDATE_GOLDEN=1`).
final class NodeGoldenTests: XCTestCase {
  private var fonts: FontLibrary!
  private var assets: AssetLibrary!

  override func setUpWithError() throws {
    fonts = try FontLibrary()
    assets = try SceneFixtures.makeAssets()
  }

  private func makeScene() -> SceneGraph {
    SceneGraph(textMetrics: TTFTextMetrics(fonts: fonts))
  }

  private func render(_ scene: SceneGraph, width: Double = 240, height: Double = 160) throws
    -> RGBAImage
  {
    try SDLOffscreen(assets: assets, fonts: fonts)
      .render(scene: scene, size: Vec2(width, height), background: .hex("#1d2433"))
  }

  private func assertGolden(
    _ image: RGBAImage, _ name: String, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let report = try GoldenImage.check(
      image, golden: SceneFixtures.goldenDirectory.appendingPathComponent(name + ".png"),
      tolerance: 2, update: GoldenImage.updateRequested,
      failureDirectory: SceneFixtures.failureDirectory)
    XCTAssertTrue(report.passed, "\(name): \(report)", file: file, line: line)
  }

  // MARK: - Scenes

  func rectScene() -> SceneGraph {
    let scene = makeScene()
    SceneFixtures.add(.rect, to: scene) {
      $0.x = 10; $0.y = 10; $0.width = 60; $0.height = 40; $0.fill = .hex("#e04040")
    }
    SceneFixtures.add(.rect, to: scene) {
      $0.x = 90; $0.y = 10; $0.width = 60; $0.height = 40; $0.fill = .hex("#40a0e0")
      $0.stroke = .white; $0.strokeWidth = 3
    }
    SceneFixtures.add(.rect, to: scene) {
      $0.x = 170; $0.y = 10; $0.width = 60; $0.height = 40; $0.stroke = .hex("#ffd500")
      $0.strokeWidth = 1
    }
    SceneFixtures.add(.rect, to: scene) {
      $0.x = 10; $0.y = 70; $0.width = 100; $0.height = 70; $0.cornerRadius = 16
      $0.fill = .hex("#30c060")
    }
    SceneFixtures.add(.rect, to: scene) {
      $0.x = 130; $0.y = 70; $0.width = 100; $0.height = 70; $0.cornerRadius = 24
      $0.fill = .hex("#8040c0"); $0.stroke = .hex("#ffffff"); $0.strokeWidth = 4
    }
    // Half-transparent over both rounded rects.
    SceneFixtures.add(.rect, to: scene) {
      $0.x = 60; $0.y = 95; $0.width = 120; $0.height = 20; $0.fill = .hex("#ffffff80")
    }
    return scene
  }

  func circleScene() -> SceneGraph {
    let scene = makeScene()
    SceneFixtures.add(.circle, to: scene) {
      $0.x = 50; $0.y = 60; $0.radius = 40; $0.fill = .hex("#ff8800")
    }
    SceneFixtures.add(.circle, to: scene) {
      $0.x = 130; $0.y = 60; $0.radius = 30; $0.fill = .hex("#2060ff"); $0.stroke = .white
      $0.strokeWidth = 4
    }
    SceneFixtures.add(.circle, to: scene) {
      $0.x = 200; $0.y = 60; $0.radius = 25; $0.stroke = .hex("#40ff80"); $0.strokeWidth = 2
    }
    // An ellipse by non-uniform scale, and small dots.
    SceneFixtures.add(.circle, to: scene) {
      $0.x = 80; $0.y = 130; $0.radius = 15; $0.scaleX = 3; $0.fill = .hex("#d040a0")
    }
    for index in 0..<5 {
      SceneFixtures.add(.circle, to: scene) {
        $0.x = 170 + Double(index) * 13; $0.y = 130; $0.radius = Double(index) + 1.5
        $0.fill = .white
      }
    }
    return scene
  }

  func imageScene() -> SceneGraph {
    let scene = makeScene()
    let size = Vec2(26, 37)
    func sprite(_ configure: @escaping (Node) -> Void) {
      SceneFixtures.add(.image, to: scene) {
        $0.image = "sprite.png"; $0.width = size.x; $0.height = size.y
        configure($0)
      }
    }
    sprite { $0.x = 8; $0.y = 8 }
    sprite { $0.x = 44; $0.y = 8; $0.flipX = true }
    sprite { $0.x = 80; $0.y = 8; $0.flipY = true }
    sprite { $0.x = 116; $0.y = 8; $0.tint = .hex("#ff8080") }
    sprite { $0.x = 152; $0.y = 8; $0.alpha = 0.4 }
    sprite { $0.x = 200; $0.y = 26; $0.anchorX = 0.5; $0.anchorY = 0.5; $0.rotation = 30 }
    sprite { $0.x = 8; $0.y = 60; $0.scale = 2 }
    sprite { $0.x = 110; $0.y = 100; $0.anchorX = 0.5; $0.anchorY = 0.5; $0.scaleX = -1.5 }
    // A frame animation stepped to its third frame.
    let animated = SceneFixtures.add(.image, to: scene) {
      $0.x = 150; $0.y = 70; $0.width = 32; $0.height = 32
    }
    animated.play(["frame0.png", "frame1.png", "frame2.png", "frame3.png"], fps: 10)
    scene.update(0.25)
    // A missing image draws nothing (and warns once).
    SceneFixtures.add(.image, to: scene) { $0.image = "missing.png"; $0.width = 10; $0.height = 10 }
    // A skewed box: rotated child of a non-uniformly scaled parent.
    let parent = SceneFixtures.add(.group, to: scene) { $0.x = 210; $0.y = 120; $0.scaleX = 1.6 }
    SceneFixtures.add(.image, to: scene, parent: parent) {
      $0.image = "sprite.png"; $0.width = size.x; $0.height = size.y; $0.anchorX = 0.5
      $0.anchorY = 0.5; $0.rotation = 40; $0.scale = 0.8
    }
    return scene
  }

  func textScene() -> SceneGraph {
    let scene = makeScene()
    SceneFixtures.add(.text, to: scene) {
      $0.text = "Hello, Tide!"; $0.fontSize = 12; $0.x = 8; $0.y = 6
    }
    SceneFixtures.add(.text, to: scene) {
      $0.text = "Hello, Tide!"; $0.fontSize = 24; $0.x = 8; $0.y = 22; $0.textColor = .hex("#ffd500")
    }
    SceneFixtures.add(.text, to: scene) {
      $0.text = "Big 40"; $0.fontSize = 40; $0.x = 8; $0.y = 52; $0.textColor = .hex("#ff6060")
    }
    SceneFixtures.add(.text, to: scene) {
      $0.text = "centred\nlines of text"; $0.fontSize = 16; $0.align = .center; $0.x = 175
      $0.y = 60; $0.anchorX = 0.5; $0.textColor = .hex("#80e0ff")
    }
    SceneFixtures.add(.text, to: scene) {
      $0.text = "right\naligned text"; $0.fontSize = 14; $0.align = .right; $0.x = 232
      $0.y = 112; $0.anchorX = 1
    }
    SceneFixtures.add(.text, to: scene) {
      $0.text = "fading"; $0.fontSize = 18; $0.x = 8; $0.y = 110; $0.alpha = 0.5
    }
    return scene
  }

  func emojiScene() -> SceneGraph {
    let scene = makeScene()
    SceneFixtures.add(.text, to: scene) {
      $0.text = "✊ ✋ ✌️ 🤖 🦁 🐍 🐇"; $0.fontSize = 22; $0.x = 8; $0.y = 8
    }
    SceneFixtures.add(.text, to: scene) {
      $0.text = "Rock ✊ beats ✌️ scissors"; $0.fontSize = 16; $0.x = 8; $0.y = 50
      $0.textColor = .hex("#ffd500")
    }
    SceneFixtures.add(.text, to: scene) {
      $0.text = "🦁"; $0.fontSize = 64; $0.x = 8; $0.y = 80
    }
    SceneFixtures.add(.text, to: scene) {
      $0.text = "🐍🐇 small"; $0.fontSize = 11; $0.x = 100; $0.y = 90
    }
    SceneFixtures.add(.text, to: scene) {
      $0.text = "🤖 tilted"; $0.fontSize = 20; $0.x = 170; $0.y = 125; $0.rotation = -15
      $0.anchorX = 0.5; $0.anchorY = 0.5
    }
    return scene
  }

  func transformScene() -> SceneGraph {
    let scene = makeScene()
    // Rotation about the centre (anchor 0.5) versus about the top-left (anchor 0).
    SceneFixtures.add(.rect, to: scene) {
      $0.x = 40; $0.y = 40; $0.width = 40; $0.height = 40; $0.anchorX = 0.5; $0.anchorY = 0.5
      $0.rotation = 45; $0.fill = .hex("#40c0ff")
    }
    SceneFixtures.add(.rect, to: scene) {
      $0.x = 100; $0.y = 10; $0.width = 40; $0.height = 20; $0.rotation = 30
      $0.fill = .hex("#ffc040"); $0.stroke = .white; $0.strokeWidth = 2
    }
    SceneFixtures.add(.rect, to: scene) {
      $0.x = 200; $0.y = 40; $0.width = 50; $0.height = 30; $0.anchorX = 0.5; $0.anchorY = 0.5
      $0.rotation = -20; $0.cornerRadius = 10; $0.fill = .hex("#e04080")
    }
    // A group: its scale, rotation and alpha pass to the children; tint on a shape.
    let group = SceneFixtures.add(.group, to: scene) {
      $0.x = 70; $0.y = 115; $0.rotation = 15; $0.scale = 1.5; $0.alpha = 0.6
    }
    SceneFixtures.add(.rect, to: scene, parent: group) {
      $0.width = 30; $0.height = 20; $0.anchorX = 0.5; $0.anchorY = 0.5; $0.fill = .white
    }
    SceneFixtures.add(.circle, to: scene, parent: group) {
      $0.x = 30; $0.radius = 10; $0.fill = .white; $0.tint = .hex("#40ff40")
    }
    // Anchors: the same point (180, 115) marked, with boxes anchored at 0, 0.5 and 1.
    for (index, anchor) in [0.0, 0.5, 1.0].enumerated() {
      SceneFixtures.add(.rect, to: scene) {
        $0.x = 180; $0.y = 115; $0.width = 24; $0.height = 24; $0.anchorX = anchor
        $0.anchorY = anchor; $0.fill = [Color.hex("#ff404080"), .hex("#40ff4080"), .hex("#4040ff80")][index]
      }
    }
    SceneFixtures.add(.circle, to: scene) { $0.x = 180; $0.y = 115; $0.radius = 2; $0.fill = .white }
    // Hidden nodes draw nothing.
    SceneFixtures.add(.rect, to: scene) {
      $0.x = 0; $0.y = 0; $0.width = 240; $0.height = 160; $0.fill = .white; $0.visible = false
    }
    return scene
  }

  func zOrderScene() -> SceneGraph {
    let scene = makeScene()
    // Inserted red, green, blue; z puts green on top and red at the bottom.
    let colors = ["#e04040", "#40c040", "#4060e0"]
    let zs = [-1.0, 5, 2]
    for index in 0..<3 {
      SceneFixtures.add(.rect, to: scene) {
        $0.x = 30 + Double(index) * 45; $0.y = 30 + Double(index) * 25; $0.width = 90
        $0.height = 60; $0.fill = .hex(colors[index]); $0.z = zs[index]
      }
    }
    // Equal z keeps insertion order: the later white circle covers the earlier yellow one.
    SceneFixtures.add(.circle, to: scene) { $0.x = 190; $0.y = 40; $0.radius = 25; $0.fill = .hex("#ffd500") }
    SceneFixtures.add(.circle, to: scene) { $0.x = 210; $0.y = 55; $0.radius = 25; $0.fill = .white }
    return scene
  }

  // MARK: - Tests

  func testRects() throws { try assertGolden(render(rectScene()), "rects") }
  func testCircles() throws { try assertGolden(render(circleScene()), "circles") }
  func testImages() throws { try assertGolden(render(imageScene()), "images") }
  func testText() throws { try assertGolden(render(textScene()), "text") }
  func testTextWithEmoji() throws { try assertGolden(render(emojiScene()), "emoji") }
  /// Each fit mode in its box (outlined): wrap (and wrap cut at a height), shrink (and shrink to
  /// its minimum, then cut), ellipsis; emoji among the words.
  func fitScene() -> SceneGraph {
    let scene = makeScene()
    let rows: [(TextFit, Double, Double, Double, String)] = [
      (.wrap, 0, 22, 0, "Wraps onto lines 🦁 at spaces, emoji 🐍 and all."),
      (.wrap, 52, 22, 0, "Wraps, then the lines past the box are cut 🐰 away."),
      (.shrink, 36, 30, 0, "Shrinks to fit 🐰🐰🐰 here"),
      (.shrink, 36, 30, 22, "Shrinks to a minimum, then cut 🦁"),
      (.ellipsis, 0, 24, 0, "Cut with an ellipsis 🐍🐍🐍 if long"),
    ]
    var y = 8.0
    for (fit, maxHeight, size, minimum, text) in rows {
      let node = SceneFixtures.add(.text, to: scene) {
        $0.x = 10; $0.y = y; $0.fontSize = size; $0.maxTextWidth = 280; $0.maxTextHeight = maxHeight
        $0.textFit = fit; $0.minFontSize = minimum; $0.text = text
      }
      SceneFixtures.add(.rect, to: scene) {
        $0.x = 10; $0.y = y; $0.width = 280; $0.height = maxHeight > 0 ? maxHeight : node.height
        $0.stroke = .hex("#ffd500"); $0.strokeWidth = 1
      }
      y += (maxHeight > 0 ? maxHeight : node.height) + 10
    }
    return scene
  }

  func testTextFitModes() throws { try assertGolden(render(fitScene(), width: 300, height: 300), "text_fit") }

  func testTransformsAlphaTintAnchor() throws { try assertGolden(render(transformScene()), "transforms") }
  func testZOrder() throws { try assertGolden(render(zOrderScene()), "zorder") }

  func testErrorOverlay() throws {
    let overlay = Overlay(
      title: "Script error",
      message: "Content/rps/main.lua:42: attempt to index a nil value (field 'lion')",
      traceback: "stack traceback:\n\t[C]: in ?\n\tContent/rps/main.lua:42: in function 'enter'\n"
        + "\tContent/rps/main.lua:10: in main chunk")
    let image = try SDLOffscreen(assets: assets, fonts: fonts).render(
      scene: rectScene(), size: Vec2(320, 240), background: .hex("#1d2433"), overlay: overlay)
    try assertGolden(image, "overlay")
  }

  func testHighDPIScaleRendersSharperNotBigger() throws {
    let image = try SDLOffscreen(assets: assets, fonts: fonts).render(
      scene: emojiScene(), size: Vec2(240, 160), background: .hex("#1d2433"), scale: 2)
    XCTAssertEqual(image.width, 480)
    XCTAssertEqual(image.height, 320)
    try assertGolden(image, "emoji@2x")
  }

  func testEmojiAreInColour() throws {
    let image = try render(emojiScene())
    // The lion is yellow-orange: look for saturated warm pixels in its box.
    var warm = 0
    for y in 80..<150 {
      for x in 8..<90 {
        let pixel = image[x, y]
        let r = Int((pixel >> 16) & 0xFF)
        let g = Int((pixel >> 8) & 0xFF)
        let b = Int(pixel & 0xFF)
        if r > 200 && g > 120 && b < 100 { warm += 1 }
      }
    }
    XCTAssertGreaterThan(warm, 300, "the 64 px lion should be drawn in colour")
  }

  /// Text far wider than the screen is drawn from the part on screen only: its end,
  /// over 20,000 pixels in (past the 4096 a texture may have), shows when scrolled into view.
  func testTextLargerThanTheScreenShowsWhereverItIsScrolled() throws {
    let line = "START " + String(repeating: "wide words ", count: 1800) + "END"
    /// Lit pixels in 60...130 × 60...100 with the text's left edge at `left(width)`.
    func lit(flipped: Bool = false, _ left: (Double) -> Double) throws -> Int {
      let scene = makeScene()
      let node = SceneFixtures.add(.text, to: scene) {
        $0.fontSize = 24; $0.text = line; $0.y = 60; $0.textColor = .white; $0.flipX = flipped
      }
      XCTAssertGreaterThan(node.width, 20_000)
      node.x = left(node.width)
      let image = try render(scene)
      var count = 0
      for y in 60..<100 {
        for x in 60..<130 where image[x, y] & 0xFF > 0x80 { count += 1 }
      }
      return count
    }
    XCTAssertGreaterThan(try lit { _ in 62 }, 60, "the start")
    XCTAssertGreaterThan(try lit { width in 128 - width }, 60, "the end, scrolled into view")
    XCTAssertEqual(try lit { width in -width - 10 }, 0, "nothing when scrolled past")
    // Flipped, the start is drawn at the block's right end and the end at its left.
    XCTAssertGreaterThan(try lit(flipped: true) { _ in 62 }, 60, "a flipped text's end, at its left")
    XCTAssertGreaterThan(try lit(flipped: true) { width in 128 - width }, 60, "a flipped text's start, at its right")
    let start = try lit { _ in 62 }
    let mirroredStart = try lit(flipped: true) { width in 128 - width }
    XCTAssertLessThan(abs(start - mirroredStart), start / 4, "the same letters, mirrored")
  }

  func testRenderingIsByteIdenticalAcrossRuns() throws {
    let directory = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("tide-sdl-determinism-\(ProcessInfo.processInfo.processIdentifier)")
    let first = directory.appendingPathComponent("a.png")
    let second = directory.appendingPathComponent("b.png")
    try SDLOffscreen(assets: assets, fonts: fonts).renderPNG(
      scene: emojiScene(), size: Vec2(240, 160), background: .black, to: first)
    // A fresh library too, so no cache carries over.
    try SDLOffscreen(assets: assets, fonts: try FontLibrary()).renderPNG(
      scene: emojiScene(), size: Vec2(240, 160), background: .black, to: second)
    XCTAssertEqual(try Data(contentsOf: first), try Data(contentsOf: second))
  }

  func testOnePixelColumnChangeFailsTheComparison() throws {
    var image = try render(rectScene())
    // Shift one column's pixels by a small but visible amount (8 per channel).
    for y in 0..<image.height {
      let pixel = image[120, y]
      let r = min(((pixel >> 16) & 0xFF) + 8, 255)
      image[120, y] = (pixel & 0xFF00_FFFF) | r << 16
    }
    let golden = try RGBAImage(
      contentsOf: SceneFixtures.goldenDirectory.appendingPathComponent("rects.png"))
    let report = GoldenImage.compare(actual: image, expected: golden, tolerance: 2)
    XCTAssertFalse(report.passed)
    XCTAssertGreaterThan(report.differingPixels, 100)
    XCTAssertLessThanOrEqual(report.differingPixels, image.height)
    XCTAssertEqual(report.firstDifference?.x, 120)
  }
}
