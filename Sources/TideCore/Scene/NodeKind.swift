/// What a node draws; fixed when the node is made.
public enum NodeKind: String, Sendable, CaseIterable {
  /// A filled and/or stroked rectangle, optionally with rounded corners.
  case rect
  /// A filled and/or stroked circle (an ellipse when width differs from height).
  case circle
  /// A bitmap from the game's assets, optionally frame-animated.
  case image
  /// A run of text sized by the scene graph's `TextMetrics`.
  case text
  /// An invisible container that only transforms and orders its children.
  case group
  /// A polyline through `points`, drawn with the stroke colour and width.
  case line
  /// A filled and/or stroked polygon through `points` (concave allowed, not self-crossing).
  case polygon
  /// Particles from an `emitter`, in the node's own space.
  case particles
}

/// Horizontal alignment of text inside a text node's box.
public enum TextAlign: String, Sendable, CaseIterable {
  /// Flush with the left edge.
  case left
  /// Centred.
  case center
  /// Flush with the right edge.
  case right
}
