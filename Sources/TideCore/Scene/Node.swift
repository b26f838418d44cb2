/// One element of the retained scene graph: a shape, image, text or group with a transform.
///
/// Nodes are made by `SceneGraph.makeNode(_:)` so ids are unique and deterministic per graph.
/// Not thread-safe: a scene lives on the thread that steps the game (the main thread). Renderers
/// on other threads draw a draw list, which copies what they need (`DrawItem`, `NodeLook`).
public final class Node {
  /// Unique within its scene graph; assigned in creation order, so runs with the same
  /// script give the same ids.
  public let id: Int
  /// What the node draws.
  public let kind: NodeKind
  /// Free-form name for finding nodes (`app:find{ name = ... }`).
  public var name: String = ""
  /// Free-form tag for grouping nodes (`app:find{ tag = ... }`).
  public var tag: String = ""

  // The plain numeric and boolean fields live in one heap block at a fixed address (see
  // `NodeFields`), so a scripting layer can read and write them without a call into Swift.
  // Tweens and draw lists read them thousands of times a frame: the accessors are inlinable and
  // reach the block through a pointer, which also has no runtime exclusivity checks to pay for.
  @usableFromInline let fields: UnsafeMutablePointer<NodeFields>

  /// Where a newer `x` and `y` may be kept than here (a script's table), or nil; see
  /// `PositionSource`. Set by the scripting layer that keeps them; the node keeps it alive.
  public var positionSource: PositionSource? {
    get { source?.takeUnretainedValue() }
    set {
      let old = source
      source = newValue.map { .passRetained($0) }
      old?.release()
      sourceEpoch = newValue?.epoch
      if newValue != nil { hadPositionSource = true }
    }
  }
  // Retained by hand, and the epoch's address beside it: every read of x or y checks them, and
  // a strong reference was retained and released around each, thousands of times a frame.
  @usableFromInline var source: Unmanaged<PositionSource>?
  @usableFromInline var sourceEpoch: UnsafeMutablePointer<UInt64>?
  /// Whether the node has ever had a `positionSource` (a sprite a script made or reached): a
  /// tween of its `x` or `y` then writes through the node, so a source gets each write; a node
  /// that never had one is written straight to memory.
  public private(set) var hadPositionSource = false

  /// Position x of the anchor point in the parent's space.
  @inlinable public var x: Double {
    get {
      refreshPosition()
      return fields.pointee.x
    }
    set {
      fields.pointee.x = newValue
      // Only x goes back: a newer y there stays there, and the node takes it when it reads.
      handBack(.x)
    }
  }
  /// Position y of the anchor point in the parent's space.
  @inlinable public var y: Double {
    get {
      refreshPosition()
      return fields.pointee.y
    }
    set {
      fields.pointee.y = newValue
      handBack(.y)
    }
  }

  /// Hands `field`, just set, to the node's `positionSource`, if it keeps that field for the node.
  @inlinable func handBack(_ field: PositionSource.Field) {
    source?._withUnsafeGuaranteedRef { if $0.keeps(field, of: self) { $0.written(self, field) } }
  }

  /// Takes `property` back from the node's `positionSource` before the engine writes it over and
  /// over (a tween's steps): the source stops keeping it, so the writes stay in the node. The
  /// caller has just read it, so the node holds its newest value.
  @inlinable public func takeBack(_ property: NodeProperty) {
    guard let field = PositionSource.Field(property), field.bit != 0 else { return }
    source?._withUnsafeGuaranteedRef { if $0.keeps(bits: field.keptBits, of: self) { $0.release(self, field) } }
  }

  /// Takes a newer position from the node's `positionSource`, if it may hold one.
  @inlinable func refreshPosition() {
    if let epoch = sourceEpoch, fields.pointee.positionEpoch != epoch.pointee {
      source?._withUnsafeGuaranteedRef { $0.refresh(self) }
    }
  }

