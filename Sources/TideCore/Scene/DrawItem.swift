/// One node to draw, with everything inherited from its ancestors already folded in.
///
/// A value copied out of the scene, holding no reference to the node: a renderer may draw a
/// draw list on other threads while the game goes on changing its nodes (the window draws
/// frame N while the game steps towards frame N+1).
public struct DrawItem: Sendable {
  // Stored in the order a sprite's drawing reads them, what only shapes read last: a window's
  // bands read thousands of items a frame from memory, and each cache line less counts.
  /// Box space (0,0 = box top-left, size = width x height) to scene space.
  public let transform: Affine
  /// The node's alpha multiplied by every ancestor's alpha.
  public let alpha: Double
  /// The region of the scene the item shows in, from ancestors with `clipsChildren`; nil: all.
  public let clip: ClipRegion?
  /// How the node looked when the list was built.
  public let look: NodeLook
  /// The id of the node drawn (never a group).
  public let id: Int

  /// Creates a draw item for `node` as it looks now.
  public init(node: Node, transform: Affine, alpha: Double, clip: ClipRegion? = nil) {
    self.transform = transform
    self.alpha = alpha
    self.clip = clip
    look = NodeLook(node)
    id = node.id
  }
}

/// Where clipped items may show: a convex outline in scene space, the intersection of every
/// clipping ancestor's shape (a rounded box or ellipse is a many-sided outline).
public struct ClipRegion: Sendable, Equatable {
  /// Unique among the regions of one draw list, so a renderer notices a change cheaply.
  public let id: Int
  /// The corners, in order; empty when nothing shows.
  public let outline: [Vec2]
  /// True when the outline is an axis-aligned rectangle (corners top-left, top-right,
  /// bottom-right, bottom-left): a renderer can clip it with a clip rectangle.
  public let isAlignedRect: Bool

  public init(id: Int, outline: [Vec2], isAlignedRect: Bool) {
    self.id = id
    self.outline = outline
    self.isAlignedRect = isAlignedRect
  }

  public static func == (lhs: ClipRegion, rhs: ClipRegion) -> Bool { lhs.id == rhs.id }

  /// The region a node with `clipsChildren` sets for its children: its shape mapped by `world`,
  /// cut by `parent`. Nil when nothing of it shows.
  static func of(_ node: Node, world: Affine, within parent: ClipRegion?, id: Int) -> ClipRegion {
    let local = node.clipOutline
    var outline = local.map { world.apply($0) }
    let aligned = local.count == 4 && abs(world.b) < 1e-12 && abs(world.c) < 1e-12 && world.a > 0 && world.d > 0
    if let parent {
      outline = parent.outline.isEmpty ? [] : Polygon.clip(outline, toConvex: parent.outline)
      // Each nested clip may add its corners; kept below a cap, clipping the next level and
      // every item drawn inside stays bounded however deep the clips nest.
      if outline.count > Limits.clipCorners { outline = Polygon.keepingCorners(outline, Limits.clipCorners) }
      let stillAligned = aligned && parent.isAlignedRect
      if stillAligned, let box = Rect.bounding(outline) {
        return ClipRegion(id: id, outline: box.corners, isAlignedRect: true)
      }
      return ClipRegion(id: id, outline: outline, isAlignedRect: false)
    }
    return ClipRegion(id: id, outline: outline, isAlignedRect: aligned)
  }

  /// Whether scene point `p` lies inside.
  public func contains(_ p: Vec2) -> Bool {
    guard outline.count >= 3 else { return false }
    if isAlignedRect, let box = Rect.bounding(outline) {
      return p.x >= box.x && p.y >= box.y && p.x <= box.x + box.width && p.y <= box.y + box.height
    }
    return Polygon.contains(outline, p)
  }
}

