/// The plain numeric and boolean fields of a `Node`, kept in one block of memory at a fixed
/// address for the node's whole life.
///
/// Scripts read and write these fields more than anything else in the engine (`b.x = b.x + vx`
/// for every sprite, every frame). Because the block never moves, a scripting layer can hand its
/// address, and each field's byte offset from `MemoryLayout<NodeFields>.offset(of:)`, to code that
/// reads and writes it directly; TideCore itself knows nothing of who does. Whoever writes here
/// directly must follow the rules of the matching `Node` property: `z` has a side effect (the
/// parent re-sorts its children), so writes to it must go through `Node.z`; a `Bool` holds only 0
/// or 1 in its byte.
public struct NodeFields {
  /// See `Node.x`.
  public var x: Double = 0
  /// See `Node.y`.
  public var y: Double = 0
  /// See `Node.width`.
  public var width: Double = 0
  /// See `Node.height`.
  public var height: Double = 0
  /// See `Node.anchorX`.
  public var anchorX: Double = 0
  /// See `Node.anchorY`.
  public var anchorY: Double = 0
  /// See `Node.scaleX`.
  public var scaleX: Double = 1
  /// See `Node.scaleY`.
  public var scaleY: Double = 1
  /// See `Node.rotation`.
  public var rotation: Double = 0
  /// See `Node.alpha`.
  public var alpha: Double = 1
  /// See `Node.z`; read-only for direct writers (a write must mark the parent's order dirty).
  public var z: Double = 0
  /// See `Node.visible`.
  public var visible: Bool = true
  /// See `Node.flipX`.
  public var flipX: Bool = false
  /// See `Node.flipY`.
  public var flipY: Bool = false
  /// Whether the node is a circle (`Node.kind`, which never changes): a direct reader may then
  /// serve `radius` as half of `width`. Set by the node; read-only for direct writers.
  public internal(set) var isCircle: Bool = false
  /// Whether the node's box is the size last written, as for every kind but text, whose size is
  /// measured from its text (`Node.kind`, which never changes): a scripting layer may then keep
  /// `width` and `height` where the node cannot see them (`PositionSource`), since nothing but a
  /// write changes them. Set by the node; read-only for direct writers.
  public internal(set) var sizeIsPlain: Bool = true
  /// False while a text node's box waits to be measured (its text, font, size or fitting
  /// changed since): a direct reader must then take `width` and `height` through `Node.width`
  /// and `Node.height`, which measure it. Set by the node; read-only for direct writers.
  public internal(set) var sizeSettled: Bool = true
  /// The `PositionSource.epoch` at which `x` and `y` were last taken from the node's
  /// `positionSource` (0: never). Written by the source; direct readers of the fields a source
  /// may keep (`PositionSource.Field`) must take them through `Node`'s accessors while the node
  /// has a source, unless they know the source brought the block up to date this epoch.
  public var positionEpoch: UInt64 = 0

  /// Defaults as a new node has them.
  public init() {}

  /// The byte offset of a stored field, for code that reads and writes the block directly.
  ///
  /// Every field above is a stored property, so this never fails; it is a function rather than
  /// scattered `MemoryLayout.offset(of:)!` calls so the one unwrap lives (and is tested) here.
  public static func offset(of field: PartialKeyPath<NodeFields>) -> Int {
    guard let offset = MemoryLayout<NodeFields>.offset(of: field) else {
      preconditionFailure("NodeFields key path is not a stored property")
    }
    return offset
  }
}

extension Node {
  /// Where `property` lives in the field block when writing it has no side effect (x, y, size,
  /// anchor, scale per axis, rotation, alpha); nil for the rest, which go through `node[property]`.
  ///
  /// Lets the tween loop write straight to memory the node keeps at a fixed address. `x` and `y`
  /// (and the other fields a source may keep) are plain memory only while the node has never had a
  /// `positionSource`, which may keep them newer elsewhere: a direct writer must know it has none,
  /// or hand each write back as `TweenBatch` does (`sourceKeeps(_:)`). A text's size is
  /// measured when read (`NodeFields.sizeSettled`), so it is never plain memory.
  public func directPointer(for property: NodeProperty) -> UnsafeMutablePointer<Double>? {
    let field: KeyPath<NodeFields, Double>
    switch property {
    case .x: field = \.x
    case .y: field = \.y
    case .width where kind != .text: field = \.width
    case .height where kind != .text: field = \.height
    case .anchorX: field = \.anchorX
    case .anchorY: field = \.anchorY
    case .scaleX: field = \.scaleX
    case .scaleY: field = \.scaleY
    case .rotation: field = \.rotation
    case .alpha: field = \.alpha
    default: return nil
    }
    return (fieldsAddress + NodeFields.offset(of: field)).assumingMemoryBound(to: Double.self)
  }

  /// Whether a `positionSource` may keep `property` newer than the block, so that a write
  /// through `directPointer(for:)` must be handed back to it as the node's setter does, and a
  /// read must go through the node.
  public func sourceKeeps(_ property: NodeProperty) -> Bool {
    hadPositionSource && PositionSource.Field(property) != nil
  }
}
