/// One node to draw, with everything inherited from its ancestors already folded in.
public struct DrawItem {
  /// The node to draw (never a group).
  public let node: Node
  /// Box space (0,0 = box top-left, size = width x height) to scene space.
  public let transform: Affine
  /// The node's alpha multiplied by every ancestor's alpha.
  public let alpha: Double

  /// Creates a draw item.
  public init(node: Node, transform: Affine, alpha: Double) {
    self.node = node
    self.transform = transform
    self.alpha = alpha
  }
}
