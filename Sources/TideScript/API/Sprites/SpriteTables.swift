import LuaBridge
import TideCore

/// The Lua tables that stand for sprites, and the positions scripts keep in them.
///
/// A sprite reaches Lua as a table whose `x` and `y` are plain table fields: `b.x = b.x + vx`
/// over 2,000 sprites costs what it costs over 2,000 plain tables, where fields served by
/// metamethods cost twice that (the bunnymark). `rotation`, `alpha`, `scale` (or `scale_x` and
/// `scale_y`), `w` and `h` join them the first time a script writes each (that write is checked
/// at its line, as every write of a served field is), so a spinning, fading, pulsing or
/// stretching sprite costs a table's price too, and the rest pay nothing for them. The table
/// holds the uniform `scale` or the axes, never both: a script's write of the one takes the other
/// out, and so does the engine setting the axes apart. Every other field misses the table and
/// reaches the metatable's `__index`/`__newindex`, checked at its line as before. Below,
/// "position" means all nine fields the table may hold (`SpriteField.raw`). The engine sees a
/// script's writes of them only when it looks, so it looks at these times:
///
/// - whenever Swift reads a node's position after a script may have run (`PositionSource`: the
///   VM moves the epoch on every call from Lua into Swift and every return from Lua);
/// - all at once before a hit test, and before a frame is drawn;
/// - at the end of every tick, for a few sprites in turn (`checked(perTickOf:)`: each about
///   once a second), so a bad value (`s.x = "10"`, `s.y = nil`, NaN, 1e300) is reported even
///   for a sprite nothing reads;
/// - before a tween or a drag writes it, and when the sprite is removed.
///
/// A tween takes the field it animates out of the table when it starts (`release`): its steps
/// stay in the node, and the table does not take each one. The script's next write of the field
/// puts it back in the table.
///
/// A value the field refuses is reported as a script error naming the sprite (and where it was
/// made, since the write has no line of its own), the field, the value and the range; the
/// sprite goes back to the last position the engine confirmed, table and all, so the game keeps
/// running. Only reads that happen at the same tick in a window, headless and in a replay may
/// report, confirm and put back: game code running, or a tick. Any other read (drawing a frame,
/// a test looking from outside) is quiet: it takes the good values to show them, but confirms
/// nothing and changes nothing a game can see, so a window plays exactly as headless does.
///
/// Each sprite in the tree keeps its table alive (a registry reference, dropped when the sprite
/// is removed): a script may set a sprite's `x` and let go of it in the same breath, and the
/// write must still reach the sprite. A removed sprite keeps its table while the script does,
/// found through the object cache: its position still goes both ways, and if it is added back,
/// its table is held again.
package final class SpriteTables: PositionSource {
  /// How many of `count` held sprites the end of each tick checks: each about once every 60
  /// ticks (a second). A check of a sprite a script moved costs a copy of its position (about
  /// 300 instructions, mostly Lua API calls), which on every sprite every tick was a third of
  /// BubblePop's tick; most bad values are found sooner anyway, by the first read of the sprite
  /// that counts (a tap, a tween, a query).
  static func checked(perTickOf count: Int) -> Int { (count + 59) / 60 }

  /// The sprite metatable, resolved once it is registered, and its raw fields (`SpriteField.raw`).
  var kind: ObjectKind? {
    didSet { fields = kind?.rawFields }
  }
  private(set) var fields: RawFields?
  /// Where the sprites' errors go, and the main thread of their Lua state; set by
  /// `connect(to:errors:)`, which the `Sprites` part's init calls, and cleared as it goes (a node a
  /// caller still holds then keeps its position and asks nothing). Unowned and plain: no
  /// reference counting on paths every tween and tap take.
  private unowned(unsafe) var errors: ScriptErrors?
  private var lua: LuaState?
  /// True while the engine steps (`Engine.step`).
  var isStepping = false

  // The held sprites, in the order they got their table (the order ticks check them in), as
  // three lists walked by index together: the node (retained, by hand), the registry reference
  // that holds the table (also in the node's `SpriteSlot.key`), and the node's field block, which
  // is what C reads and writes. A node's `SpriteSlot.slot` is its index. Memory of their own, not
  // arrays: nothing to count references of, however often walked.
  private var held = SlotLists()
  private var cursor = 0
  private let stampOffset = NodeFields.offset(of: \NodeFields.positionEpoch)
  private let quietStampOffset = SpriteSlot.offset(of: \.quietEpoch)
  private let tableOffset = SpriteSlot.offset(of: \.table)
  private let confirmedOffset = SpriteSlot.offset(of: \.confirmedX)
  /// The sprites `queueMove` moved whose tables `flushMoves` writes, kept between batches for
  /// their capacity.
  private var batch = SlotLists()

  init() {
    let confirmed = SpriteSlot.offset(of: \.confirmedX)
    precondition(
      [
        \SpriteSlot.confirmedY, \.confirmedRotation, \.confirmedAlpha, \.confirmedScaleX, \.confirmedScaleY,
        \.confirmedWidth, \.confirmedHeight, \.confirmedScale,
      ].map(SpriteSlot.offset(of:)) == [8, 16, 24, 32, 40, 48, 56, 64].map { confirmed + $0 },
      "the confirmed values are x, y, rotation, alpha, scale_x, scale_y, w, h, scale in a row, as SpriteField.raw")
    precondition(
      [Raw.scaleX, Raw.scaleY, Raw.scale].map { SpriteField.raw[$0] } == [.scale_x, .scale_y, .scale],
      "Raw names the scale's places in SpriteField.raw")
    precondition(MemoryLayout<SpriteSlot>.size <= PositionSource.roomSize, "a sprite's slot fits the node's source room")
    super.init(keptFieldsOffset: MemoryLayout<SpriteSlot>.offset(of: \.holds))
  }

  /// Starts following the tables of the sprites in `vm`: it moves the epoch from now on.
  func connect(to vm: LuaVM, errors: ScriptErrors) {
    self.errors = errors
    lua = vm.state
    vm.useEpoch(epoch, keptBy: self)
  }

  /// Stops following every table (the engine is going): nodes keep the positions they hold.
  func disconnect() {
    errors = nil
    lua = nil
    held.removeAll()
  }

  deinit {
    held.removeAll()
    held.deallocate()
    batch.deallocate()
  }

  /// Number of sprites whose table is held (for tests).
  var heldCount: Int { held.count }

  /// Whether what a read finds may be reported, confirmed and put right: while game code runs
  /// or the engine steps, which happen at the same ticks in a window, headless and in a replay.
  private var inGame: Bool { isStepping || (lua?.isRunningLua ?? false) }

  // MARK: Holding tables

  /// Makes `node` follow the table at `index`, which Lua now holds for it: the table's `x` and
  /// `y` are the node's from here on. `made`: the table was just made from the node.
  func hold(_ node: Node, tableAt index: Int32, lua: LuaState, made: Bool) {
    guard lua.type(at: index) == .table else { return }
    let block = node.fieldsAddress
    let nodeFields = node.typedFields
    let slot = node.spriteSlot
    if slot.pointee.key != 0 { return }  // held already
    let ref = lua.referenceID(at: index)
    slot.pointee.key = ref
    slot.pointee.table = lua.tablePointer(at: index)
    slot.pointee.slot = Int32(held.count)
    if node.positionSource !== self { node.positionSource = self }
    held.append(node, ref: ref, block: block)
    if made {
      // Made from the node: it holds the node's values, which are confirmed.
      slot.pointee.confirmedX = nodeFields.pointee.x
      slot.pointee.confirmedY = nodeFields.pointee.y
      slot.pointee.confirmedRotation = nodeFields.pointee.rotation
      slot.pointee.confirmedAlpha = nodeFields.pointee.alpha
      slot.pointee.confirmedScaleX = nodeFields.pointee.scaleX
      slot.pointee.confirmedScaleY = nodeFields.pointee.scaleY
      // A text's size waiting to be measured is never confirmed: a text's table never holds it.
      slot.pointee.confirmedWidth = nodeFields.pointee.width
      slot.pointee.confirmedHeight = nodeFields.pointee.height
      slot.pointee.confirmedScale = nodeFields.pointee.scaleX
      nodeFields.pointee.positionEpoch = epoch.pointee
    } else {
      // Coming back (a removed sprite added again): it holds whatever was written since.
      pull(node, tableAt: index, lua: lua, inGame: inGame)
    }
  }

  /// Lets go of the table of `node` (removed from the scene), after taking the last position it
  /// holds. The node still follows the table while a script holds it.
  func letGo(of node: Node) {
    let nodeFields = node.typedFields
    let slot = node.spriteSlot
    let ref = slot.pointee.key
    guard ref != 0, let lua else { return }
    if nodeFields.pointee.positionEpoch != epoch.pointee {
      // `s.x = "left"; s:remove()` is a bad write still: reported while the game runs.
      if lua.push(referenceID: ref) == .table { pull(node, tableAt: -1, lua: lua, inGame: inGame) }
      lua.pop()
    }
    slot.pointee.key = 0
    slot.pointee.table = nil
    lua.releaseReference(id: ref)
    held.remove(at: Int(slot.pointee.slot))
    if cursor > held.count { cursor = 0 }
  }

  /// Lets go of the tables of `root`'s subtree (off the scene without `remove`: put into a
  /// removed group).
  func letGo(subtree root: Node) {
    root.forEachInSubtree(letGo(of:))
  }

  /// Holds again the tables of `root`'s subtree that a script still holds (a removed sprite
  /// added back), so they count again.
  func holdAgain(subtree root: Node) {
    guard let lua else { return }
    root.forEachInSubtree { node in
      guard node.spriteSlot.pointee.key == 0, lua.pushCached(node) else { return }
      hold(node, tableAt: -1, lua: lua, made: false)
      lua.pop()
    }
  }

  // MARK: Copying positions

  /// Pushes the table that stands for `node`: the held one, or while the script holds it, the
  /// one of a removed sprite. False (nothing pushed) when there is none.
  private func pushTable(of node: Node, lua: LuaState) -> Bool {
    let ref = node.spriteSlot.pointee.key
    if ref != 0 {
      if lua.push(referenceID: ref) == .table { return true }
      lua.pop()
      return false
    }
    guard lua.pushCached(node) else { return false }
    if lua.type(at: -1) == .table, lua.toObject(at: -1, as: Node.self) === node { return true }
    lua.pop()
    return false
  }

  package override func refresh(_ node: Node) {
    guard let lua else { return }
    let nodeFields = node.typedFields
    let inGame = inGame
    // A quiet read once an epoch is enough: drawing reads each position several times.
    if !inGame, node.spriteSlot.pointee.quietEpoch == epoch.pointee { return }
    guard pushTable(of: node, lua: lua) else {
      nodeFields.pointee.positionEpoch = epoch.pointee  // nothing newer anywhere
      return
    }
    pull(node, tableAt: -1, lua: lua, inGame: inGame)
    lua.pop()
  }

  /// Takes the position the table at `index` holds for `node`. In the game (`inGame`) good
  /// values are confirmed and a bad one is reported, and the sprite goes back to the position
  /// last confirmed; otherwise the good values are taken quietly and the rest left for a later
  /// read in the game.
  private func pull(_ node: Node, tableAt index: Int32, lua: LuaState, inGame: Bool) {
    guard let fields else { return }
    let block = node.fieldsAddress
    let nodeFields = node.typedFields
    let slot = node.spriteSlot
    guard inGame else {
      if fields.pull(lua, tableAt: index, into: block) == 0 { slot.pointee.quietEpoch = epoch.pointee }
      return
    }
    let bad = fields.pull(lua, tableAt: index, into: block, confirmed: confirmedOffset)
    if bad != 0 {
      // A removed sprite's bad value is nobody's business: left for the script, unreported.
      guard slot.pointee.key != 0 else { return }
      // Stamped only once the table holds good values again: a batch of engine moves writes
      // a stamped sprite's table without looking (`flushMoves`).
      guard putRight(node, fields: bad, tableAt: index, lua: lua) else { return }
    }
    nodeFields.pointee.positionEpoch = epoch.pointee
    slot.pointee.quietEpoch = epoch.pointee
  }

  /// Reports the fields in `bad` of the table at `index` (standing for `node`), then puts the
  /// position last confirmed back, in the node and the table. False when the table could not
  /// take one back (out of memory).
  private func putRight(_ node: Node, fields bad: UInt32, tableAt index: Int32, lua: LuaState) -> Bool {
    guard let fields, let errors else { return false }
    let block = node.fieldsAddress
    var restored = true
    for i in 0..<fields.count where bad & (1 << i) != 0 {
      report(node, field: i, tableAt: index, lua: lua, errors: errors)
      fields.store(block.load(fromByteOffset: confirmedOffset + 8 * i, as: Double.self), i, in: block)
      if !fields.restore(i, lua, tableAt: index, from: block) { restored = false }
    }
    return restored
  }

  /// Hands a field set in Swift (a tween, a drag) to the table of `node`, which holds it (the
  /// node asks only then, from `SpriteSlot.holds`, as `turn` does): first reported, in the game,
  /// if the script had put a bad value there since the engine last looked.
  package override func written(_ node: Node, _ field: PositionSource.Field) {
    guard let fields, let lua else { return }
    let block = node.fieldsAddress
    if field == .scaleX || field == .scaleY, node.spriteSlot.pointee.holds & SpriteSlot.holdsScale != 0 {
      writtenAxis(field, of: node, lua: lua)
      return
    }
    // The raw fields are `SpriteField.raw`, in this order.
    let i: Int
    switch field {
    case .x: i = 0
    case .y: i = 1
    case .rotation: i = 2
    case .alpha: i = 3
    case .scaleX: i = Raw.scaleX
    case .scaleY: i = Raw.scaleY
    case .width: i = 6
    case .height: i = 7
    case .scale: i = Raw.scale
    }
    confirm(i, of: block)
    guard pushTable(of: node, lua: lua) else { return }
    let bad = fields.push(lua, tableAt: -1, from: block, mask: 1 << i)
    if bad != 0, let errors {
      if inGame, node.spriteSlot.pointee.key != 0 { report(node, field: i, tableAt: -1, lua: lua, errors: errors) }
      fields.restore(i, lua, tableAt: -1, from: block)
    }
    lua.pop()
  }

  /// Takes `field` of `node` out of its table, which holds it (the node asks only then): a tween
  /// is about to write it every tick, and the table would take each step. The node's block holds
  /// it from here on, which C serves, until a script writes it again.
  package override func release(_ node: Node, _ field: PositionSource.Field) {
    guard let fields, let lua else { return }
    let slot = node.spriteSlot
    let bits = field.keptBits & slot.pointee.holds
    guard bits != 0 else { return }
    // The caller has just read the field: the block holds what the table does.
    if node.typedFields.pointee.positionEpoch != epoch.pointee { refresh(node) }
    if pushTable(of: node, lua: lua) {
      for i in 0..<fields.count where bits & fields.heldBit(of: i) != 0 { fields.remove(i, lua, tableAt: -1) }
      lua.pop()
    }
    slot.pointee.holds &= ~bits
  }

  /// Keeps the block's value of raw field `i` as the last confirmed: the engine set it.
  private func confirm(_ i: Int, of block: UnsafeMutableRawPointer) {
    guard let fields else { return }
    block.storeBytes(of: fields.value(i, in: block), toByteOffset: confirmedOffset + 8 * i, as: Double.self)
  }

  /// The indexes in `SpriteField.raw` of the scale's fields.
  private enum Raw {
    static let scaleX = 4, scaleY = 5, scale = 8
  }

  // MARK: The uniform scale or the axes

  /// `written` of an axis of a node whose table holds the uniform scale: the table takes the
  /// axes while they agree, else it holds the axes in its place.
  private func writtenAxis(_ axis: PositionSource.Field, of node: Node, lua: LuaState) {
    guard let fields else { return }
    let nodeFields = node.typedFields
    let apart = { nodeFields.pointee.scaleX != nodeFields.pointee.scaleY }
    guard pushTable(of: node, lua: lua) else {
      // No table: one made later holds the axes, if they are apart.
      if apart() {
        let holds = node.spriteSlot.pointee.holds
        node.spriteSlot.pointee.holds = holds & ~SpriteSlot.holdsScale | SpriteSlot.holdsScaleX | SpriteSlot.holdsScaleY
      }
      return
    }
    defer { lua.pop() }
    takeNewerScale(node, besides: axis, tableAt: -1, lua: lua)
    if apart() {
      holdAxes(node, tableAt: -1, lua: lua)
    } else {
      confirm(Raw.scale, of: node.fieldsAddress)
      _ = fields.restore(Raw.scale, lua, tableAt: -1, from: node.fieldsAddress)
    }
  }

  /// A script wrote `field`, one of `scale`, `scale_x` and `scale_y`, of `node`, whose table is
  /// at `index`, and the setter took it: the table holds what the script wrote from now on, so
  /// the next writes are plain table writes. Called from Lua (the sprite's `__newindex`).
  func scriptWrote(_ field: SpriteField, of node: Node, tableAt index: Int32, lua: LuaState) {
    guard field == .scale || field == .scale_x || field == .scale_y, fields != nil, lua.type(at: index) == .table
    else { return }
    if field == .scale {
      holdScale(node, tableAt: index, lua: lua)
    } else if node.spriteSlot.pointee.holds & SpriteSlot.holdsScale != 0 {
      // The table held the uniform scale: the setter handed the axes over already if they
      // differ now, else the table still holds `scale`.
      holdAxes(node, tableAt: index, lua: lua)
    }
  }

  /// Makes the table at `index` (standing for `node`) hold `scale`, the block's, in place of the
  /// axes. Nothing changes if the table cannot take it (out of memory).
  private func holdScale(_ node: Node, tableAt index: Int32, lua: LuaState) {
    guard let fields else { return }
    let block = node.fieldsAddress
    let slot = node.spriteSlot
    let table = lua.absIndex(index)
    slot.pointee.confirmedScale = node.typedFields.pointee.scaleX
    guard fields.restore(Raw.scale, lua, tableAt: table, from: block) else { return }
    if slot.pointee.holds & SpriteSlot.holdsScaleX != 0 { fields.remove(Raw.scaleX, lua, tableAt: table) }
    if slot.pointee.holds & SpriteSlot.holdsScaleY != 0 { fields.remove(Raw.scaleY, lua, tableAt: table) }
    slot.pointee.holds = slot.pointee.holds & ~(SpriteSlot.holdsScaleX | SpriteSlot.holdsScaleY) | SpriteSlot.holdsScale
  }

  /// Makes the table at `index` (standing for `node`, whose table holds `scale`) hold `scale_x`
  /// and `scale_y`, the block's, in place of `scale`. An axis the table cannot take (out of
  /// memory) is served from the block until a script writes it.
  private func holdAxes(_ node: Node, tableAt index: Int32, lua: LuaState) {
    guard let fields else { return }
    let block = node.fieldsAddress
    let slot = node.spriteSlot
    let table = lua.absIndex(index)
    fields.remove(Raw.scale, lua, tableAt: table)
    var holds = slot.pointee.holds & ~SpriteSlot.holdsScale
    for i in [Raw.scaleX, Raw.scaleY] {
      confirm(i, of: block)
      if fields.restore(i, lua, tableAt: table, from: block) { holds |= fields.heldBit(of: i) }
    }
    slot.pointee.holds = holds
  }

  /// Takes into the block the axis other than `axis` from the uniform scale the table at `index`
  /// holds for `node`, which a script may have written since the engine last looked: the engine
  /// just set `axis` alone. A value the field refuses is reported in the game, and left for the
  /// next look to put right.
  private func takeNewerScale(_ node: Node, besides axis: PositionSource.Field, tableAt index: Int32, lua: LuaState) {
    let table = lua.absIndex(index)
    lua.push(SpriteField.scale.rawValue)
    lua.rawGet(table)
    let value = lua.type(at: -1) == .number ? lua.toDouble(at: -1) : nil
    lua.pop()
    guard let value, Limits.scale.bounds.contains(value) else {
      if inGame, node.spriteSlot.pointee.key != 0, let errors {
        report(node, field: Raw.scale, tableAt: table, lua: lua, errors: errors)
      }
      return
    }
    let nodeFields = node.typedFields
    if axis == .scaleX { nodeFields.pointee.scaleY = value } else { nodeFields.pointee.scaleX = value }
  }

  /// Moves `node` to (`x`, `y`) from the engine (a physics body moved it) and hands both to
  /// its table in one go: two `Node.x`/`Node.y` writes each looked the table up, a thousand
  /// bodies a tick. The values come checked (finite, within the position limits).
  func move(_ node: Node, x: Double, y: Double) {
    let nodeFields = node.typedFields
    nodeFields.pointee.x = x
    nodeFields.pointee.y = y
    guard node.hadPositionSource, let fields, let lua else { return }
    let block = node.fieldsAddress
    block.storeBytes(of: x, toByteOffset: confirmedOffset, as: Double.self)
    block.storeBytes(of: y, toByteOffset: confirmedOffset + 8, as: Double.self)
    guard pushTable(of: node, lua: lua) else { return }
    let bad = fields.push(lua, tableAt: -1, from: block, mask: 0b11)
    for i in 0..<2 where bad & (1 << i) != 0 { _ = fields.restore(i, lua, tableAt: -1, from: block) }
    lua.pop()
  }

  /// Moves `node` to (`x`, `y`) from the engine (a physics body moved it), as
  /// `move(_:x:y:)`, but leaves its table to the next `flushMoves()`, which writes the tables
  /// of every sprite queued in one C loop: a thousand bodies a tick. The values come checked,
  /// as there. The caller keeps `node` alive until the flush, and runs no Lua before it.
  func queueMove(_ node: Node, x: Double, y: Double) {
    queueMove(.passUnretained(node), fields: node.fieldsAddress, x: x, y: y)
  }

  /// `queueMove(_:x:y:)` for `node`, whose field block is `block`: when the node's table is
  /// held (so it has had a source), only the block is reached, and the node's own memory stays
  /// untouched.
  func queueMove(_ node: Unmanaged<Node>, fields block: UnsafeMutableRawPointer, x: Double, y: Double) {
    let ref = block.spriteSlot.pointee.key
    guard ref != 0, fields != nil, lua != nil else {
      node._withUnsafeGuaranteedRef { move($0, x: x, y: y) }
      return
    }
    let nodeFields = block.assumingMemoryBound(to: NodeFields.self)
    nodeFields.pointee.x = x
    nodeFields.pointee.y = y
    block.storeBytes(of: x, toByteOffset: confirmedOffset, as: Double.self)
    block.storeBytes(of: y, toByteOffset: confirmedOffset + 8, as: Double.self)
    batch.appendUnretained(node, ref: ref, block: block)
  }

  /// Turns the sprite whose field block is `block` to `angle` (degrees) from the engine (a
  /// physics body turned it), handing it to its table only where a script has written
  /// `rotation`: the tables of sprites only the engine turns never hold it. The value comes
  /// checked, as in `queueMove`.
  func turn(_ node: Unmanaged<Node>, fields block: UnsafeMutableRawPointer, angle: Double) {
    block.assumingMemoryBound(to: NodeFields.self).pointee.rotation = angle
    guard block.spriteSlot.pointee.holds & SpriteSlot.holdsRotation != 0 else { return }
    node._withUnsafeGuaranteedRef { written($0, .rotation) }
  }

  /// Writes the tables of the sprites `queueMove` moved since the last flush.
  func flushMoves() {
    defer { batch.forgetAll() }
    guard batch.count > 0, let fields, let lua else { return }
    var from = 0
    while from < batch.count {
      let (stopped, bad) = fields.push(
        lua, refs: batch.refs, blocks: batch.blocks, range: from..<batch.count, mask: 0b11,
        stampOffset: stampOffset, epoch: epoch.pointee)
      guard stopped < batch.count else { break }
      // What the script put there is not a position: the engine's goes in its place, as `move` does.
      batch.nodes[stopped]._withUnsafeGuaranteedRef { node in
        if pushTable(of: node, lua: lua) {
          for i in 0..<2 where bad & (1 << i) != 0 { _ = fields.restore(i, lua, tableAt: -1, from: node.fieldsAddress) }
          lua.pop()
        }
      }
      from = stopped + 1
    }
  }

  /// Takes the positions of held sprites `range` in one C loop: in the game, reporting and
  /// putting right each bad one; otherwise quietly.
  private func pull(range: Range<Int>, inGame: Bool) {
    guard let fields, let lua else { return }
    if !inGame {
      // Quietly, the last held first: a script's loop over its sprites mostly runs in the order
      // they were made, which leaves the last of them in the cache, where this finds them.
      var upper = range.upperBound
      while upper > range.lowerBound {
        upper = fields.pull(
          lua, refs: held.refs, blocks: held.blocks, range: range.lowerBound..<upper, stampOffset: quietStampOffset,
          epoch: epoch.pointee, tableOffset: tableOffset, backward: true)
      }
      return
    }
    var from = range.lowerBound
    while from < range.upperBound {
      let stopped = fields.pull(
        lua, refs: held.refs, blocks: held.blocks, range: from..<range.upperBound,
        stampOffset: stampOffset, epoch: epoch.pointee, confirmed: confirmedOffset, tableOffset: tableOffset)
      guard stopped < range.upperBound else { return }
      held.nodes[stopped]._withUnsafeGuaranteedRef { node in
        if lua.push(referenceID: held.refs[stopped]) == .table { pull(node, tableAt: -1, lua: lua, inGame: true) }
        lua.pop()
      }
      from = stopped + 1
    }
  }

  /// Before a frame is drawn: takes every held sprite's position at once, quietly.
  package func pullAllToDraw() {
    pull(range: 0..<held.count, inGame: false)
  }

  /// Takes every held sprite's position at once, before the engine reads them all (a hit test).
  func pullAll() {
    pull(range: 0..<held.count, inGame: inGame)
  }

  /// The end of a tick: checks the next few held sprites (`checked(perTickOf:)`) for positions
  /// written since they were last read.
  func checkAtEndOfTick() {
    guard held.count > 0 else { return }
    if cursor >= held.count { cursor = 0 }
    let end = min(cursor + Self.checked(perTickOf: held.count), held.count)
    pull(range: cursor..<end, inGame: true)
    cursor = end
  }

  // MARK: Reporting

  /// Reports that field `i` of the table at `index` (standing for `node`) holds what the field
  /// refuses, as a script error naming the sprite, the field, the value and the range.
  private func report(_ node: Node, field i: Int, tableAt index: Int32, lua: LuaState, errors: ScriptErrors) {
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
    let kept = NumberRange.format(node.fieldsAddress.load(fromByteOffset: confirmedOffset + 8 * i, as: Double.self))
    // The write has no line of its own (see above): where the sprite was made helps find it.
    let made = (node.attachment as? NodeScript)?.madeAt.map { " made at \($0)" } ?? ""
    let message = "sprite \(node.description)\(made): \(got); it stays at \(name) = \(kept)"
    errors.report(
      LuaError(kind: .runtime, message: message, location: nil, traceback: ""), context: "sprite field \(name)")
  }

  /// `text` quoted for a message, cut short when long, with control characters shown escaped.
  private static func quoted(_ text: String) -> String {
    let shown = text.count > 40 ? String(text.prefix(40)) + "..." : text
    let escaped = shown.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7f ? "\\" + String($0.value) : String($0) }
    return "\"" + escaped.joined() + "\""
  }
}

