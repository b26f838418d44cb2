import Foundation

extension Node {
  /// The transform from this node's box space (0,0 = box top-left) to its parent's space:
  /// translate to (x, y), rotate, scale, then offset by `-anchor * size`.
  public var localTransform: Affine {
    // One look at the position source serves the seven fields here it may keep.
    refreshPosition()
    let (x, y, rotation) = (fields.pointee.x, fields.pointee.y, fields.pointee.rotation)
    let (scaleX, scaleY) = (fields.pointee.scaleX, fields.pointee.scaleY)
    // An anchor at 0 needs no size: a label at its top left is placed without being measured.
    let offsetX = anchorX == 0 ? 0 : -anchorX * measuredFields.pointee.width
    let offsetY = anchorY == 0 ? 0 : -anchorY * measuredFields.pointee.height
    if rotation == 0 {
      // Most sprites never rotate; skip the trigonometry.
      return Affine(
        a: scaleX, b: 0, c: 0, d: scaleY,
        tx: x + scaleX * offsetX, ty: y + scaleY * offsetY)
    }
    let radians = rotation * .pi / 180
    let cosine = cos(radians)
    let sine = sin(radians)
    let a = cosine * scaleX
    let b = sine * scaleX
    let c = -sine * scaleY
    let d = cosine * scaleY
    return Affine(a: a, b: b, c: c, d: d, tx: x + a * offsetX + c * offsetY, ty: y + b * offsetX + d * offsetY)
  }

  /// The transform from box space to scene (root) space, through every ancestor.
  public var worldTransform: Affine {
    var transform = localTransform
    var ancestor = parent
    while let up = ancestor {
      transform = up.localTransform * transform
      ancestor = up.parent
    }
    return transform
  }

  /// The node's box in its own space: (0, 0, width, height).
  public var localBounds: Rect {
    let size = size
    return Rect(x: 0, y: 0, width: size.width, height: size.height)
  }

  /// The four corners of the box in scene space, clockwise from the box's top-left.
  public var worldCorners: [Vec2] {
    let t = worldTransform
    return localBounds.corners.map { t.apply($0) }
  }

  /// The smallest axis-aligned rectangle around the node's box in scene space.
  public var worldBounds: Rect {
    let corners = worldCorners
    let xs = corners.map(\.x)
    let ys = corners.map(\.y)
    let minX = xs.min() ?? 0
    let minY = ys.min() ?? 0
    return Rect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
  }

  /// Whether a scene-space point lies on the node's shape (circle by its ellipse, rounded
  /// rect by its corners, others by the box). Ignores visibility; a zero scale hits nothing.
  public func contains(_ point: Vec2) -> Bool {
    guard let inverse = worldTransform.inverted() else { return false }
    return containsLocal(inverse.apply(point))
  }

  /// Whether the whole box of `other` lies on this node's shape: all four of its scene-space
  /// corners are inside (so rotated children are handled).
  public func containsWholly(_ other: Node) -> Bool {
    guard let inverse = worldTransform.inverted() else { return false }
    let toMine = inverse * other.worldTransform
    for corner in other.localBounds.corners where !containsLocal(toMine.apply(corner)) {
      return false
    }
    return true
  }

  /// The outline that clips the node's children when `clipsChildren` is set, in box space: an
  /// ellipse for a circle, the box rounded by `cornerRadius` for the rest (a line or polygon
  /// clips to its points' bounding box).
  public var clipOutline: [Vec2] {
    switch kind {
    case .circle:
      let (rx, ry) = (width / 2, height / 2)
      return (0..<48).map { step in
        let angle = Double(step) / 48 * 2 * .pi
        return Vec2(rx + rx * cos(angle), ry + ry * sin(angle))
      }
    case .line, .polygon, .particles:
      return pointBounds.corners
    case .rect, .group, .image, .text:
      return Polygon.roundedRect(width: width, height: height, radius: cornerRadius)
    }
  }

  /// A box-space rectangle around every point `clipContainsLocal` takes.
  var clipBox: Rect {
    switch kind {
    case .line, .polygon, .particles: return pointBounds
    case .circle, .rect, .group, .image, .text: return localBounds
    }
  }

  /// A box-space rectangle around every point `containsLocal` takes (edges forgiven by the
  /// caller), or nil when it takes none: a test may skip a node whose box no point can reach.
  var hitBox: Rect? {
    switch kind {
    case .particles:
      return nil
    case .polygon:
      return pointBounds
    case .line:
      let reach = max(strokeWidth, 1) / 2
      let bounds = pointBounds
      return Rect(x: bounds.x - reach, y: bounds.y - reach, width: bounds.width + 2 * reach, height: bounds.height + 2 * reach)
    default:
      let bounds = localBounds
      return bounds.width > 0 && bounds.height > 0 ? bounds : nil
    }
  }

  /// Whether box-space point `p` lies inside `clipOutline`.
  func clipContainsLocal(_ p: Vec2) -> Bool {
    switch kind {
    case .line, .polygon, .particles: return pointBounds.contains(p)
    case .circle, .rect, .group, .image, .text:
      // The box shape test, with a group's box counted like a rect's.
      let w = width
      let h = height
      guard w > 0, h > 0, p.x >= 0, p.y >= 0, p.x <= w, p.y <= h else { return false }
      if kind == .circle {
        let dx = (p.x - w / 2) / (w / 2)
        let dy = (p.y - h / 2) / (h / 2)
        return dx * dx + dy * dy <= 1
      }
      let r = min(cornerRadius, w / 2, h / 2)
      guard r > 0 else { return true }
      let cx = p.x < r ? r : (p.x > w - r ? w - r : p.x)
      let cy = p.y < r ? r : (p.y > h - r ? h - r : p.y)
      return (p.x - cx) * (p.x - cx) + (p.y - cy) * (p.y - cy) <= r * r
    }
  }

  /// Shape test in box space; groups count only when given a size.
  func containsLocal(_ p: Vec2) -> Bool {
    // Points computed through rotations land a hair off exact edges; forgive that.
    let epsilon = 1e-9
    switch kind {
    case .particles:
      return false  // sparks never take taps from what is under them
    case .polygon:
      return Polygon.contains(points, p)
    case .line:
      // The stroke's half width either side of the line, as drawn.
      return Polygon.distance(from: p, toPolyline: points) <= max(strokeWidth, 1) / 2 + epsilon
    default:
      break
    }
    let (w, h) = size
    guard w > 0, h > 0 else { return false }
    guard p.x >= -epsilon, p.y >= -epsilon, p.x <= w + epsilon, p.y <= h + epsilon else {
      return false
    }
    switch kind {
    case .circle:
      let rx = w / 2
      let ry = h / 2
      let dx = (p.x - rx) / rx
      let dy = (p.y - ry) / ry
      return dx * dx + dy * dy <= 1 + epsilon
    case .rect:
      let r = min(cornerRadius, w / 2, h / 2)
      guard r > 0 else { return true }
      // Only the four corner squares can fall outside the rounded shape.
      let cx = p.x < r ? r : (p.x > w - r ? w - r : p.x)
      let cy = p.y < r ? r : (p.y > h - r ? h - r : p.y)
      let dx = p.x - cx
      let dy = p.y - cy
      return dx * dx + dy * dy <= r * r + epsilon
    case .image, .text, .group, .line, .polygon, .particles:
      return true
    }
  }
}