  /// `refreshPosition()` for a read of `field` alone: only when the source keeps that field for
  /// the node, since the block holds the newest value of any other. Starting a tween of a scale
  /// a script never wrote took a whole position each time.
  @inlinable @inline(__always) func refreshPosition(for field: PositionSource.Field) {
    // A source keeps the position for every node: its bit is 0.
    if field.keptBits == 0 { refreshPosition() } else { refreshPosition(forAnyOf: field.keptBits) }
  }

  /// `refreshPosition()` for a read of the fields whose bits (`PositionSource.Field.bit`, none
  /// of them the position's) are `bits`: only when the source keeps one of them for the node.
  @inlinable @inline(__always) func refreshPosition(forAnyOf bits: UInt8) {
    if let epoch = sourceEpoch, fields.pointee.positionEpoch != epoch.pointee {
      source?._withUnsafeGuaranteedRef { if $0.keeps(bits: bits, of: self) { $0.refresh(self) } }
    }
  }

  /// Box width before scaling.
  @inlinable public var width: Double {
    // Always inlined, as it was when it read the block alone: the draw list, hit tests and
    // layout read every node's size several times.
    @inline(__always) get {
      refreshPosition(for: .width)
      return measuredFields.pointee.width
    }
    // A text measured later would overwrite a size written now: it is measured first, as
    // each change used to be.
    set {
      measuredFields.pointee.width = newValue
      handBack(.width)
    }
  }
  /// Box height before scaling.
  @inlinable public var height: Double {
    @inline(__always) get {
      refreshPosition(for: .height)
      return measuredFields.pointee.height
    }
    set {
      measuredFields.pointee.height = newValue
      handBack(.height)
    }
  }
  /// `width` and `height` from one look at the position source: what readers of the whole box
  /// (the draw list, hit tests) take, each read of a side asking the source on its own.
  @inlinable public var size: (width: Double, height: Double) {
    @inline(__always) get {
      refreshPosition(forAnyOf: PositionSource.Field.width.bit | PositionSource.Field.height.bit)
      let block = measuredFields
      return (block.pointee.width, block.pointee.height)
    }
  }
  /// The field block, a text's box measured first if it waits to be (`textNeedsMeasuring`).
  @inlinable var measuredFields: UnsafeMutablePointer<NodeFields> {
    if !fields.pointee.sizeSettled { settleTextSize() }
    return fields
  }
  /// Anchor x as a fraction of width (0 = left edge); also the pivot of scale and rotation.
  @inlinable public var anchorX: Double {
    get { fields.pointee.anchorX }
    set { fields.pointee.anchorX = newValue }
  }
  /// Anchor y as a fraction of height (0 = top edge).
  @inlinable public var anchorY: Double {
    get { fields.pointee.anchorY }
    set { fields.pointee.anchorY = newValue }
  }
  /// Horizontal scale.
  @inlinable public var scaleX: Double {
    get {
      refreshPosition(for: .scaleX)
      return fields.pointee.scaleX
    }
    set {
      fields.pointee.scaleX = newValue
      handBack(.scaleX)
    }
  }
  /// Vertical scale.
  @inlinable public var scaleY: Double {
    get {
      refreshPosition(for: .scaleY)
      return fields.pointee.scaleY
    }
    set {
      fields.pointee.scaleY = newValue
      handBack(.scaleY)
    }
  }
  /// Rotation in degrees, clockwise on screen.
  @inlinable public var rotation: Double {
    get {
      refreshPosition(for: .rotation)
      return fields.pointee.rotation
    }
    set {
      fields.pointee.rotation = newValue
      handBack(.rotation)
    }
  }
  /// Opacity multiplier, 0...1; multiplied down the tree.
  @inlinable public var alpha: Double {
    get {
      refreshPosition(for: .alpha)
      return fields.pointee.alpha
    }
    set {
      fields.pointee.alpha = newValue
      handBack(.alpha)
    }
  }
  /// Draw order among siblings (higher draws later, on top); ties keep insertion order.
  public var z: Double {
    get { fields.pointee.z }
    set {
      let old = fields.pointee.z
      fields.pointee.z = newValue
      if newValue != old { parent?.childOrderIsDirty = true }
    }
  }
  /// Hidden nodes and their subtrees are neither drawn nor hit.
  @inlinable public var visible: Bool {
    get { fields.pointee.visible }
    set { fields.pointee.visible = newValue }
  }
  /// Mirror the content horizontally inside its box (does not affect children or hit-testing).
  @inlinable public var flipX: Bool {
    get { fields.pointee.flipX }
    set { fields.pointee.flipX = newValue }
  }
  /// Mirror the content vertically inside its box.
  @inlinable public var flipY: Bool {
    get { fields.pointee.flipY }
    set { fields.pointee.flipY = newValue }
  }

