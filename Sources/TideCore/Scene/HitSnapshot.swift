/// What `SceneGraph.hitTest` would have found at any point at one moment, kept to be asked
/// later: the tap guard asks what was under a finger when the previous tap ended, after the
/// scene has changed.
///
/// It holds, topmost first, every node the hit test could stop at (those its predicate took
/// and the opaque shapes that hide what is below), each with its world transform's inverse and
/// the clips above it, so asking a point walks the same order the live hit test does. A node's
/// shape is read when asked, so a node resized since answers with its new size.
public struct HitSnapshot {
  struct Clip {
    let node: Node
    let inverse: Affine
    /// The clip above this one, or -1.
    let parent: Int
  }

  struct Entry {
    let node: Node
    let inverse: Affine
    /// The innermost clip around the node, or -1.
    let clip: Int
    /// Whether the predicate took the node; otherwise it is an opaque shape that stops the search.
    let accepted: Bool
  }

  var clips: [Clip] = []
  var entries: [Entry] = []

  /// The node a hit test at `p` would have found then, or nil.
  public func hit(_ p: Vec2) -> Node? {
    for entry in entries {
      guard clipShows(entry.clip, p), entry.node.containsLocal(entry.inverse.apply(p)) else { continue }
      return entry.accepted ? entry.node : nil
    }
    return nil
  }

  private func clipShows(_ index: Int, _ p: Vec2) -> Bool {
    var i = index
    while i >= 0 {
      let clip = clips[i]
      guard clip.node.clipContainsLocal(clip.inverse.apply(p)) else { return false }
      i = clip.parent
    }
    return true
  }
}

extension SceneGraph {
  /// Everything `hitTest(_:where:)` with `predicate` could find now, to be asked later.
  public func hitSnapshot(where predicate: (Node) -> Bool) -> HitSnapshot {
    var snapshot = HitSnapshot()
    record(root, parentTransform: .identity, parentAlpha: 1, clip: -1, near: nil, predicate, into: &snapshot)
    return snapshot
  }

  /// What `hitTest(_:where:)` with `predicate` could find now at any point within `radius` of
  /// `center`, to be asked later at such a point: the same answers as the whole scene's
  /// snapshot there, keeping only what could be under it. The tap guard takes one at every
  /// release, where a busy scene's every node would cost far more than the few near the finger.
  public func hitSnapshot(near center: Vec2, within radius: Double, where predicate: (Node) -> Bool) -> HitSnapshot {
    var snapshot = HitSnapshot()
    let near = Reach(center: center, radius: radius)
    record(root, parentTransform: .identity, parentAlpha: 1, clip: -1, near: near, predicate, into: &snapshot)
    return snapshot
  }

  /// A disc of scene space that every point asked later lies in.
  private struct Reach {
    let center: Vec2
    let radius: Double

    /// Whether some point of the disc may land in `box`, a node's box-space rectangle drawn
    /// into the scene by `world`: whether the disc meets the scene-space rectangle around the
    /// drawn box. The box is grown by a hair first, more than the hit test forgives at edges.
    func mayTouch(_ box: Rect?, world: Affine) -> Bool {
      guard let box else { return false }
      let halfWidth = box.width / 2 + 1e-6
      let halfHeight = box.height / 2 + 1e-6
      let middle = world.apply(Vec2(x: box.x + box.width / 2, y: box.y + box.height / 2))
      let reachX = abs(world.a) * halfWidth + abs(world.c) * halfHeight
      let reachY = abs(world.b) * halfWidth + abs(world.d) * halfHeight
      let dx = max(abs(center.x - middle.x) - reachX, 0)
      let dy = max(abs(center.y - middle.y) - reachY, 0)
      return dx * dx + dy * dy <= radius * radius
    }
  }

  // Mirrors `hit(_:parentTransform:parentAlpha:_:_:)`: children topmost first, then the node.
  private func record(
    _ node: Node, parentTransform: Affine, parentAlpha: Double, clip: Int, near: Reach?, _ predicate: (Node) -> Bool,
    into snapshot: inout HitSnapshot
  ) {
    // One read of alpha: a script may keep it (`PositionSource`), asked at each read.
    let own = node.alpha
    guard node.visible, own > 0 else { return }
    let alpha = parentAlpha * min(own, 1)
    let isLeaf = node.children.isEmpty
    var accepted = isLeaf && predicate(node)
    // As in `hit`: a leaf not taken that hides nothing is passed without reading its box.
    if isLeaf, !accepted, !Self.coversBelow(node, alpha: alpha) { return }
    let world = parentTransform * node.localTransform
    var childClip = clip
    if node.clipsChildren {
      // A clip that cannot be inverted, or lies wholly away from every point to be asked,
      // shows none of its children there.
      if near?.mayTouch(node.clipBox, world: world) ?? true, let inverse = world.inverted() {
        snapshot.clips.append(HitSnapshot.Clip(node: node, inverse: inverse, parent: clip))
        childClip = snapshot.clips.count - 1
      } else {
        childClip = -2
      }
    }
    if !isLeaf {
      if childClip != -2 {
        for child in node.drawOrderedChildren.reversed() {
          record(child, parentTransform: world, parentAlpha: alpha, clip: childClip, near: near, predicate, into: &snapshot)
        }
      }
      accepted = predicate(node)
    }
    // What is not taken and hides nothing answers nothing; far from every point to be asked,
    // a node answers none of them: most of a busy scene.
    guard accepted || Self.coversBelow(node, alpha: alpha) else { return }
    if let near, !near.mayTouch(node.hitBox, world: world) { return }
    guard let inverse = world.inverted() else { return }
    snapshot.entries.append(HitSnapshot.Entry(node: node, inverse: inverse, clip: clip, accepted: accepted))
  }
}
