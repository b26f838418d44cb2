/// Where newer values of a node's `x` and `y` may be kept than the node's own.
///
/// A scripting layer may let scripts keep a node's position in an object of its own, where the
/// node cannot see a write: Tide's Lua sprites are tables whose `x` and `y` are plain table
/// fields, so `b.x = b.x + vx` costs what it costs on any table, with no call into the engine.
/// Such a node has a `positionSource`. Before `x` or `y` is read, if the source's `epoch` has
/// moved since the node last took its position from it (`NodeFields.positionEpoch`), the node
/// asks the source to copy the newer values in; after Swift sets `x` or `y`, it hands them back.
/// The source moves its epoch whenever its side may have written (for Lua: whenever a script
/// ran), so a node is copied at most once per change, and only when something reads it.
///
/// TideCore never moves the epoch and never needs to know who does.
public final class PositionSource {
  /// Moves on (never back) whenever the source may hold newer positions than its nodes.
  /// Its memory lives as long as this object, which every node using it holds.
  public let epoch: UnsafeMutablePointer<UInt64>
  private let refresh: (Node) -> Void
  private let written: (Node) -> Void
  /// False once `disconnect()` ran: the closures may no longer be called.
  public private(set) var isConnected = true

  /// A source that copies a node's newer position in with `refresh` (setting the node's
  /// `positionEpoch` to `epoch` once it holds them) and takes one set in Swift with `written`.
  public init(refresh: @escaping (Node) -> Void, written: @escaping (Node) -> Void) {
    epoch = .allocate(capacity: 1)
    epoch.initialize(to: 1)  // a node starts at 0: stale until it first takes a position
    self.refresh = refresh
    self.written = written
  }

  deinit {
    epoch.deallocate()
  }

  /// Stops calling the source (its owner is going); nodes keep the positions they hold.
  public func disconnect() { isConnected = false }

  @usableFromInline func refresh(_ node: Node) {
    if isConnected { refresh(node) }
  }

  @usableFromInline func written(_ node: Node) {
    if isConnected { written(node) }
  }
}
