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
    record(root, parentTransform: .identity, parentAlpha: 1, clip: -1, predicate, into: &snapshot)
    return snapshot
  }

  // Mirrors `hit(_:parentTransform:parentAlpha:_:_:)`: children topmost first, then the node.
  private func record(
    _ node: Node, parentTransform: Affine, parentAlpha: Double, clip: Int, _ predicate: (Node) -> Bool,
    into snapshot: inout HitSnapshot
  ) {
    guard node.visible, node.alpha > 0 else { return }
    let world = parentTransform * node.localTransform
    let alpha = parentAlpha * min(node.alpha, 1)
    let inverse = world.inverted()
    var childClip = clip
    if node.clipsChildren {
      // A clip that cannot be inverted shows none of its children.
      if let inverse {
        snapshot.clips.append(HitSnapshot.Clip(node: node, inverse: inverse, parent: clip))
        childClip = snapshot.clips.count - 1
      } else {
        childClip = -2
      }
    }
    if childClip != -2 {
      for child in node.drawOrderedChildren.reversed() {
        record(child, parentTransform: world, parentAlpha: alpha, clip: childClip, predicate, into: &snapshot)
      }
    }
    guard let inverse else { return }
    let accepted = predicate(node)
    guard accepted || Self.coversBelow(node, alpha: alpha) else { return }
    snapshot.entries.append(HitSnapshot.Entry(node: node, inverse: inverse, clip: clip, accepted: accepted))
  }
}