/// What `SpriteTables` keeps per node, in the node's `sourceRoom`, which sits at a fixed offset
/// from the field block (`Node.sourceRoomOffset`): the C loops that walk the held sprites' blocks
/// reach it there with no lookup.
struct SpriteSlot {
  /// The registry reference that holds the node's table while it is in the tree (0: none).
  var key: Int32 = 0
  /// The node's index in the held lists, while `key` is set.
  var slot: Int32 = 0
  /// The table `key` holds, as Lua lays it out in memory (`lua_topointer`), while `key` is set:
  /// a list pull reads its fields in place, without the registry (see CLua's luatable.h). Lua
  /// never moves a table, and the reference keeps it alive.
  var table: UnsafeRawPointer? = nil
  /// The epoch of the last quiet read that found good values (a frame drawn): reads that
  /// must change nothing take a position at most once an epoch.
  var quietEpoch: UInt64 = 0
  /// Which of `rotation`, `alpha`, `scale_x`, `scale_y`, `w`, `h` and `scale` the node's table
  /// holds (`holdsRotation`, ...): each bit raised by C when a script writes the field while
  /// the table lacks it (`LuaObjectField.rawOnceWritten`), or by Swift when the uniform scale and
  /// the axes take each other's place; lowered when a tween takes the field back (`release`). One byte,
  /// which a pull looks at once for all, beside `quietEpoch`, which a frame's pull reads too:
  /// one cache line for both.
  var holds: UInt8 = 0
  /// The bit of `holds` for `rotation`: the node reads the byte too
  /// (`PositionSource.keptFieldsOffset`), to hand back only what the table holds.
  static let holdsRotation = PositionSource.Field.rotation.bit
  /// The bit of `holds` for `alpha`, as `holdsRotation`.
  static let holdsAlpha = PositionSource.Field.alpha.bit
  /// The bit of `holds` for `scale_x`, as `holdsRotation`.
  static let holdsScaleX = PositionSource.Field.scaleX.bit
  /// The bit of `holds` for `scale_y`, as `holdsRotation`.
  static let holdsScaleY = PositionSource.Field.scaleY.bit
  /// The bit of `holds` for `w` (`width` reads it), as `holdsRotation`.
  static let holdsWidth = PositionSource.Field.width.bit
  /// The bit of `holds` for `h` (`height` reads it), as `holdsRotation`.
  static let holdsHeight = PositionSource.Field.height.bit
  /// The bit of `holds` for the uniform `scale`, never set with `holdsScaleX` or `holdsScaleY`.
  static let holdsScale = PositionSource.Field.scale.bit
  /// The last values of the raw fields confirmed in the game: where a bad write puts the sprite
  /// back. In `SpriteField.raw`'s order, one after another, as the C loops take them.
  var confirmedX: Double = 0
  /// See `confirmedX`.
  var confirmedY: Double = 0
  /// See `confirmedX`.
  var confirmedRotation: Double = 0
  /// See `confirmedX`.
  var confirmedAlpha: Double = 1
  /// See `confirmedX`.
  var confirmedScaleX: Double = 1
  /// See `confirmedX`.
  var confirmedScaleY: Double = 1
  /// See `confirmedX`.
  var confirmedWidth: Double = 0
  /// See `confirmedX`.
  var confirmedHeight: Double = 0
  /// See `confirmedX`.
  var confirmedScale: Double = 1

