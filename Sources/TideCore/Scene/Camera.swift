import Foundation

/// A view onto a world group: the world point at the centre of the screen, a zoom and a turn.
///
/// The camera owns no drawing of its own: it sets the world group's position, scale and
/// rotation so the group's children, placed in world units, land where the camera shows them.
/// Hit-testing walks the same transforms, so taps reach what is seen.
public final class Camera {
  /// The world point shown at the centre of the screen.
  public var x: Double { didSet { apply() } }
  public var y: Double { didSet { apply() } }
  /// Screen units per world unit: 2 shows everything twice as large.
  public var zoom: Double = 1 { didSet { apply() } }
  /// Degrees the view is turned, clockwise: the world appears turned the other way.
  public var rotation: Double = 0 { didSet { apply() } }
  /// The group the camera moves.
  public let world: Node
  /// The screen size, whose centre the camera's point is shown at.
  public let screen: Vec2

  /// A camera over `world` showing, at first, the world as if there were no camera: the point at
  /// the screen's centre is the screen's centre.
  public init(world: Node, screen: Vec2) {
    self.world = world
    self.screen = screen
    x = screen.x / 2
    y = screen.y / 2
    apply()
  }

  /// World to screen: translate(centre) · rotate(-rotation) · scale(zoom) · translate(-x, -y),
  /// written into the world group's fields (a group's box starts at its position).
  private func apply() {
    let radians = -rotation * .pi / 180
    let (c, s) = (cos(radians), sin(radians))
    world.anchorX = 0
    world.anchorY = 0
    world.rotation = -rotation
    world.scaleX = zoom
    world.scaleY = zoom
    world.x = screen.x / 2 - zoom * (c * x - s * y)
    world.y = screen.y / 2 - zoom * (s * x + c * y)
  }

  /// True while the camera shows the world as if there were none: not moved, zoomed or turned.
  public var isAtRest: Bool {
    x == screen.x / 2 && y == screen.y / 2 && zoom == 1 && rotation == 0
  }

  /// The world point shown at screen point `p` (nil while the zoom is 0).
  public func toWorld(_ p: Vec2) -> Vec2? {
    world.localTransform.inverted()?.apply(p)
  }

  /// The screen point where world point `p` is shown.
  public func toScreen(_ p: Vec2) -> Vec2 {
    world.localTransform.apply(p)
  }
}
