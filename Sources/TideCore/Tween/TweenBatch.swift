/// Contiguous storage for plain node tweens, the common case, stepped in one tight loop.
///
/// A tween of k node properties occupies k consecutive entries; the first (the header) holds
/// the timing for the group. Everything is trivial data in memory this type allocates, so the
/// loop does no reference counting, no exclusivity checks and no pointer chasing except the
/// node write itself. The nodes are kept alive by the owning slot in `TweenSystem`.
struct TweenBatch {
  struct Entry {
    var node: Unmanaged<Node>
    var property: NodeProperty
    /// The property's slot in the node's field block, when a plain store is all a write takes,
    /// and for the fields a `PositionSource` may keep (`Node.sourceKeeps(_:)`) of a node that has
    /// had one (a sprite a script holds), a store followed by handing the field back
    /// (`handsBack`), so the source gets it where it keeps it. A node that never had one does not
    /// get one while a tween of it runs: a script tweens only sprites it holds.
    var direct: UnsafeMutablePointer<Double>?
    /// The field a write hands back to the node's source, and a read takes from it first; nil
    /// for a field no source keeps.
    var handsBack: PositionSource.Field?
    var easing: Easing
    var started: Bool
    var ended: Bool
    var groupSize: Int32
    var slot: Int32
    var delay: Double
    var elapsed: Double
    var duration: Double
    var from: Double
    var to: Double
  }

  private(set) var base: UnsafeMutablePointer<Entry>
  private(set) var count = 0
  private var capacity = 0

  init() {
    base = .allocate(capacity: 1)
    capacity = 1
  }

  /// Frees the storage; the batch must not be used afterwards.
  func deallocate() {
    base.deallocate()
  }

  /// Appends a group and returns the index of its header.
  mutating func append(
    _ tracks: [(Node, NodeProperty, Double)], duration: Double, easing: Easing, delay: Double, slot: Int
  ) -> Int {
    reserve(count + tracks.count)
    let header = count
    for (node, property, to) in tracks {
      (base + count).initialize(
        to: Entry(node: node, property: property, to: to, easing: easing, groupSize: tracks.count, slot: slot, delay: delay, duration: duration))
      count += 1
    }
    return header
  }

  /// Appends entries already built (deferred groups), returning the header index.
  mutating func append(group: [Entry]) -> Int {
    reserve(count + group.count)
    let header = count
    for entry in group {
      (base + count).initialize(to: entry)
      count += 1
    }
    return header
  }

  /// Marks the group whose header is at `index` as ended, so it is skipped and later dropped.
  func markEnded(_ index: Int) {
    guard index >= 0, index < count else { return }
    base[index].ended = true
  }

  /// Drops ended groups, keeping order; `moved(slot, newHeaderIndex)` reports surviving groups.
  mutating func compact(_ moved: (Int, Int) -> Void) {
    var read = 0
    var write = 0
    while read < count {
      let size = Int(base[read].groupSize)
      if !base[read].ended {
        if write != read {
          for offset in 0..<size { base[write + offset] = base[read + offset] }
        }
        moved(Int(base[write].slot), write)
        write += size
      }
      read += size
    }
    count = write
  }

  private mutating func reserve(_ needed: Int) {
    guard needed > capacity else { return }
    let newCapacity = max(needed, capacity * 2)
    let grown = UnsafeMutablePointer<Entry>.allocate(capacity: newCapacity)
    grown.moveInitialize(from: base, count: count)
    base.deallocate()
    base = grown
    capacity = newCapacity
  }
}

extension TweenBatch.Entry {
  /// A not-yet-started entry of a group of `groupSize` tracks.
  init(node: Node, property: NodeProperty, to: Double, easing: Easing, groupSize: Int, slot: Int, delay: Double, duration: Double) {
    self.init(
      node: .passUnretained(node), property: property,
      direct: node.directPointer(for: property),
      handsBack: node.sourceKeeps(property) ? PositionSource.Field(property) : nil,
      easing: easing,
      started: false, ended: false, groupSize: Int32(groupSize), slot: Int32(slot), delay: delay, elapsed: 0,
      duration: duration, from: 0, to: to)
  }

  /// The property's current value.
  @inline(__always)
  func read() -> Double {
    if let direct, handsBack == nil { return direct.pointee }
    let property = property
    return node._withUnsafeGuaranteedRef { $0[property] }
  }

  /// Takes the property back from the node's position source, if it keeps it (`Node.takeBack`):
  /// the steps to come stay in the node.
  @inline(__always)
  func takeBack() {
    guard handsBack != nil else { return }
    let property = property
    node._withUnsafeGuaranteedRef { $0.takeBack(property) }
  }

  /// Sets the property.
  @inline(__always)
  func write(_ value: Double) {
    if let direct {
      direct.pointee = value
      if let handsBack { node._withUnsafeGuaranteedRef { $0.handBack(handsBack) } }
      return
    }
    let property = property
    node._withUnsafeGuaranteedRef { $0[property] = value }
  }
}
