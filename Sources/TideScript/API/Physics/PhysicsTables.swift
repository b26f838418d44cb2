import LuaBridge
import TideCore
import TidePhysics

extension LuaTableShape {
  /// Every physics shape the docs describe.
  static var physics: [LuaTableShape] { [worldOptions, physicsMaterial, bodyDef, shapeDef, jointOptions, contactEvent, rayHit] }

  public static let worldOptions = LuaTableShape(
    className: "WorldOptions",
    summary: "The settings of `tide.physics.world`.",
    keys: [
      LuaTableKey("gravity", "number[]", "`{ x, y }` in units a second squared; default `{ 0, 900 }` (y grows downwards)"),
      LuaTableKey("damping", "number", "the fraction of velocity kept each second, 0 to 1; default 1 (none lost)"),
      LuaTableKey("iterations", "integer", "solver iterations a tick, 1 to 100; default 10 (more is stiffer, slower)"),
      LuaTableKey("sleep_time", "number", "seconds a body stays still before it sleeps; default 0.5, `math.huge` never"),
    ])

  private static let materialKeys = [
    LuaTableKey("density", "number", "mass per square unit, 0 to 1e6; default 1 (a 40x40 box weighs 1600)"),
    LuaTableKey("mass", "number", "the mass outright, whatever the area"),
    LuaTableKey("friction", "number", "0 (ice) and up, at most 1000; default 0.7; two shapes use the product"),
    LuaTableKey("elasticity", "number", "bounciness, 0 to 1; default 0"),
    LuaTableKey("surface_velocity", "number[]", "`{ x, y }`: a conveyor belt's surface speed"),
    LuaTableKey("category", "integer|integer[]", "the categories (1 to 32) the shape is in; default 1"),
    LuaTableKey("mask", "integer[]", "the categories it collides with; default all"),
    LuaTableKey("sensor", "boolean", "reports contacts but never pushes"),
  ]

  public static let physicsMaterial = LuaTableShape(
    className: "PhysicsMaterial",
    summary: "What a shape is made of: keep named ones in a data file and hand them to `tide.physics.materials`.",
    keys: materialKeys)

  private static let materialName = LuaTableKey(
    "material", "string|PhysicsMaterial", "a name given to `tide.physics.materials`, or a material table; keys here override it")

  public static let shapeDef = LuaTableShape(
    className: "PhysicsShape",
    summary: "One shape of a body, in the body's space: its origin is the sprite's anchor point, unturned and unscaled "
      + "(the sprite's `scale` is applied to outlines taken from the sprite). Material keys set this shape's material.",
    keys: [
      LuaTableKey("shape", "string", "\"circle\", \"box\", \"polygon\" or \"segment\"; default from the sprite's kind"),
      LuaTableKey("radius", "number", "a circle's radius (default half the sprite's smaller side); a polygon's or segment's rounding"),
      LuaTableKey("w", "number", "a box's width (default the sprite's)"),
      LuaTableKey("h", "number", "a box's height (default the sprite's)"),
      LuaTableKey("corner", "number", "a box's corner radius, within its size (default the sprite's `radius` for rects)"),
      LuaTableKey("x", "number", "the circle's or box's centre, from the body's origin (default the sprite's box centre)"),
      LuaTableKey("y", "number", "as `x`, downwards"),
      LuaTableKey(
        "points", "number[]",
        "a polygon's corners (or a segment's two ends) as `{ x1, y1, x2, y2, ... }`; default the sprite's `points`. "
          + "A concave outline (edges not crossing) is cut into convex parts by Chipmunk's decomposition, at most 16, "
          + "each counting as a shape of the body; notches shallower than 0.05 are filled in"),
      materialName,
    ] + materialKeys)

