extension Node {
  /// Reads or writes a numeric property; the fast path tweens use once a name is resolved.
  public subscript(property: NodeProperty) -> Double {
    get {
      switch property {
      case .x: return x
      case .y: return y
      case .width: return width
      case .height: return height
      case .scale, .scaleX: return scaleX
      case .scaleY: return scaleY
      case .rotation: return rotation
      case .alpha: return alpha
      case .anchorX: return anchorX
      case .anchorY: return anchorY
      case .radius: return radius
      case .cornerRadius: return cornerRadius
      case .fontSize: return fontSize
      case .z: return z
      case .strokeWidth: return strokeWidth
      case .fillR: return (fill ?? .clear).r
      case .fillG: return (fill ?? .clear).g
      case .fillB: return (fill ?? .clear).b
      case .fillA: return (fill ?? .clear).a
      case .strokeR: return (stroke ?? .clear).r
      case .strokeG: return (stroke ?? .clear).g
      case .strokeB: return (stroke ?? .clear).b
      case .strokeA: return (stroke ?? .clear).a
      case .tintR: return tint.r
      case .tintG: return tint.g
      case .tintB: return tint.b
      case .tintA: return tint.a
      case .textColorR: return textColor.r
      case .textColorG: return textColor.g
      case .textColorB: return textColor.b
      case .textColorA: return textColor.a
      }
    }
    set {
      switch property {
      case .x: x = newValue
      case .y: y = newValue
      case .width: width = newValue
      case .height: height = newValue
      case .scale: scale = newValue
      case .scaleX: scaleX = newValue
      case .scaleY: scaleY = newValue
      case .rotation: rotation = newValue
      case .alpha: alpha = newValue
      case .anchorX: anchorX = newValue
      case .anchorY: anchorY = newValue
      case .radius: radius = newValue
      case .cornerRadius: cornerRadius = newValue
      case .fontSize: fontSize = newValue
      case .z: z = newValue
      case .strokeWidth: strokeWidth = newValue
      // A missing fill or stroke starts from transparent black so a tween can fade it in.
      case .fillR: fill = (fill ?? .clear).with(r: newValue)
      case .fillG: fill = (fill ?? .clear).with(g: newValue)
      case .fillB: fill = (fill ?? .clear).with(b: newValue)
      case .fillA: fill = (fill ?? .clear).with(a: newValue)
      case .strokeR: stroke = (stroke ?? .clear).with(r: newValue)
      case .strokeG: stroke = (stroke ?? .clear).with(g: newValue)
      case .strokeB: stroke = (stroke ?? .clear).with(b: newValue)
      case .strokeA: stroke = (stroke ?? .clear).with(a: newValue)
      case .tintR: tint.r = newValue
      case .tintG: tint.g = newValue
      case .tintB: tint.b = newValue
      case .tintA: tint.a = newValue
      case .textColorR: textColor.r = newValue
      case .textColorG: textColor.g = newValue
      case .textColorB: textColor.b = newValue
      case .textColorA: textColor.a = newValue
      }
    }
  }

  /// The value of the numeric property called `name` (see `NodeProperty.allNames`), or nil
  /// when no such property exists.
  public func numericProperty(_ name: String) -> Double? {
    guard let property = NodeProperty(rawValue: name) else { return nil }
    return self[property]
  }

  /// Sets the numeric property called `name`; returns false when no such property exists.
  @discardableResult
  public func setNumericProperty(_ name: String, _ value: Double) -> Bool {
    guard let property = NodeProperty(rawValue: name) else { return false }
    self[property] = value
    return true
  }

  /// Reads a colour property (`fill`, `stroke`, `tint`, `text_color`); a missing fill or
  /// stroke reads as nil.
  public func colorProperty(_ property: NodeColorProperty) -> Color? {
    switch property {
    case .fill: return fill
    case .stroke: return stroke
    case .tint: return tint
    case .textColor: return textColor
    }
  }

  /// Writes a colour property; nil clears fill or stroke and resets tint or text colour to white.
  public func setColorProperty(_ property: NodeColorProperty, _ value: Color?) {
    switch property {
    case .fill: fill = value
    case .stroke: stroke = value
    case .tint: tint = value ?? .white
    case .textColor: textColor = value ?? .white
    }
  }
}

extension Color {
  func with(r: Double) -> Color { Color(r: r, g: g, b: b, a: a) }
  func with(g: Double) -> Color { Color(r: r, g: g, b: b, a: a) }
  func with(b: Double) -> Color { Color(r: r, g: g, b: b, a: a) }
  func with(a: Double) -> Color { Color(r: r, g: g, b: b, a: a) }
}
