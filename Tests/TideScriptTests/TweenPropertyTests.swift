import TideCore
import XCTest

@testable import TideScript

/// `tide.tween` finds a sprite field it moves by the field's interned name; the property it
/// picks must be the one the names path (aliases, `radius` of a rectangle) picks.
final class TweenPropertyTests: XCTestCase {
  func testTheFieldPathPicksWhatTheNamesPathPicks() {
    let graph = SceneGraph()
    var moved = 0
    for kind in [NodeKind.circle, .rect, .text] {
      let node = graph.makeNode(kind)
      for field in SpriteField.allCases {
        guard let fast = Tweens.tweenProperty(field, of: node) else { continue }
        let name = field == .radius && kind != .circle ? "corner_radius" : (Tweens.tweenAliases[field.rawValue] ?? field.rawValue)
        XCTAssertEqual(fast, NodeProperty(rawValue: name), "\(field) of a \(kind)")
        moved += 1
      }
    }
    // Every number field tide.tween lists (colours aside), with width and height, takes it.
    XCTAssertEqual(moved, 3 * 17)
  }
}