  public static let bodyDef = LuaTableShape(
    className: "PhysicsBody",
    summary: "A body for a sprite (`tide.physics.body`): its kind, its shapes and their material. Without `shapes` "
      + "or `shape` it gets one shape from the sprite: a circle for a circle, a (rounded) box for a rect, image or text, "
      + "the outline of its points for a polygon (cut into convex parts when concave), segments for a line.",
    keys: [
      LuaTableKey("type", "string", "\"dynamic\" (default), \"static\" or \"kinematic\""),
      LuaTableKey("shapes", "PhysicsShape[]", "its shapes, 1 to 64"),
      LuaTableKey("shape", "string|PhysicsShape", "one shape, or just its kind (\"circle\", \"box\", \"polygon\", \"segment\")"),
      LuaTableKey("velocity", "number[]", "`{ vx, vy }` to start with, units a second"),
      LuaTableKey("angular_velocity", "number", "to start with, degrees a second, clockwise"),
      materialName,
    ] + materialKeys)

  public static let jointOptions = LuaTableShape(
    className: "JointOptions",
    summary: "The options of `tide.physics.joint`. Anchors are `{ x, y }` in each body's own space (from its sprite's "
      + "anchor point); angles are degrees.",
    keys: [
      LuaTableKey("anchor_a", "number[]", "pin, slide, spring: the point on body a; default its origin"),
      LuaTableKey("anchor_b", "number[]", "pin, slide, spring, groove: the point on body b; default its origin"),
      LuaTableKey("x", "number", "pivot: the world point both turn about; default body b's position"),
      LuaTableKey("y", "number", "pivot: as `x`"),
      LuaTableKey("min", "number", "slide: least distance; rotary_limit: least angle, degrees"),
      LuaTableKey("max", "number", "slide: most distance; rotary_limit: most angle, degrees"),
      LuaTableKey("groove_a", "number[]", "groove: one end of the groove on body a"),
      LuaTableKey("groove_b", "number[]", "groove: the other end"),
      LuaTableKey("rest_length", "number", "spring: its length at rest; default the anchors' distance now"),
      LuaTableKey("stiffness", "number", "spring: force per unit stretched; default 100"),
      LuaTableKey("damping", "number", "spring: how fast it stops bouncing; default 5"),
      LuaTableKey("rate", "number", "motor: degrees a second b turns relative to a"),
      LuaTableKey("phase", "number", "gear: degrees between the bodies' angles"),
      LuaTableKey("ratio", "number", "gear: b's turn per turn of a; default 1"),
      LuaTableKey("max_force", "number", "the most force it applies; default unlimited (a motor needs one to be gentle)"),
      LuaTableKey("collide", "boolean", "whether the two bodies still collide; default false"),
    ])

  public static let contactEvent = LuaTableShape(
    className: "ContactEvent",
    summary: "What the handlers of `tide.physics.on` get.",
    keys: [
      LuaTableKey("a", "Sprite", "one sprite", required: true),
      LuaTableKey("b", "Sprite", "the other", required: true),
      LuaTableKey("normal_x", "number", "the contact's normal, from a towards b", required: true),
      LuaTableKey("normal_y", "number", "see `normal_x`", required: true),
      LuaTableKey(
        "impulse_x", "number",
        "begin: the impulse that kept them apart in their first step (0 for sensors); post_solve: in the step just taken; 0 otherwise",
        required: true),
      LuaTableKey("impulse_y", "number", "see `impulse_x`", required: true),
      LuaTableKey("points", "{x: number, y: number}[]", "where they touch, 1 or 2 points (none for separate)", required: true),
    ])

  public static let rayHit = LuaTableShape(
    className: "RayHit",
    summary: "What `tide.physics.ray` found first.",
    keys: [
      LuaTableKey("sprite", "Sprite", "the sprite whose body the ray met", required: true),
      LuaTableKey("x", "number", "where", required: true),
      LuaTableKey("y", "number", "see `x`", required: true),
      LuaTableKey("normal_x", "number", "the surface's normal there", required: true),
      LuaTableKey("normal_y", "number", "see `normal_x`", required: true),
      LuaTableKey("fraction", "number", "how far along the ray, 0 to 1", required: true),
    ])
}
