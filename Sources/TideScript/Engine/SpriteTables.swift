import LuaBridge
import TideCore

/// The Lua tables that stand for sprites, and the positions scripts keep in them.
///
/// A sprite reaches Lua as a table whose `x` and `y` are plain table fields: `b.x = b.x + vx`
/// over 2,000 sprites costs what it costs over 2,000 plain tables, where fields served by
/// metamethods cost twice that (issue 18's bunnymark). Every other field misses the table and
/// reaches the metatable's `__index`/`__newindex`, checked at its line as before. The engine
/// sees a script's `x` and `y` only when it looks, so it looks at these times, all of them the
/// same in a window, headless and in a replay:
///
/// - whenever Swift reads a node's position after a script may have run (`PositionSource`: the
///   VM moves the epoch on every call from Lua into Swift and every return from Lua);
/// - at the end of every tick, for a few sprites in turn (`checked(perTickOf:)`: each at least
///   once a second), so a bad value (`s.x = "10"`, `s.y = nil`, NaN, 1e300) is reported even
///   for a sprite nothing reads;
/// - when a sprite is removed (by `remove`, a scene change or a finished particle burst), so it
///   keeps where the script last put it.
///
/// A value the field refuses is reported as a script error naming the sprite (and where it was
/// made, since the write has no line of its own), the field, the value and the range, and the
/// table gets the last good value back, so the game keeps running. Only reads that happen at
/// the same tick everywhere report and put values back: game code running, or a tick. Drawing
/// a frame reads quietly and changes nothing, so a window plays exactly as headless does.
///
/// Each sprite in the tree keeps its table alive (a registry reference, dropped when the sprite
/// is removed): a script may set a sprite's `x` and let go of it in the same breath, and the
/// write must still reach the sprite. A removed sprite is followed no more; a script that still
/// holds its table may write it unseen, and if the sprite is added back, its table is found in
/// the object cache and held again, with whatever the script wrote.
final class SpriteTables: PositionSource {
  /// How many of `count` held sprites the end of each tick checks: each at least once every 60
  /// ticks (a second). A check of a sprite a script moved costs a copy of its position (about
  /// 300 instructions, mostly Lua API calls), which on every sprite every tick was a third of
  /// BubblePop's tick; most bad values are found sooner anyway, by the first read of the sprite
  /// that counts (a tap, a tween, a query).
  static func checked(perTickOf count: Int) -> Int { (count + 59) / 60 }

  /// The raw fields of the sprite metatable (x and y), set once it is registered.
  var fields: RawFields?
  /// The engine whose sprites these are, and the main thread of its Lua state; set once by
  /// `connect(to:)`, which the engine's init calls. Unowned and plain: no reference counting on
  /// paths every tween and tap take.
  private unowned(unsafe) var engine: Engine?
  private var lua: LuaState?

  // The held sprites, in the order they got their table (the order ticks check them in), as
  // three lists walked by index together: the node (unretained: its table's box retains it),
  // the registry reference that holds the table (also in the node's `sourceKey`), and the
  // node's field block, which is what C reads and writes. A node's `sourceSlot` is its index.
  // Memory of their own, not arrays: nothing to count references of, however often walked.
  private var held = SlotLists()
  private var cursor = 0
  private let epochOffset = NodeFields.offset(of: \NodeFields.positionEpoch)

  /// Starts following the tables of `engine`'s sprites: its VM moves the epoch from now on.
  func connect(to engine: Engine) {
    self.engine = engine
    lua = engine.lua
    engine.vm.useEpoch(epoch, keptBy: self)
  }

  /// Stops following every table (the engine is going): nodes keep the positions they hold.
  func disconnect() {
    for i in 0..<held.count { held.nodes[i]._withUnsafeGuaranteedRef { $0.positionSource = nil } }
    held.removeAll()
    engine = nil
    lua = nil
  }

  deinit {
    held.deallocate()
  }

  /// Number of sprites whose table is held (for tests).
  var heldCount: Int { held.count }

  /// Whether a bad value found now may be reported and put right: while game code runs or the
  /// engine steps, which happen at the same ticks in a window, headless and in a replay.
  private var mayReport: Bool { isStepping || (lua?.isRunningLua ?? false) }

  /// True while the engine steps (`Engine.step`).
  var isStepping = false

  override func refresh(_ node: Node) { pull(node, reporting: mayReport) }

  // MARK: Holding tables