  /// The address of the node's `NodeFields`, fixed for the node's life (freed by its deinit).
  ///
  /// For a scripting layer that reads and writes the fields directly; it must stop using the
  /// address once it lets go of the node, and must write `z` only through `Node.z`.
  public var fieldsAddress: UnsafeMutableRawPointer { UnsafeMutableRawPointer(fields) }

  /// The node's room for its position source (`PositionSource.roomSize` bytes, zero until the
  /// source writes them), fixed for the node's life: whatever the source keeps per node, here
  /// rather than in a table of its own, so it costs no lookup on paths that read every node.
  /// TideCore never writes it, and reads only the byte at `PositionSource.keptFieldsOffset`.
  @inlinable public var sourceRoom: UnsafeMutableRawPointer {
    UnsafeMutableRawPointer(fields) + Node.sourceRoomOffset
  }
  /// The byte offset of `sourceRoom` from `fieldsAddress`, the same for every node: for code
  /// that reaches both from the block's address.
  @inlinable public static var sourceRoomOffset: Int { MemoryLayout<NodeFields>.stride }

  /// Moves on (wrapping) whenever a field of the node's look that lives outside `NodeFields`
  /// is set: its colours, stroke, corners, image, points, emitter or its text as fitted. A
  /// reader that keeps a copy of the look (a server sending only what changed) compares this
  /// and the block's size and flips, and builds and compares the look itself only when they
  /// moved. Set even when a value is set to what it was: a stamp that moves too often costs a
  /// comparison, one that stays still would hide a change.
  @inlinable public var lookStamp: UInt32 { stamp }
  // Read by other modules through the getter: `@exclusivity(unchecked)` holds for accesses
  // compiled in this module only (the getter's body is), and a direct read from another pays a
  // runtime access check, which costs more than the comparisons it feeds.
  @exclusivity(unchecked) @usableFromInline internal var stamp: UInt32 = 0

  /// Multiplicative colour applied to images and shapes; white means no tint.
  @exclusivity(unchecked) public var tint: Color = .white {
    didSet { stamp &+= 1 }
  }
  /// Shape fill; nil draws no fill.
  @exclusivity(unchecked) public var fill: Color? {
    didSet { stamp &+= 1 }
  }
  /// Shape outline; nil draws no outline.
  @exclusivity(unchecked) public var stroke: Color? {
    didSet { stamp &+= 1 }
  }
  /// Outline width in design units.
  @exclusivity(unchecked) public var strokeWidth: Double = 1 {
    didSet { stamp &+= 1 }
  }
  /// Rect corner radius.
  @exclusivity(unchecked) public var cornerRadius: Double = 0 {
    didSet { stamp &+= 1 }
  }

  /// The image asset currently shown (image nodes); follows `frameIndex` when `frames` is set.
  @exclusivity(unchecked) public var image: String? {
    didSet {
      // A sheet's region ("hero#3") is drawn by a key naming its image and rectangle.
      drawnImage = image.map { $0.contains("#") ? graph?.drawnImage($0) ?? $0 : $0 }
      stamp &+= 1
    }
  }
  /// What draws `image`: the name itself, or for a sprite sheet's region the key
  /// `SpriteSheet.regionKey` makes of the sheet's image and the region.
  public private(set) var drawnImage: String?
  /// Animation frames (asset names).
  public var frames: [String] = [] {
    didSet { syncImageToFrame() }
  }
  /// Index into `frames` of the frame shown.
  public var frameIndex: Int = 0 {
    didSet { syncImageToFrame() }
  }
  /// Whether a frame animation is running.
  public internal(set) var isPlaying = false
  var animationFPS: Double = 0
  var animationLoops = false
  var animationTime: Double = 0
  var animationFinished: (() -> Void)?
  var isInAnimationList = false
  /// In its graph's list of emitters to step: a scene that makes many bursts in one tick
  /// registers each once without searching the list.
  var isInEmitterList = false