/// Everything about a node that decides its pixels, apart from its transform and alpha.
public struct NodeLook: Sendable {
  /// What the node draws.
  public var kind: NodeKind
  /// Box size before scaling; 0 by 0 draws an image at its file's size.
  public var width: Double
  public var height: Double
  /// Multiplied into images, shapes and text.
  public var tint: Color
  /// The image asset shown (the current frame of an animation); for a sprite sheet's region,
  /// the key `SpriteSheet.regionKey` made of it.
  public var image: String?
  public var flipX: Bool
  public var flipY: Bool
  // What only shapes draw comes after what images draw (see `DrawItem`).
  /// Shape fill and outline; nil draws none.
  public var fill: Color?
  public var stroke: Color?
  public var strokeWidth: Double
  public var cornerRadius: Double
  /// The keyboard a touch screen brings up when the node is tapped (`Node.keyboard`), which a
  /// phone shows over the picture; nil for none.
  public var keyboard: TouchKeyboard?
  /// What only text, lines, polygons and particles draw, out of line: most of a frame's items
  /// are images and shapes, and every item's look is built, copied and destroyed each frame,
  /// so theirs stays small and holds few references. Nil for the other kinds.
  private let detail: Detail?

  /// The look's out-of-line part; immutable, so looks may share it.
  private final class Detail: Sendable {
    let text: String
    let font: String
    let fontSize: Double
    let textColor: Color
    let align: TextAlign
    let points: [Vec2]
    let pointBounds: Rect
    let fillTriangles: [Int32]
    let particles: [ParticleSprite]
    let particleShape: EmitterSpec.Shape
    let particleBlend: EmitterSpec.Blend
    let particleSpec: EmitterSpec?

    init(_ node: Node) {
      // What fitting made of the text, not what the script set.
      text = node.shownText
      font = node.font
      fontSize = node.shownFontSize
      textColor = node.textColor
      align = node.align
      points = node.points
      pointBounds = node.pointBounds
      fillTriangles = node.fillTriangles
      let emitter = node.emitter
      particles = emitter?.snapshot() ?? []
      particleShape = emitter?.spec.shape ?? .circle
      particleBlend = emitter?.spec.blend ?? .alpha
      particleSpec = emitter?.spec
    }
  }

  /// The text a text node shows (empty for other kinds).
  public var text: String { detail?.text ?? "" }
  /// The size a text node's text is drawn at, its colour and alignment (the defaults for
  /// other kinds).
  public var fontSize: Double { detail?.fontSize ?? 24 }
  /// The font file a text node draws with first (empty: the default fonts).
  public var font: String { detail?.font ?? "" }
  public var textColor: Color { detail?.textColor ?? .white }
  public var align: TextAlign { detail?.align ?? .left }
  /// Corners of a line or polygon, in box space (empty for other kinds).
  public var points: [Vec2] { detail?.points ?? [] }
  /// Their bounding box.
  public var pointBounds: Rect { detail?.pointBounds ?? Rect(x: 0, y: 0, width: 0, height: 0) }
  /// A polygon's fill triangles, index triples into `points` (empty for other kinds).
  public var fillTriangles: [Int32] { detail?.fillTriangles ?? [] }
  /// The live particles of a particles node (empty for other kinds), and how they are drawn.
  public var particles: [ParticleSprite] { detail?.particles ?? [] }
  public var particleShape: EmitterSpec.Shape { detail?.particleShape ?? .circle }
  public var particleBlend: EmitterSpec.Blend { detail?.particleBlend ?? .alpha }
  /// The emitter's spec (nil for other kinds): what a particle's life makes of its size and colour.
  public var particleSpec: EmitterSpec? { detail?.particleSpec }

  /// The look of `node` now.
  public init(_ node: Node) {
    kind = node.kind
    (width, height) = node.size
    tint = node.tint
    image = node.drawnImage
    flipX = node.flipX
    flipY = node.flipY
    fill = node.fill
    stroke = node.stroke
    strokeWidth = node.strokeWidth
    cornerRadius = node.cornerRadius
    keyboard = node.keyboard
    switch node.kind {
    case .text, .line, .polygon, .particles: detail = Detail(node)
    case .image, .rect, .circle, .group: detail = nil
    }
  }
}
