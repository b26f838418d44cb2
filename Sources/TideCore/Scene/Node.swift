/// One element of the retained scene graph: a shape, image, text or group with a transform.
///
/// Nodes are made by `SceneGraph.makeNode(_:)` so ids are unique and deterministic per graph.
/// Not thread-safe: a scene lives on the thread that steps the game (the main thread).
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

  // The geometry below is written by tweens and read by draw lists thousands of times a
  // frame; runtime exclusivity checks on it cost more than the work itself. These are plain
  // values on a main-thread-only class, so no access to them can overlap another.

  /// Position x of the anchor point in the parent's space.
  @exclusivity(unchecked) public var x: Double = 0
  /// Position y of the anchor point in the parent's space.
  @exclusivity(unchecked) public var y: Double = 0
  /// Box width before scaling.
  @exclusivity(unchecked) public var width: Double = 0
  /// Box height before scaling.
  @exclusivity(unchecked) public var height: Double = 0
  /// Anchor x as a fraction of width (0 = left edge); also the pivot of scale and rotation.
  @exclusivity(unchecked) public var anchorX: Double = 0
  /// Anchor y as a fraction of height (0 = top edge).
  @exclusivity(unchecked) public var anchorY: Double = 0
  /// Horizontal scale.
  @exclusivity(unchecked) public var scaleX: Double = 1
  /// Vertical scale.
  @exclusivity(unchecked) public var scaleY: Double = 1
  /// Rotation in degrees, clockwise on screen.
  @exclusivity(unchecked) public var rotation: Double = 0
  /// Opacity multiplier, 0...1; multiplied down the tree.
  @exclusivity(unchecked) public var alpha: Double = 1
  /// Draw order among siblings (higher draws later, on top); ties keep insertion order.
  public var z: Double = 0 {
    didSet { if z != oldValue { parent?.childOrderIsDirty = true } }
  }
  /// Hidden nodes and their subtrees are neither drawn nor hit.
  @exclusivity(unchecked) public var visible: Bool = true
  /// Mirror the content horizontally inside its box (does not affect children or hit-testing).
  public var flipX: Bool = false
  /// Mirror the content vertically inside its box.
  public var flipY: Bool = false
  /// Multiplicative colour applied to images and shapes; white means no tint.
  @exclusivity(unchecked) public var tint: Color = .white
  /// Shape fill; nil draws no fill.
  @exclusivity(unchecked) public var fill: Color?
  /// Shape outline; nil draws no outline.
  @exclusivity(unchecked) public var stroke: Color?
  /// Outline width in design units.
  @exclusivity(unchecked) public var strokeWidth: Double = 1
  /// Rect corner radius.
  @exclusivity(unchecked) public var cornerRadius: Double = 0

  /// The image asset currently shown (image nodes); follows `frameIndex` when `frames` is set.
  public var image: String?
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

  /// Text shown by text nodes; setting it re-measures width and height.
  public var text: String = "" {
    didSet { if text != oldValue { measureText() } }
  }
  /// Text size in points; setting it re-measures width and height.
  public var fontSize: Double = 24 {
    didSet { if fontSize != oldValue { measureText() } }
  }
  /// Text colour.
  @exclusivity(unchecked) public var textColor: Color = .white
  /// Alignment of text lines inside the box.
  public var align: TextAlign = .left

  /// Opaque slot for the scripting layer (e.g. event handler references); the core never reads it.
  public var attachment: AnyObject?

  /// The node this one is a child of.
  public private(set) weak var parent: Node?
  /// Children in insertion order (draw order additionally sorts by `z`).
  public private(set) var children: [Node] = []
  /// True after `removeFromParent()` until the node is added somewhere again.
  public private(set) var isRemoved = false

  weak var graph: SceneGraph?
  var childOrderIsDirty = false
  private var cachedDrawOrder: [Node] = []

  init(kind: NodeKind, id: Int, graph: SceneGraph?) {
    self.kind = kind
    self.id = id
    self.graph = graph
    if kind == .circle {
      // A circle is positioned by its centre, as people expect.
      anchorX = 0.5
      anchorY = 0.5
    }
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
  public var scale: Double {
    get { scaleX }
    set {
      scaleX = newValue
      scaleY = newValue
    }
  }

  /// Whether the node hangs, through its ancestors, from its graph's root.
  public var isAttached: Bool {
    var node: Node = self
    while let up = node.parent { node = up }
    return node === graph?.root
  }

  /// Appends `child` (moving it from any old parent). Returns false, changing nothing,
  /// when the child is this node or one of its ancestors, or belongs to another graph.
  @discardableResult
  public func add(_ child: Node) -> Bool {
    guard child.graph === graph else { return false }
    var ancestor: Node? = self
    while let a = ancestor {
      if a === child { return false }
      ancestor = a.parent
    }
    child.detach()
    child.parent = self
    child.isRemoved = false
    children.append(child)
    childOrderIsDirty = true
    return true
  }

  /// Detaches the node (and so its subtree) from its parent and marks it removed.
  public func removeFromParent() {
    detach()
    isRemoved = true
  }

  /// Detaches every child (each is marked removed).
  public func removeAllChildren() {
    for child in children {
      child.parent = nil
      child.isRemoved = true
    }
    children.removeAll()
    childOrderIsDirty = true
  }

  private func detach() {
    guard let p = parent else { return }
    if let index = p.children.firstIndex(where: { $0 === self }) {
      p.children.remove(at: index)
    }
    p.childOrderIsDirty = true
    parent = nil
  }

  /// Children in painter's order: by `z`, ties in insertion order. Cached until it changes.
  public var drawOrderedChildren: [Node] {
    if childOrderIsDirty {
      childOrderIsDirty = false
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
    return cachedDrawOrder
  }

  /// Re-measures a text node's box with the graph's text metrics.
  func measureText() {
    guard kind == .text else { return }
    let metrics: any TextMetrics = graph?.textMetrics ?? ApproximateTextMetrics()
    let size = metrics.measure(text, size: fontSize)
    width = size.width
    height = size.height
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