  /// Text shown by text nodes; setting it re-measures width and height.
  public var text: String = "" {
    didSet { if text != oldValue { textNeedsMeasuring() } }
  }
  /// The font file the text is drawn with first (an absolute path, which the script layer
  /// resolves from a name in the game's `assets/fonts/`), the default fonts drawing what it
  /// lacks; empty for the default fonts. Setting it re-measures width and height.
  public var font: String = "" {
    didSet { if font != oldValue { textNeedsMeasuring() } }
  }
  /// Text size in points; setting it re-measures width and height.
  public var fontSize: Double = 24 {
    didSet { if fontSize != oldValue { textNeedsMeasuring() } }
  }
  /// The box a text node keeps its text in, in design units (0: no limit that way), and how
  /// (`textFit`; nil means wrap once a box is given). Setting any of them re-fits the text.
  public var maxTextWidth: Double = 0 {
    didSet { if maxTextWidth != oldValue { textNeedsMeasuring() } }
  }
  /// See `maxTextWidth`.
  public var maxTextHeight: Double = 0 {
    didSet { if maxTextHeight != oldValue { textNeedsMeasuring() } }
  }
  /// See `maxTextWidth`.
  public var textFit: TextFit? {
    didSet { if textFit != oldValue { textNeedsMeasuring() } }
  }
  /// The smallest size `shrink` goes to (0: half of `fontSize`).
  public var minFontSize: Double = 0 {
    didSet { if minFontSize != oldValue { textNeedsMeasuring() } }
  }
  /// How the text is fitted now: `textFit`, or wrap when there is a box and no fit was chosen.
  public var effectiveTextFit: TextFit {
    textFit ?? (maxTextWidth > 0 || maxTextHeight > 0 ? .wrap : .none)
  }
  /// The smallest size `shrink` goes to as set, or by default for `fontSize`.
  public var effectiveMinFontSize: Double {
    minFontSize > 0 ? minFontSize : TextFitter.defaultMinimumSize(for: fontSize)
  }
  /// What a text node draws: `text` with the line breaks and "…" fitting added, at `shownFontSize`.
  public var shownText: String {
    _ = measuredFields
    return fittedText
  }
  /// The size the text is drawn at: `fontSize`, or smaller where `shrink` made it so.
  public var shownFontSize: Double {
    _ = measuredFields
    return fittedFontSize
  }
  private var fittedText = ""
  private var fittedFontSize: Double = 24
  /// Text colour.
  @exclusivity(unchecked) public var textColor: Color = .white {
    didSet { stamp &+= 1 }
  }
  /// Alignment of text lines inside the box.
  public var align: TextAlign = .left {
    didSet { stamp &+= 1 }
  }

  /// When true, the node's children show only inside its shape (its box, rounded by
  /// `cornerRadius`), and take taps only there. Nested clips intersect.
  public var clipsChildren = false

  /// When true, a press takes this node (or a child it handles) even if it appeared under the
  /// pointer a moment after the previous tap ended (see `TapGuard`): things a player taps as fast
  /// as they come, like bubbles popping up, are meant to be hit at once.
  public var instantTap = false

  /// The keyboard a touch screen brings up when the node is tapped (a text field's box); nil
  /// for none. Part of the look: the page a served game draws on a phone reads it.
  public var keyboard: TouchKeyboard? {
    didSet { stamp &+= 1 }
  }

  /// When true, the node and its subtree move by design (an item falling, a label floating
  /// away): `LayoutCheck` leaves them out of its overlap and covered-tap checks, since where they
  /// pass over something else at one frame says nothing about the layout.
  public var isMoving = false