  /// Makes `node` follow the table at `index`, which Lua now holds for it: the table's `x` and
  /// `y` are the node's from here on. `made`: the table was just made from the node.
  func hold(_ node: Node, tableAt index: Int32, lua: LuaState, made: Bool) {
    guard lua.type(at: index) == .table else { return }
    let block = node.fieldsAddress
    let nodeFields = block.assumingMemoryBound(to: NodeFields.self)
    if nodeFields.pointee.sourceKey != 0 { return }  // held already
    let ref = lua.referenceID(at: index)
    nodeFields.pointee.sourceKey = ref
    nodeFields.pointee.sourceSlot = Int32(held.count)
    node.positionSource = self
    held.append(node, ref: ref, block: block)
    // A table made from the node holds its values; one coming back (a removed sprite added
    // again) holds whatever the script wrote since.
    if made || fields?.pull(lua, tableAt: index, into: block) == 0 {
      nodeFields.pointee.positionEpoch = epoch.pointee
    }
  }

  /// Lets go of the table of `node` (removed from the scene), after taking the last position it
  /// holds. A script that still holds the table keeps using it harmlessly, unseen.
  func letGo(of node: Node) {
    let nodeFields = node.fieldsAddress.assumingMemoryBound(to: NodeFields.self)
    let ref = nodeFields.pointee.sourceKey
    guard ref != 0 else { return }
    if nodeFields.pointee.positionEpoch != epoch.pointee { pull(node, reporting: false) }
    nodeFields.pointee.sourceKey = 0
    node.positionSource = nil
    lua?.releaseReference(id: ref)
    held.remove(at: Int(nodeFields.pointee.sourceSlot))
    if cursor > held.count { cursor = 0 }
  }

  /// Lets go of the tables of `root`'s subtree (off the scene without `remove`: put into a
  /// removed group).
  func letGo(subtree root: Node) {
    var stack = [root]
    while let node = stack.popLast() {
      letGo(of: node)
      stack.append(contentsOf: node.children)
    }
  }

  /// Holds again the tables of `root`'s subtree that a script still holds (a removed sprite
  /// added back), so their positions count again.
  func holdAgain(subtree root: Node) {
    guard let lua else { return }
    var stack = [root]
    while let node = stack.popLast() {
      stack.append(contentsOf: node.children)
      guard node.fieldsAddress.assumingMemoryBound(to: NodeFields.self).pointee.sourceKey == 0,
        lua.pushCached(node)
      else { continue }
      hold(node, tableAt: -1, lua: lua, made: false)
      lua.pop()
    }
  }

  // MARK: Copying positions

  /// Takes the position the script keeps in the table of `node`. A bad value is reported and
  /// put right when `reporting`; otherwise it is left for a later look (the node stays stale).
  func pull(_ node: Node, reporting: Bool) {
    let block = node.fieldsAddress
    let nodeFields = block.assumingMemoryBound(to: NodeFields.self)
    let ref = nodeFields.pointee.sourceKey
    guard let fields, let lua, ref != 0 else {
      nodeFields.pointee.positionEpoch = epoch.pointee  // nothing newer anywhere
      return
    }
    defer { lua.pop() }
    guard lua.push(referenceID: ref) == .table else { return }  // never: a held ref is a table
    let bad = fields.pull(lua, tableAt: -1, into: block)
    if bad != 0 {
      guard reporting, let engine else { return }  // stale still: a later look reports it
      for i in 0..<fields.count where bad & (1 << i) != 0 {
        report(node, field: i, tableAt: -1, lua: lua, engine: engine)
        fields.restore(i, lua, tableAt: -1, from: block)
      }
    }
    nodeFields.pointee.positionEpoch = epoch.pointee
  }

  /// Hands a coordinate set in Swift (a tween, a drag) to the table of `node`.
  override func written(_ node: Node, _ axis: PositionSource.Axis) {
    let ref = node.fieldsAddress.assumingMemoryBound(to: NodeFields.self).pointee.sourceKey
    guard let fields, let lua, ref != 0 else { return }
    if lua.push(referenceID: ref) == .table {
      // The raw fields are `SpriteField.raw`: x, then y.
      fields.push(lua, tableAt: -1, from: node.fieldsAddress, mask: axis == .x ? 1 : 2)
    }
    lua.pop()
  }

  /// Takes the positions of held sprites `range` in one C loop, reporting each bad one when
  /// `reporting` (a quiet pass leaves it stale for a later look).
  private func pull(range: Range<Int>, reporting: Bool) {
    guard let fields, let lua else { return }
    var from = range.lowerBound
    while from < range.upperBound {
      let stopped = fields.pull(
        lua, refs: held.refs, blocks: held.blocks, range: from..<range.upperBound, epochOffset: epochOffset,
        epoch: epoch.pointee)
      guard stopped < range.upperBound else { return }
      if reporting { held.nodes[stopped]._withUnsafeGuaranteedRef { pull($0, reporting: true) } }
      from = stopped + 1
    }
  }

