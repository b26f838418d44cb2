import TideCore

/// How a body moves: pushed by forces and collisions, moved only by its own velocity, or not at all.
public enum BodyKind: String, CaseIterable, Sendable {
  /// Has mass; gravity, forces, impulses and collisions move it.
  case dynamic
  /// Infinite mass; moves only at the velocity given to it (or where its sprite is moved), and
  /// pushes dynamic bodies out of its way.
  case kinematic
  /// Never moves by itself: ground and walls. Moving it by hand is allowed, but costs a reindex.
  case `static`
}

/// What a shape is made of and how it meets others.
public struct PhysicsMaterial: Sendable, Equatable {
  /// Mass per square unit of area; used when `mass` is nil.
  public var density: Double = 1
  /// The shape's mass outright, whatever its area.
  public var mass: Double?
  /// Coulomb friction, 0 (ice) and up; two shapes use the product of theirs.
  public var friction: Double = 0.7
  /// Bounciness, 0 (none) to 1 (keeps its speed); two shapes use the product of theirs.
  public var elasticity: Double = 0
  /// The speed of the shape's surface (a conveyor belt), units a second.
  public var surfaceVelocity = Vec2(x: 0, y: 0)
  /// The categories the shape is in, as bits.
  public var category: UInt32 = 1
  /// The categories it collides with, as bits.
  public var mask: UInt32 = .max
  /// A sensor reports contacts but never pushes.
  public var sensor = false

  public init() {}
}

/// A shape's outline in its body's space (the body's origin is its sprite's anchor point).
public enum ShapeGeometry: Sendable, Equatable {
  /// A circle of `radius` around `center`.
  case circle(center: Vec2, radius: Double)
  /// A box from `min` to `max`, its corners rounded by `radius`.
  case box(min: Vec2, max: Vec2, radius: Double)
  /// The outline through `points`, rounded by `radius`: its hull when every point is a corner of
  /// the hull, otherwise the convex parts Chipmunk's decomposition cuts it into (the outline must
  /// not cross itself; at most `PhysicsLimits.polygonParts` parts).
  case polygon(points: [Vec2], radius: Double)
  /// A line from `a` to `b` as thick as `2 * radius`.
  case segment(a: Vec2, b: Vec2, radius: Double)
}

extension ShapeGeometry {
  /// How Chipmunk holds the shape: its circle, polygon (boxes too) and segment calls differ.
  enum Outline { case circle, polygon, segment }

  var outline: Outline {
    switch self {
    case .circle: .circle
    case .box, .polygon: .polygon
    case .segment: .segment
    }
  }
}

/// A shape to put on a body: its outline and material.
public struct ShapeSpec: Sendable, Equatable {
  public var geometry: ShapeGeometry
  public var material: PhysicsMaterial

  public init(_ geometry: ShapeGeometry, material: PhysicsMaterial = PhysicsMaterial()) {
    self.geometry = geometry
    self.material = material
  }
}

/// A world's settings.
public struct WorldSettings: Sendable, Equatable {
  /// Units a second squared; y grows downwards, so `(0, 900)` falls.
  public var gravity = Vec2(x: 0, y: 900)
  /// The fraction of velocity a body keeps each second (1: none lost).
  public var damping: Double = 1
  /// Solver iterations a step: more is stiffer and slower.
  public var iterations = 10
  /// Seconds a body must stay still before it sleeps; infinity never sleeps.
  public var sleepTime: Double = 0.5

  public init() {}
}

/// A joint between two bodies (or a body and the world), in the bodies' own spaces.
public enum JointSpec: Sendable, Equatable {
  /// Keeps the anchors at the distance they start at.
  case pin(anchorA: Vec2, anchorB: Vec2)
  /// Keeps the anchors between `min` and `max` apart.
  case slide(anchorA: Vec2, anchorB: Vec2, min: Double, max: Double)
  /// Pins the bodies together at a world point, free to turn.
  case pivot(point: Vec2)
  /// Pins `anchorB` of body B to a groove from `grooveA` to `grooveB` on body A.
  case groove(grooveA: Vec2, grooveB: Vec2, anchorB: Vec2)
  /// A spring between the anchors.
  case spring(anchorA: Vec2, anchorB: Vec2, restLength: Double, stiffness: Double, damping: Double)
  /// Keeps the angle between the bodies between `min` and `max` radians.
  case rotaryLimit(min: Double, max: Double)
  /// Turns body B relative to A at `rate` radians a second.
  case motor(rate: Double)
  /// Keeps the bodies' angles in `ratio`, offset by `phase`.
  case gear(phase: Double, ratio: Double)
}

/// A request the world refuses, with a message for the author.
public struct PhysicsError: Error, Equatable, CustomStringConvertible {
  public let message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

/// The documented caps on one world: a game may not make Chipmunk allocate without bound.
public enum PhysicsLimits {
  /// Bodies in one world: 20,000.
  public static let bodies = 20_000
  /// Shapes on one body: 64.
  public static let shapesPerBody = 64
  /// Corners of one polygon shape: 64.
  public static let polygonPoints = 64
  /// Convex parts a concave polygon may be cut into: 16.
  public static let polygonParts = 16
  /// Joints in one world: 20,000.
  public static let joints = 20_000
  /// Solver iterations: 1 to 100.
  public static let iterations = 1...100
  /// Gravity, velocities, forces and impulses are finite and within ±1e9 of 0.
  public static let magnitude = 1e9
  /// Positions are within ±1e6 (as sprite positions): a body flung past them stops there.
  public static let position = 1e6
  /// Sizes (radii, box sides, distances) are at least 0.01 for an area, at most 1e5.
  public static let smallest = 0.01
  public static let largest = 1e5
}
