/// A numeric node property addressable by its Lua-facing name, for tweens and bindings.
///
/// Colour properties appear as four channels each (`fill_r` ... `fill_a`), so a colour
/// tween is simply four numeric tracks.
public enum NodeProperty: String, Sendable, CaseIterable {
  /// Position x.
  case x
  /// Position y.
  case y
  /// Box width.
  case width
  /// Box height.
  case height
  /// Uniform scale: reads `scaleX`, writes both axes.
  case scale
  /// Horizontal scale.
  case scaleX = "scale_x"
  /// Vertical scale.
  case scaleY = "scale_y"
  /// Rotation in degrees, clockwise.
  case rotation
  /// Opacity multiplier, 0...1.
  case alpha
  /// Anchor x as a fraction of width.
  case anchorX = "anchor_x"
  /// Anchor y as a fraction of height.
  case anchorY = "anchor_y"
  /// Circle radius (half the width); writes width and height.
  case radius
  /// Rounded-rectangle corner radius.
  case cornerRadius = "corner_radius"
  /// Text size in points; re-measures the text.
  case fontSize = "font_size"
  /// Draw order among siblings.
  case z
  /// Outline width.
  case strokeWidth = "stroke_width"
  /// Fill red channel (a missing fill reads as transparent black).
  case fillR = "fill_r"
  /// Fill green channel.
  case fillG = "fill_g"
  /// Fill blue channel.
  case fillB = "fill_b"
  /// Fill alpha channel.
  case fillA = "fill_a"
  /// Stroke red channel (a missing stroke reads as transparent black).
  case strokeR = "stroke_r"
  /// Stroke green channel.
  case strokeG = "stroke_g"
  /// Stroke blue channel.
  case strokeB = "stroke_b"
  /// Stroke alpha channel.
  case strokeA = "stroke_a"
  /// Tint red channel.
  case tintR = "tint_r"
  /// Tint green channel.
  case tintG = "tint_g"
  /// Tint blue channel.
  case tintB = "tint_b"
  /// Tint alpha channel.
  case tintA = "tint_a"
  /// Text colour red channel.
  case textColorR = "text_color_r"
  /// Text colour green channel.
  case textColorG = "text_color_g"
  /// Text colour blue channel.
  case textColorB = "text_color_b"
  /// Text colour alpha channel.
  case textColorA = "text_color_a"

  /// Every valid numeric property name, in declaration order (for error messages).
  public static let allNames: [String] = allCases.map(\.rawValue)
}

/// A colour-valued node property, tweened as four `NodeProperty` channels.
public enum NodeColorProperty: String, Sendable, CaseIterable {
  /// The shape fill.
  case fill
  /// The outline colour.
  case stroke
  /// The multiplicative tint (white means none).
  case tint
  /// The text colour.
  case textColor = "text_color"

  /// Every valid colour property name (for error messages).
  public static let allNames: [String] = allCases.map(\.rawValue)

  /// The four channel properties in r, g, b, a order.
  public var channels: [NodeProperty] {
    switch self {
    case .fill: return [.fillR, .fillG, .fillB, .fillA]
    case .stroke: return [.strokeR, .strokeG, .strokeB, .strokeA]
    case .tint: return [.tintR, .tintG, .tintB, .tintA]
    case .textColor: return [.textColorR, .textColorG, .textColorB, .textColorA]
    }
  }
}