  /// The longest text this node may ever show (a field's widest possible entry), or nil:
  /// `LayoutCheck` measures the node, while it shows any text, with this text in its place, so
  /// an overflow is found before a player types the long name that causes it.
  public var layoutText: String?

  /// The corners of a line or polygon in box space, in order. Setting them sets `width` and
  /// `height` to the extent of the points from the box origin (`pointBounds` holds their
  /// bounding box), so anchors and layout see the shape's size.
  public var points: [Vec2] = [] {
    didSet {
      let xs = points.map(\.x)
      let ys = points.map(\.y)
      let minX = xs.min() ?? 0
      let minY = ys.min() ?? 0
      pointBounds = Rect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
      width = pointBounds.width
      height = pointBounds.height
      cachedFillTriangles = nil
      stamp &+= 1
    }
  }

  /// A polygon's fill as index triples into `points` (`Polygon.triangulate`), made when first
  /// asked for and kept until the points change, so a big polygon is not cut up every frame.
  /// Empty for other kinds and for outlines of at most `Polygon.earClippedCorners` corners,
  /// which the renderer ear-clips in pixels (a constant cost) so they keep their pixels.
  public var fillTriangles: [Int32] {
    if let cachedFillTriangles { return cachedFillTriangles }
    let made = kind == .polygon && points.count > Polygon.earClippedCorners ? Polygon.triangulate(points).map { Int32($0) } : []
    cachedFillTriangles = made
    return made
  }
  private var cachedFillTriangles: [Int32]?

  /// The particle emitter of a `.particles` node; stepped by `SceneGraph.update(_:)` while the
  /// node is in the tree. Setting one starts it.
  public var emitter: ParticleEmitter? {
    @inlinable get { storedEmitter }
    set {
      storedEmitter = newValue
      if newValue != nil { graph?.registerEmitter(self) }
      stamp &+= 1
    }
  }
  // Behind the accessors for the reason `stamp` is.
  @exclusivity(unchecked) @usableFromInline internal var storedEmitter: ParticleEmitter?
  /// When true, the node removes itself once its emitter is finished.
  public var removesWhenDone = false

  /// The bounding box of `points` in box space.
  public private(set) var pointBounds = Rect(x: 0, y: 0, width: 0, height: 0)

  /// Opaque slot for the scripting layer (e.g. event handler references); the core never reads it.
  public var attachment: AnyObject?

  /// Whether the node answers input itself (the script layer keeps it: a sprite with handlers).
  public var takesInput = false

  /// The node a gesture on this one goes to: itself if it takes input, else the nearest
  /// ancestor that does; nil when none does.
  public var inputTarget: Node? {
    if takesInput { return self }
    return inputTaker()?.takeUnretainedValue()
  }

  /// Whether a gesture on the node goes anywhere (`inputTarget` is not nil). Hit tests ask it of
  /// every sprite they pass, so the walk up retains nothing.
  public var answersInput: Bool { takesInput || inputTaker() != nil }

  /// The nearest ancestor that takes input, unretained.
  private func inputTaker() -> Unmanaged<Node>? {
    var link = parentLink
    while let up = link {
      if up._withUnsafeGuaranteedRef({ $0.takesInput }) { return up }
      link = up._withUnsafeGuaranteedRef { $0.parentLink }
    }
    return nil
  }

  /// The node this one is a child of.
  ///
  /// Not `weak`: a weak reference gives its target a side table, and then every retain and
  /// release of that node goes down the runtime's slow path, thousands of times a tick. The
  /// link is safe without one: a parent holds its children (`children`), so it lives as long as
  /// they hang from it, and one that goes first clears their links in its deinit.
  public var parent: Node? { parentLink?.takeUnretainedValue() }
  /// The link itself, unretained, so that a walk up the tree (`isAttached`) counts no references.
  private var parentLink: Unmanaged<Node>?
  /// Children in insertion order (draw order additionally sorts by `z`).
  public private(set) var children: [Node] = []
  /// True after `removeFromParent()` until the node is added somewhere again.
  public private(set) var isRemoved = false

