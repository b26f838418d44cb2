/// The state of every node of a scene as text, one line a node in drawing order, and a hash of it.
///
/// Two runs that should agree (a session played in a window and its replay headless, the same
/// seed twice) compare snapshots: the hash says whether they do, the text says where they part.
/// It holds what a player could see change: place, size (text measured and fitted), look, text.
public struct SceneSnapshot: Equatable, Sendable {
  /// One line a node, children indented under their parent.
  public let text: String

  /// Takes the snapshot of `scene` as it stands.
  public init(of scene: SceneGraph) {
    var out = ""
    func visit(_ node: Node, depth: Int) {
      let fields: [String] = [
        node.kind.rawValue, node.name, node.tag,
        "\(node.x)", "\(node.y)", "\(node.width)", "\(node.height)", "\(node.anchorX)", "\(node.anchorY)",
        "\(node.scaleX)", "\(node.scaleY)", "\(node.rotation)", "\(node.alpha)", "\(node.z)", "\(node.visible)",
        node.tint.hexString, node.fill?.hexString ?? "-", node.stroke?.hexString ?? "-",
        node.shownText, "\(node.shownFontSize)", node.image ?? "-", "\(node.frameIndex)",
      ]
      out += String(repeating: " ", count: depth) + fields.joined(separator: "|") + "\n"
      for child in node.children { visit(child, depth: depth + 1) }
    }
    visit(scene.root, depth: 0)
    text = out
  }

  /// FNV-1a over the text: stable across runs and processes, unlike `Hasher`.
  public var hash: UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      h ^= UInt64(byte)
      h &*= 0x0000_0100_0000_01b3
    }
    return h
  }
}
