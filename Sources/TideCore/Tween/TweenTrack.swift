/// One value a tween drives from wherever it is when the tween starts to `to`.
public struct TweenTrack {
  enum Target {
    case node(Node, NodeProperty)
    case custom(read: () -> Double, write: (Double) -> Void)
  }

  let target: Target
  /// The value written when the tween completes.
  public let to: Double

  /// A track over any value reached through closures; `read` is called once, when the
  /// tween starts (after its delay).
  public init(read: @escaping () -> Double, write: @escaping (Double) -> Void, to: Double) {
    target = .custom(read: read, write: write)
    self.to = to
  }

  /// A track over a node property (the fast path: no closures per step).
  public init(node: Node, property: NodeProperty, to: Double) {
    target = .node(node, property)
    self.to = to
  }

  /// A track over the node property called `name`; nil when no such property exists
  /// (`NodeProperty.allNames` lists the valid ones).
  public init?(node: Node, propertyName name: String, to: Double) {
    guard let property = NodeProperty(rawValue: name) else { return nil }
    self.init(node: node, property: property, to: to)
  }

  /// Four tracks (r, g, b, a) that tween a colour property of `node` to `color`.
  public static func color(_ node: Node, _ property: NodeColorProperty, to color: Color) -> [TweenTrack] {
    let targets = [color.r, color.g, color.b, color.a]
    return zip(property.channels, targets).map { TweenTrack(node: node, property: $0, to: $1) }
  }

  @inline(__always)
  func read() -> Double {
    switch target {
    case .node(let node, let property): return node[property]
    case .custom(let read, _): return read()
    }
  }

  @inline(__always)
  func write(_ value: Double) {
    switch target {
    case .node(let node, let property): node[property] = value
    case .custom(_, let write): write(value)
    }
  }
}