  /// How the node reaches its graph: nil once the graph is gone, as a weak reference would be.
  /// Not a `weak var`: that gives the graph a side table, after which every retain and release
  /// of it takes the runtime's slow path, and each node made formed one and each add, removal
  /// and deinit loaded one.
  let graphLink: GraphLink
  var graph: SceneGraph? { graphLink.graph }
  var childOrderIsDirty = false
  /// Children have left since the kept order was last tidied: it may still hold them.
  private var childOrderHasLeavers = false
  private var cachedDrawOrder: [Node] = []

  init(kind: NodeKind, id: Int, graphLink: GraphLink) {
    self.kind = kind
    self.id = id
    self.graphLink = graphLink
    // One allocation: the fields, then the room the node's position source may keep its own
    // per-node state in (zeroed), so a source reaches it at a fixed offset from the block.
    let block = UnsafeMutableRawPointer.allocate(
      byteCount: Node.sourceRoomOffset + PositionSource.roomSize, alignment: MemoryLayout<NodeFields>.alignment)
    (block + Node.sourceRoomOffset).initializeMemory(as: UInt8.self, repeating: 0, count: PositionSource.roomSize)
    fields = block.initializeMemory(as: NodeFields.self, repeating: NodeFields(), count: 1)
    fields.pointee.isCircle = kind == .circle
    fields.pointee.sizeIsPlain = kind != .text
    if kind == .circle {
      // A circle is positioned by its centre, as people expect.
      anchorX = 0.5
      anchorY = 0.5
    }
  }

  deinit {
    // Children that outlive this node (a script still holds them) must not point at it.
    let me = Unmanaged.passUnretained(self).toOpaque()
    for child in children where child.parentLink?.toOpaque() == me { child.parentLink = nil }
    if id != 0 { graph?.liveNodeCount -= 1 }  // the root is not counted
    source?.release()
    fields.deinitialize(count: 1)
    UnsafeMutableRawPointer(fields).deallocate()
  }

  /// Circle radius: half the width. Setting it sets width and height to twice the value.
  public var radius: Double {
    get { width / 2 }
    set {
      width = newValue * 2
      height = newValue * 2
    }
  }

  /// Uniform scale: reads `scaleX`; setting it sets both axes.
  @inlinable public var scale: Double {
    get { scaleX }
    set {
      fields.pointee.scaleX = newValue
      fields.pointee.scaleY = newValue
      // One hand-back where the source keeps the uniform scale: an axis handed back alone would
      // find the two apart halfway.
      let scale = PositionSource.Field.scale.bit
      source?._withUnsafeGuaranteedRef { source in
        guard source.keeps(bits: scale | PositionSource.Field.scaleX.bit | PositionSource.Field.scaleY.bit, of: self)
        else { return }
        if source.keeps(bits: scale, of: self) {
          source.written(self, .scale)
        } else {
          if source.keeps(.scaleX, of: self) { source.written(self, .scaleX) }
          if source.keeps(.scaleY, of: self) { source.written(self, .scaleY) }
        }
      }
    }
  }

  /// Whether the node hangs, through its ancestors, from its graph's root.
  public var isAttached: Bool {
    // Walked unretained (a parent holds its children): a strong walk counted a reference at
    // every step, and physics asks this of every body every tick.
    var node = Unmanaged.passUnretained(self)
    while let up = node._withUnsafeGuaranteedRef({ $0.parentLink }) { node = up }
    // Only a graph's root has id 0 (`makeNode` counts from 1), and a tree never spans two
    // graphs: no weak load of `graph` for a question asked per emitter and animation per tick.
    return node._withUnsafeGuaranteedRef { $0.id == 0 }
  }

  /// Whether the node is `ancestor` or hangs from it (trees are at most `Limits.nestingDepth` deep).
  public func isDescendant(of ancestor: Node) -> Bool {
    var node: Node? = self
    while let current = node {
      if current === ancestor { return true }
      node = current.parent
    }
    return false
  }