  /// Before a frame is drawn: takes every held sprite's position at once, quietly (drawing
  /// changes no state, so a window plays as headless does).
  func pullAllToDraw() {
    pull(range: 0..<held.count, reporting: false)
  }

  /// Takes every held sprite's position at once, reporting bad ones: before the engine reads
  /// them all at a point that is the same in every run (a hit test).
  func pullAll() {
    pull(range: 0..<held.count, reporting: isStepping)
  }

  /// The end of a tick: checks the next few held sprites (`checked(perTickOf:)`) for positions
  /// written since they were last read.
  func checkAtEndOfTick() {
    guard held.count > 0 else { return }
    if cursor >= held.count { cursor = 0 }
    let end = min(cursor + Self.checked(perTickOf: held.count), held.count)
    pull(range: cursor..<end, reporting: true)
    cursor = end
  }

  // MARK: Reporting

  /// Reports that field `i` of the table at `index` (standing for `node`) holds what the field
  /// refuses, as a script error naming the sprite, the field, the value and the range.
  private func report(_ node: Node, field i: Int, tableAt index: Int32, lua: LuaState, engine: Engine) {
    guard let fields else { return }
    let name = fields.name(of: i)
    let table = lua.absIndex(index)
    lua.push(name)
    lua.rawGet(table)
    defer { lua.pop() }
    let range = SpriteField(rawValue: name)?.range ?? Limits.position
    let got: String
    switch lua.type(at: -1) {
    case .number:
      let value = lua.toDouble(at: -1) ?? .nan
      got = range.complaint(name, value) ?? "\(name) must be \(range.description), got \(NumberRange.format(value))"
    case .string:
      got = "\(name) must be a number, got string \(Self.quoted(lua.toString(at: -1) ?? ""))"
    default:
      got = "\(name) must be a number, got \(lua.typeName(at: -1))"
    }
    let kept = NumberRange.format(fields.value(i, in: node.fieldsAddress))
    // The write has no line of its own (see above): where the sprite was made helps find it.
    let made = (node.attachment as? NodeScript)?.madeAt.map { " made at \($0)" } ?? ""
    let message = "sprite \(node.description)\(made): \(got); it stays at \(name) = \(kept)"
    engine.errors.report(
      LuaError(kind: .runtime, message: message, location: nil, traceback: ""), context: "sprite field \(name)")
  }

  /// `text` quoted for a message, cut short when long.
  private static func quoted(_ text: String) -> String {
    let shown = text.count > 40 ? String(text.prefix(40)) + "..." : text
    return "\"\(shown)\""
  }
}

/// Three lists walked by index together (see `SpriteTables`), in memory of their own.
private struct SlotLists {
  private(set) var nodes: UnsafeMutablePointer<Unmanaged<Node>>
  private(set) var refs: UnsafeMutablePointer<Int32>
  private(set) var blocks: UnsafeMutablePointer<UnsafeMutableRawPointer?>
  private(set) var count = 0
  private var capacity = 64

  init() {
    nodes = .allocate(capacity: capacity)
    refs = .allocate(capacity: capacity)
    blocks = .allocate(capacity: capacity)
  }

  func deallocate() {
    nodes.deallocate()
    refs.deallocate()
    blocks.deallocate()
  }

  mutating func removeAll() { count = 0 }

  mutating func append(_ node: Node, ref: Int32, block: UnsafeMutableRawPointer) {
    if count == capacity { grow() }
    (nodes + count).initialize(to: .passUnretained(node))
    (refs + count).initialize(to: ref)
    (blocks + count).initialize(to: block)
    count += 1
  }

  /// Removes entry `i`, moving the last one into its place (and telling its node so).
  mutating func remove(at i: Int) {
    precondition(i >= 0 && i < count, "slot \(i) of \(count)")
    count -= 1
    guard i < count else { return }
    nodes[i] = nodes[count]
    refs[i] = refs[count]
    blocks[i] = blocks[count]
    blocks[i]?.assumingMemoryBound(to: NodeFields.self).pointee.sourceSlot = Int32(i)
  }

  private mutating func grow() {
    capacity *= 2
    func moved<T>(_ old: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<T> {
      let new = UnsafeMutablePointer<T>.allocate(capacity: capacity)
      new.moveInitialize(from: old, count: count)
      old.deallocate()
      return new
    }
    nodes = moved(nodes)
    refs = moved(refs)
    blocks = moved(blocks)
  }
}
