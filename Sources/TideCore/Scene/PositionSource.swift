/// Where newer values of a node's `x`, `y`, `rotation`, `alpha`, scale, `width` and `height` may
/// be kept than the node's own.
///
/// A scripting layer may let scripts keep those fields in an object of its own, where the node
/// cannot see a write: Tide's Lua sprites are tables whose `x` and `y` are plain table fields (and
/// `rotation`, `alpha`, the scale and the size too, once a script writes them), so
/// `b.x = b.x + vx` costs what it costs on any table, with no call into the engine. Such a node
/// has a `positionSource`, a subclass that keeps those objects. Before one of the fields is read,
/// if the source's `epoch` has moved since the node last took them from it
/// (`NodeFields.positionEpoch`), the node calls `refresh` to copy the newer values in; after
/// Swift sets one, it calls `written` to hand that one back (the others may be newer there, and
/// stay there). The subclass moves the epoch whenever its side may have written (for Lua:
/// whenever a script ran), so a node is copied at most once per change, and only when something
/// reads it. The names say "position" for all of them: the position came first, and is still
/// what games write most.
///
/// TideCore never moves the epoch and never needs to know who does. A node keeps its source
/// alive, with no reference counting on the paths every draw and tween take; a source whose
/// side has gone (a closed Lua state) must answer as one with nothing newer.
open class PositionSource {
  /// Moves on (never back) whenever the source may hold newer positions than its nodes.
  public let epoch: UnsafeMutablePointer<UInt64>

  /// Which field Swift set: the position, and the other fields games write most.
  public enum Field: Sendable {
    /// `scale` is the uniform scale, both axes at once: a source may keep it for a node in place
    /// of the axes (never with them), so a node that reads or writes an axis asks for either.
    case x, y, rotation, alpha, scaleX, scaleY, width, height, scale

    /// The field a node property is, or nil for the properties no source keeps.
    @inlinable public init?(_ property: NodeProperty) {
      switch property {
      case .x: self = .x
      case .y: self = .y
      case .rotation: self = .rotation
      case .alpha: self = .alpha
      case .scaleX: self = .scaleX
      case .scaleY: self = .scaleY
      case .width: self = .width
      case .height: self = .height
      case .scale: self = .scale
      default: return nil
      }
    }

    /// The field's bit in the byte a source may keep at `keptFieldsOffset`; 0 for the position,
    /// which a source keeps for every node.
    @inlinable public var bit: UInt8 {
      switch self {
      case .x, .y: 0
      case .rotation: 1
      case .alpha: 2
      case .scaleX: 4
      case .scaleY: 8
      case .width: 16
      case .height: 32
      case .scale: 64
      }
    }

    /// The bits of the fields a source may keep this one's value in: its own, for an axis of the
    /// scale the uniform scale's too, and for the uniform scale the axes' too.
    @inlinable public var keptBits: UInt8 {
      switch self {
      case .scaleX, .scaleY: bit | Field.scale.bit
      case .scale: bit | Field.scaleX.bit | Field.scaleY.bit
      default: bit
      }
    }
  }

  /// Where in each node's room (`Node.sourceRoom`) a byte says which fields besides the position
  /// the source keeps for that node (`Field.bit`), when it keeps them only for some nodes; nil
  /// when it keeps every field for every node. A write in Swift of a field the byte leaves
  /// out is not handed to `written`: a fade of a sprite whose script never wrote its alpha costs
  /// no call. The one byte of the room TideCore reads.
  public let keptFieldsOffset: Int?

  /// Bytes every node keeps for its source (`Node.sourceRoom`): room for what a source keeps
  /// per node (where it holds the node, what it last confirmed), which TideCore never reads.
  @inlinable public static var roomSize: Int { 104 }

  public init(keptFieldsOffset: Int? = nil) {
    precondition(keptFieldsOffset.map { $0 >= 0 && $0 < Self.roomSize } ?? true, "the byte is in the room")
    self.keptFieldsOffset = keptFieldsOffset
    epoch = .allocate(capacity: 1)
    epoch.initialize(to: 1)  // a node starts at 0: stale until it first takes a position
  }

  deinit {
    epoch.deallocate()
  }

  /// Copies the newer position of `node` in, setting its `positionEpoch` to `epoch` once the
  /// node holds it. Does nothing here.
  open func refresh(_ node: Node) {}

  /// Whether the source keeps `field` of `node` (see `keptFieldsOffset`).
  @inlinable public func keeps(_ field: Field, of node: Node) -> Bool {
    let bits = field.keptBits
    return bits == 0 || keeps(bits: bits, of: node)
  }

  /// Whether the source keeps any of the fields whose bits (`Field.bit`, none of them the
  /// position's) are `bits` for `node`.
  @inlinable @inline(__always) public func keeps(bits: UInt8, of node: Node) -> Bool {
    guard let offset = keptFieldsOffset else { return true }
    return node.sourceRoom.load(fromByteOffset: offset, as: UInt8.self) & bits != 0
  }

  /// Takes the field `field` of `node`, just set in Swift (only where the source `keeps` it).
  /// Does nothing here.
  open func written(_ node: Node, _ field: Field) {}

  /// Stops keeping `field` of `node` (any field but the position, only where the source `keeps`
  /// it): the engine is about to write it many times over (a tween), and the node's block holds
  /// its newest value from here on, so those writes are not handed back one by one. The source
  /// may keep it again once its own side writes it. Does nothing here.
  open func release(_ node: Node, _ field: Field) {}
}