  /// Why `add(_:)` would refuse a child.
  public enum AddRefusal: Equatable, Sendable {
    /// The child is the node itself or one of its ancestors.
    case cycle
    /// The child belongs to another graph.
    case otherGraph
    /// The child's subtree would end deeper than `Limits.nestingDepth` levels below the root.
    case tooDeep
  }

  /// Why `add(child)` would refuse it, or nil when it would not.
  ///
  /// Trees are at most `Limits.nestingDepth` deep, so every walk up or down one (here, in
  /// transforms, drawing, hit-testing, a node's deinit) is short and no recursion runs out of
  /// stack: a chain of 20,000 groups took 12 s of work here, and 50,000 overflowed the stack.
  public func refusal(toAdd child: Node) -> AddRefusal? {
    guard child.graphLink === graphLink else { return .otherGraph }
    var depth = 1  // of the child, once added
    var ancestor: Node? = self
    while let a = ancestor {
      if a === child { return .cycle }
      ancestor = a.parent
      if ancestor != nil { depth += 1 }
    }
    if depth > Limits.nestingDepth { return .tooDeep }
    return child.height(below: Limits.nestingDepth - depth) == nil ? .tooDeep : nil
  }

  /// Calls `body` on the node and on every node below it, each before its children, without
  /// recursion. A node's children are read after `body` has run on it.
  public func forEachInSubtree(_ body: (Node) throws -> Void) rethrows {
    var stack = [self]
    while let node = stack.popLast() {
      try body(node)
      stack.append(contentsOf: node.children)
    }
  }

  /// How many levels of descendants the node has (0 for a leaf), or nil when more than `limit`.
  private func height(below limit: Int) -> Int? {
    guard !children.isEmpty else { return 0 }
    guard limit > 0 else { return nil }
    var deepest = 0
    var stack: [(Node, Int)] = [(self, 0)]
    while let (node, level) = stack.popLast() {
      deepest = max(deepest, level)
      guard level < limit || node.children.isEmpty else { return nil }
      for child in node.children { stack.append((child, level + 1)) }
    }
    return deepest
  }

  /// Appends `child` (moving it from any old parent). Returns false, changing nothing,
  /// when `refusal(toAdd:)` names a reason: a cycle, another graph, or nesting too deep.
  @discardableResult
  public func add(_ child: Node) -> Bool {
    guard refusal(toAdd: child) == nil else { return false }
    child.detach()
    // Before the child's link names this node again, or its old place would look current.
    if childOrderHasLeavers { dropLeaversFromDrawOrder() }
    child.parentLink = .passUnretained(self)
    child.isRemoved = false
    children.append(child)
    if !childOrderIsDirty {
      // The newest child comes last among its ties: put it in the kept order rather than sort
      // again, as a scene adding a sprite every tick (and a tap guard, a draw list or a served
      // page walking it each tick) would otherwise sort every child each time.
      let z = child.z
      var index = cachedDrawOrder.count
      while index > 0 && cachedDrawOrder[index - 1].z > z { index -= 1 }
      cachedDrawOrder.insert(child, at: index)
    }
    graph?.cachedNodeCount = nil
    // The graph stops stepping animations of nodes that leave the tree; resume any coming back.
    if let graph, isAttached { child.resumeAnimations(in: graph) }
    return true
  }

  private func resumeAnimations(in graph: SceneGraph) {
    if isPlaying { graph.registerAnimation(self) }
    for child in children { child.resumeAnimations(in: graph) }
  }

  /// Detaches the node (and so its subtree) from its parent and marks it removed.
  public func removeFromParent() {
    detach()
    isRemoved = true
  }

  /// Detaches every child (each is marked removed).
  public func removeAllChildren() {
    for child in children {
      child.parentLink = nil
      child.isRemoved = true
    }
    children.removeAll()
    cachedDrawOrder.removeAll()
    childOrderIsDirty = false
    childOrderHasLeavers = false
    graph?.cachedNodeCount = nil
  }

