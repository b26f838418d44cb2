/// The retained scene: a tree of nodes under `root`, drawn in painter's order and hit-tested
/// topmost-first.
///
/// Not thread-safe: owned by whoever steps the game.
public final class SceneGraph {
  /// The top of the tree: a group at the origin with no size.
  public let root: Node
  /// Measures text nodes; installing new metrics re-measures every attached text node.
  public var textMetrics: any TextMetrics {
    didSet { remeasureText(root) }
  }
  /// Told of each text node about to be measured, then nil once it is: a text is measured when
  /// first drawn, hit or read after it changed, so a watchdog learns here which one it was.
  public var measuringText: ((Node?) -> Void)?

  private var nextID = 1
  /// Nodes made by `makeNode(_:)` and not yet freed, attached or not (`Limits.sprites`).
  public internal(set) var liveNodeCount = 0
  private var animating: [Node] = []
  private var emitting: [Node] = []
  /// Particles alive across every emitter of this graph.
  public let particleBudget = ParticleBudget()
  /// Which sprite the renderers drawing this scene are at, for a frame stuck in drawing.
  public let drawingNote = DrawingNote()
  private var drawBuffer: [DrawItem] = []
  /// What this graph's nodes reach it through.
  private let link = GraphLink()
  /// Sprite sheets by name, which image names like `"hero#3"` refer to.
  public var sheets: [String: SpriteSheet] = [:]

  /// The name an image is drawn by: a sheet region's key (`SpriteSheet.regionKey`) for
  /// `"<sheet>#<region>"`, the name itself otherwise (and for a region no sheet has).
  public func drawnImage(_ name: String) -> String {
    guard let hash = name.lastIndex(of: "#"), let sheet = sheets[String(name[..<hash])],
      let region = sheet.region(name[name.index(after: hash)...])
    else { return name }
    return SpriteSheet.regionKey(image: sheet.image, region: region)
  }

  /// Creates an empty scene that measures text with `textMetrics`.
  public init(textMetrics: any TextMetrics = ApproximateTextMetrics()) {
    self.textMetrics = textMetrics
    root = Node(kind: .group, id: 0, graphLink: link)
    root.name = "root"
    // Set once `self` exists.
    link.graph = self
  }

  deinit {
    // Nodes that outlive the graph (a script still holds them) must find no graph.
    link.graph = nil
  }

  /// Makes a detached node of `kind` with the next id; attach it with `Node.add(_:)`.
  public func makeNode(_ kind: NodeKind) -> Node {
    let node = Node(kind: kind, id: nextID, graphLink: link)
    nextID += 1
    liveNodeCount += 1
    if kind == .text { node.textNeedsMeasuring() }
    return node
  }

  /// Steps frame animations by `dt` seconds (finish callbacks run after all are stepped).
  public func update(_ dt: Double) {
    // First drop nodes that stopped, and nodes no longer in the tree: a removed looping sprite
    // must not be stepped, nor kept alive, forever.
    animating.removeAll { node in
      if node.isPlaying && node.isAttached { return false }
      node.isInAnimationList = false
      return true
    }
    // Finish callbacks run after every node has stepped; nodes they start playing wait a tick.
    let count = animating.count
    var finished: [() -> Void] = []
    for i in 0..<count {
      if let done = animating[i].stepAnimation(dt) { finished.append(done) }
    }
    for done in finished { done() }
    stepEmitters(dt)
  }

  /// Steps every emitter in the tree; a finished one that asked to be removed leaves it.
  private func stepEmitters(_ dt: Double) {
    guard !emitting.isEmpty else { return }
    emitting.removeAll { node in
      guard let emitter = node.emitter, node.isAttached else {
        node.isInEmitterList = false
        return true
      }
      emitter.step(dt)
      guard emitter.isFinished, node.removesWhenDone else { return false }
      node.isInEmitterList = false
      node.removeFromParent()
      didRemoveByItself?(node)
      return true
    }
  }

  func registerEmitter(_ node: Node) {
    guard !node.isInEmitterList else { return }
    node.isInEmitterList = true
    emitting.append(node)
  }

  /// Number of nodes being stepped (for tests: removed nodes must leave it).
  var animatingCount: Int { animating.count }

  func registerAnimation(_ node: Node) {
    guard !node.isInAnimationList else { return }
    node.isInAnimationList = true
    animating.append(node)
  }

  /// Called with a node the graph removed by itself (a finished particle burst), after it left
  /// the tree: whoever keeps something per node lets go of it there.
  public var didRemoveByItself: ((Node) -> Void)?