  /// The byte offset of `field` from the node's field block.
  static func offset(of field: PartialKeyPath<SpriteSlot>) -> Int {
    guard let offset = MemoryLayout<SpriteSlot>.offset(of: field) else {
      preconditionFailure("SpriteSlot key path is not a stored property")
    }
    return Node.sourceRoomOffset + offset
  }
}

extension Node {
  /// The node's field block, typed.
  fileprivate var typedFields: UnsafeMutablePointer<NodeFields> {
    fieldsAddress.assumingMemoryBound(to: NodeFields.self)
  }

  /// What `SpriteTables` keeps for the node, in its source room (zero until first held).
  fileprivate var spriteSlot: UnsafeMutablePointer<SpriteSlot> {
    sourceRoom.assumingMemoryBound(to: SpriteSlot.self)
  }
}

extension UnsafeMutableRawPointer {
  /// The `SpriteSlot` of the node whose field block this is.
  fileprivate var spriteSlot: UnsafeMutablePointer<SpriteSlot> {
    (self + Node.sourceRoomOffset).assumingMemoryBound(to: SpriteSlot.self)
  }
}

/// Three lists walked by index together (see `SpriteTables`), in memory of their own. Each
/// node in it is retained, by hand; except in a batch of engine moves (`queueMove`), whose
/// nodes their caller keeps alive until the flush, held unretained (`appendUnretained`,
/// `forgetAll`).
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

  /// Empties the lists, letting go of every node (their tables go with the Lua state).
  mutating func removeAll() {
    for i in 0..<count {
      blocks[i]?.spriteSlot.pointee.key = 0
      blocks[i]?.spriteSlot.pointee.table = nil
      nodes[i].release()
    }
    count = 0
  }

  mutating func append(_ node: Node, ref: Int32, block: UnsafeMutableRawPointer) {
    append(.passRetained(node), ref: ref, block: block)
  }

  mutating func appendUnretained(_ node: Unmanaged<Node>, ref: Int32, block: UnsafeMutableRawPointer) {
    append(node, ref: ref, block: block)
  }

  private mutating func append(_ node: Unmanaged<Node>, ref: Int32, block: UnsafeMutableRawPointer) {
    if count == capacity { grow() }
    (nodes + count).initialize(to: node)
    (refs + count).initialize(to: ref)
    (blocks + count).initialize(to: block)
    count += 1
  }

  /// Empties lists whose nodes are unretained.
  mutating func forgetAll() { count = 0 }

  /// Removes entry `i`, moving the last one into its place (and telling its node so).
  mutating func remove(at i: Int) {
    precondition(i >= 0 && i < count, "slot \(i) of \(count)")
    let node = nodes[i]
    count -= 1
    if i < count {
      nodes[i] = nodes[count]
      refs[i] = refs[count]
      blocks[i] = blocks[count]
      blocks[i]?.spriteSlot.pointee.slot = Int32(i)
    }
    node.release()
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
