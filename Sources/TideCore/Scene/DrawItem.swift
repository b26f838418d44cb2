/// One node to draw, with everything inherited from its ancestors already folded in.
///
/// A value copied out of the scene, holding no reference to the node: a renderer may draw a
/// draw list on other threads while the game goes on changing its nodes (the window draws
/// frame N while the game steps towards frame N+1).
public struct DrawItem: Sendable {
  /// The id of the node drawn (never a group).
  public let id: Int
  /// How the node looked when the list was built.
  public let look: NodeLook
  /// Box space (0,0 = box top-left, size = width x height) to scene space.
  public let transform: Affine
  /// The node's alpha multiplied by every ancestor's alpha.
  public let alpha: Double

  /// Creates a draw item for `node` as it looks now.
  public init(node: Node, transform: Affine, alpha: Double) {
    id = node.id
    look = NodeLook(node)
    self.transform = transform
    self.alpha = alpha
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
  /// Shape fill and outline; nil draws none.
  public var fill: Color?
  public var stroke: Color?
  public var strokeWidth: Double
  public var cornerRadius: Double
  /// The image asset shown (the current frame of an animation).
  public var image: String?
  public var flipX: Bool
  public var flipY: Bool
  public var text: String
  public var fontSize: Double
  public var textColor: Color
  public var align: TextAlign

  /// The look of `node` now.
  public init(_ node: Node) {
    kind = node.kind
    width = node.width
    height = node.height
    tint = node.tint
    fill = node.fill
    stroke = node.stroke
    strokeWidth = node.strokeWidth
    cornerRadius = node.cornerRadius
    image = node.image
    flipX = node.flipX
    flipY = node.flipY
    text = node.text
    fontSize = node.fontSize
    textColor = node.textColor
    align = node.align
  }
}