  /// Called before each draw list is built: a `PositionSource` may bring every node's newer
  /// position in at once, cheaper than one node at a time as the list reads them.
  public var willBuildDrawList: (() -> Void)?

  /// Every visible drawable node in painter's order (siblings by z, then insertion order),
  /// with world transforms and effective alpha. Invisible or fully transparent subtrees
  /// and groups are left out. The array's storage is reused from frame to frame.
  public func drawList() -> [DrawItem] {
    // Built in a local: appending to the property would pay a run-time exclusivity check
    // per item.
    var items: [DrawItem] = []
    swap(&items, &drawBuffer)
    drawList(into: &items)
    drawBuffer = items
    return items
  }

  /// Builds the draw list into `items`, replacing what it held and keeping its storage. For a
  /// caller that draws one list while it builds the next: it keeps two arrays and alternates.
  public func drawList(into items: inout [DrawItem]) {
    willBuildDrawList?()
    items.removeAll(keepingCapacity: true)
    var list = ListSink(items: [])
    swap(&list.items, &items)
    var clipCount = 0
    collect(root, parentTransform: .identity, parentAlpha: 1, clip: nil, clipCount: &clipCount, into: &list)
    swap(&list.items, &items)
  }

  /// Calls `body` with every node the draw list would hold, in its order, with the item's
  /// transform, alpha and clip, without making the items: for a reader that keeps its own copy
  /// of what was drawn (a server sending only what changed) and looks at a node's look only
  /// when its `lookStamp` says it changed.
  public func forEachDrawn(_ body: (_ node: Node, _ transform: Affine, _ alpha: Double, _ clip: ClipRegion?) -> Void) {
    willBuildDrawList?()
    withoutActuallyEscaping(body) { body in
      var sink = CallSink(body: body)
      var clipCount = 0
      collect(root, parentTransform: .identity, parentAlpha: 1, clip: nil, clipCount: &clipCount, into: &sink)
    }
  }

  private func collect<Sink: DrawSink>(
    _ node: Node, parentTransform: Affine, parentAlpha: Double, clip: ClipRegion?, clipCount: inout Int,
    into sink: inout Sink
  ) {
    guard node.visible else { return }
    // Each alpha counts clamped to 0...1 (scripts may set up to ±1e6 so a fade can overshoot),
    // so a parent above 1 cannot make a faded child opaque again.
    let alpha = parentAlpha * min(node.alpha, 1)
    guard alpha > 0 else { return }
    let world = parentTransform * node.localTransform
    if node.kind != .group {
      sink.take(node, world, alpha, clip)
    }
    var childClip = clip
    if node.clipsChildren {
      clipCount += 1
      let region = ClipRegion.of(node, world: world, within: clip, id: clipCount)
      guard region.outline.count >= 3 else { return }  // nothing of the children shows
      childClip = region
    }
    for child in node.drawOrderedChildren {
      collect(child, parentTransform: world, parentAlpha: alpha, clip: childClip, clipCount: &clipCount, into: &sink)
    }
  }

  /// The topmost node (in draw order) whose shape contains scene point `p` and that
  /// `predicate` accepts; hidden or fully transparent subtrees are skipped.
  ///
  /// A tap goes to what the player sees: an opaque shape (`coversBelow`) that contains `p` but
  /// is not accepted stops the search, so a sprite under a solid top bar takes no taps.
  public func hitTest(_ p: Vec2, where predicate: (Node) -> Bool = { _ in true }) -> Node? {
    hitTestDetail(p, where: predicate).hit
  }

  /// Like `hitTest`, but when no node is found because an opaque shape stops the search, also
  /// says which one: the layout check names what hides a button.
  public func hitTestDetail(_ p: Vec2, where predicate: (Node) -> Bool = { _ in true }) -> (hit: Node?, coveredBy: Node?) {
    switch hit(root, parentTransform: .identity, parentAlpha: 1, p, predicate) {
    case .found(let node): return (node, nil)
    case .covered(let node): return (nil, node)
    case .missed: return (nil, nil)
    }
  }

  private enum Hit {
    case found(Node)
    case covered(Node)
    case missed
  }