  private func detach() {
    guard let p = parent else { return }
    if let index = p.children.firstIndex(where: { $0 === self }) {
      p.children.remove(at: index)
    }
    // Taking one out leaves the others in order. One of the last few (a sprite that came and
    // went, as a score popup does) leaves the kept order now; any other when it is next read,
    // in one pass for every child gone by then, so removing thousands one by one stays linear.
    if !p.childOrderIsDirty {
      let stop = max(p.cachedDrawOrder.count - Self.nearEnd, 0)
      var index = p.cachedDrawOrder.count - 1
      while index >= stop && p.cachedDrawOrder[index] !== self { index -= 1 }
      if !p.childOrderHasLeavers && index >= stop {
        p.cachedDrawOrder.remove(at: index)
      } else {
        p.childOrderHasLeavers = true
      }
    }
    graph?.cachedNodeCount = nil
    parentLink = nil
  }

  /// Children in painter's order: by `z`, ties in insertion order. Kept as children come and
  /// go; sorted again only after a child's `z` changed.
  public var drawOrderedChildren: [Node] {
    if childOrderIsDirty || childOrderHasLeavers { tidyDrawOrder() }
    return cachedDrawOrder
  }

  // Apart from the getter, which every walk of the tree calls for every node, so that it stays
  // small enough to be inlined there.
  @inline(never)
  private func tidyDrawOrder() {
    guard childOrderIsDirty else { return dropLeaversFromDrawOrder() }
    childOrderIsDirty = false
    childOrderHasLeavers = false
    var sorted = true
    var previous = -Double.infinity
    for child in children {
      if child.z < previous {
        sorted = false
        break
      }
      previous = child.z
    }
    if sorted {
      cachedDrawOrder = children
    } else {
      // Sort indices so ties keep insertion order whatever the sort's stability.
      let order = children.indices.sorted { lhs, rhs in
        let lz = children[lhs].z
        let rz = children[rhs].z
        return lz < rz || (lz == rz && lhs < rhs)
      }
      cachedDrawOrder = order.map { children[$0] }
    }
  }

  /// How far from the end of the kept order a child taken out is looked for at once.
  private static let nearEnd = 8

  private func dropLeaversFromDrawOrder() {
    childOrderHasLeavers = false
    // Links compared as addresses: nothing retained for each child looked at.
    let me = Unmanaged.passUnretained(self).toOpaque()
    cachedDrawOrder.removeAll { $0.parentLink?.toOpaque() != me }
  }

  /// Marks a text node's box to be measured again, with the graph's text metrics, when it is
  /// next read: a label changed every tick (a score, a timer) costs nothing until something
  /// draws it, hit-tests it or asks its size, and a sprite made with text, size and box options
  /// at once is measured once.
  func textNeedsMeasuring() {
    guard kind == .text else { return }
    fields.pointee.sizeSettled = false
    stamp &+= 1
  }

  /// Fits and measures the text now (see `textNeedsMeasuring`).
  @usableFromInline func settleTextSize() {
    fields.pointee.sizeSettled = true
    let told = graph?.measuringText
    told?(self)
    defer { told?(nil) }
    let base: any TextMetrics = graph?.textMetrics ?? ApproximateTextMetrics()
    let metrics: any TextMetrics = font.isEmpty ? base : OneFontMetrics(base: base, font: font)
    let fit = effectiveTextFit
    if fit == .none {
      fittedText = text
      fittedFontSize = fontSize
    } else {
      (fittedText, fittedFontSize) = TextFitter(metrics: metrics).fit(
        text, size: fontSize, maxWidth: maxTextWidth, maxHeight: maxTextHeight, mode: fit, minimumSize: effectiveMinFontSize)
    }
    let size = metrics.measure(fittedText, size: fittedFontSize)
    fields.pointee.width = size.width
    fields.pointee.height = size.height
  }

  private func syncImageToFrame() {
    guard !frames.isEmpty else { return }
    let index = min(max(frameIndex, 0), frames.count - 1)
    image = frames[index]
  }
}

extension Node: CustomStringConvertible {
  /// Kind, id and name, for logs and test failures.
  public var description: String {
    name.isEmpty ? "Node(\(kind.rawValue) #\(id))" : "Node(\(kind.rawValue) #\(id) '\(name)')"
  }
}
