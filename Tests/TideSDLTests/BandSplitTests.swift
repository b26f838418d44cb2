import TideCore
import XCTest

@testable import TideSDL

/// Where the window's rows are cut into bands for the drawing threads.
final class BandSplitTests: XCTestCase {
  private var scene = SceneGraph()

  override func setUp() {
    scene = SceneGraph()
  }

  /// An image node of `width`×`height` at (x, y) showing a 26×37 "sprite.png".
  @discardableResult
  private func sprite(
    x: Double, y: Double, width: Double = 26, height: Double = 37, image: String = "sprite.png"
  ) -> Node {
    let node = scene.makeNode(.image)
    node.image = image
    node.x = x
    node.y = y
    node.width = width
    node.height = height
    scene.root.add(node)
    return node
  }

  private func split(count: Int, height: Int = 720) -> [Range<Int>] {
    BandSplit.bands(
      for: scene.drawList(), view: .identity, width: 1280, height: height, count: count,
      imageSize: { $0 == "sprite.png" ? Vec2(26, 37) : nil })
  }

  private func assertCovers(_ bands: [Range<Int>], height: Int, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(bands.first?.lowerBound, 0, file: file, line: line)
    XCTAssertEqual(bands.last?.upperBound, height, file: file, line: line)
    for (upper, lower) in zip(bands, bands.dropFirst()) {
      XCTAssertEqual(upper.upperBound, lower.lowerBound, file: file, line: line)
    }
    XCTAssertTrue(bands.allSatisfy { !$0.isEmpty }, "\(bands)", file: file, line: line)
  }

  func testAnEmptySceneIsCutEvenly() {
    let bands = split(count: 2)
    XCTAssertEqual(bands, [0..<360, 360..<720])
    assertCovers(split(count: 3), height: 720)
  }

  func testSpritesBunchedAtTheBottomPullTheCutDown() {
    for index in 0..<2000 { sprite(x: Double(index % 1200), y: 600 + Double(index % 80)) }
    let bands = split(count: 2)
    assertCovers(bands, height: 720)
    // Half the work lies within the sprites' rows, not at the middle of the window.
    XCTAssertGreaterThan(bands[0].upperBound, 600)
    XCTAssertLessThan(bands[0].upperBound, 717)
  }

  func testNoCutGoesThroughAScaledImage() {
    for index in 0..<400 { sprite(x: Double(index * 3), y: Double(index) * 1.7) }
    // Drawn at twice its size across the middle rows.
    sprite(x: 600, y: 300, width: 52, height: 120)
    let bands = split(count: 2)
    assertCovers(bands, height: 720)
    let cut = bands[0].upperBound
    XCTAssertTrue(cut <= 300 || cut >= 420, "cut at \(cut) goes through the scaled image")
    // Moved only as far as it had to: to the image's top or bottom edge.
    XCTAssertTrue(cut == 300 || cut == 420, "cut at \(cut)")
  }

  func testImagesAtTheirOwnSizeAndShapesDoNotBlockACut() {
    sprite(x: 0, y: 0, width: 26, height: 720)  // scaled: blocks every row
    XCTAssertEqual(split(count: 2), [0..<720], "no clear row: one band")

    scene = SceneGraph()
    let tall = scene.makeNode(.rect)
    tall.width = 1280
    tall.height = 720
    tall.fill = .white
    scene.root.add(tall)
    for y in stride(from: 0.0, to: 700, by: 5) { sprite(x: 0, y: y) }
    let bands = split(count: 2)
    XCTAssertEqual(bands.count, 2)
    assertCovers(bands, height: 720)
  }

  func testATurnedImageBlocksACutLikeAScaledOne() {
    for index in 0..<400 { sprite(x: Double(index * 3), y: Double(index) * 1.7) }
    let even = split(count: 2)[0].upperBound
    // At its own size, turned a quarter: it covers the 26 rows around the cut.
    let turned = sprite(x: 600, y: Double(even - 13))
    turned.rotation = 90
    let extent = scene.drawList().last!.transform.yExtent(width: 26, height: 37)
    let cut = split(count: 2)[0].upperBound
    XCTAssertTrue(
      Double(cut) <= extent.top.rounded(.down) || Double(cut) >= extent.bottom.rounded(.up),
      "cut at \(cut) goes through the turned image (rows \(extent))")
  }

  func testScaledTextBlocksButTextAtItsSizeDoesNot() {
    let label = scene.makeNode(.text)
    label.text = "Score"
    label.fontSize = 40
    label.y = 340
    label.width = 200
    label.height = 50
    scene.root.add(label)
    let through = split(count: 2)[0].upperBound
    XCTAssertTrue((341..<390).contains(through), "cut at \(through) may go through the label")
    label.scale = 1.5
    let cut = split(count: 2)[0].upperBound
    XCTAssertTrue(cut <= 340 || cut >= 415, "cut at \(cut)")
  }

  func testSpritesFarOffOrNotANumberAreLeftOut() {
    for y in [1e300, -1e300, Double.nan, .infinity] { sprite(x: 0, y: y) }
    XCTAssertEqual(split(count: 2), [0..<360, 360..<720])
  }

  func testMoreBandsThanRowsGiveOne() {
    XCTAssertEqual(split(count: 4, height: 3), [0..<3])
  }
}