  private func hit(
    _ node: Node, parentTransform: Affine, parentAlpha: Double, _ p: Vec2, _ predicate: (Node) -> Bool
  ) -> Hit {
    // One read of alpha: a script may keep it (`PositionSource`), asked at each read.
    let own = node.alpha
    guard node.visible, own > 0 else { return .missed }
    let alpha = parentAlpha * min(own, 1)
    let isLeaf = node.children.isEmpty
    var accepted = isLeaf && predicate(node)
    // A leaf that is not taken and hides nothing answers no tap: it is passed without working
    // out where it is or reading its box (a label changed every tick is not measured for it).
    if isLeaf, !accepted, !Self.coversBelow(node, alpha: alpha) { return .missed }
    let world = parentTransform * node.localTransform
    let inverse = world.inverted()
    if !isLeaf {
      // A clipped-away part of a child is not seen, so it takes no taps either.
      let childrenShow = !node.clipsChildren || (inverse.map { node.clipContainsLocal($0.apply(p)) } ?? false)
      // Children draw above their parent, so they are asked first, topmost last-drawn first.
      for child in node.drawOrderedChildren.reversed() where childrenShow {
        let found = hit(child, parentTransform: world, parentAlpha: alpha, p, predicate)
        if case .missed = found { continue }
        return found
      }
      accepted = predicate(node)
    }
    guard accepted || Self.coversBelow(node, alpha: alpha) else { return .missed }
    guard let inverse, node.containsLocal(inverse.apply(p)) else { return .missed }
    return accepted ? .found(node) : .covered(node)
  }

  /// Whether `node`, drawn at `alpha`, hides everything under it: a solid filled shape. Images
  /// and text are not counted, as their transparent pixels may show what is below.
  static func coversBelow(_ node: Node, alpha: Double) -> Bool {
    guard alpha >= 1, node.kind == .rect || node.kind == .circle, let fill = node.fill else { return false }
    return fill.a >= 1
  }

  /// How many nodes hang from the root, the root excluded.
  ///
  /// Counted again only after the tree changed shape: `tide.stats()` asks every frame, and a
  /// walk of ten thousand sprites per call showed in the bunnymark's profile.
  public var nodeCount: Int {
    if let cachedNodeCount { return cachedNodeCount }
    let count = countDescendants(root)
    cachedNodeCount = count
    return count
  }

  /// `nodeCount` while no node has been added or detached since; nil when it must be counted.
  var cachedNodeCount: Int?

  private func countDescendants(_ node: Node) -> Int {
    node.children.reduce(node.children.count) { $0 + countDescendants($1) }
  }

  /// Re-measures the attached text nodes drawn with font file `font`, whose glyphs changed (a
  /// hot reload), so their boxes, wrapping and fitting follow the new file.
  public func remeasureText(font: String) {
    root.forEachInSubtree { node in
      if node.kind == .text, node.font == font { node.textNeedsMeasuring() }
    }
  }

  /// The first attached node, depth-first in insertion order, that matches `predicate`.
  public func find(where predicate: (Node) -> Bool) -> Node? {
    firstMatch(root, predicate)
  }

  /// Every attached node, depth-first in insertion order, that matches `predicate`.
  public func findAll(where predicate: (Node) -> Bool) -> [Node] {
    var found: [Node] = []
    collectMatches(root, predicate, into: &found)
    return found
  }

  private func firstMatch(_ node: Node, _ predicate: (Node) -> Bool) -> Node? {
    for child in node.children {
      if predicate(child) { return child }
      if let found = firstMatch(child, predicate) { return found }
    }
    return nil
  }

  private func collectMatches(_ node: Node, _ predicate: (Node) -> Bool, into found: inout [Node]) {
    for child in node.children {
      if predicate(child) { found.append(child) }
      collectMatches(child, predicate, into: &found)
    }
  }

  private func remeasureText(_ node: Node) {
    node.textNeedsMeasuring()
    for child in node.children { remeasureText(child) }
  }
}

/// A graph as its nodes see it, shared by all of them and cleared in the graph's deinit: a weak
/// reference's behaviour without its side table (see `Node.graphLink`).
final class GraphLink {
  unowned(unsafe) var graph: SceneGraph?
  init() {}
}

/// Where `SceneGraph.collect` puts each node to draw: one walk of the tree, specialized for
/// each (the draw list's stays as it was written for it alone).
private protocol DrawSink {
  mutating func take(_ node: Node, _ transform: Affine, _ alpha: Double, _ clip: ClipRegion?)
}

private struct ListSink: DrawSink {
  var items: [DrawItem]

  mutating func take(_ node: Node, _ transform: Affine, _ alpha: Double, _ clip: ClipRegion?) {
    items.append(DrawItem(node: node, transform: transform, alpha: alpha, clip: clip))
  }
}

private struct CallSink: DrawSink {
  let body: (Node, Affine, Double, ClipRegion?) -> Void

  mutating func take(_ node: Node, _ transform: Affine, _ alpha: Double, _ clip: ClipRegion?) {
    body(node, transform, alpha, clip)
  }
}
